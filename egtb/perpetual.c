#include <stdlib.h>
#include <string.h>

#include "../board/movegen.h"
#include "../base/parallel.h"
#include "perpetual.h"
#include "retro.h"
#include "walker.h"

/*
 * An undecided position whose side to move escapes neither by a capture nor
 * by a quiet move that is no check: every move that keeps it alive checks.
 */
static bool rule_candidate(Solver *s, Board *b, const Walker *w)
{
    int side = w->p.side;
    if (s->bits[side][w->index] & B_ESCAPE_ALL)
        return false;
    Move list[MAX_MOVES];
    int n = gen_legal(b, list);
    for (int k = 0; k < n; k++) {
        if (b->sq[move_to(list[k])])
            continue;
        uint64_t j = walker_after(s, w, w->man_at[move_from(list[k])], move_to(list[k]));
        if (tb_win(s->val[!side][j]))
            continue; /* lost: no escape, checking or not */
        make_move(b, list[k]);
        bool check = b->checked;
        unmake_move(b);
        if (!check)
            return false;
    }
    return true;
}

/*
 * One thread's share of the sweep that marks the candidates: the undecided
 * positions that may have become one (all of them the first time, after
 * that those with a successor newly lost). A thread writes only its own
 * positions' bits.
 */
typedef struct {
    Solver *s;
    int t, nt;
    bool first;
} Sweep;

static void *sweep(void *arg)
{
    Sweep *job = arg;
    Solver *s = job->s;
    Board *b = board_new();
    if (!b) {
        s->out_of_memory = true;
        return NULL;
    }
    Walker w;
    TbPos last;
    bool placed = false;
    uint64_t lo = s->n * (uint64_t)job->t / (uint64_t)job->nt, hi = s->n * (uint64_t)(job->t + 1) / (uint64_t)job->nt;
    for (int side = RED; side <= BLACK; side++)
        for (uint64_t i = lo; i < hi; i++) {
            uint8_t *bits = &s->bits[side][i];
            bool look = s->val[side][i] == 0 && !(*bits & B_CHECKS_ONLY) && (job->first || (*bits & B_SUCC_NEWLY_WON));
            *bits &= (uint8_t)~B_SUCC_NEWLY_WON;
            if (s->val[side][i] == 0 && (*bits & B_CHECKS_ONLY))
                *bits |= B_RULE_CANDIDATE;
            if (!look)
                continue;
            walker_set_men(s, &w, i, side);
            board_follow(s, b, &last, &placed, &w.p);
            if (rule_candidate(s, b, &w))
                *bits |= B_CHECKS_ONLY | B_RULE_CANDIDATE;
        }
    board_free(b);
    return NULL;
}

static void mark_candidates(Solver *s, int threads, bool first)
{
    int nt = threads < 1 ? 1 : threads > PARALLEL_MAX ? PARALLEL_MAX : threads;
    Sweep jobs[PARALLEL_MAX];
    void *args[PARALLEL_MAX];
    for (int t = 0; t < nt; t++)
        jobs[t] = (Sweep){ s, t, nt, first }, args[t] = &jobs[t];
    parallel_run(nt, sweep, args);
}

/*
 * The candidates that hold: each check of theirs into an undecided position
 * meets a reply there that checks nothing and leads back to a candidate.
 * Counted once for every checked position a candidate's check reaches (its
 * count plus one in the dtm plane, unused until the natural limit, 0 for
 * positions not counted), then candidates
 * dropped one by one: a dropped candidate takes one from the counts of the
 * positions one quiet move back that reached it without checking, and a
 * count that falls to nothing drops every candidate whose check reaches it.
 */
typedef struct {
    Solver *s;
    Board *b;
    Bucket drop;
    TbPos last;
    bool placed;
} Holding;

static void load(Holding *h, Walker *w, uint64_t i, int side)
{
    walker_set_men(h->s, w, i, side);
    board_follow(h->s, h->b, &h->last, &h->placed, &w->p);
}

static void drop(Holding *h, uint64_t i, int side)
{
    uint8_t *bits = &h->s->bits[side][i];
    if (*bits & B_RULE_CANDIDATE) {
        *bits &= (uint8_t)~B_RULE_CANDIDATE;
        bucket_push(h->s, &h->drop, i, side);
    }
}

