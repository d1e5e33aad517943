/* What a turn does: moves played and told, the engine's thinking, the clocks, the game's end. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../base/clock.h"
#include "../board/movegen.h"
#include "../lang/lang.h"
#include "../probe/book.h"
#include "turn.h"

void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
}

void describe_move(const Play *p, const Board *b, Move m, char *out, size_t cap)
{
    char chinese[MOVE_NAME_MAX], wxf[MOVE_NAME_MAX], iccs[MOVE_NAME_MAX];
    move_name(b, m, NOTATION_CHINESE, chinese);
    move_name(b, m, NOTATION_WXF, wxf);
    move_name(b, m, NOTATION_ICCS, iccs);
    if (p->view.ascii)
        snprintf(out, cap, "%s (%s)", wxf, iccs);
    else
        snprintf(out, cap, "%s (%s %s)", chinese, wxf, iccs);
}

static void announce_result(const Play *p) { say(msg(MSG_GAME_OVER), p->game.record.result, p->game.reason); }

void end_game(Play *p, const char *result, const char *reason)
{
    game_end(&p->game, result, reason);
    announce_result(p);
    p->show = true;
}

void position_changed(Play *p)
{
    p->turn_start = now_ms();
    p->show = true;
}

void tell_tables(Play *p)
{
    char line[256];
    if (table_news(&p->tables, p->engine, &p->game.board, line, sizeof line))
        say("%s", line);
}

void play_move(Play *p, Move m)
{
    Board *b = &p->game.board;
    char text[64];
    describe_move(p, b, m, text, sizeof text);
    say("%d%s %s", b->fullmove, b->side == RED ? "." : "...", text);
    game_play(&p->game, m);
    char line[160];
    if (game_over(&p->game)) {
        announce_result(p);
        if (practice_result(&p->practice, &p->game, line, sizeof line))
            say("%s", line);
    } else if (in_check(b)) {
        say("%s", msg(MSG_CHECK));
    }
    if (!game_over(&p->game))
        tell_tables(p);
    position_changed(p);
}

bool charge_clock(Play *p)
{
    int side = p->game.board.side;
    if (!p->clocked || game_over(&p->game))
        return true;
    p->left[side] -= now_ms() - p->turn_start;
    if (p->left[side] > 0) {
        p->left[side] += p->clock_inc;
        return true;
    }
    p->left[side] = 0;
    end_game(p, side == RED ? "0-1" : "1-0", msg(side == RED ? MSG_RED_TIME : MSG_BLACK_TIME));
    return false;
}

static SearchLimits engine_limits(const Play *p)
{
    SearchLimits l = { .depth = p->depth, .movetime = p->movetime };
    if (p->clocked) {
        l.use_clock = true;
        int64_t used = now_ms() - p->turn_start;
        for (int side = RED; side <= BLACK; side++) {
            l.time[side] = p->left[side] - (side == p->game.board.side ? used : 0);
            l.inc[side] = p->clock_inc;
        }
    }
    return l;
}

static bool is_stop(const char *line)
{
    while (*line == ' ' || *line == '\t')
        line++;
    return !strncmp(line, "stop", 4) && !line[4 + strspn(line + 4, " \t")];
}


bool engine_think(Play *p, SearchResult *r)
{
    Move reply, m = engine_book_move(p->engine, &p->game.board, BOOK_WEIGHTED, NULL, &reply);
    if (m) {
        *r = (SearchResult){ .best = m, .ponder = reply };
        return true;
    }
    SearchLimits l = engine_limits(p);
    char *line;
    if (think(p->engine, &p->game.board, &l, p->interactive ? &p->input : NULL, r, &line) || is_stop(line))
        return true;
    p->typed = line;
    return false;
}

