/*
 * Endgame tables: which numbers are positions. A number stands for one when
 * its men are on distinct points, it is its position's own number (with both
 * generals on the middle file a position and its mirror share the smaller),
 * and the side not to move is not in check (nor the generals facing). The
 * compressed files leave the others' values to the codec (egtb_codec.h), so
 * a reader that needs them marked works them out again here.
 */
#ifndef CHUHAN_EGTB_LEGAL_H
#define CHUHAN_EGTB_LEGAL_H

#include "../board/board.h"
#include "egtb_index.h"

/* The sides to move (bit 0 red, bit 1 black) for which the number is a position; b is the caller's board to work on. */
int tb_position_sides(const TbLayout *l, uint64_t index, Board *b);

#endif
