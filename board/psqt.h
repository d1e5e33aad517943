/*
 * Material and placement: each kind's value on each point, from the weights
 * of the hand-written evaluation, summed incrementally by make_move() into
 * Board.psq.
 */
#ifndef CHUHAN_PSQT_H
#define CHUHAN_PSQT_H

#include "score.h"

/* Red's men positive, black's negative. Made when the engine is built (tools/gen/placement.c). */
extern const Score psq_table[KIND_NB][SQUARE_NB];

/* Where a side's man on sq reads the placement tables: black's turned half a circle. */
static inline int placement_row(int side, int sq) { return side == RED ? 9 - sq_rank(sq) : sq_rank(sq); }
static inline int placement_file(int side, int sq) { return side == RED ? sq_file(sq) : 8 - sq_file(sq); }

#endif
