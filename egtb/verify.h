/* Checking tables: every position valued again from its successors' values, and a table's counts printed. */
#ifndef CHUHAN_EGTB_VERIFY_H
#define CHUHAN_EGTB_VERIFY_H

#include <stdio.h>

#include "../probe/egtb.h"

/*
 * Verifies the named endings' tables in dir under a rule set (every table of
 * that rule set when none is named), the successors read through s. Prints
 * a line per table and the first mismatches of each; adds to *mismatches.
 * Returns 0, 1 when a table could not be read, 2 for a bad ending name.
 */
int tb_verify_folder(TbSet *s, const char *dir, RuleSet r, char **endings, int n, int threads, long *mismatches, FILE *out);
void tb_print_stats(const TbTable *t, FILE *out);

#endif
