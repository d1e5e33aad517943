/* The benchmark: a fixed search over built-in positions, whose node count is the search's signature. */
#ifndef CHUHAN_BENCH_H
#define CHUHAN_BENCH_H

#include <stdint.h>
#include <stdio.h>

enum { BENCH_DEFAULT_DEPTH = 13, BENCH_ENDGAME_DEPTH = 16 };

/*
 * Searches every position to `depth` with a fresh table and fresh histories;
 * returns the total nodes. With one thread the total is the signature; more
 * threads are for measuring time to depth.
 */
uint64_t bench_run(int depth, int threads, FILE *out);
/* Endings of six and seven men searched to `depth` on one thread, with the tables in `tables` (NULL: none). */
uint64_t bench_endgames(int depth, const char *tables, FILE *out);

#endif
