#include <stdlib.h>

#include "../board/attack.h"
#include "../board/movegen.h"
#include "../base/parallel.h"
#include "first_pass.h"
#include "walker.h"

static uint8_t wmin(uint8_t a, uint8_t b) { return !a ? b : !b ? a : a < b ? a : b; }

/*
 * What a capture on the board (just made) leads to, for the side that made
 * it: by every result, by the results without the rule's, and by the
 * natural limit's reckoning.
 */
static void value_capture(Solver *s, Board *b, int cap, uint64_t i, int side)
{
    const TbTable *c = &s->child[piece_side(cap)][piece_type_of[cap]];
    TbPos q;
    tb_from_board(&c->layout, b, &q);
    int64_t ci = tb_index(&c->layout, &q);
    uint8_t v = c->values[q.side][ci], flags = tb_flags(c, q.side, (uint64_t)ci);
    bool rule = flags & TB_FLAG_RULE, limit = flags & TB_FLAG_LIMIT;
    uint8_t *bits = &s->bits[side][i];
    if (tb_loss(v)) {
        s->capture_win[side][i] = wmin(s->capture_win[side][i], tb_value(tb_plies(v) + 1));
        if (!rule)
            s->capture_win_no_rule[side][i] = wmin(s->capture_win_no_rule[side][i], tb_value(tb_plies(v) + 1));
        *bits |= B_ESCAPE_ALL | B_ESCAPE_NO_RULE;
    } else if (tb_win(v)) {
        s->capture_loss[side][i] = umax(s->capture_loss[side][i], tb_value(tb_plies(v) + 1));
        if (!rule)
            s->longest_loss[side][i] = umax(s->longest_loss[side][i], tb_value(tb_plies(v) + 1));
        else
            *bits |= B_ESCAPE_NO_RULE;
    } else {
        *bits |= B_ESCAPE_ALL | B_ESCAPE_NO_RULE;
    }
    /* For the natural limit a capture into a result within the limit ends the count: one ply. */
    if (tb_loss(v) && !limit) {
        s->capture_win_limit[side][i] = tb_value(1);
        *bits |= B_ESCAPE_LIMIT;
    } else if (tb_win(v) && !limit) {
        s->capture_loss_limit[side][i] = umax(s->capture_loss_limit[side][i], tb_value(1));
    } else {
        *bits |= B_ESCAPE_LIMIT;
    }
}

/* Whether (i, side) stands for a position, as the first part of the pass found. */
static bool is_position(const uint64_t *const legal[2], int side, uint64_t i)
{
    return legal[side][i >> 6] >> (i & 63) & 1;
}

/*
 * A legal position: values a mate now or a lost end by captures, counts its
 * distinct quiet successors. A quiet move is legal where it leads to a
 * number the first part found a position, which spares a test of each
 * move's safety; a capture is tested on the board (a compressed table after
 * it may store a number that is no position as a draw).
 */
static void position_moves(Solver *s, Board *b, const Walker *w, const uint64_t *const legal[2])
{
    uint64_t i = w->index;
    int side = w->p.side;
    Move list[MAX_MOVES];
    int n = gen_pseudo(b, list), ns = 0, moves = 0;
    uint64_t succ[MAX_MOVES];
    for (int k = 0; k < n; k++) {
        int from = move_from(list[k]), to = move_to(list[k]), cap = b->sq[to];
        if (!cap) {
            uint64_t j = walker_after(s, w, w->man_at[from], to);
            if (is_position(legal, !side, j))
                succ[ns++] = j, moves++;
            continue;
        }
        make_move(b, list[k]);
        if (!king_attacked(b, side)) {
            value_capture(s, b, cap, i, side);
            moves++;
        }
        unmake_move(b);
    }
    if (!moves) {
        s->val[side][i] = tb_value(0);
        return;
    }
    /* Two moves reach one number only through the mirror, with both generals on the middle file. */
    if (!w->plain)
        ns = dedupe_numbers(succ, ns);
    s->unwon[side][i] = s->successors[side][i] = (uint8_t)ns;
    if (!ns && !(s->bits[side][i] & B_ESCAPE_NO_RULE))
        s->val[side][i] = s->longest_loss[side][i];
}

typedef struct {
    Solver *s;
    uint64_t *legal[2]; /* a bit a number: whether it stands for a position with that side to move */
    int t, nt;
} Job;

/* A thread's share of the numbers, in whole words of the bit sets so that no two threads write one. */
static void job_range(const Job *job, uint64_t *lo, uint64_t *hi)
{
    uint64_t words = (job->s->n + 63) / 64;
    *lo = words * (uint64_t)job->t / (uint64_t)job->nt * 64;
    *hi = words * (uint64_t)(job->t + 1) / (uint64_t)job->nt * 64;
    if (*hi > job->s->n)
        *hi = job->s->n;
}

/* Whether no two men stand on one square: a bit a square, set man by man. */
static bool men_apart(const TbPos *p, int men)
{
    uint64_t seen[SQUARE_NB / 64] = { 0 };
    for (int m = 0; m < men; m++) {
        uint64_t bit = (uint64_t)1 << (p->sq[m] & 63);
        if (seen[p->sq[m] >> 6] & bit)
            return false;
        seen[p->sq[m] >> 6] |= bit;
    }
    return true;
}

