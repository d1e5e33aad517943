/* Static exchange evaluation. */
#ifndef CHUHAN_SEE_H
#define CHUHAN_SEE_H

#include "board.h"

extern const int see_value[PIECE_TYPE_NB];

/*
 * Whether the exchange that m starts on its target point wins at least
 * `threshold` for the mover, both sides recapturing with their least valuable
 * man first and stopping when going on would lose. Attacks are recomputed
 * after every capture, so rooks and cannons behind the exchange, and cannons
 * losing or gaining their screen, are seen; pins are not. The board is
 * changed while working and restored before returning.
 */
bool see_ge(Board *b, Move m, int threshold);

#endif
