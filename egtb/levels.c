#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "../base/parallel.h"
#include "levels.h"
#include "retro.h"
#include "walker.h"

/*
 * The retrograde levels on several threads. A level's positions all stand
 * at one distance, so every predecessor one of them reaches takes the same
 * step: at an even distance (the side to move lost) each undecided one is
 * won one ply further, at an odd one each counts one more successor lost.
 * Neither depends on the order the level is walked in, and nothing decided
 * at a level joins it (a step back is one ply further), so the level is
 * shared out among threads and only its predecessors' bytes need atomic
 * access: a win is claimed by the thread whose compare-exchange sets it, a
 * loss by the thread whose decrement brings the count to nothing (after the
 * other threads' longest losses, which each wrote before its decrement).
 * Each thread queues its decisions in buckets of its own, joined to the
 * solver's between levels.
 */

/* The planes are plain bytes; while a level is shared they are touched only through these. */
static _Atomic uint8_t *at(uint8_t *p) { return (_Atomic uint8_t *)p; }

typedef struct {
    Solver *s;
    const uint32_t *item;
    size_t n;
    int level, max_level;
    bool overflow, out_of_memory;
    Bucket out[TB_MAX_PLIES + 2];
} Part;

/* What decide() does, for a position whose value this thread has just set. */
static void part_decided(Part *t, int side, uint64_t i, int plies)
{
    if (t->s->phase > 1)
        atomic_fetch_or_explicit(at(&t->s->bits[side][i]), B_BY_RULE, memory_order_relaxed);
    if (plies > t->max_level)
        t->max_level = plies;
    if (!bucket_add(&t->out[plies], i, side))
        t->out_of_memory = true;
}

static int clamp_plies(Part *t, int plies)
{
    if (plies <= TB_MAX_PLIES)
        return plies;
    t->overflow = true;
    return TB_MAX_PLIES;
}

static void shared_predecessor(Part *t, int side, uint64_t i, int plies)
{
    Solver *s = t->s;
    _Atomic uint8_t *val = at(&s->val[side][i]);
    if (atomic_load_explicit(val, memory_order_relaxed) != 0)
        return;
    if (!(plies & 1)) {
        uint8_t undecided = 0;
        int won = clamp_plies(t, plies + 1);
        if (atomic_compare_exchange_strong_explicit(val, &undecided, tb_value(won), memory_order_relaxed,
                                                    memory_order_relaxed))
            part_decided(t, side, i, won);
        return;
    }
    _Atomic uint8_t *longest = at(&s->longest_loss[side][i]), *bits = at(&s->bits[side][i]);
    uint8_t loss = tb_value(plies + 1), was = atomic_load_explicit(longest, memory_order_relaxed);
    while (was < loss && !atomic_compare_exchange_weak_explicit(longest, &was, loss, memory_order_relaxed,
                                                                memory_order_relaxed))
        ;
    if (s->newly_won && !(atomic_load_explicit(bits, memory_order_relaxed) & B_SUCC_NEWLY_WON))
        atomic_fetch_or_explicit(bits, B_SUCC_NEWLY_WON, memory_order_relaxed);
    /* acq_rel: the last decrement sees every longest loss written before the others. */
    if (atomic_fetch_sub_explicit(at(&s->unwon[side][i]), 1, memory_order_acq_rel) != 1
        || (atomic_load_explicit(bits, memory_order_relaxed) & s->escape))
        return;
    int lost = clamp_plies(t, tb_plies(atomic_load_explicit(longest, memory_order_relaxed)));
    atomic_store_explicit(val, tb_value(lost), memory_order_relaxed);
    part_decided(t, side, i, lost);
}

static void *level_part(void *arg)
{
    Part *t = arg;
    Solver *s = t->s;
    uint64_t pred[TB_MAX_MEN * UNMOVE_MAX];
    for (size_t k = 0; k < t->n; k++) {
        uint64_t i = t->item[k] >> 1;
        int side = t->item[k] & 1;
        if (atomic_fetch_or_explicit(at(&s->bits[side][i]), B_FRONTIER, memory_order_relaxed) & B_FRONTIER)
            continue;
        Walker w;
        walker_set(s, &w, i, side);
        int np = moves_back(s, &w, !side, pred);
        for (int j = 0; j < np; j++)
            shared_predecessor(t, !side, pred[j], t->level);
    }
    return NULL;
}

