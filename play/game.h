/* The game in progress: its record, the position, and its result by the full rules. */
#ifndef CHUHAN_PLAY_GAME_H
#define CHUHAN_PLAY_GAME_H

#include "../pgn/pgn.h"

enum { REASON_MAX = 96 };

typedef struct {
    PgnGame record; /* the moves played, and beyond `ply` those taken back, for redo */
    int ply;        /* moves played */
    Board board;    /* the position after them */
    UndoStack undo; /* the board's */
    char reason[REASON_MAX]; /* why the game ended; record.result is "*" while it goes on */
} Game;

/* A new game from a FEN; false (the game unchanged) when the FEN is bad, with the reason. */
bool game_start(Game *g, const char *fen, char *err, size_t errlen);
/* A game from a record, at its end. */
void game_load(Game *g, const PgnGame *record);

static inline bool game_over(const Game *g) { return g->record.result[0] != '*'; }
static inline int game_side(const Game *g, int ply) { return g->board.side ^ ((ply - g->ply) & 1); }

/*
 * Why m may not be played although legal: it completes a repetition its
 * side would lose (perpetual check or chase is forbidden). NULL when it may.
 */
const char *game_forbidden(Game *g, Move m);

/* Plays a legal move, forgets the moves taken back, and judges the position reached. */
void game_play(Game *g, Move m);
/* Goes to the position after `ply` moves of the record (taking back or replaying), and judges it. */
void game_goto(Game *g, int ply);
/* Ends the game by a decision off the board: a resignation, an agreed draw, a flag fall. */
void game_end(Game *g, const char *result, const char *reason);

#endif
