/* The benchmark: a fixed search over built-in positions, whose node count is the search's signature. */
#ifndef CHUHAN_BENCH_H
#define CHUHAN_BENCH_H

#include <stdint.h>
#include <stdio.h>

enum { BENCH_DEFAULT_DEPTH = 10 };

/* Searches every position to `depth` with one thread and a fresh table; returns the total nodes. */
uint64_t bench_run(int depth, FILE *out);

#endif
