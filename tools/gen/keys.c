/* The position keys: one for each kind of man on each square, and one for black to move. */
#include "../../base/random.h"
#include "tables_make.h"

/* Keys are per kind, not per slot: two rooks swapping places is the same position. */
void make_keys(uint64_t piece[KIND_NB][SQUARE_NB], uint64_t *side)
{
    uint64_t state = 0x43687568616E2121ull; /* a fixed seed keeps keys, and with them bench, reproducible */
    for (int k = 0; k < KIND_NB; k++)
        for (int sq = 0; sq < SQUARE_NB; sq++)
            piece[k][sq] = splitmix64(&state);
    *side = splitmix64(&state);
}
