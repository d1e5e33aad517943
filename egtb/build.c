#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../board/tables.h"
#include "build.h"
#include "first_pass.h"
#include "levels.h"
#include "perpetual.h"
#include "retro.h"
#include "rule_rounds.h"
#include "tb_compress.h"
#include "tb_write.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
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
        memcpy(s->unwon[side], s->successors[side], s->n);
        for (uint64_t i = 0; i < s->n; i++) {
            uint8_t v = s->dtm[side][i];
            s->bits[side][i] &= (uint8_t)~B_FRONTIER;
            s->val[side][i] = v == TB_NONE || v == tb_value(0) ? v : 0;
            /* Positions where every move captures into a lost result are decided before the first level. */
            if (v != TB_NONE && v != tb_value(0) && !s->unwon[side][i] && !(s->bits[side][i] & B_ESCAPE_LIMIT)
                && s->capture_loss_limit[side][i])
                s->val[side][i] = s->capture_loss_limit[side][i];
        }
        uint8_t *w = s->longest_loss[side];
        s->longest_loss[side] = s->capture_loss_limit[side], s->capture_loss_limit[side] = w;
    }
    s->escape = B_ESCAPE_LIMIT;
    s->phase = 1;
    s->max_level = 0;
    queue_decided(s, s->capture_win_limit);
    solve(s, s->capture_win_limit);
    for (int side = RED; side <= BLACK; side++)
        for (uint64_t i = 0; i < s->n; i++) {
            uint8_t v = s->dtm[side][i], c = s->val[side][i];
            bool within = tb_decided(c) && tb_plies(c) <= limit;
            s->val[side][i] = v;
            if ((tb_win(v) && !(tb_win(c) && within)) || (tb_loss(v) && !(tb_loss(c) && within)))
                s->dtm[side][i] = TB_FLAG_LIMIT;
            else
                s->dtm[side][i] = 0;
            if (s->bits[side][i] & B_BY_RULE)
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
    if (s->n >= (uint64_t)1 << 31) /* the level queues hold a number and a side in 32 bits */
        return false;
    s->block = calloc(22, (size_t)s->n);
    if (!s->block)
        return false;
    uint8_t **planes[11] = {
        s->val, s->unwon, s->successors, s->longest_loss, s->capture_loss, s->capture_win,
        s->capture_win_no_rule, s->capture_loss_limit, s->capture_win_limit, s->bits, s->dtm,
    };
    for (int k = 0; k < 11; k++)
        for (int side = 0; side < 2; side++)
            planes[k][side] = s->block + (size_t)(2 * k + side) * s->n;
    for (int sq = 0; sq < SQUARE_NB; sq++)
        s->empty_board[sq] = in_board[sq] ? EMPTY : OFFBOARD;
    s->man_side[0] = RED, s->man_side[1] = BLACK;
    s->man_type[0] = s->man_type[1] = KING;
    s->man_piece[0] = (uint8_t)piece_id(RED, KING, 0), s->man_piece[1] = (uint8_t)piece_id(BLACK, KING, 0);
    for (int g = 0, m = 2; g < s->lay.ngroups; g++)
        for (int k = 0; k < s->lay.group[g].count; k++, m++) {
            const TbGroup *gr = &s->lay.group[g];
            s->man_side[m] = gr->side, s->man_type[m] = gr->type, s->man_group[m] = (uint8_t)g;
            s->man_piece[m] = (uint8_t)piece_id(gr->side, gr->type, k);
            s->lone[m] = gr->count == 1;
            for (int sq = 0; s->lone[m] && sq < SQUARE_NB; sq++)
                if (in_board[sq] && gr->place[sq_point(sq)] >= 0)
                    s->term[m][sq] = (uint32_t)(gr->place[sq_point(sq)] * s->lay.stride[g]);
        }
    return true;
}

static void solver_free(Solver *s)
{
    for (int side = 0; side < 2; side++)
        for (int t = 0; t < PIECE_TYPE_NB; t++)
            tb_file_free(&s->child[side][t]);
    free(s->block);
    for (int l = 0; l < TB_MAX_PLIES + 2; l++)
        free(s->level[l].item), free(s->capture[l].item);
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
        if (!tb_file_read_positions(&s->child[gr->side][gr->type], path, &c, s->rules, err, errlen))
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
    if (!opt->progress)
        return;
    fprintf(opt->progress, "egtb: %s %s: %s, %llu positions in %.1f s (%.2fM/s)", name, tb_rules_name(r), step,
            (unsigned long long)n, secs, secs > 0 ? n / secs / 1e6 : 0.0);
    if (opt->to_build)
        fprintf(opt->progress, ", table %d of %d", opt->built + 1, opt->to_build);
    fprintf(opt->progress, "\n");
}

