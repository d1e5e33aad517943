#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "../../bench/bench.h"
#include "../../search/engine.h"
#include "../../search/tt.h"
#include "../common.h"

static Engine *engine;

static void setup_search(void)
{
    setup_tables();
    engine = engine_new();
}

static void teardown_search(void) { engine_free(engine); }

TestSuite(search, .init = setup_search, .fini = teardown_search);

static Board board;

static SearchResult run(const char *fen, SearchLimits limits)
{
    SearchResult r;
    SearchReporter quiet = { 0 };
    set_fen(&board, fen);
    engine_clear(engine);
    engine_prepare(engine, &limits);
    engine_search(engine, &board, &limits, &quiet, &r);
    return r;
}

static void expect_legal(const char *fen, Move m)
{
    set_fen(&board, fen);
    cr_assert(m && move_is_legal(&board, m), "move %04x is not legal in %s", m, fen);
}

/* Mates whose distance Fairy-Stockfish confirms; `moves` > 0: the side to move mates, < 0: it is mated. */
static const struct {
    const char *fen;
    int moves;
} mates[] = {
    { "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1", 1 },
    { "3ak4/4a4/9/9/9/9/9/9/9/4K1R2 w - - 0 1", 1 },
    { "4k1r2/9/9/9/9/9/9/9/4A4/3AK4 b - - 0 1", 1 },
    { "5k3/9/9/9/9/9/9/9/9/3K1C1R1 w - - 0 1", 2 },
    { "5k3/4a4/9/9/9/9/9/9/9/4K2RR w - - 0 1", 2 },
    { "3k1c1r1/9/9/9/9/9/9/9/9/5K3 b - - 0 1", 2 },
    { "5k3/4a4/3R5/9/9/9/9/9/9/4K4 w - - 0 1", 3 },
    { "4k4/9/9/9/9/9/9/9/4A4/3AK1R2 b - - 0 1", -3 },
    { "4k4/4a4/3a5/9/9/9/9/9/3R5/4K4 w - - 0 1", 4 },
    { "3k5/4a4/5a3/9/9/9/9/9/9/4K1R1C w - - 0 1", 4 },
    { "4k4/3r5/9/9/9/9/9/3A5/4A4/4K4 b - - 0 1", 4 },
};

Test(search, finds_mates_at_their_exact_distance)
{
    for (size_t i = 0; i < sizeof mates / sizeof *mates; i++) {
        int n = mates[i].moves;
        SearchResult r = run(mates[i].fen, (SearchLimits){ .depth = 2 * (n > 0 ? n : -n) + 8 });
        int want = n > 0 ? mate_in(2 * n - 1) : mated_in(-2 * n);
        cr_assert_eq(r.score, want, "%s: score %d, want %d", mates[i].fen, r.score, want);
        expect_legal(mates[i].fen, r.best);
    }
}

/*
 * Three threads search the same tree, sharing the table. What one finds in
 * the table can change what another prunes, so at a fixed
 * depth the mate found may be a longer one (as with any engine's threads),
 * but it is a forced mate all the same, for the right side.
 */
Test(search, threads_sharing_the_table_find_the_mates)
{
    SearchOptions opt = *engine_options(engine);
    opt.threads = 3;
    cr_assert(engine_set_options(engine, &opt));
    for (size_t i = 0; i < sizeof mates / sizeof *mates; i++) {
        int n = mates[i].moves;
        SearchResult r = run(mates[i].fen, (SearchLimits){ .depth = 2 * (n > 0 ? n : -n) + 8 });
        if (n > 0)
            cr_assert(r.score >= mate_in(2 * n + 3), "%s: score %d, want a mate in %d to %d", mates[i].fen, r.score, n, n + 2);
        else
            cr_assert(r.score <= -VALUE_MATE_BOUND, "%s: score %d, want mated", mates[i].fen, r.score);
        expect_legal(mates[i].fen, r.best);
    }
    const char *fen = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";
    SearchResult r = run(fen, (SearchLimits){ .depth = 10 });
    expect_legal(fen, r.best);
    cr_assert_eq(r.depth, 10);
}

