#include <stdio.h>
#include <string.h>

#include "../lang/lang.h"
#include "tables.h"

/* "red wins: mate in 3", "a draw", with what the rules add. */
static void verdict_text(const Board *b, const TbResult *r, char *out, size_t cap)
{
    if (r->value == TB_DRAW) {
        snprintf(out, cap, "%s", msg(MSG_TB_DRAW));
        return;
    }
    bool win = tb_win(r->value);
    int moves = (tb_plies(r->value) + 1) / 2; /* the winner's */
    int n = snprintf(out, cap, "%s", msg(win == (b->side == RED) ? MSG_RED_WINS : MSG_BLACK_WINS));
    if (r->flags & TB_FLAG_RULE)
        n += snprintf(out + n, cap - (size_t)n, msg(MSG_TB_BY_RULE), moves);
    else
        n += snprintf(out + n, cap - (size_t)n, msg(MSG_TB_MATE_IN), moves);
    if (r->flags & TB_FLAG_LIMIT)
        snprintf(out + n, cap - (size_t)n, "%s", msg(MSG_TB_BEYOND_LIMIT));
}

bool table_news(TableNews *n, Engine *e, const Board *b, char *out, size_t cap)
{
    TbResult r;
    if (!n->on || !engine_probe_tables(e, b, &r))
        return false;
    Ending ending = ending_of_board(b);
    int red = r.value == TB_DRAW || (r.flags & TB_FLAG_LIMIT) ? 0 : (tb_win(r.value) == (b->side == RED)) ? 1 : -1;
    bool entered = memcmp(&ending, &n->ending, sizeof ending) != 0;
    if (!entered && red == n->verdict)
        return false;
    char name[TB_NAME_MAX], text[160];
    ending_name(&ending, name);
    verdict_text(b, &r, text, sizeof text);
    snprintf(out, cap, msg(entered ? MSG_TB_ENTERED : MSG_TB_CHANGED), name, text);
    n->ending = ending;
    n->verdict = red;
    return true;
}
