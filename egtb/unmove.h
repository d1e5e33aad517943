/*
 * Moves taken back: the points a man may have come from by a move that took
 * nothing, for retrograde analysis. occ is the board as it stands (OFFBOARD
 * round it); each origin returned was empty and the way from it was open.
 * A pawn's origin is only one it may stand on (on its own side, the files
 * of its start).
 */
#ifndef CHUHAN_UNMOVE_H
#define CHUHAN_UNMOVE_H

#include "../board/types.h"

enum { UNMOVE_MAX = 20 };

int unmove_origins(const uint8_t occ[SQUARE_NB], int side, int type, int sq, uint8_t out[UNMOVE_MAX]);

#endif
