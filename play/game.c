/* The game in progress, judged after every move by the rules Chuhan plays: the Asian rules. */
#include <stdio.h>
#include <string.h>

#include "../engine/movegen.h"
#include "../engine/rules.h"
#include "game.h"

static const char *side_name(int side) { return side == RED ? "red" : "black"; }
static const char *win_for(int side) { return side == RED ? "1-0" : "0-1"; }

void game_end(Game *g, const char *result, const char *reason)
{
    snprintf(g->record.result, sizeof g->record.result, "%s", result);
    snprintf(g->reason, REASON_MAX, "%s", reason);
}

/*
 * A side loses a repetition only for checking, or chasing, with every move
 * of the cycle, so its last move tells which it was.
 */
static void lose_repetition(Game *g, int loser, const Undo *last_move)
{
    char reason[REASON_MAX];
    snprintf(reason, sizeof reason, "%s loses by perpetual %s", side_name(loser),
             last_move->gave_check ? "check" : "chase");
    game_end(g, win_for(loser ^ 1), reason);
}

/* The result the position reached calls for, if any: no legal move loses, then repetition, the natural limit, dead draws. */
static void judge(Game *g)
{
    Board *b = &g->board;
    int us = b->side;
    Move list[MAX_MOVES];
    game_end(g, "*", "");
    if (!gen_legal(b, list)) {
        char reason[REASON_MAX];
        snprintf(reason, sizeof reason, in_check(b) ? "%s is checkmated" : "%s has no legal move", side_name(us));
        game_end(g, win_for(us ^ 1), reason);
        return;
    }
    Verdict v = repetition_verdict(b, b->hply);
    if (v == VERDICT_DRAW)
        game_end(g, "1/2-1/2", "draw by repetition");
    else if (v == VERDICT_WIN)
        lose_repetition(g, us ^ 1, &b->hist[b->hply - 1]);
    else if (v == VERDICT_LOSS)
        lose_repetition(g, us, &b->hist[b->hply - 2]);
    else if (natural_limit_reached(b))
        game_end(g, "1/2-1/2", "draw by the natural limit (60 moves without a capture)");
    else if (dead_draw(b))
        game_end(g, "1/2-1/2", "draw: neither side has a man left that can mate");
    else if (g->ply == PGN_PLIES_MAX)
        game_end(g, "1/2-1/2", "draw: the game reached the longest record kept");
}

bool game_start(Game *g, const char *fen, char *err, size_t errlen)
{
    board_attach(&g->board, &g->undo);
    if (!board_set_fen(&g->board, fen, err, errlen))
        return false;
    pgn_game_init(&g->record);
    board_get_fen(&g->board, g->record.fen);
    g->ply = 0;
    judge(g);
    return true;
}

void game_goto(Game *g, int ply)
{
    pgn_position(&g->record, ply, &g->board);
    g->ply = ply;
    judge(g);
}

void game_load(Game *g, const PgnGame *record)
{
    g->record = *record;
    game_goto(g, record->nmoves);
}

const char *game_forbidden(Game *g, Move m)
{
    Board *b = &g->board;
    make_move(b, m);
    bool loses = repetition_verdict(b, b->hply) == VERDICT_WIN, check = b->hist[b->hply - 1].gave_check;
    unmake_move(b);
    if (!loses)
        return NULL;
    return check ? "perpetual check is forbidden" : "perpetual chase is forbidden";
}

void game_play(Game *g, Move m)
{
    g->record.moves[g->ply++] = m;
    g->record.nmoves = g->ply;
    make_move(&g->board, m);
    judge(g);
}