Test(search, mate_limit_stops_at_the_mate)
{
    SearchResult r = run("5k3/9/9/9/9/9/9/9/9/3K1C1R1 w - - 0 1", (SearchLimits){ .mate = 2 });
    cr_assert_eq(r.score, mate_in(3));
    cr_assert_eq(r.best, move_parse("h0h8", 0));
}

Test(search, no_legal_move_loses_mate_and_stalemate_alike)
{
    /* Checkmated: the rook on d8 checks, the general has nowhere to go. */
    SearchResult r = run("3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1", (SearchLimits){ .depth = 5 });
    cr_assert_eq(r.best, MOVE_NONE);
    cr_assert_eq(r.score, mated_in(0));
    /* Stalemated: not in check, no move. */
    r = run("3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1", (SearchLimits){ .depth = 5 });
    cr_assert_eq(r.best, MOVE_NONE);
    cr_assert_eq(r.score, mated_in(0));
    /* Stalemating the opponent wins: a mate-like score, not a draw. */
    r = run("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", (SearchLimits){ .depth = 6 });
    cr_assert_geq(r.score, VALUE_MATE_BOUND);
}

Test(search, tt_mate_scores_are_relative_to_the_node)
{
    uint64_t key = 0x123456789ABCDEFull;
    TT tt = { 0 };
    cr_assert(tt_resize(&tt, 1));
    tt_store(&tt, key, 4, move_of(make_sq(0, 0), make_sq(0, 1)), mate_in(10), 0, 7, BOUND_EXACT);
    TTHit hit;
    cr_assert(tt_probe(&tt, key, 2, &hit));
    cr_assert_eq(hit.score, mate_in(8), "the same node two plies nearer the root is mated two plies sooner");
    cr_assert_eq(hit.depth, 7);
    cr_assert_eq(hit.bound, BOUND_EXACT);
    tt_store(&tt, key ^ 1, 3, MOVE_NONE, mated_in(9), 0, 5, BOUND_UPPER);
    cr_assert(tt_probe(&tt, key ^ 1, 6, &hit));
    cr_assert_eq(hit.score, mated_in(12));
    tt_store(&tt, key ^ 2, 3, MOVE_NONE, -250, 0, 5, BOUND_LOWER);
    cr_assert(tt_probe(&tt, key ^ 2, 9, &hit));
    cr_assert_eq(hit.score, -250, "ordinary scores are not shifted");
    tt_free(&tt);

    /* A second search on a warm table still reports the exact distance. */
    SearchLimits l = { .depth = 12 };
    SearchReporter quiet = { 0 };
    SearchResult r;
    set_fen(&board, "4k4/4a4/3a5/9/9/9/9/9/3R5/4K4 w - - 0 1");
    for (int i = 0; i < 2; i++) {
        engine_prepare(engine, &l);
        engine_search(engine, &board, &l, &quiet, &r);
        cr_assert_eq(r.score, mate_in(7));
    }
}

Test(search, a_rule_verdict_in_the_table_keeps_its_move_but_settles_nothing)
{
    uint64_t key = 0xFEDCBA9876543210ull;
    Move m = move_of(make_sq(4, 0), make_sq(4, 1));
    TT tt = { 0 };
    cr_assert(tt_resize(&tt, 1));
    tt_store(&tt, key, 2, m, rule_win(5), 40, 9, BOUND_LOWER);
    TTHit hit;
    cr_assert(tt_probe(&tt, key, 2, &hit));
    cr_assert_eq(hit.move, m);
    cr_assert_eq(hit.bound, BOUND_NONE);
    cr_assert_not(tt_settles(&hit, 100, 101), "no cut below: the verdict held only on one path");
    cr_assert_not(tt_settles(&hit, -101, -100), "no cut above either");
    cr_assert_not(tt_settles(&hit, 39, 41), "nor does it refine the static value");
    tt_free(&tt);

    hit.bound = BOUND_UPPER;
    cr_assert(tt_settles(&hit, 0, 1));
    cr_assert_not(tt_settles(&hit, -1, 0));
    hit.bound = BOUND_LOWER;
    cr_assert(tt_settles(&hit, -1, 0));
    cr_assert_not(tt_settles(&hit, 0, 1));
}

