#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../datagen/record.h"
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
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "chuhan tune: %s: %s\n", path, strerror(errno));
        return false;
    }
    static uint8_t buf[4096 * RECORD_BYTES];
    Board *b = board_new();
    EvalCoeffs *c = malloc(sizeof *c);
    bool ok = b && c;
    size_t got;
    while (ok && (got = fread(buf, RECORD_BYTES, 4096, f)) > 0)
        for (size_t i = 0; ok && i < got; i++) {
            Record r;
            record_unpack(buf + i * RECORD_BYTES, &r);
            set->records++;
            ok = !quiet(&r) || add(set, &r, b, c);
        }
    if (!ok)
        fprintf(stderr, "chuhan tune: out of memory reading %s\n", path);
    else if (ferror(f))
        fprintf(stderr, "chuhan tune: cannot read %s\n", path), ok = false;
    fclose(f);
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
