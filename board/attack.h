/* Attacks on a general: below both the board (which keeps the check flag) and move generation. */
#ifndef CHUHAN_ATTACK_H
#define CHUHAN_ATTACK_H

#include "position.h"
#include "tables.h"

/* Whether a point's man belongs to the side of `tag` and is of `type`. */
static inline bool is_type(int piece, int tag, int type)
{
    return (piece & tag) && piece_type_of[piece] == type;
}

/* The point a slide table's coordinate names along a rank, or along a file. */
static inline int slide_sq_rank(int coord, int rank) { return make_sq(coord, rank); }
static inline int slide_sq_file(int coord, int file) { return make_sq(file, coord); }

/*
 * Whether the general of `side` is attacked, looking outwards from it: along
 * its rank and file for rooks and cannons (and the other general on the file,
 * the flying-general rule), then for horses and pawns.
 */
bool king_attacked(const Board *b, int side);
static inline bool in_check(const Board *b) { return king_attacked(b, b->side); }

/* The points of the men giving check to the side to move; returns how many. */
int checkers(const Board *b, uint8_t out[16]);

#endif
