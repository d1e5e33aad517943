/* The solves before and after the perpetual-check rule's rounds (perpetual.c). */
#ifndef CHUHAN_EGTB_RULE_ROUNDS_H
#define CHUHAN_EGTB_RULE_ROUNDS_H

#include "solver.h"

/*
 * Before the rule's rounds: the undecided positions take up the captures into
 * results of the rule, and are solved with them.
 */
void take_up_rule_captures(Solver *s);
/*
 * After the rule's rounds: the positions they decided solved again from the
 * losses by the rule at distance 0 and what was decided without the rule,
 * so that each distance counts from its successors' final ones.
 */
void resolve_rule_distances(Solver *s);

#endif
