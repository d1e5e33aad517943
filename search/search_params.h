/*
 * Every margin, depth bound and reduction of the search, in one place so that
 * tuning touches one file. Depths are in plies, margins in centipawns.
 */
#ifndef CHUHAN_SEARCH_PARAMS_H
#define CHUHAN_SEARCH_PARAMS_H

enum {
    /* Aspiration windows: from this depth on, a window of ASPIRATION_DELTA around the last
     * score, widened by half again after each failure. */
    ASPIRATION_DEPTH = 4, ASPIRATION_DELTA = 20,

    /* Reverse futility: at depth <= RFP_DEPTH, a static value RFP_MARGIN per ply (one ply
     * less when improving, a third of one less when the opponent's last move worsened its own
     * static value) above beta returns. */
    RFP_DEPTH = 7, RFP_MARGIN = 90,

    /* Null move: from NMP_DEPTH on; reduced by NMP_BASE + depth / NMP_DEPTH_DIV + how far the
     * static value is above beta in NMP_EVAL_DIV steps, at most NMP_EVAL_MAX of them. */
    NMP_DEPTH = 3, NMP_BASE = 3, NMP_DEPTH_DIV = 4, NMP_EVAL_DIV = 200, NMP_EVAL_MAX = 3,

    /* Internal iterative reduction: a PV or cut node without a hash move, from this depth. */
    IIR_DEPTH = 4,

    /* Singular extension: from SE_DEPTH on, for a table move whose lower bound is at most
     * SE_TT_DEPTH plies shallower than the node; the other moves are searched to half the
     * depth against the table's score less SE_MARGIN / 8 per ply. */
    SE_DEPTH = 7, SE_TT_DEPTH = 3, SE_MARGIN = 64,

    /* Pruning before the move is made, at depth <= EARLY_PRUNE_DEPTH: losing captures below
     * -SEE_CAPTURE_MARGIN per ply, quiet moves after (LMP_BASE + d * d) / (2 - improving),
     * quiet moves losing more than SEE_QUIET_MARGIN * r * r, r the depth after the move's late
     * move reduction. */
    EARLY_PRUNE_DEPTH = 7, SEE_CAPTURE_MARGIN = 90, LMP_BASE = 3, SEE_QUIET_MARGIN = 25,

    /* Futility: a quiet non-checking move at depth <= FUTILITY_DEPTH whose static value plus
     * FUTILITY_BASE + FUTILITY_MARGIN per ply stays at or below alpha, unless its history
     * reaches FUTILITY_HISTORY. */
    FUTILITY_DEPTH = 6, FUTILITY_BASE = 120, FUTILITY_MARGIN = 100, FUTILITY_HISTORY = 4000,

    /* Late move reductions: quiet moves from LMR_DEPTH on, after the first (two in a PV
     * node); one ply less per LMR_HISTORY_DIV of history. */
    LMR_DEPTH = 3, LMR_HISTORY_DIV = 6000,

    /* Captures are ordered by victim, eight times its exchange value, plus their capture
     * history over CAPTURE_HISTORY_DIV. */
    CAPTURE_HISTORY_DIV = 3,

    /* Quiescence: a capture that cannot lift the stand-pat to alpha even winning its victim
     * outright plus QS_DELTA is skipped. */
    QS_DELTA = 150,

    /* Endgame table positions at most this many plies from the root are scored by their
     * distance, so that root moves into the tables are told apart by the mate each leads
     * to; deeper ones by whether they are won alone (node.c, table_score). */
    TABLE_DISTANCE_PLY = 1,

    /* Iterations beyond twice a forced result's plies that confirm it before the search ends. */
    FORCED_MARGIN = 6,

    /* A search whose hard time limit is shorter than this (ms) runs without helper threads. */
    HELPERS_MIN_MS = 20,

    /* A stop waits for depth 1, so that the move played was searched, for at most this many
     * nodes: a depth 1 lost in a long chain of checks must still end. */
    DEPTH1_GRACE_NODES = 200000,

    /* After this long (ms) a search also reports the move it is on and a root line whose
     * window failed: a GUI then shows progress, where earlier it would only flood the log. */
    REPORT_PROGRESS_MS = 3000,
};

/* Late move reductions: LMR_BASE + ln(depth) ln(moves) / LMR_DIVISOR, in hundredths. */
enum { LMR_BASE_100 = 60, LMR_DIVISOR_100 = 220 };

#endif