/*
 * A number stands for a position when its men are on distinct points, it is
 * the position's own number (both generals on the middle file share one with
 * the mirror), and the side not to move is not in check.
 */
static void *find_positions(void *arg)
{
    Job *job = arg;
    Solver *s = job->s;
    Board *b = board_new();
    Walker w;
    TbPos last;
    bool placed = false;
    uint64_t lo, hi;
    job_range(job, &lo, &hi);
    for (uint64_t i = lo; b && i < hi; i++) {
        walker_set(s, &w, i, RED);
        /* The smaller of the two readings is the position's own number (as tb_index takes it). */
        bool ok = (w.plain || w.index <= w.mirror_index) && men_apart(&w.p, s->lay.men);
        if (ok) {
            board_follow(s, b, &last, &placed, &w.p);
        }
        for (int side = RED; side <= BLACK; side++) {
            b->side = side;
            if (ok && !king_attacked(b, !side))
                job->legal[side][i >> 6] |= (uint64_t)1 << (i & 63);
            else
                s->val[side][i] = TB_NONE;
        }
    }
    if (!b)
        s->out_of_memory = true;
    board_free(b);
    return NULL;
}

/* Each position's moves, once every number is known to stand for a position or not. */
static void *first_pass_part(void *arg)
{
    Job *job = arg;
    Solver *s = job->s;
    const uint64_t *const legal[2] = { job->legal[RED], job->legal[BLACK] };
    Board *b = board_new();
    Walker w;
    TbPos last;
    bool placed = false;
    uint64_t lo, hi;
    job_range(job, &lo, &hi);
    for (uint64_t i = lo; b && i < hi; i++) {
        if (!is_position(legal, RED, i) && !is_position(legal, BLACK, i))
            continue;
        walker_set_men(s, &w, i, RED);
        board_follow(s, b, &last, &placed, &w.p);
        for (int side = RED; side <= BLACK; side++) {
            w.p.side = b->side = side;
            if (is_position(legal, side, i))
                position_moves(s, b, &w, legal);
        }
    }
    if (!b)
        s->out_of_memory = true;
    board_free(b);
    return NULL;
}

/* The distinct positions one quiet move of w's side reaches: a number that is no position holds TB_NONE. */
static int quiet_successors(const Solver *s, const Board *b, const Walker *w, uint64_t succ[MAX_MOVES])
{
    Move list[MAX_MOVES];
    int n = gen_pseudo(b, list), ns = 0, side = w->p.side;
    for (int k = 0; k < n; k++) {
        int from = move_from(list[k]), to = move_to(list[k]);
        if (b->sq[to])
            continue;
        uint64_t j = walker_after(s, w, w->man_at[from], to);
        if (s->val[!side][j] != TB_NONE)
            succ[ns++] = j;
    }
    return w->plain ? ns : dedupe_numbers(succ, ns);
}

/*
 * One thread's share of take_up_kept_successors. Values are only read here
 * (each position's own count, longest loss and win written by its thread).
 */
static void *take_up_kept(void *arg)
{
    Job *job = arg;
    Solver *s = job->s;
    Board *b = board_new();
    Walker w;
    TbPos last;
    bool placed = false;
    uint64_t lo, hi, succ[MAX_MOVES];
    job_range(job, &lo, &hi);
    for (int side = RED; b && side <= BLACK; side++)
        for (uint64_t i = lo; i < hi; i++) {
            if (s->val[side][i] != 0)
                continue;
            walker_set_men(s, &w, i, side);
            board_follow(s, b, &last, &placed, &w.p);
            uint8_t win = s->capture_win[side][i];
            for (int k = 0, ns = quiet_successors(s, b, &w, succ); k < ns; k++) {
                uint8_t v = s->val[!side][succ[k]];
                if (tb_loss(v))
                    win = wmin(win, tb_value(tb_plies(v) + 1));
                else if (tb_win(v)) {
                    s->unwon[side][i]--;
                    s->longest_loss[side][i] = umax(s->longest_loss[side][i], tb_value(tb_plies(v) + 1));
                }
            }
            s->dtm[side][i] = win;
        }
    if (!b)
        s->out_of_memory = true;
    board_free(b);
    return NULL;
}

void take_up_kept_successors(Solver *s)
{
    int nt = s->threads < 1 ? 1 : s->threads > PARALLEL_MAX ? PARALLEL_MAX : s->threads;
    Job jobs[PARALLEL_MAX];
    void *args[PARALLEL_MAX];
    for (int t = 0; t < nt; t++)
        jobs[t] = (Job){ .s = s, .t = t, .nt = nt }, args[t] = &jobs[t];
    parallel_run(nt, take_up_kept, args);
}

void first_pass(Solver *s, int threads)
{
    int nt = threads < 1 ? 1 : threads > PARALLEL_MAX ? PARALLEL_MAX : threads;
    uint64_t words = (s->n + 63) / 64, *legal = calloc(2 * words, sizeof *legal);
    if (!legal) {
        s->out_of_memory = true;
        return;
    }
    Job jobs[PARALLEL_MAX];
    void *args[PARALLEL_MAX];
    for (int t = 0; t < nt; t++)
        jobs[t] = (Job){ s, { legal, legal + words }, t, nt }, args[t] = &jobs[t];
    parallel_run(nt, find_positions, args);
    parallel_run(nt, first_pass_part, args);
    free(legal);
}
