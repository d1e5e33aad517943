#include <stdlib.h>

#include "retro.h"
#include "walker.h"

bool bucket_add(Bucket *b, uint64_t i, int side)
{
    if (b->n == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 1024;
        uint32_t *item = realloc(b->item, cap * sizeof *item);
        if (!item)
            return false;
        b->item = item, b->cap = cap;
    }
    b->item[b->n++] = (uint32_t)(i << 1 | (uint64_t)side);
    return true;
}

void bucket_push(Solver *s, Bucket *b, uint64_t i, int side)
{
    if (!bucket_add(b, i, side))
        s->out_of_memory = true;
}

void decide(Solver *s, int side, uint64_t i, int plies)
{
    if (plies > TB_MAX_PLIES) {
        s->overflow = true;
        plies = TB_MAX_PLIES;
    }
    s->val[side][i] = tb_value(plies);
    if (s->phase > 1)
        s->bits[side][i] |= B_BY_RULE;
    raise_level(s, plies);
    bucket_push(s, &s->level[plies], i, side);
}

void queue_decided(Solver *s, uint8_t *const capture_win[2])
{
    for (int side = 0; side < 2; side++)
        for (uint64_t i = 0; i < s->n; i++) {
            uint8_t v = s->val[side][i], c = capture_win[side][i];
            if (tb_decided(v)) {
                bucket_push(s, &s->level[tb_plies(v)], i, side);
                raise_level(s, tb_plies(v));
            } else if (v == 0 && c) {
                bucket_push(s, &s->capture[tb_plies(c)], i, side);
                raise_level(s, tb_plies(c));
            }
        }
}


/* A position whose successor was just decided at `plies` for its side to move. */
static void predecessor(Solver *s, int side, uint64_t i, int plies)
{
    if (s->val[side][i] != 0)
        return;
    if (!(plies & 1)) {
        decide(s, side, i, plies + 1);
        return;
    }
    s->longest_loss[side][i] = umax(s->longest_loss[side][i], tb_value(plies + 1));
    if (s->newly_won)
        s->bits[side][i] |= B_SUCC_NEWLY_WON;
    if (--s->unwon[side][i] == 0 && !(s->bits[side][i] & s->escape))
        decide(s, side, i, tb_plies(s->longest_loss[side][i]));
}

/* The positions one move back from a decided one, each told once. */
void retro(Solver *s, uint64_t i, int side, int plies)
{
    Walker w;
    walker_set(s, &w, i, side);
    uint64_t pred[TB_MAX_MEN * UNMOVE_MAX];
    int np = moves_back(s, &w, !side, pred);
    for (int j = 0; j < np; j++)
        predecessor(s, !side, pred[j], plies);
}