static bool solve_ending(const char *dir, const Ending *e, RuleSet rules, TbBuildOptions *opt, char *err, size_t errlen)
{
    Solver s;
    char name[TB_NAME_MAX];
    ending_name(e, name);
    if (!solver_alloc(&s, e, rules)) {
        snprintf(err, errlen, "%s: not enough memory for %llu positions", name, (unsigned long long)(2 * s.n));
        return false;
    }
    s.threads = opt->threads;
    s.newly_won = rules == RULES_ASIAN; /* no sweep reads it under the arbiter's rules */
    bool ok = load_children(&s, dir, err, errlen);
    if (ok) {
        double t0 = now();
        first_pass(&s, opt->threads);
        double t1 = now();
        progress(opt, name, rules, "moves generated", 2 * s.n, t1 - t0);
        s.escape = B_ESCAPE_NO_RULE;
        s.phase = 1;
        queue_decided(&s, s.capture_win_no_rule);
        solve(&s, s.capture_win_no_rule);
        progress(opt, name, rules, "retrograde levels", 2 * s.n, now() - t1);
        if (rules == RULES_ASIAN) {
            s.phase = 2;
            take_up_rule_captures(&s);
        }
        while (rules == RULES_ASIAN) {
            s.phase++;
            double tp = now();
            uint64_t lost = perpetual_check(&s, opt->threads, s.phase == 2);
            if (opt->progress)
                fprintf(opt->progress, "egtb: %s %s: %llu positions lost by perpetual check (%.1f s)\n", name,
                        tb_rules_name(rules), (unsigned long long)lost, now() - tp);
            if (!lost)
                break;
            solve(&s, s.capture_win);
        }
        s.newly_won = false; /* the sweeps are over */
        if (rules == RULES_ASIAN)
            resolve_rule_distances(&s);
        double t2 = now();
        progress(opt, name, rules, "solved", 2 * s.n, t2 - t1);
        natural_limit_flags(&s);
        progress(opt, name, rules, "natural limit", 2 * s.n, now() - t2);
        if (s.overflow) {
            snprintf(err, errlen, "%s: a distance beyond %d plies, more than the tables hold", name, TB_MAX_PLIES);
            ok = false;
        } else if (s.out_of_memory) {
            snprintf(err, errlen, "%s: out of memory", name);
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
        ok = (opt->one_byte ? tb_write_onebyte : tb_write)(path, &t, s.dtm, err, errlen);
        opt->built += ok;
    }
    solver_free(&s);
    return ok;
}

static bool table_exists(const char *dir, const Ending *e, RuleSet rules)
{
    char path[4096];
    table_path(dir, e, rules, path, sizeof path);
    FILE *f = fopen(path, "rb");
    if (f)
        fclose(f);
    return f != NULL;
}

/* The endings one capture leads to, each once; returns how many. */
static int captured_endings(const Ending *c, Ending out[2 * PIECE_TYPE_NB])
{
    int n = 0;
    for (int side = RED; side <= BLACK; side++)
        for (int t = ADVISOR; t < PIECE_TYPE_NB; t++)
            if (c->count[side][t])
                out[n++] = ending_less(c, side, t);
    return n;
}

int tb_build_missing(const char *dir, const Ending *e, RuleSet rules, Ending *seen, int *n, int max)
{
    Ending c = canonical(e);
    for (int k = 0; k < *n; k++)
        if (!memcmp(&seen[k], &c, sizeof c))
            return 0;
    if (*n < max)
        seen[(*n)++] = c;
    if (table_exists(dir, &c, rules))
        return 0;
    Ending child[2 * PIECE_TYPE_NB];
    int missing = 1;
    for (int k = 0, nc = captured_endings(&c, child); k < nc; k++)
        missing += tb_build_missing(dir, &child[k], rules, seen, n, max);
    return missing;
}

bool tb_build(const char *dir, const Ending *e, RuleSet rules, TbBuildOptions *opt, char *err, size_t errlen)
{
    Ending c = canonical(e);
    if (table_exists(dir, &c, rules))
        return true;
    Ending child[2 * PIECE_TYPE_NB];
    for (int k = 0, nc = captured_endings(&c, child); k < nc; k++)
        if (!tb_build(dir, &child[k], rules, opt, err, errlen))
            return false;
    return solve_ending(dir, &c, rules, opt, err, errlen);
}
