/*
 * Fuzzing builds cap the work one command can cause, so that every input
 * runs in milliseconds: every cap is here. Other builds are not touched.
 */
#ifndef CHUHAN_FUZZ_CAPS_H
#define CHUHAN_FUZZ_CAPS_H

#include "../search/engine.h"

#ifdef CHUHAN_FUZZ
#define FUZZ_CAP(v, cap) ((v) < (cap) ? (v) : (cap))
#else
#define FUZZ_CAP(v, cap) (v)
#endif

/* A search: a few plies, never open-ended. */
static inline void cap_for_fuzzing(SearchLimits *l)
{
#ifdef CHUHAN_FUZZ
    l->depth = l->depth ? FUZZ_CAP(l->depth, 3) : 3;
    l->infinite = l->ponder = false;
#else
    (void)l;
#endif
}

/* Hash MB, threads, perft and bench depths. */
enum { FUZZ_HASH_MB = 16, FUZZ_THREADS = 2, FUZZ_PERFT_DEPTH = 2, FUZZ_BENCH_DEPTH = 1 };

#endif