Test(search, repetition_in_the_tree_is_a_draw)
{
    /* Black, two horses down, has walked its general up and back twice; a third time draws. */
    set_fen(&board, "3aka3/9/9/9/9/9/9/9/9/1N1K2N2 b - - 0 1");
    static const char *moves[] = { "e9e8", "d0d1", "e8e9", "d1d0" };
    for (int i = 0; i < 8; i++)
        make_move(&board, move_parse(moves[i % 4], 0));
    SearchLimits l = { .depth = 8 };
    SearchReporter quiet = { 0 };
    SearchResult r;
    engine_clear(engine);
    engine_prepare(engine, &l);
    engine_search(engine, &board, &l, &quiet, &r);
    cr_assert_eq(r.best, move_parse("e9e8", 0));
    cr_assert_eq(r.score, VALUE_DRAW);
}

Test(search, node_limit_returns_a_legal_move)
{
    SearchResult r = run(START_FEN, (SearchLimits){ .nodes = 2000 });
    expect_legal(START_FEN, r.best);
    cr_assert_leq(r.nodes, 2000 + 2048, "stopped near the limit (%llu nodes)", (unsigned long long)r.nodes);
    r = run("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1", (SearchLimits){ .nodes = 1 });
    expect_legal("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1", r.best);
}

Test(search, searchmoves_and_banmoves_restrict_the_root)
{
    SearchLimits l = { .depth = 4, .nsearchmoves = 1 };
    l.searchmoves[0] = move_parse("a3a4", 0);
    SearchResult r = run(START_FEN, l);
    cr_assert_eq(r.best, move_parse("a3a4", 0));

    /* Banning both mates in one (e1d1 mates, e1e8 stalemates) leaves a mate in two. */
    l = (SearchLimits){ .depth = 8, .nbanmoves = 2 };
    l.banmoves[0] = move_parse("e1d1", 0);
    l.banmoves[1] = move_parse("e1e8", 0);
    r = run("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1", l);
    cr_assert_eq(r.score, mate_in(3));
}

Test(search, bench_signature_is_stable)
{
    FILE *null = fopen("/dev/null", "w");
    uint64_t a = bench_run(6, 1, null), b = bench_run(6, 1, null);
    fclose(null);
    cr_assert_eq(a, b);
    cr_assert_gt(a, 1000);
}

/* Two engines in one process, each with its own table, threads and options. */
typedef struct {
    Engine *engine;
    Board board;
    SearchResult result;
} Job;

static void *search_job(void *arg)
{
    Job *job = arg;
    SearchLimits l = { .depth = 10 };
    SearchReporter quiet = { 0 };
    engine_prepare(job->engine, &l);
    engine_search(job->engine, &job->board, &l, &quiet, &job->result);
    return NULL;
}

Test(search, two_engines_searching_at_once_find_what_each_finds_alone)
{
    static Job jobs[2];
    static const char *const fens[2] = {
        "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 4 3",
        "3ak1b1r/4a4/b1n2c3/p3C2Rp/5np2/2P6/P2rP1P1P/3C2N2/4A4/R1B1KAB2 b - - 0 1",
    };
    SearchResult alone[2];
    for (int i = 0; i < 2; i++) {
        jobs[i].engine = engine_new();
        cr_assert(jobs[i].engine);
        set_fen(&jobs[i].board, fens[i]);
        search_job(&jobs[i]);
        alone[i] = jobs[i].result;
        engine_clear(jobs[i].engine);
    }
    pthread_t threads[2];
    for (int i = 0; i < 2; i++)
        cr_assert_eq(pthread_create(&threads[i], NULL, search_job, &jobs[i]), 0);
    for (int i = 0; i < 2; i++) {
        pthread_join(threads[i], NULL);
        cr_assert_eq(jobs[i].result.nodes, alone[i].nodes, "engine %d: %llu nodes together, %llu alone", i,
                     (unsigned long long)jobs[i].result.nodes, (unsigned long long)alone[i].nodes);
        cr_assert_eq(jobs[i].result.best, alone[i].best);
        cr_assert_eq(jobs[i].result.score, alone[i].score);
        engine_free(jobs[i].engine);
    }
}

