#include <inttypes.h>
#include <stdlib.h>

#include "../board/board.h"
#include "../base/clock.h"
#include "../notation/notation.h"
#include "../search/engine.h"
#include "bench.h"

/* Openings, middlegames and endgames, with either side to move. */
static const char *const positions[] = {
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
    "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 4 3",
    "r1bakab1r/9/1cn4c1/p1p1p3p/5np2/1C6P/P1P1P1P2/2N4C1/4A4/R1B1KABNR w - - 0 1",
    "r1baka1nr/9/2n1b2c1/p1p1p1p1p/1c7/6P2/P1P1P3P/1CN1C4/9/R1BAKABNR w - - 0 1",
    "r3kabnr/4a4/1cn1b2c1/p1p1p3p/6p2/P1P5P/4P1P2/1CN4C1/9/R1BAKABNR w - - 0 1",
    "rnbaka2r/9/1c2b1n2/p1p1p1pcp/9/6P2/P1P1P3P/4C1NC1/9/RNBAKAB1R w - - 0 1",
    "rn2kabnr/4a4/4b2c1/p1p1p1p1p/1c7/2P3PC1/P3P3P/1C4N2/9/RNBAKAB1R b - - 0 1",
    "rnbakab1r/9/6n1c/p1p1p2Cp/6p2/2P5P/Pc2P1P2/1C6N/9/RNBAKAB1R w - - 0 1",
    "r1bakabnr/9/2n4c1/p1p1p1p1p/9/8P/P1c1P1P2/1CN1B2C1/4A4/R1BAK2NR b - - 0 1",
    "rn1ak1bnr/4a4/1c2b2c1/p3p1p1p/2P6/1C7/P3P1P1P/2C6/9/RNBAKABNR b - - 0 1",
    "r1bakab1r/9/1c2c4/p3p3p/2p3p2/2P3P2/P3P3P/1C2C4/9/R1BAKAB1R w - - 0 1",
    "rnbakab2/2r6/1c4nc1/p3p1C1p/2p3p2/2P6/P3P1P1P/1CN3N2/8R/R1BAKAB2 b - - 0 1",
    "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1",
    "r2akabr1/4n4/4b1nc1/p1N1p1R1p/6p2/2p3P2/Pc2P3P/2C1C1N2/9/R1BAKAB2 b - - 0 1",
    "1r1akabr1/1c7/2n1b1n2/p1p1p3p/6p2/PN3R3/1cP1P1P1P/2C1C1N2/1R7/2BAKAB2 b - - 0 1",
    "1r2kabr1/4a4/2C1b2c1/p3p3p/1c3n3/2p3R2/P3P3P/N3C1N2/7R1/2BAKAB2 b - - 0 1",
    "r1b1kabr1/4a1c2/1cn3n2/p1p1pR2p/3NP4/2P6/P5p1P/1C2C4/9/RNBAKAB2 b - - 0 1",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "2b1ka1r1/4a4/4b1n2/p3p1p1p/3n5/2p1P1P2/PR6P/2cCBRN2/3rA4/1NBAK4 b - - 0 1",
    "3ak1b1r/4a4/b1n2c3/p3C2Rp/5np2/2P6/P2rP1P1P/3C2N2/4A4/R1B1KAB2 b - - 0 1",
    "2bak4/9/3a5/p2Np3p/3n1P3/3pc3P/P4r1c1/B2CC2R1/4A4/3AK1B2 b - - 0 1",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    "rnba1aCn1/4k4/8r/p1p1p3p/1c4P2/2P6/P3c3P/1C4N2/4K4/RNBA1AB1R b - - 0 1",
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
    "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
    "4k2n1/9/1c2b4/p3p1N1p/7r1/6P2/P1R1P3P/4B4/4A4/2BAK4 b - - 0 1",
    "6b2/3ka1N2/5a3/p3p4/1n3P3/P1N5C/5nc2/3AB4/9/3AK1B2 b - - 0 1",
    "4k1b2/4a4/5a3/6P1C/9/p4Nn2/2n6/9/4K4/5AB2 b - - 0 1",
    "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
    "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
    "R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w - - 0 1",
    "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
    "4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1",
    "2b1ka3/9/b3N4/4n4/9/9/9/4C4/2p6/2BK5 w - - 0 1",
    "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1",
    "3ak4/4a4/4b4/9/9/2C6/9/9/4A4/3AK1R2 w - - 0 1",
    "4k4/4a4/4ba3/9/2P3P2/9/9/4B4/4A4/3AK4 b - - 0 1",
    "3k5/4a4/3a5/9/9/9/9/4B4/3R5/4K4 w - - 0 1",
    "5k3/9/9/4P4/9/9/9/9/4A4/4KA3 w - - 0 1",
};

/*
 * Endings of six and seven men, outside the tables of up to five, whose
 * captures lead into them: `bench --endgames` with and without tables
 * measures what probing costs the search.
 */
