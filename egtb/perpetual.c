#include "../engine/movegen.h"
#include "parallel.h"
#include "solver.h"

/*
 * An undecided position whose side to move escapes neither by a capture nor
 * by a quiet move that is no check: every move that keeps it alive checks.
 */
static bool rule_candidate(Solver *s, Board *b, const Walker *w)
{
    int side = w->p.side;
    if (s->bits[side][w->index] & B_ESC)
        return false;
    Move list[MAX_MOVES];
    int n = gen_legal(b, list);
    for (int k = 0; k < n; k++) {
        if (b->sq[move_to(list[k])])
            continue;
        uint64_t j = walker_index_after(s, w, w->man_at[move_from(list[k])], move_to(list[k]));
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

/* Whether the side to move, just checked, has a quiet reply that checks nothing and leads back to a candidate. */
static bool answer_to_check(Solver *s, Board *b)
{
    Move list[MAX_MOVES];
    int n = gen_legal(b, list);
    for (int k = 0; k < n; k++) {
        if (b->sq[move_to(list[k])])
            continue;
        make_move(b, list[k]);
        bool good = false;
        if (!b->checked) {
            TbPos q;
            tb_from_board(&s->lay, b, &q);
            good = s->bits[b->side][tb_index(&s->lay, &q)] & B_CAND;
        }
        unmake_move(b);
        if (good)
            return true;
    }
    return false;
}

/* Whether every undecided position a candidate's checks lead to has such a reply. */
static bool rule_holds(Solver *s, Board *b, const Walker *w)
{
    Move list[MAX_MOVES];
    int n = gen_legal(b, list);
    bool holds = true;
    for (int k = 0; k < n && holds; k++) {
        if (b->sq[move_to(list[k])])
            continue;
        uint64_t j = walker_index_after(s, w, w->man_at[move_from(list[k])], move_to(list[k]));
        if (s->val[!w->p.side][j] != 0)
            continue;
        make_move(b, list[k]);
        if (b->checked)
            holds = answer_to_check(s, b);
        unmake_move(b);
    }
    return holds;
}

/*
 * One thread's share of a sweep: the undecided positions that may have
 * become candidates (all of them the first time, after that those with a
 * successor newly lost), or the candidates, noting in the dtm plane those
 * that do not hold. A thread writes only its own positions' entries, and
 * the bits it reads of others do not change during a sweep.
 */
typedef struct {
    Solver *s;
    int t, nt;
    bool marking, first;
    uint64_t dropped;
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
            if (job->marking) {
                bool look = s->val[side][i] == 0 && !(*bits & B_CHECKS_ONLY) && (job->first || (*bits & B_TOUCHED));
                *bits &= (uint8_t)~B_TOUCHED;
                if (s->val[side][i] == 0 && (*bits & B_CHECKS_ONLY))
                    *bits |= B_CAND;
                if (!look)
                    continue;
            } else if (!(*bits & B_CAND)) {
                continue;
            }
            walker_set(s, &w, i, side);
            board_of(s, b, placed ? &last : NULL, &w.p);
            last = w.p, placed = true;
            if (job->marking && rule_candidate(s, b, &w))
                *bits |= B_CHECKS_ONLY | B_CAND;
            if (!job->marking && !rule_holds(s, b, &w)) {
                s->dtm[side][i] = 1;
                job->dropped++;
            }
        }
    board_free(b);
    return NULL;
}

static uint64_t sweep_all(Solver *s, int threads, bool marking, bool first)
{
    int nt = threads < 1 ? 1 : threads > PARALLEL_MAX ? PARALLEL_MAX : threads;
    Sweep jobs[PARALLEL_MAX];
    void *args[PARALLEL_MAX];
    for (int t = 0; t < nt; t++)
        jobs[t] = (Sweep){ s, t, nt, marking, first, 0 }, args[t] = &jobs[t];
    parallel_run(nt, sweep, args);
    uint64_t dropped = 0;
    for (int t = 0; t < nt; t++)
        dropped += jobs[t].dropped;
    return dropped;
}

/*
 * Under the Asian rules a side may not hold a draw by checking for ever.
 * The positions that lose by it: the largest set of candidates where each
 * check either runs into a decided loss or meets a reply that checks nothing
 * and comes back into the set. The replies must check nothing, so that the
 * attacker never checks perpetually too (which would be a draw). The sweeps
 * drop candidates until none is dropped; the dtm plane, unused until the
 * natural limit, notes the drops of a sweep.
 */
uint64_t perpetual_check(Solver *s, int threads, bool first)
{
    sweep_all(s, threads, true, first);
    while (sweep_all(s, threads, false, false))
        for (int side = RED; side <= BLACK; side++)
            for (uint64_t i = 0; i < s->n; i++)
                if (s->dtm[side][i]) {
                    s->dtm[side][i] = 0;
                    s->bits[side][i] &= (uint8_t)~B_CAND;
                }
    uint64_t lost = 0;
    for (int side = RED; side <= BLACK; side++)
        for (uint64_t i = 0; i < s->n; i++)
            if (s->bits[side][i] & B_CAND) {
                s->bits[side][i] &= (uint8_t)~B_CAND;
                decide(s, side, i, 0);
                lost++;
            }
    return lost;
}