/* One level's positions shared among the parts' threads; their decisions then joined to the solver's queues. */
static void shared_level(Solver *s, Part *part, int nt, const Bucket *b, int level)
{
    void *args[PARALLEL_MAX];
    for (int t = 0; t < nt; t++) {
        size_t lo = b->n * (size_t)t / (size_t)nt, hi = b->n * (size_t)(t + 1) / (size_t)nt;
        part[t].s = s, part[t].item = b->item + lo, part[t].n = hi - lo, part[t].level = level;
        part[t].max_level = 0;
        args[t] = &part[t];
    }
    parallel_run(nt, level_part, args);
    for (int t = 0; t < nt; t++) {
        Part *p = &part[t];
        s->overflow |= p->overflow, s->out_of_memory |= p->out_of_memory;
        if (p->max_level > s->max_level)
            s->max_level = p->max_level;
        for (int l = level + 1; l <= p->max_level; l++)
            for (size_t k = 0; k < p->out[l].n; k++)
                bucket_push(s, &s->level[l], p->out[l].item[k] >> 1, (int)(p->out[l].item[k] & 1));
        for (int l = 0; l < TB_MAX_PLIES + 2; l++)
            p->out[l].n = 0;
    }
}

/*
 * A level walked in number order: neighbouring positions' predecessors lie
 * side by side in the planes, so their bytes share cache lines instead of
 * each costing a miss. Two passes of a 16-bit radix sort; left unsorted
 * where the buffer cannot be had (the order changes nothing but the speed).
 */
static void sort_level(Bucket *b)
{
    uint32_t *tmp = b->n > 1 ? malloc(b->n * sizeof *tmp) : NULL;
    if (!tmp)
        return;
    static const int shift[2] = { 0, 16 };
    for (int pass = 0; pass < 2; pass++) {
        static _Thread_local size_t count[(1 << 16) + 1];
        memset(count, 0, sizeof count);
        for (size_t k = 0; k < b->n; k++)
            count[(b->item[k] >> shift[pass] & 0xffff) + 1]++;
        for (int d = 0; d < 1 << 16; d++)
            count[d + 1] += count[d];
        for (size_t k = 0; k < b->n; k++)
            tmp[count[b->item[k] >> shift[pass] & 0xffff]++] = b->item[k];
        uint32_t *w = b->item;
        b->item = tmp, tmp = w;
    }
    free(tmp);
}

/* Levels this small are walked on one thread: starting threads would cost more. */
enum { SHARED_LEVEL_MIN = 1 << 14 };

void solve(Solver *s, uint8_t *const capture_win[2])
{
    int nt = s->threads < 1 ? 1 : s->threads > PARALLEL_MAX ? PARALLEL_MAX : s->threads;
    Part *part = nt > 1 ? calloc((size_t)nt, sizeof *part) : NULL;
    for (int level = 0; level <= s->max_level && level <= TB_MAX_PLIES; level++) {
        Bucket *c = &s->capture[level], *b = &s->level[level];
        for (size_t k = 0; k < c->n; k++) {
            uint64_t i = c->item[k] >> 1;
            int side = c->item[k] & 1;
            if (s->val[side][i] == 0 && capture_win[side][i] == tb_value(level))
                decide(s, side, i, level);
        }
        /* Deciding at this level never adds to it: a retrograde step is one ply further. */
        if (b->n >= SHARED_LEVEL_MIN)
            sort_level(b);
        if (part && b->n >= SHARED_LEVEL_MIN)
            shared_level(s, part, nt, b, level);
        else
            for (size_t k = 0; k < b->n; k++) {
                uint64_t i = b->item[k] >> 1;
                int side = b->item[k] & 1;
                if (s->bits[side][i] & B_FRONTIER)
                    continue;
                s->bits[side][i] |= B_FRONTIER;
                retro(s, i, side, level);
            }
        free(c->item);
        free(b->item);
        *c = *b = (Bucket){ 0 };
    }
    if (part)
        for (int t = 0; t < nt; t++)
            for (int l = 0; l < TB_MAX_PLIES + 2; l++)
                free(part[t].out[l].item);
    free(part);
}
