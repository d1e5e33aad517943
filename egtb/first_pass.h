#ifndef CHUHAN_EGTB_FIRST_PASS_H
#define CHUHAN_EGTB_FIRST_PASS_H

#include "solver.h"

/*
 * For resolve_rule_distances, with the undecided positions' counts and
 * longest losses set afresh: each takes up what its quiet successors that
 * stay decided give it, the wins these make possible (with the captures')
 * as a value in the dtm plane, so that those successors need no walk back.
 */
void take_up_kept_successors(Solver *s);
/* The first pass over every position: values of mates and captures, counts of successors. */
void first_pass(Solver *s, int threads);

#endif
