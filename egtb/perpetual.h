#ifndef CHUHAN_EGTB_PERPETUAL_H
#define CHUHAN_EGTB_PERPETUAL_H

#include "solver.h"

/*
 * Under the Asian rules: decides the positions lost by perpetual check;
 * returns how many. The first time every undecided position is looked at,
 * later only those whose successors changed since.
 */
uint64_t perpetual_check(Solver *s, int threads, bool first);

#endif
