/* The game in progress, judged after every move by the rules Chuhan plays: the Asian rules. */
#include <stdio.h>
#include <string.h>

#include "../board/movegen.h"
#include "../board/rules.h"
#include "../lang/lang.h"
#include "game.h"

static const char *side_name(int side) { return msg(side == RED ? MSG_RED : MSG_BLACK); }
static const char *win_for(int side) { return side == RED ? "1-0" : "0-1"; }

void game_end(Game *g, const char *result, const char *reason)
{
    snprintf(g->record.result, sizeof g->record.result, "%s", result);
    snprintf(g->reason, REASON_MAX, "%s", reason);
}

/* The result the position reached calls for, if any, with its reason in words. */
static void judge(Game *g)
{
    GameEnd e = game_end_of(&g->board);
    const char *result = e.winner < 0 ? "1/2-1/2" : win_for(e.winner), *loser = side_name(e.winner ^ 1);
    char reason[REASON_MAX] = "";
    switch (e.kind) {
    case END_MATE: snprintf(reason, sizeof reason, msg(MSG_CHECKMATED), loser); break;
    case END_STALEMATE: snprintf(reason, sizeof reason, msg(MSG_NO_LEGAL_MOVE), loser); break;
    case END_PERPETUAL: snprintf(reason, sizeof reason, msg(e.by_check ? MSG_LOSES_PERPETUAL_CHECK : MSG_LOSES_PERPETUAL_CHASE), loser); break;
    case END_REPETITION: snprintf(reason, sizeof reason, "%s", msg(MSG_DRAW_REPETITION)); break;
    case END_NATURAL: snprintf(reason, sizeof reason, "%s", msg(MSG_DRAW_NATURAL)); break;
    case END_DEAD: snprintf(reason, sizeof reason, "%s", msg(MSG_DRAW_DEAD)); break;
    case END_NONE:
        if (g->ply == PGN_PLIES_MAX) {
            result = "1/2-1/2";
            snprintf(reason, sizeof reason, "%s", msg(MSG_DRAW_LONGEST));
        } else {
            result = "*";
        }
        break;
    }
    game_end(g, result, reason);
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
    return msg(check ? MSG_FORBIDDEN_CHECK : MSG_FORBIDDEN_CHASE);
}

void game_play(Game *g, Move m)
{
    g->record.moves[g->ply++] = m;
    g->record.nmoves = g->ply;
    make_move(&g->board, m);
    judge(g);
}
