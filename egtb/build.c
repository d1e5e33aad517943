#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../engine/attack.h"
#include "../engine/movegen.h"
#include "../engine/tables.h"
#include "build.h"
#include "parallel.h"
#include "tb_write.h"
#include "unmove.h"

/*
 * Working bits of a position: a capture that escapes a loss (by the
 * distance-to-mate reckoning, then by the natural limit's), processed as a
 * frontier, a candidate for the perpetual-check rule, decided by that rule.
 */
enum { B_ESC = 1, B_ESC2 = 2, B_DONE = 4, B_CAND = 8, B_RULE = 16 };

/*
 * One ending under one rule set being solved. Per position and side to move:
 * the value so far (0 undecided), the successors not yet known lost for the
 * side to move (distinct positions after moves that take nothing), the
 * longest loss among those known and among captures (as a value), the
 * shortest capture win; a second set of the last three for the natural limit.
 */
typedef struct {
    TbLayout lay;
    RuleSet rules;
    uint64_t n;
    uint8_t *val[2], *cnt[2], *cnt0[2], *worst[2], *capwin[2], *worst2[2], *capwin2[2], *bits[2], *dtm[2];
    uint8_t *block;
    TbTable child[2][PIECE_TYPE_NB]; /* the table after a man of this side and type is taken */
    uint8_t man_side[TB_MAX_MEN], man_type[TB_MAX_MEN];
    uint8_t esc;     /* B_ESC or B_ESC2: which reckoning the solve runs */
    int max_level, phase;
    bool overflow;
    int threads;
} Solver;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* --- the first pass: every position's moves -------------------------------------------------- */

static int dedupe(uint64_t *a, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && a[j - 1] > a[j]; j--) {
            uint64_t x = a[j];
            a[j] = a[j - 1], a[j - 1] = x;
        }
    int k = 0;
    for (int i = 0; i < n; i++)
        if (!k || a[k - 1] != a[i])
            a[k++] = a[i];
    return k;
}

static uint8_t umax(uint8_t a, uint8_t b) { return a > b ? a : b; }
static uint8_t wmin(uint8_t a, uint8_t b) { return !a ? b : !b ? a : a < b ? a : b; }

/* What a capture on the board (just made) leads to, for the side that made it, by both reckonings. */
static void value_capture(Solver *s, Board *b, int cap, uint64_t i, int side)
{
    const TbTable *c = &s->child[piece_side(cap)][piece_type_of[cap]];
    TbPos q;
    tb_from_board(&c->layout, b, &q);
    int64_t ci = tb_index(&c->layout, &q);
    uint8_t v = c->values[q.side][ci], limit = tb_flags(c, q.side, (uint64_t)ci) & TB_FLAG_LIMIT;
    if (tb_loss(v)) {
        s->capwin[side][i] = wmin(s->capwin[side][i], tb_value(tb_plies(v) + 1));
        s->bits[side][i] |= B_ESC;
    } else if (tb_win(v)) {
        s->worst[side][i] = umax(s->worst[side][i], tb_value(tb_plies(v) + 1));
    } else {
        s->bits[side][i] |= B_ESC;
    }
    /* For the natural limit a capture into a result within the limit ends the count: one ply. */
    if (tb_loss(v) && !limit) {
        s->capwin2[side][i] = tb_value(1);
        s->bits[side][i] |= B_ESC2;
    } else if (tb_win(v) && !limit) {
        s->worst2[side][i] = umax(s->worst2[side][i], tb_value(1));
    } else {
        s->bits[side][i] |= B_ESC2;
    }
}

