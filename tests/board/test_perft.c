#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../board/perft.h"
#include "../../perft/perft_cmd.h"
#include "../common.h"

TestSuite(perft, .init = setup_tables);

/* Every case of the project's reference file up to this many nodes; `make perft` runs the rest. */
enum { TEST_NODE_BUDGET = 5000000 };

Test(perft, reference_cases_within_budget, .timeout = 600)
{
    FILE *in = fopen("perft/perft.txt", "r");
    cr_assert(in, "perft/perft.txt not found; run the tests from the repository root");
    static Board board;
    char line[512];
    int cases = 0;
    while (fgets(line, sizeof line, in)) {
        PerftCase c;
        PerftLine kind = perft_parse_line(line, &c);
        cr_assert_neq(kind, PERFT_LINE_BAD, "malformed line: %s", line);
        if (kind == PERFT_LINE_SKIP || c.nodes > TEST_NODE_BUDGET)
            continue;
        set_fen(&board, c.fen);
        uint64_t got = perft(&board, c.depth);
        cr_assert_eq(got, c.nodes, "perft %d of %s: %" PRIu64 ", expected %" PRIu64, c.depth, c.fen, got, c.nodes);
        cases++;
    }
    fclose(in);
    cr_assert_geq(cases, 100, "only %d cases under the budget", cases);
}

Test(perft, depth_zero_counts_the_position)
{
    static Board board;
    set_fen(&board, START_FEN);
    cr_assert_eq(perft(&board, 0), 1);
    cr_assert_eq(perft(&board, 1), 44);
}
