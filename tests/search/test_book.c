/* Opening books in ElephantEye's format: its keys, reading, making, and the engine's use of them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../probe/book.h"
#include "../../book/build.h"
#include "../common.h"
#include "../engine_pipe.h"

TestSuite(book, .init = setup_tables, .timeout = 60);

static Board board;
static BookKeys keys;

/* Locks of positions as ElephantEye 3.31's own code computes them (PositionStruct::FromFen, zobr.dwLock0/1). */
static const struct {
    const char *fen;
    uint32_t lock0, lock1, mirror_lock1;
} known[] = {
    { "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", 0x8f899c24, 0x052656d5, 0x052656d5 },
    { "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b", 0xeabc90f8, 0xeb505d7d, 0x5396644f },
    { "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w", 0x928f35bb, 0x7733b151, 0xa8fabf2d },
    { "3k5/9/9/9/9/9/9/9/4A4/3AK4 w", 0x58a9d927, 0x9f3639b5, 0xd83a6dfb },
    { "4k4/4a4/9/9/9/9/9/9/9/3K5 b", 0x3573d535, 0x5cb4c04c, 0x5a108bca },
    { "2bak4/9/4b4/p3N4/9/2C6/P2r5/9/9/3AK4 b", 0x73fe6e73, 0x56fc55af, 0x54f46b16 },
    { "4kab2/4a4/4b4/9/9/9/9/9/9/4K1B2 w", 0xad54b899, 0x891d449d, 0xc0f79653 },
};

Test(book, keys_are_elephanteyes_for_known_positions)
{
    book_keys_init(&keys);
    for (size_t i = 0; i < sizeof known / sizeof *known; i++) {
        uint32_t l0, l1, m0, m1;
        set_fen(&board, known[i].fen);
        book_locks(&keys, &board, false, &l0, &l1);
        book_locks(&keys, &board, true, &m0, &m1);
        cr_assert_eq(l0, known[i].lock0, "%s: lock0 %08x", known[i].fen, l0);
        cr_assert_eq(l1, known[i].lock1, "%s: lock1 %08x", known[i].fen, l1);
        cr_assert_eq(m1, known[i].mirror_lock1, "%s: mirror's lock1 %08x", known[i].fen, m1);
    }
}

Test(book, moves_are_coded_from_elephanteyes_top_left_corner)
{
    /* h2 is ElephantEye's point 0xaa (file 10, row 10 from the top), e2 its 0xa7. */
    cr_assert_eq(book_move_code(move_parse("h2e2", 0)), 0xa7aa);
    cr_assert_eq(book_code_move(0xa7aa), move_parse("h2e2", 0));
    cr_assert_eq(book_mirror_move(move_parse("h2e2", 0)), move_parse("b2e2", 0));
    cr_assert_eq(book_mirror_move(move_parse("a0a1", 0)), move_parse("i0i1", 0));
}

/* A file of the test's own, removed by the caller. */
static void temp_path(char *out, size_t cap, const char *name)
{
    snprintf(out, cap, "/tmp/chuhan-book-%d-%s", (int)getpid(), name);
}

static void write_file(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    cr_assert(f, "cannot write %s", path);
    cr_assert_eq(fwrite(data, 1, n, f), n);
    fclose(f);
}


/*
 * Three games: red's central cannon on the right wins, on the left draws
 * (the start is its own mirror, so each also counts for the other side's
 * cannon), and an elephant opening loses.
 */
static const char *games =
    "[Game \"Chinese Chess\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 1-0\n\n"
    "[Game \"Chinese Chess\"]\n[Result \"1/2-1/2\"]\n\n1. b2e2 b9c7 2. b0c2 a9b9 1/2-1/2\n\n"
    "[Game \"Chinese Chess\"]\n[Result \"0-1\"]\n\n1. c0e2 h9g7 0-1\n";

/* Builds a book of `games` with the given options; returns the command's status and its line in out. */
static int build(const char *pgn_path, const char *book_path, const char *options, char *out, size_t cap)
{
    char command[512];
    write_file(pgn_path, games, strlen(games));
    snprintf(command, sizeof command, "./chuhan book build %s %s %s 2>&1", options, book_path, pgn_path);
    return run_shell(command, out, cap);
}

