#ifndef CHUHAN_EGTB_LEVELS_H
#define CHUHAN_EGTB_LEVELS_H

#include "solver.h"

/* Solves level by level (levels.c), a large level shared among the solver's threads. */
void solve(Solver *s, uint8_t *const capwin[2]);

#endif
