#include <stdio.h>
#include <string.h>

#include "tables.h"

bool tables_open(Play *p, const char *dir, char *err, size_t errlen)
{
    if (!engine_set_tablebases(p->engine, dir, err, errlen))
        return false;
    p->tables = true;
    p->told_verdict = 2; /* nothing told yet */
    return true;
}

/* "red wins: mate in 3", "a draw", with what the rules add. */
static void verdict_text(const Board *b, const TbResult *r, char *out, size_t cap)
{
    const char *mover = b->side == RED ? "red" : "black", *other = b->side == RED ? "black" : "red";
    int plies = tb_plies(r->value);
    if (r->value == TB_DRAW) {
        snprintf(out, cap, "a draw");
        return;
    }
    bool win = tb_win(r->value);
    int moves = (plies + 1) / 2; /* the winner's */
    int n = snprintf(out, cap, "%s wins", win ? mover : other);
    if (r->flags & TB_FLAG_RULE)
        n += snprintf(out + n, cap - (size_t)n, ", by the perpetual-check rule, in %d moves", moves);
    else
        n += snprintf(out + n, cap - (size_t)n, ": mate in %d", moves);
    if (r->flags & TB_FLAG_LIMIT)
        snprintf(out + n, cap - (size_t)n, ", beyond the natural limit: a draw by the arbiter");
}

void tables_tell(Play *p)
{
    const Board *b = &p->game.board;
    TbResult r;
    if (!p->tables || !engine_probe_tables(p->engine, b, &r))
        return;
    Ending e = ending_of_board(b);
    int red = r.value == TB_DRAW || (r.flags & TB_FLAG_LIMIT) ? 0 : (tb_win(r.value) == (b->side == RED)) ? 1 : -1;
    bool entered = memcmp(&e, &p->told_ending, sizeof e) != 0;
    if (!entered && red == p->told_verdict)
        return;
    char name[TB_NAME_MAX], text[160];
    ending_name(&e, name);
    verdict_text(b, &r, text, sizeof text);
    say("%s %s: %s", entered ? "the tables hold this ending," : "the tables' verdict changes,", name, text);
    p->told_ending = e;
    p->told_verdict = red;
}