Test(book, a_built_book_reads_back_with_weights_from_results_and_mirrors_merged)
{
    char pgn[128], path[128], out[2048], err[256];
    temp_path(pgn, sizeof pgn, "games.pgn");
    temp_path(path, sizeof path, "built.dat");
    cr_assert_eq(build(pgn, path, "", out, sizeof out), 0, "%s", out);
    /* Positions in two games: the start, and after either central cannon (one mirrored) with both replies. */
    cr_assert_str_eq(out, strstr(out, "3 games (0 without a move), 2 positions, 3 moves written to ") ? out : "?");
    Book *bk = book_open(path, err, sizeof err);
    cr_assert(bk, "%s", err);
    cr_assert_eq(bk->n, 3);
    for (size_t i = 1; i < bk->n; i++)
        cr_assert_leq(bk->rec[i - 1].lock, bk->rec[i].lock, "records in ElephantEye's order");

    BookMove moves[MAX_MOVES];
    set_fen(&board, START_FEN);
    cr_assert_eq(book_probe(bk, &board, moves), 2, "the elephant's loss (weight -1) is left out");
    /* Each cannon: 3 for its win and 1 for the mirrored draw; ties in file order (b2e2's code is the smaller). */
    cr_assert_eq(moves[0].move, move_parse("b2e2", 0));
    cr_assert_eq(moves[1].move, move_parse("h2e2", 0));
    cr_assert(moves[0].weight == 4 && moves[1].weight == 4);

    /* After h2e2 the replies are h9g7 (the loss for black: -1) and, mirrored, b9c7's draw turned h9g7 too. */
    set_fen(&board, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b");
    cr_assert_eq(book_probe(bk, &board, moves), 0, "h9g7: -1 for the loss, +1 for the mirrored draw: 0, left out");
    book_free(bk);

    /* With every position of one game kept, the book has more. */
    cr_assert_eq(build(pgn, path, "--min-games 1 --plies 2", out, sizeof out), 0, "%s", out);
    bk = book_open(path, err, sizeof err);
    cr_assert(bk, "%s", err);
    set_fen(&board, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w");
    cr_assert_eq(book_probe(bk, &board, moves), 2);
    book_free(bk);
    remove(pgn);
    remove(path);
}

Test(book, probe_lists_iccs_the_chinese_name_weight_and_share)
{
    char pgn[128], path[128], out[2048], command[512];
    temp_path(pgn, sizeof pgn, "probe.pgn");
    temp_path(path, sizeof path, "probe.dat");
    cr_assert_eq(build(pgn, path, "", out, sizeof out), 0, "%s", out);
    snprintf(command, sizeof command, "./chuhan book probe %s startpos", path);
    cr_assert_eq(run_shell(command, out, sizeof out), 0);
    cr_assert_str_eq(out, "b2e2 炮八平五 4 50.0%\nh2e2 炮二平五 4 50.0%\n");
    /* Out of book: nothing listed, status 1. */
    snprintf(command, sizeof command, "./chuhan book probe %s startpos moves a0a1 2>/dev/null", path);
    cr_assert_eq(run_shell(command, out, sizeof out), 1);
    cr_assert_str_eq(out, "");
    snprintf(command, sizeof command, "./chuhan book probe %s not/a/fen w 2>/dev/null", path);
    cr_assert_eq(run_shell(command, out, sizeof out), 2);
    cr_assert_eq(run_shell("./chuhan book build 2>/dev/null", out, sizeof out), 2, "no files");
    cr_assert_eq(run_shell("./chuhan book build --plies 0 x.dat y.pgn 2>/dev/null", out, sizeof out), 2, "no plies");
    snprintf(command, sizeof command, "./chuhan book build %s %s 2>&1", pgn, pgn);
    cr_assert_eq(run_shell(command, out, sizeof out), 2, "the book would overwrite its games");
    remove(pgn);
    remove(path);
}

static void expect_open_error(const char *path, const void *data, size_t n, const char *why)
{
    char err[512];
    if (data)
        write_file(path, data, n);
    cr_assert_null(book_open(path, err, sizeof err), "%s opened", why);
    cr_assert(strstr(err, why), "'%s' does not say '%s'", err, why);
    if (data)
        remove(path);
}

Test(book, a_missing_empty_corrupt_or_foreign_file_is_refused_with_the_reason)
{
    char path[128];
    temp_path(path, sizeof path, "bad.dat");
    expect_open_error("/no/such/book.dat", NULL, 0, "cannot open '/no/such/book.dat'");
    expect_open_error(path, "", 0, "is empty");
    expect_open_error("/dev/null", NULL, 0, "is not a file");
    expect_open_error(path, "12345678901", 11, "no whole number of 8-byte records");
    /* Text of a whole number of records: no move between two points. */
    expect_open_error(path, "rnbakabn", 8, "record 1 holds no move");
    /* Good records out of order. */
    static const unsigned char unsorted[16] = { 2, 0, 0, 0, 0xaa, 0xa7, 1, 0, 1, 0, 0, 0, 0xaa, 0xa7, 1, 0 };
    expect_open_error(path, unsorted, sizeof unsorted, "record 2 is out of order");
}

/* A book of one position and its moves, in ElephantEye's layout. */
static void write_book(const char *path, const char *fen, const char *const *moves, const int *weights, int n)
{
    BookKeys k;
    book_keys_init(&k);
    set_fen(&board, fen);
    uint32_t l0, l1;
    book_locks(&k, &board, false, &l0, &l1);
    unsigned char data[8 * 16];
    for (int i = 0; i < n; i++) {
        uint16_t code = book_move_code(move_parse(moves[i], 0));
        unsigned char r[8] = { (unsigned char)l1, (unsigned char)(l1 >> 8), (unsigned char)(l1 >> 16), (unsigned char)(l1 >> 24),
                               (unsigned char)code, (unsigned char)(code >> 8), (unsigned char)weights[i], (unsigned char)(weights[i] >> 8) };
        memcpy(data + 8 * i, r, 8);
    }
    write_file(path, data, 8 * (size_t)n);
}

Test(book, the_choice_follows_the_weights_or_takes_the_best)
{
    char path[128], err[256];
    temp_path(path, sizeof path, "choice.dat");
    static const char *const moves[] = { "h2e2", "c3c4", "b0c2" };
    static const int weights[] = { 6, 3, 1 };
    write_book(path, START_FEN, moves, weights, 3);
    Book *bk = book_open(path, err, sizeof err);
    cr_assert(bk, "%s", err);
    remove(path);
    set_fen(&board, START_FEN);
    Book *books[1] = { bk };
    uint64_t rng = 12345;
    int count[3] = { 0 };
    Move reply;
    for (int i = 0; i < 10000; i++) {
        Move m = book_choose(books, 1, &board, BOOK_WEIGHTED, NULL, &rng, &reply);
        for (int k = 0; k < 3; k++)
            count[k] += m == move_parse(moves[k], 0);
    }
    cr_assert_eq(count[0] + count[1] + count[2], 10000);
    cr_assert(count[0] > 5700 && count[0] < 6300 && count[1] > 2700 && count[1] < 3300 && count[2] > 800 && count[2] < 1200,
              "shares %d %d %d", count[0], count[1], count[2]);
    for (int i = 0; i < 100; i++)
        cr_assert_eq(book_choose(books, 1, &board, BOOK_BEST, NULL, &rng, &reply), move_parse("h2e2", 0));
    /* A banned move is never chosen; searchmoves restrict the choice. */
    Move ban = move_parse("h2e2", 0), only = move_parse("b0c2", 0);
    BookFilter banned = { &ban, 1, NULL, 0 }, restricted = { NULL, 0, &only, 1 };
    for (int i = 0; i < 100; i++) {
        cr_assert_neq(book_choose(books, 1, &board, BOOK_WEIGHTED, &banned, &rng, &reply), ban);
        cr_assert_eq(book_choose(books, 1, &board, BOOK_WEIGHTED, &restricted, &rng, &reply), only);
    }
    book_free(bk);
}

Test(book, a_book_move_that_repeats_a_position_of_the_game_is_not_played)
{
    char path[128], err[256];
    temp_path(path, sizeof path, "repeat.dat");
    static const char *const moves[] = { "h0g2" };
    static const int weights[] = { 1 };
    write_book(path, START_FEN, moves, weights, 1);
    Book *bk = book_open(path, err, sizeof err);
    cr_assert(bk, "%s", err);
    remove(path);
    Book *books[1] = { bk };
    uint64_t rng = 1;
    Move reply;
    set_fen(&board, START_FEN);
    cr_assert_eq(book_choose(books, 1, &board, BOOK_WEIGHTED, NULL, &rng, &reply), move_parse("h0g2", 0));
    /* The horses out and back: h0g2 now leads to a position the game has had. */
    const char *line[] = { "h0g2", "h9g7", "g2h0", "g7h9" };
    for (int i = 0; i < 4; i++)
        make_game_move(&board, move_parse(line[i], 0));
    cr_assert_eq(book_choose(books, 1, &board, BOOK_WEIGHTED, NULL, &rng, &reply), MOVE_NONE);
    book_free(bk);
}

static Engine e;
static char line[8192];

/* The answer to a go, with the book's remark before it if any; the time it took in *ms. */
static void answer(char *best, size_t cap, bool *from_book, int64_t *ms)
{
    int64_t t0 = test_now_ms();
    engine_send(&e, "go depth 3");
    *from_book = false;
    while (engine_line(&e, line, sizeof line, 10000)) {
        *from_book |= !strncmp(line, "info string book move", 21);
        if (!strncmp(line, "bestmove", 8)) {
            *ms = test_now_ms() - t0;
            snprintf(best, cap, "%.200s", line);
            return;
        }
    }
    cr_assert_fail("no answer to go");
}

/* Chuhan's own book is made again as games are added: the test holds its form, not its moves. */
Test(book, the_name_chuhan_opens_the_book_chuhan_carries)
{
    char out[4096], first[16];
    cr_assert_eq(run_shell("./chuhan book probe chuhan startpos", out, sizeof out), 0, "the start is in the book");
    int weight;
    char share[16];
    cr_assert_eq(sscanf(out, "%4s %*s %d %15s", first, &weight, share), 3, "%s", out);
    cr_assert_gt(weight, 0);
    cr_assert_eq(share[strlen(share) - 1], '%');
    engine_start(&e, "uci");
    engine_send(&e, "setoption name BookFile value chuhan");
    engine_send(&e, "position startpos");
    bool from_book;
    int64_t ms;
    char best[256];
    answer(best, sizeof best, &from_book, &ms);
    cr_assert(from_book, "a book move from the start");
    char wanted[32];
    snprintf(wanted, sizeof wanted, "\n%.4s ", best + 9);
    char listed[4200];
    snprintf(listed, sizeof listed, "\n%s", out);
    cr_assert(strstr(listed, wanted), "%s is a move the probe lists:\n%s", best, out);
    engine_close(&e, 3000);
}

Test(book, ucci_answers_go_from_the_book_at_once_and_searches_out_of_it)
{
    char path[128], best[256];
    bool from_book;
    int64_t ms;
    temp_path(path, sizeof path, "ucci.dat");
    static const char *const moves[] = { "h2e2", "c3c4" };
    static const int weights[] = { 3, 1 };
    write_book(path, START_FEN, moves, weights, 2);
    engine_start(&e, "ucci");
    engine_send(&e, "setoption bookfiles %s", path);
    engine_send(&e, "position startpos");
    bool seen[2] = { false, false };
    for (int i = 0; i < 40; i++) {
        answer(best, sizeof best, &from_book, &ms);
        cr_assert(from_book);
        cr_assert(!strcmp(best, "bestmove h2e2") || !strcmp(best, "bestmove c3c4"), "%s", best);
        seen[!strcmp(best, "bestmove c3c4")] = true;
        /* Pipes and a loaded machine included; the choice itself takes microseconds. */
        cr_assert_lt(ms, 500, "%lld ms", (long long)ms);
    }
    cr_assert(seen[0] && seen[1], "both moves, weighted at random");
    engine_send(&e, "setoption bookchoice best");
    for (int i = 0; i < 10; i++) {
        answer(best, sizeof best, &from_book, &ms);
        cr_assert_str_eq(best, "bestmove h2e2");
    }
    /* A draw offer is not accepted with a book move: it has no score to judge by. */
    engine_send(&e, "go draw depth 3");
    engine_expect_answer(&e, "bestmove", "bestmove h2e2", 5000);
    engine_send(&e, "banmoves h2e2");
    answer(best, sizeof best, &from_book, &ms);
    cr_assert_str_eq(best, "bestmove c3c4", "banned");
    engine_send(&e, "position startpos moves h2e2");
    answer(best, sizeof best, &from_book, &ms);
    cr_assert(!from_book, "out of book: a search");
    engine_send(&e, "position startpos");
    engine_send(&e, "setoption usebook false");
    answer(best, sizeof best, &from_book, &ms);
    cr_assert(!from_book, "book off");
    engine_send(&e, "quit");
    engine_close(&e, 3000);
    remove(path);
}

Test(book, a_bad_book_file_gives_each_dialects_error_and_the_engine_searches)
{
    char best[256];
    bool from_book;
    int64_t ms;
    engine_start(&e, "ucci");
    engine_send(&e, "setoption bookfiles /no/such/BOOK.DAT");
    cr_assert(engine_expect(&e, "info string error: book: cannot open '/no/such/BOOK.DAT'", line, sizeof line, 2000));
    cr_assert(strstr(line, "; no book is used"), "%s", line);
    /* A file of no whole number of records, of its own: any other file's size may fall on one. */
    char path[128], sent[192], want[256];
    temp_path(path, sizeof path, "torn.dat");
    FILE *f = fopen(path, "wb");
    cr_assert(f && fwrite("12345678901", 1, 11, f) == 11 && fclose(f) == 0);
    snprintf(sent, sizeof sent, "setoption bookfiles %s", path);
    engine_send(&e, sent);
    snprintf(want, sizeof want, "info string error: book: '%s' is corrupt or not an ElephantEye book", path);
    cr_assert(engine_expect(&e, want, NULL, 0, 2000));
    engine_send(&e, "position startpos");
    answer(best, sizeof best, &from_book, &ms);
    cr_assert(!from_book && !strncmp(best, "bestmove ", 9), "%s", best);
    engine_send(&e, "quit");
    engine_close(&e, 3000);
    remove(path);

    engine_start(&e, "uci");
    engine_send(&e, "setoption name BookFile value /no/such/book.dat");
    cr_assert(engine_expect(&e, "info string error: book: cannot open '/no/such/book.dat'", NULL, 0, 2000));
    engine_send(&e, "quit");
    engine_close(&e, 3000);

    engine_open(&e);
    engine_send(&e, "xboard");
    engine_send(&e, "protover 2");
    cr_assert(engine_expect(&e, "feature option=\"BookFile -string \"", NULL, 0, 5000));
    cr_assert(engine_expect(&e, "feature done=1", NULL, 0, 2000));
    engine_send(&e, "option BookFile=/no/such/book.dat");
    cr_assert(engine_expect(&e, "Error (book: cannot open '/no/such/book.dat'", NULL, 0, 2000));
    engine_send(&e, "quit");
    engine_close(&e, 3000);
}

Test(book, uci_and_xboard_play_from_the_book_and_a_ponder_hit_answers_the_books_move)
{
    char path[128];
    temp_path(path, sizeof path, "uci.dat");
    static const char *const moves[] = { "h9g7" };
    static const int weights[] = { 1 };
    write_book(path, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b", moves, weights, 1);
    engine_start(&e, "uci");
    engine_send(&e, "setoption name BookFile value %s", path);
    engine_send(&e, "position startpos moves h2e2");
    engine_send(&e, "go wtime 60000 btime 60000");
    engine_expect_answer(&e, "bestmove ", "bestmove h9g7", 2000);
    engine_send(&e, "go ponder wtime 60000 btime 60000");
    engine_send(&e, "ponderhit");
    engine_expect_answer(&e, "bestmove ", "bestmove h9g7", 2000);
    engine_send(&e, "setoption name OwnBook value false");
    engine_send(&e, "go depth 2");
    cr_assert(engine_expect(&e, "bestmove ", line, sizeof line, 5000));
    engine_send(&e, "quit");
    engine_close(&e, 3000);

    engine_start(&e, "xboard");
    engine_send(&e, "option BookFile=%s", path);
    engine_send(&e, "new");
    engine_send(&e, "level 0 1 0");
    engine_send(&e, "usermove h2e2");
    engine_expect_answer(&e, "move ", "move h9g7", 5000);
    engine_send(&e, "quit");
    engine_close(&e, 3000);
    remove(path);
}

/* ElephantEye's own book, where ELEEYE_BOOK names it (it is not part of the project). */
Test(book, elephanteyes_book_gives_the_moves_elephanteye_finds)
{
    const char *path = getenv("ELEEYE_BOOK");
    if (!path || access(path, R_OK))
        cr_skip_test("ELEEYE_BOOK names no readable BOOK.DAT");
    char err[256];
    Book *bk = book_open(path, err, sizeof err);
    cr_assert(bk, "%s", err);
    BookMove moves[MAX_MOVES];
    /* As ElephantEye 3.31's GetBookMoves lists them (its BOOK.DAT of the xqbase/eleeye repository). */
    static const char *start[] = { "b2e2", "h2e2", "c3c4", "g3g4", "c0e2", "g0e2", "b0c2", "h0g2",
                                   "h2d2", "b2f2", "b2d2", "h2f2", "b0a2", "h0i2", "h2c2", "b2g2" };
    static const int start_w[] = { 1473, 1473, 546, 546, 311, 311, 89, 89, 42, 42, 37, 37, 18, 18, 2, 2 };
    set_fen(&board, START_FEN);
    cr_assert_eq(book_probe(bk, &board, moves), 16);
    for (int i = 0; i < 16; i++)
        cr_assert(moves[i].move == move_parse(start[i], 0) && moves[i].weight == start_w[i], "move %d", i);
    /* Black after h2e2: found through the mirror (the book holds b2e2's side). */
    static const char *reply[] = { "h9g7", "b9c7", "h7e7", "b7e7" };
    static const int reply_w[] = { 761, 172, 97, 1 };
    set_fen(&board, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b");
    cr_assert_eq(book_probe(bk, &board, moves), 4);
    for (int i = 0; i < 4; i++)
        cr_assert(moves[i].move == move_parse(reply[i], 0) && moves[i].weight == reply_w[i], "reply %d", i);
    book_free(bk);
}

Test(book, chuhan_play_takes_its_moves_from_a_book_and_refuses_a_bad_one)
{
    char path[128], command[512], out[4096];
    temp_path(path, sizeof path, "play.dat");
    static const char *const moves[] = { "c3c4" };
    static const int weights[] = { 1 };
    write_book(path, START_FEN, moves, weights, 1);
    /* The engine plays both sides until it reads the quit: only the first move is wanted. */
    snprintf(command, sizeof command, "printf 'quit\\n' | ./chuhan play --blind --watch --depth 1 --book %s | head -3", path);
    cr_assert_eq(run_shell(command, out, sizeof out), 0);
    cr_assert(strstr(out, "1. 兵七进一 (P7+1 c3c4)\n"), "%s", out);
    cr_assert_eq(run_shell("./chuhan play --book /no/such/book.dat 2>&1 </dev/null", out, sizeof out), 2);
    cr_assert(strstr(out, "chuhan play: book: cannot open '/no/such/book.dat'"), "%s", out);
    remove(path);
}
