/* Move-path enumeration: the standard check of move generation. */
#ifndef CHUHAN_PERFT_H
#define CHUHAN_PERFT_H

#include "board.h"

/* Number of legal move paths of the given length; the last ply is counted, not played. */
uint64_t perft(Board *b, int depth);

#endif
