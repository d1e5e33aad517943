#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../datagen/reader.h"
#include "../eval/evaluate.h"
#include "../eval/weights.h"
#include "samples.h"

/* A value the fade keeps whole: it multiplies by (plies left + floor) / (plies + floor). */
enum { FADE_ONE = NATURAL_FADE_PLIES + NATURAL_FADE_FLOOR };

static bool quiet(const Record *r)
{
    return !(r->flags & (RECORD_IN_CHECK | RECORD_CAPTURE)) && r->score > -3000 && r->score < 3000;
}

/* Room for `more` items in an array that doubles as it fills. */
static bool reserve(void **items, size_t *cap, size_t used, size_t more, size_t size)
{
    if (used + more <= *cap)
        return true;
    size_t n = *cap ? *cap : 1 << 16;
    while (n < used + more)
        n *= 2;
    void *p = realloc(*items, n * size);
    if (!p)
        return false;
    *items = p;
    *cap = n;
    return true;
}

/* Adds a record's position; b and c are scratch. */
static bool add(SampleSet *set, const Record *r, Board *b, EvalCoeffs *c)
{
    if (!reserve((void **)&set->samples, &set->cap, set->n, 1, sizeof *set->samples)
        || !reserve((void **)&set->coefs, &set->coefs_cap, set->ncoefs, WEIGHT_NB, sizeof *set->coefs))
        return false;
    record_to_board(r, b);
    evaluate_coefficients(b, c);
    Sample *s = &set->samples[set->n++];
    s->first = set->ncoefs;
    for (int i = 0; i < WEIGHT_NB; i++) {
        int n = c->count[RED][i] - c->count[BLACK][i];
        if (n)
            set->coefs[set->ncoefs++] = (Coef){ (uint16_t)i, (int16_t)n };
    }
    s->n = (uint16_t)(set->ncoefs - s->first);
    s->phase = (uint8_t)c->phase;
    s->side = r->side;
    s->drawish[RED] = (uint8_t)c->drawish[RED];
    s->drawish[BLACK] = (uint8_t)c->drawish[BLACK];
    s->score = r->score;
    s->fade = (float)fade_to_limit(b, FADE_ONE) / FADE_ONE;
    int result = r->side == RED ? r->result : 2 - r->result;
    s->result = (float)result / 2;
    return true;
}

bool samples_load(SampleSet *set, const char *path)
{
    RecordReader in;
    if (!reader_open(&in, path, "chuhan tune"))
        return false;
    Board *b = board_new();
    EvalCoeffs *c = malloc(sizeof *c);
    bool ok = b && c;
    Record r;
    int got = 1;
    while (ok && (got = reader_next(&in, &r)) > 0) {
        set->records++;
        ok = !quiet(&r) || add(set, &r, b, c);
    }
    if (!ok)
        fprintf(stderr, "chuhan tune: out of memory reading %s\n", path);
    ok = ok && got == 0;
    reader_close(&in);
    board_free(b);
    free(c);
    return ok;
}

void samples_free(SampleSet *set)
{
    free(set->samples);
    free(set->coefs);
    *set = (SampleSet){ 0 };
}