/* The quiet successors of the board's position that check nothing and are candidates, counted once each. */
static uint8_t count_answers(Holding *h)
{
    Solver *s = h->s;
    Board *b = h->b;
    Move list[MAX_MOVES];
    uint64_t good[MAX_MOVES];
    int n = gen_legal(b, list), k = 0;
    for (int j = 0; j < n; j++) {
        if (b->sq[move_to(list[j])])
            continue;
        make_move(b, list[j]);
        if (!b->checked) {
            TbPos q;
            tb_from_board(&s->lay, b, &q);
            uint64_t r = (uint64_t)tb_index(&s->lay, &q);
            if (s->bits[b->side][r] & B_RULE_CANDIDATE)
                good[k++] = r;
        }
        unmake_move(b);
    }
    bool plain = !(sq_file(king_sq(b, RED)) == 4 && sq_file(king_sq(b, BLACK)) == 4);
    return (uint8_t)(plain ? k : dedupe_numbers(good, k));
}

/* Counts the answers of every undecided checked position a candidate's quiet check reaches; with drop, drops the candidates one of whose checks has none. */
static void checks_of_candidates(Holding *h, bool count)
{
    Solver *s = h->s;
    Walker w;
    for (int side = RED; side <= BLACK; side++)
        for (uint64_t i = 0; i < s->n; i++) {
            if (!(s->bits[side][i] & B_RULE_CANDIDATE))
                continue;
            load(h, &w, i, side);
            Move list[MAX_MOVES];
            int n = gen_legal(h->b, list);
            for (int k = 0; k < n; k++) {
                if (h->b->sq[move_to(list[k])])
                    continue;
                uint64_t j = walker_after(s, &w, w.man_at[move_from(list[k])], move_to(list[k]));
                if (s->val[!side][j] != 0)
                    continue;
                make_move(h->b, list[k]);
                if (h->b->checked && count && !s->dtm[!side][j])
                    s->dtm[!side][j] = (uint8_t)(count_answers(h) + 1);
                bool none = h->b->checked && !count && s->dtm[!side][j] == 1;
                unmake_move(h->b);
                if (none) {
                    drop(h, i, side);
                    break;
                }
            }
        }
}

static void holding_candidates(Solver *s)
{
    Holding h = { .s = s, .b = board_new() };
    if (!h.b) {
        s->out_of_memory = true;
        return;
    }
    checks_of_candidates(&h, true);
    checks_of_candidates(&h, false);
    Walker w;
    uint64_t pred[TB_MAX_MEN * UNMOVE_MAX], pred2[TB_MAX_MEN * UNMOVE_MAX];
    for (size_t k = 0; k < h.drop.n; k++) {
        uint64_t r = h.drop.item[k] >> 1;
        int d = h.drop.item[k] & 1;
        load(&h, &w, r, d);
        if (king_attacked(h.b, d))
            continue; /* every move into it checked: it answered no check */
        int np = moves_back(s, &w, !d, pred);
        for (int a = 0; a < np; a++) {
            uint64_t q = pred[a];
            if (!s->dtm[!d][q] || s->val[!d][q] != 0 || --s->dtm[!d][q] != 1)
                continue;
            Walker wq;
            walker_set(s, &wq, q, !d);
            int np2 = moves_back(s, &wq, d, pred2);
            for (int c = 0; c < np2; c++)
                drop(&h, pred2[c], d);
        }
    }
    free(h.drop.item);
    board_free(h.b);
    for (int side = RED; side <= BLACK; side++)
        memset(s->dtm[side], 0, s->n);
}

/*
 * Under the Asian rules a side may not hold a draw by checking for ever.
 * The positions that lose by it: the largest set of candidates where each
 * check either runs into a decided loss or meets a reply that checks nothing
 * and comes back into the set. The replies must check nothing, so that the
 * attacker never checks perpetually too (which would be a draw).
 */
uint64_t perpetual_check(Solver *s, int threads, bool first)
{
    mark_candidates(s, threads, first);
    holding_candidates(s);
    uint64_t lost = 0;
    for (int side = RED; side <= BLACK; side++)
        for (uint64_t i = 0; i < s->n; i++)
            if (s->bits[side][i] & B_RULE_CANDIDATE) {
                s->bits[side][i] &= (uint8_t)~B_RULE_CANDIDATE;
                decide(s, side, i, 0);
                lost++;
            }
    return lost;
}
