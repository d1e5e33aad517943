#include "../engine/movegen.h"
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
        make_move(b, list[k]);
        bool lost = tb_win(s->val[!side][j]), check = b->checked;
        unmake_move(b);
        if (!lost && !check)
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
        make_move(b, list[k]);
        if (b->checked && s->val[!w->p.side][j] == 0)
            holds = answer_to_check(s, b);
        unmake_move(b);
    }
    return holds;
}

/* Walks every position marked with `bit` (or undecided, for bit 0), handing each on a board to fn; clears the bit where fn says false. */
static void each(Solver *s, Board *b, uint8_t bit, bool (*fn)(Solver *, Board *, const Walker *), bool *changed)
{
    Walker w;
    TbPos last;
    bool placed = false;
    for (int side = RED; side <= BLACK; side++)
        for (uint64_t i = 0; i < s->n; i++) {
            if (bit ? !(s->bits[side][i] & bit) : s->val[side][i] != 0)
                continue;
            walker_set(s, &w, i, side);
            board_of(s, b, placed ? &last : NULL, &w.p);
            last = w.p, placed = true;
            bool keep = fn(s, b, &w);
            if (!bit && keep)
                s->bits[side][i] |= B_CAND;
            if (bit && !keep) {
                s->bits[side][i] &= (uint8_t)~bit;
                *changed = true;
            }
        }
}

/*
 * Under the Asian rules a side may not hold a draw by checking for ever.
 * The positions that lose by it: the largest set of candidates where each
 * check either runs into a decided loss or meets a reply that checks nothing
 * and comes back into the set. The replies must check nothing, so that the
 * attacker never checks perpetually too (which would be a draw).
 */
uint64_t perpetual_check(Solver *s)
{
    Board *b = board_new();
    if (!b) {
        s->out_of_memory = true;
        return 0;
    }
    bool changed = false;
    each(s, b, 0, rule_candidate, &changed);
    do {
        changed = false;
        each(s, b, B_CAND, rule_holds, &changed);
    } while (changed);
    board_free(b);
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