static void first_pass_position(Solver *s, Board *b, uint64_t i, int side)
{
    Move list[MAX_MOVES];
    int n = gen_legal(b, list), ns = 0;
    if (!n) {
        s->val[side][i] = tb_value(0);
        return;
    }
    uint64_t succ[MAX_MOVES];
    for (int k = 0; k < n; k++) {
        int cap = b->sq[move_to(list[k])];
        make_move(b, list[k]);
        if (cap) {
            value_capture(s, b, cap, i, side);
        } else {
            TbPos q;
            tb_from_board(&s->lay, b, &q);
            succ[ns++] = (uint64_t)tb_index(&s->lay, &q);
        }
        unmake_move(b);
    }
    s->cnt[side][i] = s->cnt0[side][i] = (uint8_t)dedupe(succ, ns);
    if (!ns && !(s->bits[side][i] & B_ESC))
        s->val[side][i] = s->worst[side][i];
}

typedef struct {
    Solver *s;
    int t, nt;
} Job;

/* A number stands for a position when its men are on distinct points, it is the position's own number, and the side not to move is not in check. */
static void *first_pass(void *arg)
{
    Job *job = arg;
    Solver *s = job->s;
    Board *b = board_new();
    uint64_t lo = s->n * (uint64_t)job->t / (uint64_t)job->nt, hi = s->n * (uint64_t)(job->t + 1) / (uint64_t)job->nt;
    for (uint64_t i = lo; i < hi; i++) {
        TbPos p;
        tb_position(&s->lay, i, &p);
        bool ok = (uint64_t)tb_index(&s->lay, &p) == i;
        for (int a = 0; ok && a < s->lay.men; a++)
            for (int c = a + 1; c < s->lay.men; c++)
                ok = ok && p.sq[a] != p.sq[c];
        for (int side = RED; side <= BLACK; side++) {
            if (ok) {
                p.side = side;
                tb_to_board(&s->lay, &p, b);
            }
            if (!ok || king_attacked(b, !side))
                s->val[side][i] = TB_NONE;
            else
                first_pass_position(s, b, i, side);
        }
    }
    board_free(b);
    return NULL;
}

/* --- the retrograde passes ------------------------------------------------------------------- */

static void decide(Solver *s, int side, uint64_t i, int plies)
{
    if (plies > TB_MAX_PLIES) {
        s->overflow = true;
        plies = TB_MAX_PLIES;
    }
    s->val[side][i] = tb_value(plies);
    if (s->phase > 1)
        s->bits[side][i] |= B_RULE;
    if (plies > s->max_level)
        s->max_level = plies;
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
    s->worst[side][i] = umax(s->worst[side][i], tb_value(plies + 1));
    if (--s->cnt[side][i] == 0 && !(s->bits[side][i] & s->esc))
        decide(s, side, i, tb_plies(s->worst[side][i]));
}

/* The positions one move back from a decided one, each told once. */
static void retro(Solver *s, uint64_t i, int side, int plies)
{
    TbPos p;
    tb_position(&s->lay, i, &p);
    uint8_t occ[SQUARE_NB];
    for (int sq = 0; sq < SQUARE_NB; sq++)
        occ[sq] = in_board[sq] ? EMPTY : OFFBOARD;
    for (int m = 0; m < s->lay.men; m++)
        occ[p.sq[m]] = 1;
    int mover = !side, np = 0;
    uint64_t pred[TB_MAX_MEN * UNMOVE_MAX];
    for (int m = 0; m < s->lay.men; m++) {
        if (s->man_side[m] != mover)
            continue;
        uint8_t from[UNMOVE_MAX];
        int k = unmove_origins(occ, mover, s->man_type[m], p.sq[m], from);
        TbPos q = p;
        for (int j = 0; j < k; j++) {
            q.sq[m] = from[j];
            int64_t idx = tb_index(&s->lay, &q);
            if (idx >= 0)
                pred[np++] = (uint64_t)idx;
        }
    }
    np = dedupe(pred, np);
    for (int j = 0; j < np; j++)
        predecessor(s, mover, pred[j], plies);
}