static const char *const endgames[] = {
    "9/1P2k4/3a5/9/9/9/9/5K3/2r6/6R2 w - - 0 1",   "9/5k3/9/2P6/9/2R3r2/9/9/9/2p1K4 b - - 0 1",
    "9/9/4k4/9/6R1p/c8/9/C2K5/9/9 w - - 0 1",      "9/1n7/4k4/9/2N6/4P2p1/9/9/3K5/9 b - - 0 1",
    "4k4/9/9/6P2/2C6/9/4p4/5c3/3K5/9 w - - 0 1",   "3k5/9/6N2/9/9/r1p6/9/9/9/2R1K4 b - - 0 1",
    "9/9/5k2N/9/9/N8/9/3K5/p1c6/9 w - - 0 1",      "9/3k5/3a5/5R3/9/1n7/9/5A3/4K4/9 b - - 0 1",
    "9/5k3/2n2a3/9/9/2P6/3C5/3K5/9/9 w - - 0 1",   "3knR3/4a4/4P4/9/9/9/9/4K4/9/9 b - - 0 1",
    "5k3/9/5a3/3c5/9/2P6/9/9/3K5/8N w - - 0 1",    "4n4/5k3/9/9/9/2p6/9/4R4/3K5/6B2 b - - 0 1",
};

/*
 * Tables are read block by block as the search needs them: the board's
 * position searched once untimed first, from the same empty tables, so that the timed
 * search (the same tree: one thread, and nothing else changed) finds every
 * block it reaches in memory, as a game that stays in its ending does.
 */
static void warm_tables(Engine *e, const Board *board, int depth)
{
    SearchLimits warm = { .depth = depth };
    SearchReporter quiet = { 0 };
    SearchResult r;
    engine_clear(e);
    engine_prepare(e, &warm);
    engine_search(e, board, &warm, &quiet, &r);
}

static uint64_t bench_positions(const char *const *fens, int n, int depth, int threads, const char *tables, FILE *out)
{
    SearchOptions opt = { .threads = threads, .multipv = 1, .move_overhead = 0 };
    Board *board = board_new();
    Engine *e = engine_new();
    char err[256];
    bool started = board && e && engine_set_options(e, &opt);
    if (!started)
        snprintf(err, sizeof err, "cannot start %d threads", threads);
    else if (tables)
        started = engine_set_tablebases(e, tables, err, sizeof err);
    if (!started) {
        fprintf(out, "%s\n", err);
        engine_free(e);
        board_free(board);
        return 0;
    }
    SearchLimits limits = { .depth = depth };
    SearchReporter quiet = { 0 };
    uint64_t total = 0;
    int64_t searching = 0; /* time in the searches, without clearing the tables between them */

    uint64_t found = 0, read = 0; /* the timed searches' block lookups */

    for (int i = 0; i < n; i++) {
        if (!board_set_fen(board, fens[i], err, sizeof err)) {
            fprintf(out, "bad bench position %d: %s\n", i + 1, err);
            continue;
        }
        uint64_t found0 = 0, read0 = 0, found1, read1;
        if (tables) {
            warm_tables(e, board, depth);
            engine_tablebase_counts(e, &found0, &read0);
        }
        engine_clear(e);
        SearchResult r;
        int64_t t0 = now_us();
        engine_prepare(e, &limits);
        engine_search(e, board, &limits, &quiet, &r);
        int64_t us = now_us() - t0;
        char best[MOVE_STR_MAX];
        move_to_str(r.best, 0, best);
        fprintf(out, "Position %2d/%d: bestmove %-6s score %6d nodes %10" PRIu64 " time %8.1f ms  %s\n", i + 1, n,
                best, r.score, r.nodes, us / 1000.0, fens[i]);
        engine_tablebase_counts(e, &found1, &read1);
        found += found1 - found0, read += read1 - read0;
        total += r.nodes;
        searching += us;
    }
    fprintf(out, "\nNodes searched: %" PRIu64 "\n", total);
    fprintf(out, "Nodes/second: %" PRIu64 "\n", searching > 0 ? total * 1000000 / (uint64_t)searching : 0);
    fprintf(out, "Time (ms): %" PRId64 "\n", searching / 1000);
    if (tables)
        fprintf(out, "Table blocks: %" PRIu64 " found, %" PRIu64 " read\n", found, read);
    engine_free(e);
    board_free(board);
    return total;
}

uint64_t bench_run(int depth, int threads, FILE *out)
{
    return bench_positions(positions, (int)(sizeof positions / sizeof *positions), depth, threads, NULL, out);
}

uint64_t bench_endgames(int depth, const char *tables, FILE *out)
{
    return bench_positions(endgames, (int)(sizeof endgames / sizeof *endgames), depth, 1, tables, out);
}
