/* The perft commands: a divide of one position, and the reference suite. */
#ifndef CHUHAN_PERFT_CMD_H
#define CHUHAN_PERFT_CMD_H

#include <stdio.h>

#include "../engine/board.h"

/*
 * One "move: count" line per legal root move, then the total, the time and the
 * speed. rank_base selects the move notation (0: ranks 0-9, 1: ranks 1-10).
 * Returns the total.
 */
uint64_t perft_divide(Board *b, int depth, int rank_base, FILE *out);

/*
 * Runs every case of a "FEN ; depth ; nodes ; source" file whose node count is
 * at most max_nodes (0: all), printing a line per case and a summary.
 * Returns the number of failed cases, or -1 when the file cannot be read.
 */
int perft_suite(const char *path, uint64_t max_nodes, FILE *out);

#endif
