/* The perft commands: a divide of one position, and the reference suite. */
#ifndef CHUHAN_PERFT_CMD_H
#define CHUHAN_PERFT_CMD_H

#include <stdio.h>

#include "../board/board.h"

/*
 * One "move: count" line per legal root move, then the total, the time and the
 * speed. rank_base selects the move notation (0: ranks 0-9, 1: ranks 1-10).
 * Returns the total.
 */
uint64_t perft_divide(Board *b, int depth, int rank_base, FILE *out);

/* One line of a perft file, "FEN ; depth ; nodes [; source]", cut up in place. */
typedef struct {
    const char *fen;
    int depth;
    uint64_t nodes;
} PerftCase;
typedef enum { PERFT_LINE_CASE, PERFT_LINE_SKIP, PERFT_LINE_BAD } PerftLine; /* SKIP: blank or comment */
PerftLine perft_parse_line(char *line, PerftCase *c);

/*
 * Runs every case of a "FEN ; depth ; nodes ; source" file whose node count is
 * at most max_nodes (0: all), printing a line per case and a summary.
 * Returns the number of failed cases, or -1 when the file cannot be read.
 */
int perft_suite(const char *path, uint64_t max_nodes, FILE *out);

#endif