/* The line of multipv 1 last reported as exact: what a GUI shows when the answer comes. */
typedef struct {
    int score;
    Move first;
    int lines;
} LastLine;

static void keep_last_line(void *ctx, const SearchInfo *info)
{
    LastLine *l = ctx;
    if (info->multipv != 1 || info->bound != BOUND_EXACT || !info->pv_len)
        return;
    l->score = info->score;
    l->first = info->pv[0];
    l->lines++;
}

/*
 * A search cut off by its node budget mid-iteration may keep the unfinished
 * iteration's score for the same move; the GUI's last line must carry it, as
 * a review reads the score from there (web/review.js) and chuhan review from
 * the answer. The positions of a master game, the table kept between them.
 */
Test(search, the_last_exact_line_reported_has_the_answers_move_and_score)
{
    static const char *const game[] = { "h2e2", "h9g7", "h0g2", "i9h9", "c3c4", "g6g5", "b0c2", "b9c7", "b2b4", "c9e7",
                                        "g3g4", "g5g4", "b4g4", "g7h5", "a0b0", "a9b9", "b0b6", "h9h8", "e3e4", "h8f8",
                                        "e4e5", "e6e5", "b6b5", "c6c5", "b5c5", "h5f4", "c5e5", "d9e8", "g2f4", "f8f4" };
    SearchLimits limits = { .nodes = 30000 };
    set_fen(&board, START_FEN);
    engine_clear(engine);
    for (size_t i = 0; i < sizeof game / sizeof *game; i++) {
        LastLine last = { 0 };
        SearchReporter rep = { .info = keep_last_line, .ctx = &last };
        SearchResult r;
        engine_prepare(engine, &limits);
        engine_search(engine, &board, &limits, &rep, &r);
        cr_assert(last.lines > 0, "ply %zu: no line reported", i);
        cr_assert_eq(last.first, r.best, "ply %zu: the last line's move %04x, the answer %04x", i, last.first, r.best);
        cr_assert_eq(last.score, r.score, "ply %zu: the last line's score %d, the answer's %d", i, last.score, r.score);
        Move m = move_parse(game[i], 0);
        cr_assert(m && move_is_legal(&board, m));
        make_move(&board, m);
    }
}

Test(search, the_engine_holds_the_books_and_its_seed_replays_their_choice)
{
    char err[256];
    cr_assert(engine_set_books(engine, BOOK_OWN_NAME, err, sizeof err), "%s", err);
    cr_assert_eq(engine_books(engine), 1);
    set_fen(&board, START_FEN);
    Move first[32], reply;
    engine_seed(engine, 7);
    for (int i = 0; i < 32; i++) {
        first[i] = engine_book_move(engine, &board, BOOK_WEIGHTED, NULL, &reply);
        cr_assert_neq(first[i], MOVE_NONE, "the start is in Chuhan's book");
    }
    engine_seed(engine, 7);
    for (int i = 0; i < 32; i++)
        cr_assert_eq(engine_book_move(engine, &board, BOOK_WEIGHTED, NULL, &reply), first[i], "choice %d", i);
    /* A file that is no book is left out, the others kept. */
    cr_assert(!engine_set_books(engine, "chuhan;/no/such/book.dat", err, sizeof err));
    cr_assert(strstr(err, "/no/such/book.dat"), "%s", err);
    cr_assert_eq(engine_books(engine), 1);
    cr_assert(engine_set_books(engine, "", err, sizeof err));
    cr_assert_eq(engine_book_move(engine, &board, BOOK_WEIGHTED, NULL, &reply), MOVE_NONE, "no book, no move");
}
