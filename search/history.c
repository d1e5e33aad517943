#include <string.h>

#include "history.h"

void history_clear(History *h) { memset(h, 0, sizeof *h); }

static void halve(int16_t *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        v[i] /= 2;
}

/* Halvings that take any int16 to zero. */
enum { HALVINGS_TO_ZERO = 15 };

void history_age(History *h)
{
    halve(&h->butterfly[0][0][0], sizeof h->butterfly / sizeof(int16_t));
    halve(&h->capture[0][0][0], sizeof h->capture / sizeof(int16_t));
    /* Most continuation tables are untouched in a short search: halving all 3 MB cost datagen 6% of its time. */
    for (int slot = 0; slot < KIND_NB * POINT_NB; slot++)
        if (h->live[slot]) {
            halve(&h->continuation[slot][0][0], sizeof(PieceTo) / sizeof(int16_t));
            h->live[slot]--;
        }
    memset(h->killers, 0, sizeof h->killers);
}

/* Moves the entry towards +-HISTORY_MAX by bonus, slower the closer it already is. */
static inline void gravity(int16_t *entry, int bonus)
{
    int v = *entry;
    v += bonus - v * (bonus < 0 ? -bonus : bonus) / HISTORY_MAX;
    *entry = (int16_t)v;
}

/* One quiet move's entries: butterfly and both continuations. */
static void update_move(History *h, const Board *b, const int slot[2], Move m, int bonus)
{
    int from = move_from(m), to = sq90[move_to(m)], kind = piece_kind_of[b->sq[from]];
    gravity(&h->butterfly[b->side][sq90[from]][to], bonus);
    for (int k = 0; k < 2; k++)
        if (slot[k] >= 0) {
            gravity(&h->continuation[slot[k]][kind][to], bonus);
            h->live[slot[k]] = HALVINGS_TO_ZERO;
        }
}

static int cutoff_bonus(int depth)
{
    int bonus = depth * 200 - 150;
    return bonus > 1600 ? 1600 : bonus;
}

static void update_capture(History *h, const Board *b, Move m, int bonus)
{
    gravity(&(&h->capture[0][0][0])[capture_index(b, m)], bonus);
}

void history_update_captures(History *h, const Board *b, int depth, Move best, const Move *tried, int ntried)
{
    int bonus = cutoff_bonus(depth);
    if (b->sq[move_to(best)] != EMPTY)
        update_capture(h, b, best, bonus);
    for (int i = 0; i < ntried; i++)
        update_capture(h, b, tried[i], -bonus);
}

void history_update_quiet(History *h, const Board *b, int ply, int depth, Move best, const Move *tried, int ntried)
{
    int bonus = cutoff_bonus(depth);
    int slot[2];
    continuation_slots(b, slot);
    update_move(h, b, slot, best, bonus);
    for (int i = 0; i < ntried; i++)
        update_move(h, b, slot, tried[i], -bonus);

    if (h->killers[ply][0] != best) {
        h->killers[ply][1] = h->killers[ply][0];
        h->killers[ply][0] = best;
    }
    if (slot[0] >= 0)
        h->counter[slot[0]] = best;
}
