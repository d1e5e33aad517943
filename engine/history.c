#include <string.h>

#include "history.h"

void history_clear(History *h) { memset(h, 0, sizeof *h); }

void history_age(History *h)
{
    int16_t *v = &h->butterfly[0][0][0];
    for (size_t i = 0; i < sizeof h->butterfly / sizeof *v; i++)
        v[i] /= 2;
    memset(h->killers, 0, sizeof h->killers);
}

/* Moves the entry towards +-HISTORY_MAX by bonus, slower the closer it already is. */
static inline void gravity(int16_t *entry, int bonus)
{
    int v = *entry;
    v += bonus - v * (bonus < 0 ? -bonus : bonus) / HISTORY_MAX;
    *entry = (int16_t)v;
}

void history_update_quiet(History *h, const Board *b, int ply, int depth, Move best, const Move *tried, int ntried)
{
    int side = b->side;
    int bonus = depth * depth * 16 + 32;
    if (bonus > 1600)
        bonus = 1600;
    gravity(&h->butterfly[side][sq90[move_from(best)]][sq90[move_to(best)]], bonus);
    for (int i = 0; i < ntried; i++)
        gravity(&h->butterfly[side][sq90[move_from(tried[i])]][sq90[move_to(tried[i])]], -bonus);

    if (h->killers[ply][0] != best) {
        h->killers[ply][1] = h->killers[ply][0];
        h->killers[ply][0] = best;
    }
    if (b->hply && b->hist[b->hply - 1].move != NULL_MOVE) {
        Move prev = b->hist[b->hply - 1].move;
        h->counter[piece_kind_of[b->sq[move_to(prev)]]][sq90[move_to(prev)]] = best;
    }
}
