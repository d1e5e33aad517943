/* The retrograde step on one thread: queues of positions by distance, a value decided, its predecessors taken up. */
#ifndef CHUHAN_EGTB_RETRO_H
#define CHUHAN_EGTB_RETRO_H

#include "solver.h"

/* Appends a position to a bucket; false where it could not grow (bucket_push marks the solver out of memory then). */
bool bucket_add(Bucket *b, uint64_t i, int side);
void bucket_push(Solver *s, Bucket *b, uint64_t i, int side);
/* Sets a position's value at a distance, queueing it for that level. */
void decide(Solver *s, int side, uint64_t i, int plies);
/* Puts every position decided or won by a capture so far into the queues for solve (levels.h). */
void queue_decided(Solver *s, uint8_t *const capwin[2]);
/* Takes up one decided position's predecessors, on the caller's thread alone. */
void retro(Solver *s, uint64_t i, int side, int plies);

#endif
