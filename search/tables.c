/*
 * The endgame tables in the search: a node's value, read from the search
 * part alone where the distance cannot matter, a root move's with its
 * distance, and a root line's score as it is shown.
 */
#include <stdatomic.h>
#include <stdlib.h>

#include "../board/rules.h"
#include "search_params.h"
#include "tables.h"

static void count_tbhit(Thread *t)
{
    atomic_store_explicit(&t->tbhits, atomic_load_explicit(&t->tbhits, memory_order_relaxed) + 1, memory_order_relaxed);
}

/* Whether the tables may hold the board's position at all. */
static bool in_tables(const Engine *e, const Board *b) { return e->table_men && board_men(b) <= e->table_men; }

/* A probe's result as the score it is at `ply`, with its distance (see table_value). */
static bool exact_value(const Thread *t, const TbResult *r, int ply, int *v)
{
    const Board *b = &t->board;
    int plies = tb_plies(r->value), end = ply + plies;
    if (r->value == TB_DRAW || (r->flags & TB_FLAG_LIMIT)) {
        *v = t->draw[b->side];
        return true;
    }
    if (natural_count(b) + plies > natural_limit(b->rules) || end >= ((r->flags & TB_FLAG_RULE) ? MAX_PLY : 2 * MAX_PLY))
        return false;
    bool win = tb_win(r->value);
    if (r->flags & TB_FLAG_RULE)
        *v = win ? rule_win(end) : rule_loss(end);
    else
        *v = win ? mate_in(end) : mated_in(end);
    return true;
}

bool table_value(Thread *t, int ply, int *v, TbResult *out)
{
    Engine *e = t->engine;
    if (!in_tables(e, &t->board) || !tb_probe_nowait(e->tables, &t->board, out))
        return false;
    count_tbhit(t);
    return exact_value(t, out, ply, v);
}

int table_line_score(Thread *t, const Move *line, int len, int score)
{
    int at = VALUE_TABLE - abs(score), v = 0;
    if (!is_table_score(score) || at > len)
        return score;
    Board *b = &t->board;
    for (int i = 0; i < at; i++)
        make_move(b, line[i]);
    TbResult r;
    bool known = in_tables(t->engine, b) && tb_probe_nowait(t->engine->tables, b, &r) && exact_value(t, &r, at, &v);
    for (int i = 0; i < at; i++)
        unmake_move(b);
    v = at & 1 ? -v : v;
    return known && is_mate_score(v) && (v > 0) == (score > 0) ? v : score;
}

/*
 * Whether no line of the table can meet the natural limit before its end: the
 * count fresh (the table's own analysis starts from a fresh count, so a
 * result it leaves unflagged holds), or far enough from the limit for the
 * longest distance of the table.
 */
static bool limit_out_of_reach(const Board *b, const TbWdl *w)
{
    int count = natural_count(b);
    return count <= 0 || count + w->longest <= natural_limit(b->rules);
}

bool table_score(Thread *t, int ply, int *v)
{
    Engine *e = t->engine;
    Board *b = &t->board;
    TbWdl w;
    if (!in_tables(e, b) || !tb_probe_wdl(e->tables, b, &w))
        return false;
    bool drawn = !w.wdl || (w.flags & TB_FLAG_LIMIT);
    if (!drawn && (ply <= TABLE_DISTANCE_PLY || (w.flags & TB_FLAG_RULE) || !limit_out_of_reach(b, &w))) {
        TbResult r;
        return table_value(t, ply, v, &r);
    }
    count_tbhit(t);
    *v = drawn ? t->draw[b->side] : w.wdl > 0 ? table_win_in(ply) : table_loss_in(ply);
    return true;
}

enum { ROOT_UNKNOWN = 2 };

/*
 * A root move's result for the side at the root from the search part alone
 * (1, 0, -1), or ROOT_UNKNOWN where the natural limit may undo it; a result
 * the root's own does not need the perpetual-check rule for is a draw where
 * it needs the rule.
 */
static int root_move_wdl(Thread *t, Move m, const TbWdl *root)
{
    TbWdl w;
    make_move(&t->board, m);
    bool known = tb_probe_wdl(t->engine->tables, &t->board, &w);
    bool drawn = known && (!w.wdl || (w.flags & TB_FLAG_LIMIT) || ((w.flags & TB_FLAG_RULE) && !(root->flags & TB_FLAG_RULE)));
    bool sure = known && (drawn || limit_out_of_reach(&t->board, &w));
    unmake_move(&t->board);
    return !sure ? ROOT_UNKNOWN : drawn ? 0 : -w.wdl;
}

/* A root move's exact value for the side at the root (table_value), false where the tables cannot say it. */
static bool root_move_value(Thread *t, Move m, const TbWdl *root, int *v)
{
    TbResult r;
    make_move(&t->board, m);
    bool known = table_value(t, 1, v, &r);
    unmake_move(&t->board);
    /* A result that stands without the perpetual-check rule is kept by moves that do not need it. */
    *v = (r.flags & TB_FLAG_RULE) && !(root->flags & TB_FLAG_RULE) ? t->draw[t->board.side] : -*v;
    return known;
}

/*
 * Win, draw or loss first, from the search part, for every move; the
 * distances (a cold one costs a block and its neighbours decoded) only for
 * the moves of the best result, and only where it is decided: a drawn root
 * keeps its drawing moves without reading one, so that a defender's first
 * depth never waits on them.
 */
int table_root_moves(Thread *t, Move *moves, int n)
{
    TbWdl root;
    if (!in_tables(t->engine, &t->board) || !tb_probe_wdl(t->engine->tables, &t->board, &root))
        return n;
    int wdl[MAX_MOVES], value[MAX_MOVES], best = -1;
    bool exact[MAX_MOVES]; /* value[i] read already: the limit may undo the move's result */
    for (int i = 0; i < n; i++) {
        wdl[i] = root_move_wdl(t, moves[i], &root);
        exact[i] = wdl[i] == ROOT_UNKNOWN;
        if (exact[i]) {
            if (!root_move_value(t, moves[i], &root, &value[i]))
                return n;
            int draw = t->draw[t->board.side];
            wdl[i] = value[i] > draw ? 1 : value[i] < draw ? -1 : 0;
        }
        best = wdl[i] > best ? wdl[i] : best;
    }
    /* Among the moves of a decided best, the best distance; nothing is changed before all are known. */
    int top = -VALUE_INF;
    for (int i = 0; best && i < n; i++) {
        if (wdl[i] != best)
            continue;
        if (!exact[i] && !root_move_value(t, moves[i], &root, &value[i]))
            return n;
        top = value[i] > top ? value[i] : top;
    }
    int kept = 0;
    for (int i = 0; i < n; i++)
        if (wdl[i] == best && (!best || value[i] == top))
            moves[kept++] = moves[i];
    return kept;
}
