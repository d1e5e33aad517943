/*
 * Endgame practice (`chuhan play --egtb DIR --ending KRk`): a position of a
 * table ending drawn at random where the player's side wins, the engine
 * defending by the tables, and at the mate the player's moves counted against
 * the tables' shortest mate.
 */
#ifndef CHUHAN_PLAY_PRACTICE_H
#define CHUHAN_PLAY_PRACTICE_H

#include <stdbool.h>
#include <stddef.h>

#include "../search/engine.h"
#include "game.h"

typedef struct {
    bool on;
    int winner;   /* red, whose men the ending's name lists first */
    int best;     /* the tables' mate from the start, in the winner's moves */
} Practice;

/*
 * A FEN of the ending with `side` (the player's) to move, red winning by the
 * engine's tables within the natural limit in two moves or more: the player
 * of red attacks, the player of black defends. False with the reason in err
 * when the name is no ending or no such position was drawn.
 */
bool practice_position(Practice *pr, Engine *e, const char *ending, int side, char fen[FEN_MAX], char *err, size_t errlen);

/* At the game's end: the winner's moves against the tables' best play, in words; false when there is nothing to tell. */
bool practice_result(const Practice *pr, const Game *g, char *out, size_t cap);

#endif
