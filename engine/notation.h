/* Text in and out of the engine: FEN for positions, ICCS coordinates for moves. */
#ifndef CHUHAN_NOTATION_H
#define CHUHAN_NOTATION_H

#include <stddef.h>

#include "board.h"

#define START_FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
enum { FEN_MAX = 128 };

/*
 * Reads a FEN (board, side, optional castling/en-passant dashes and the two
 * counters). On error returns false, writes the reason into err and leaves b
 * untouched. The text is read only up to its terminating NUL.
 */
bool board_set_fen(Board *b, const char *fen, char *err, size_t errlen);
void board_get_fen(const Board *b, char out[FEN_MAX]);

/*
 * Move text in ICCS form ("h2e2"), ranks 0-9; rank_base 1 gives the ranks 1-10
 * of chess-derived tools ("h3e3", "a10a9"). Parsing checks the syntax only and
 * returns MOVE_NONE for anything that is not exactly one move.
 */
enum { MOVE_STR_MAX = 8 };
void move_to_str(Move m, int rank_base, char out[MOVE_STR_MAX]);
Move move_parse(const char *s, int rank_base);

#endif
