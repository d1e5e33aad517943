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
