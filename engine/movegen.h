/* Move generation, attack tests and legality. */
#ifndef CHUHAN_MOVEGEN_H
#define CHUHAN_MOVEGEN_H

#include "board.h"

/*
 * Whether the general of `side` is attacked, looking outwards from it: along
 * its rank and file for rooks and cannons (and the other general on the file,
 * the flying-general rule), then for horses and pawns.
 */
bool king_attacked(const Board *b, int side);
static inline bool in_check(const Board *b) { return king_attacked(b, b->side); }

/* Pseudo-legal moves of the side to move: captures, quiet moves, or both. */
int gen_captures(const Board *b, Move *list);
int gen_quiets(const Board *b, Move *list);
int gen_pseudo(const Board *b, Move *list);

/* All legal moves of the side to move. */
int gen_legal(Board *b, Move *list);

/* Whether m is a pseudo-legal move here (for moves from the TT or killers). */
bool move_is_pseudo(const Board *b, Move m);

/*
 * Whether a pseudo-legal move keeps the mover's general safe. `checked` is
 * in_check(b) for the current position, passed in so a caller testing many
 * moves computes it once.
 */
bool move_is_safe(Board *b, Move m, bool checked);

static inline bool move_is_legal(Board *b, Move m)
{
    return move_is_pseudo(b, m) && move_is_safe(b, m, in_check(b));
}

#endif
