/* The transposition table, one to an engine, shared by its search threads. */
#ifndef CHUHAN_TT_H
#define CHUHAN_TT_H

#include <stddef.h>

#include "../board/types.h"

typedef struct {
    Move move;
    int16_t score; /* adjusted to the probing ply */
    int16_t eval;
    int8_t depth;
    uint8_t bound;
} TTHit;

enum { TT_DEFAULT_MB = 16, TT_MAX_MB = 65536 };

/* A table; all zero is an empty one without memory. */
typedef struct {
    struct Bucket *table;
    size_t bucket_count;
    uint8_t generation;
} TT;

/* Sets the size in MB (rounded down to whole buckets) and clears it; false, the table unchanged, if the memory is not there. */
bool tt_resize(TT *tt, size_t mb);
void tt_free(TT *tt);
size_t tt_size_mb(const TT *tt);
void tt_clear(TT *tt);
/* Starts a new search: older entries become preferred victims. */
void tt_new_search(TT *tt);

bool tt_probe(const TT *tt, uint64_t key, int ply, TTHit *hit);
void tt_store(TT *tt, uint64_t key, int ply, Move move, int score, int eval, int depth, int bound);
void tt_prefetch(const TT *tt, uint64_t key);

/*
 * Whether a stored result settles a node searched with this window: an exact
 * value, a lower bound at or above beta, an upper bound at or below alpha.
 * An entry without a bound (a rule verdict's, kept for its move) never does.
 */
static inline bool tt_settles(const TTHit *h, int alpha, int beta)
{
    return h->bound == BOUND_EXACT || (h->bound == BOUND_LOWER && h->score >= beta)
        || (h->bound == BOUND_UPPER && h->score <= alpha);
}

/* Per mille of sampled entries written by the current search. */
int tt_hashfull(const TT *tt);

#endif