/* Decides positions level by level, shortest distances first, until no level is left. */
static void solve(Solver *s, const uint8_t *const capwin[2])
{
    for (int level = 0; level <= s->max_level; level++) {
        uint8_t code = tb_value(level);
        for (int side = RED; side <= BLACK; side++)
            for (uint64_t i = 0; i < s->n; i++) {
                uint8_t *v = &s->val[side][i];
                if (*v == 0 && capwin[side][i] == code)
                    decide(s, side, i, level);
                if (*v == code && !(s->bits[side][i] & B_DONE)) {
                    s->bits[side][i] |= B_DONE;
                    retro(s, i, side, level);
                }
            }
    }
}

/* --- the perpetual-check rule ---------------------------------------------------------------- */

/*
 * An undecided position whose side to move escapes neither by a capture nor
 * by a quiet move that is no check: every move that keeps it alive checks.
 */
static bool rule_candidate(Solver *s, Board *b, uint64_t i, int side)
{
    if (s->bits[side][i] & B_ESC)
        return false;
    Move list[MAX_MOVES];
    int n = gen_legal(b, list);
    for (int k = 0; k < n; k++) {
        if (b->sq[move_to(list[k])])
            continue;
        make_move(b, list[k]);
        TbPos q;
        tb_from_board(&s->lay, b, &q);
        uint64_t j = (uint64_t)tb_index(&s->lay, &q);
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
static bool rule_holds(Solver *s, Board *b, int side)
{
    Move list[MAX_MOVES];
    int n = gen_legal(b, list);
    bool holds = true;
    for (int k = 0; k < n && holds; k++) {
        if (b->sq[move_to(list[k])])
            continue;
        make_move(b, list[k]);
        if (b->checked) {
            TbPos q;
            tb_from_board(&s->lay, b, &q);
            if (s->val[!side][tb_index(&s->lay, &q)] == 0)
                holds = answer_to_check(s, b);
        }
        unmake_move(b);
    }
    return holds;
}

static void load_board(Solver *s, Board *b, uint64_t i, int side)
{
    TbPos p;
    tb_position(&s->lay, i, &p);
    p.side = side;
    tb_to_board(&s->lay, &p, b);
}

/*
 * Under the Asian rules a side may not hold a draw by checking for ever.
 * The positions that lose by it: the largest set of candidates where each
 * check either runs into a decided loss or meets a reply that checks nothing
 * and comes back into the set. The replies must check nothing, so that the
 * attacker's side never checks perpetually too (which would be a draw).
 * Returns how many positions it decided.
 */
static uint64_t perpetual_check(Solver *s, Board *b)
{
    for (int side = RED; side <= BLACK; side++)
        for (uint64_t i = 0; i < s->n; i++)
            if (s->val[side][i] == 0) {
                load_board(s, b, i, side);
                if (rule_candidate(s, b, i, side))
                    s->bits[side][i] |= B_CAND;
            }
    for (bool changed = true; changed;) {
        changed = false;
        for (int side = RED; side <= BLACK; side++)
            for (uint64_t i = 0; i < s->n; i++)
                if (s->bits[side][i] & B_CAND) {
                    load_board(s, b, i, side);
                    if (!rule_holds(s, b, side)) {
                        s->bits[side][i] &= (uint8_t)~B_CAND;
                        changed = true;
                    }
                }
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

/* --- the natural limit ----------------------------------------------------------------------- */

/*
 * Solves again with the end being a mate, a loss by the rule, or a capture
 * into a result that stands within the limit (one ply), then flags every win
 * the winner cannot bring to such an end within the limit's plies, and every
 * loss the loser can keep from it that long.
 */
static void natural_limit_flags(Solver *s)
{
    int limit = natural_limit(s->rules);
    for (int side = RED; side <= BLACK; side++) {
        memcpy(s->dtm[side], s->val[side], s->n);
        memcpy(s->cnt[side], s->cnt0[side], s->n);
        for (uint64_t i = 0; i < s->n; i++) {
            uint8_t v = s->dtm[side][i];
            s->bits[side][i] &= (uint8_t)~B_DONE;
            s->val[side][i] = v == TB_NONE || v == tb_value(0) ? v : 0;
            /* Positions where every move captures into a lost result are decided before the first level. */
            if (v != TB_NONE && v != tb_value(0) && !s->cnt[side][i] && !(s->bits[side][i] & B_ESC2) && s->worst2[side][i])
                s->val[side][i] = s->worst2[side][i];
        }
        uint8_t *w = s->worst[side];
        s->worst[side] = s->worst2[side], s->worst2[side] = w;
    }
    s->esc = B_ESC2;
    s->phase = 1;
    s->max_level = 1;
    solve(s, (const uint8_t *const *)s->capwin2);
    for (int side = RED; side <= BLACK; side++)
        for (uint64_t i = 0; i < s->n; i++) {
            uint8_t v = s->dtm[side][i], c = s->val[side][i];
            bool within = tb_decided(c) && tb_plies(c) <= limit;
            s->val[side][i] = v;
            if ((tb_win(v) && !(tb_win(c) && within)) || (tb_loss(v) && !(tb_loss(c) && within)))
                s->dtm[side][i] = TB_FLAG_LIMIT;
            else
                s->dtm[side][i] = 0;
            if (s->bits[side][i] & B_RULE)
                s->dtm[side][i] |= TB_FLAG_RULE;
        }
}

/* --- one ending, start to end ---------------------------------------------------------------- */

static bool solver_alloc(Solver *s, const Ending *e, RuleSet rules)
{
    memset(s, 0, sizeof *s);
    tb_layout(&s->lay, e);
    s->rules = rules;
    s->n = s->lay.size;
    s->block = calloc(18, (size_t)s->n);
    if (!s->block)
        return false;
    uint8_t **planes[9] = { s->val, s->cnt, s->cnt0, s->worst, s->capwin, s->worst2, s->capwin2, s->bits, s->dtm };
    for (int k = 0; k < 9; k++)
        for (int side = 0; side < 2; side++)
            planes[k][side] = s->block + (size_t)(2 * k + side) * s->n;
    s->man_side[0] = RED, s->man_side[1] = BLACK;
    s->man_type[0] = s->man_type[1] = KING;
    for (int g = 0, m = 2; g < s->lay.ngroups; g++)
        for (int k = 0; k < s->lay.group[g].count; k++, m++)
            s->man_side[m] = s->lay.group[g].side, s->man_type[m] = s->lay.group[g].type;
    return true;
}

static void solver_free(Solver *s)
{
    for (int side = 0; side < 2; side++)
        for (int t = 0; t < PIECE_TYPE_NB; t++)
            tb_file_free(&s->child[side][t]);
    free(s->block);
}

static Ending canonical(const Ending *e) { return ending_is_canonical(e) ? *e : ending_swap(e); }

static void table_path(const char *dir, const Ending *e, RuleSet rules, char *out, size_t len)
{
    char name[64];
    Ending c = canonical(e);
    tb_file_name(&c, rules, name, sizeof name);
    snprintf(out, len, "%s/%s", dir, name);
}

static bool load_children(Solver *s, const char *dir, char *err, size_t errlen)
{
    for (int g = 0; g < s->lay.ngroups; g++) {
        const TbGroup *gr = &s->lay.group[g];
        Ending child = ending_less(&s->lay.ending, gr->side, gr->type), c = canonical(&child);
        char path[4096];
        table_path(dir, &child, s->rules, path, sizeof path);
        if (!tb_file_read(&s->child[gr->side][gr->type], path, &c, s->rules, err, errlen))
            return false;
    }
    return true;
}

static void count(Solver *s, TbStats *st)
{
    memset(st, 0, sizeof *st);
    for (int side = RED; side <= BLACK; side++)
        for (uint64_t i = 0; i < s->n; i++) {
            uint8_t v = s->val[side][i];
            if (v == TB_NONE)
                st->none[side]++;
            else if (v == TB_DRAW)
                st->draws[side]++;
            else
                (tb_win(v) ? st->wins : st->losses)[side]++;
            if (tb_decided(v) && (uint32_t)tb_plies(v) > st->longest)
                st->longest = (uint32_t)tb_plies(v);
        }
}

static void progress(const TbBuildOptions *opt, const char *name, RuleSet r, const char *step, uint64_t n, double secs)
{
    if (opt->progress)
        fprintf(opt->progress, "egtb: %s %s: %s, %llu positions in %.1f s (%.2fM/s)\n", name, tb_rules_name(r), step,
                (unsigned long long)n, secs, secs > 0 ? n / secs / 1e6 : 0.0);
}

static bool solve_ending(const char *dir, const Ending *e, RuleSet rules, const TbBuildOptions *opt, char *err, size_t errlen)
{
    Solver s;
    char name[TB_NAME_MAX];
    ending_name(e, name);
    if (!solver_alloc(&s, e, rules)) {
        snprintf(err, errlen, "%s: not enough memory for %llu positions", name, (unsigned long long)(2 * s.n));
        return false;
    }
    bool ok = load_children(&s, dir, err, errlen);
    if (ok) {
        double t0 = now();
        int nt = opt->threads < 1 ? 1 : opt->threads > PARALLEL_MAX ? PARALLEL_MAX : opt->threads;
        Job jobs[PARALLEL_MAX];
        void *args[PARALLEL_MAX];
        for (int t = 0; t < nt; t++)
            jobs[t] = (Job){ &s, t, nt }, args[t] = &jobs[t];
        parallel_run(nt, first_pass, args);
        double t1 = now();
        progress(opt, name, rules, "moves generated", 2 * s.n, t1 - t0);
        for (int side = RED; side <= BLACK; side++)
            for (uint64_t i = 0; i < s.n; i++) {
                uint8_t v = s.val[side][i], c = s.capwin[side][i];
                if (tb_decided(v) && tb_plies(v) > s.max_level)
                    s.max_level = tb_plies(v);
                if (c && tb_plies(c) > s.max_level)
                    s.max_level = tb_plies(c);
            }
        s.esc = B_ESC;
        s.phase = 1;
        solve(&s, (const uint8_t *const *)s.capwin);
        Board *b = board_new();
        while (rules == RULES_ASIAN && b) {
            s.phase++;
            if (!perpetual_check(&s, b))
                break;
            solve(&s, (const uint8_t *const *)s.capwin);
        }
        board_free(b);
        double t2 = now();
        progress(opt, name, rules, "solved", 2 * s.n, t2 - t1);
        natural_limit_flags(&s);
        progress(opt, name, rules, "natural limit", 2 * s.n, now() - t2);
        if (s.overflow) {
            snprintf(err, errlen, "%s: a distance beyond %d plies, more than format %d holds", name, TB_MAX_PLIES, TB_FORMAT);
            ok = false;
        }
    }
    if (ok) {
        TbTable t = { .rules = rules, .layout = s.lay };
        memcpy(t.name, name, sizeof name);
        count(&s, &t.stats);
        t.values[RED] = s.val[RED], t.values[BLACK] = s.val[BLACK];
        char path[4096];
        table_path(dir, e, rules, path, sizeof path);
        ok = tb_write(path, &t, s.dtm, err, errlen);
    }
    solver_free(&s);
    return ok;
}

bool tb_build(const char *dir, const Ending *e, RuleSet rules, const TbBuildOptions *opt, char *err, size_t errlen)
{
    Ending c = canonical(e);
    char path[4096];
    table_path(dir, &c, rules, path, sizeof path);
    FILE *f = fopen(path, "rb");
    if (f) {
        fclose(f);
        return true;
    }
    for (int side = RED; side <= BLACK; side++)
        for (int t = ADVISOR; t < PIECE_TYPE_NB; t++)
            if (c.count[side][t]) {
                Ending child = ending_less(&c, side, t);
                if (!tb_build(dir, &child, rules, opt, err, errlen))
                    return false;
            }
    return solve_ending(dir, &c, rules, opt, err, errlen);
}
