/*
 * Game files: the same two games written in Chinese, ICCS and WXF move text,
 * in UTF-8 and GB18030, and as a GUI would annotate them, all read as the
 * same games and written back byte for byte; `chuhan pgn` on good and bad
 * files.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "../pgn/pgn.h"
#include "common.h"

TestSuite(pgn, .init = setup_tables, .timeout = 60);

enum { GAMES_MAX = 4 };

typedef struct {
    int n;
    PgnGame games[GAMES_MAX];
} Games;

static bool keep_game(void *ctx, PgnGame *g)
{
    Games *all = ctx;
    if (all->n < GAMES_MAX)
        all->games[all->n] = *g;
    all->n++;
    return true;
}

static Games *read_games(const char *path)
{
    static Games slots[2];
    static int next;
    Games *all = &slots[next++ % 2];
    char err[256] = "";
    all->n = 0;
    cr_assert_eq(pgn_read_file(path, keep_game, all, err, sizeof err), 2, "%s: %s", path, err);
    return all;
}

static char *file_text(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    cr_assert(f, "cannot open %s", path);
    static char buf[2][1 << 14];
    static int next;
    char *text = buf[next++ % 2];
    *len = fread(text, 1, sizeof buf[0] - 1, f);
    text[*len] = 0;
    fclose(f);
    return text;
}

/* The first game of the test files, in ICCS. */
static const char *const first_game[] = {
    "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "c3c4", "g6g5", "h0h6", "h7i7",
    "h6g6", "i7i8", "b0c2", "d9e8", "c2d4", "i8g8", "g6f6", "g7h5", "b2c2", "a9b9",
};

static void expect_test_games(const Games *all, const char *path)
{
    const PgnGame *g = &all->games[0], *h = &all->games[1];
    cr_assert_eq(g->nmoves, 20, "%s", path);
    for (int i = 0; i < 20; i++)
        cr_assert_eq(g->moves[i], move_parse(first_game[i], 0), "%s: ply %d", path, i + 1);
    cr_assert_str_eq(g->fen, START_FEN);
    cr_assert_str_eq(g->result, "*");
    cr_assert_str_eq(g->error, "");
    cr_assert_str_eq(pgn_tag(g, "Event"), "全国象棋测试赛", "%s", path);
    cr_assert_str_eq(pgn_tag(g, "Opening"), "中炮过河车对屏风马平炮兑车", "%s", path);
    cr_assert_str_eq(pgn_tag(g, "Red"), "红方棋手");
    cr_assert_null(pgn_tag(g, "Format"), "the writer sets Format itself");
    cr_assert_eq(g->ntags, 7);

    cr_assert_str_eq(h->fen, "3k5/9/9/9/9/9/9/9/R8/R3K4 b - - 0 1", "%s", path);
    cr_assert_eq(h->nmoves, 2, "%s", path);
    cr_assert_eq(h->moves[0], move_parse("d9d8", 0));
    cr_assert_eq(h->moves[1], move_parse("a1d1", 0), "%s: the front rook", path);
    cr_assert_str_eq(h->result, "1-0");
    cr_assert_str_eq(pgn_tag(h, "Round"), "2");
}

Test(pgn, every_format_and_encoding_reads_as_the_same_games)
{
    static const char *const files[] = {
        "tests/data/games_chinese.pgn", "tests/data/games_iccs.pgn", "tests/data/games_wxf.pgn",
        "tests/data/games_gb18030.pgn", "tests/data/games_annotated.pgn",
    };
    for (size_t i = 0; i < sizeof files / sizeof *files; i++)
        expect_test_games(read_games(files[i]), files[i]);
}

/* Writing the games of `from` in a notation gives exactly the file `to`. */
static void expect_written(const char *from, Notation notation, const char *to)
{
    Games *all = read_games(from);
    char *text;
    size_t len, expected_len;
    FILE *out = open_memstream(&text, &len);
    for (int i = 0; i < all->n; i++)
        pgn_write(out, &all->games[i], notation);
    fclose(out);
    const char *expected = file_text(to, &expected_len);
    cr_assert_str_eq(text, expected, "%s written as %s", from, to);
    free(text);
}

Test(pgn, writing_round_trips_between_all_three_move_texts)
{
    static const char *const files[] = { "tests/data/games_iccs.pgn", "tests/data/games_chinese.pgn", "tests/data/games_wxf.pgn" };
    static const Notation notations[] = { NOTATION_ICCS, NOTATION_CHINESE, NOTATION_WXF };
    for (int from = 0; from < 3; from++)
        for (int to = 0; to < 3; to++)
            expect_written(files[from], notations[to], files[to]);
    expect_written("tests/data/games_annotated.pgn", NOTATION_ICCS, "tests/data/games_iccs.pgn");
    expect_written("tests/data/games_gb18030.pgn", NOTATION_CHINESE, "tests/data/games_chinese.pgn");
}

Test(pgn, gb18030_converts_both_ways)
{
    size_t utf8_len, gb_len, n;
    const char *utf8 = file_text("tests/data/games_chinese.pgn", &utf8_len);
    const char *gb = file_text("tests/data/games_gb18030.pgn", &gb_len);
    cr_assert_neq(gb_len, utf8_len, "the GB18030 file is really in GB18030");
    char *to_gb = utf8_to("GB18030", utf8, utf8_len, &n);
    cr_assert(to_gb && n == gb_len && !memcmp(to_gb, gb, n));
    char *back = text_to_utf8(gb, gb_len);
    cr_assert_str_eq(back, utf8);
    free(to_gb);
    free(back);
    /* A byte-order mark is dropped; UTF-8 text stays as it is. */
    back = text_to_utf8("\xEF\xBB\xBF[Red \"红\"]", 14);
    cr_assert_str_eq(back, "[Red \"红\"]");
    free(back);
}

/* Runs a shell command; its standard output goes to out, and its exit status is returned. */
static int run(const char *command, char *out, size_t cap)
{
    FILE *p = popen(command, "r");
    cr_assert(p, "cannot run %s", command);
    size_t n = fread(out, 1, cap - 1, p);
    out[n] = 0;
    int status = pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

Test(pgn, the_command_converts_between_notations_and_encodings)
{
    static char out[1 << 14];
    size_t len;
    cr_assert_eq(run("./chuhan pgn --moves wxf tests/data/games_chinese.pgn", out, sizeof out), 0);
    cr_assert_str_eq(out, file_text("tests/data/games_wxf.pgn", &len));
    cr_assert_eq(run("./chuhan pgn tests/data/games_wxf.pgn", out, sizeof out), 0, "ICCS by default");
    cr_assert_str_eq(out, file_text("tests/data/games_iccs.pgn", &len));
    cr_assert_eq(run("./chuhan pgn --moves chinese --encoding gb18030 tests/data/games_iccs.pgn", out, sizeof out), 0);
    const char *gb = file_text("tests/data/games_gb18030.pgn", &len);
    cr_assert_eq(strlen(out), len);
    cr_assert_str_eq(out, gb);
    /* Several files, one after the other. */
    cr_assert_eq(run("./chuhan pgn tests/data/games_iccs.pgn tests/data/games_gb18030.pgn | grep -c Game", out, sizeof out), 0);
    cr_assert_str_eq(out, "4\n");
}

Test(pgn, the_command_reports_the_first_bad_move_of_each_game)
{
    static char out[1 << 14];
    cr_assert_eq(run("./chuhan pgn --moves chinese tests/data/bad_moves.pgn 2>&1 >/dev/null", out, sizeof out), 1);
    cr_assert_str_eq(out, "tests/data/bad_moves.pgn: game 1: move 2 (red) 马八进六: the horse's leg is blocked\n"
                          "tests/data/bad_moves.pgn: game 3: bad FEN (rank 0 has more than 9 files)\n"
                          "tests/data/bad_moves.pgn: game 4: move 1 (red) 帅六平五: the generals would face each other\n");
    /* The games are still written, those cut short up to the bad move and without a result; one left with nothing is not. */
    cr_assert_eq(run("./chuhan pgn --moves chinese tests/data/bad_moves.pgn 2>/dev/null", out, sizeof out), 1);
    cr_assert_str_eq(out, "[Game \"Chinese Chess\"]\n[Event \"A horse whose leg is blocked\"]\n[Result \"*\"]\n"
                          "[Format \"Chinese\"]\n\n1. 炮二平五 马８进７\n*\n\n"
                          "[Game \"Chinese Chess\"]\n[Event \"Legal throughout\"]\n[Result \"1-0\"]\n"
                          "[FEN \"3k5/9/9/9/9/9/9/9/R8/R3K4 b - - 0 1\"]\n[Format \"Chinese\"]\n\n"
                          "1. ... 将４进１\n2. 前车平六\n1-0\n\n");
}

Test(pgn, the_command_refuses_bad_arguments)
{
    static char out[1024];
    cr_assert_eq(run("./chuhan pgn tests/data/no_such_file.pgn 2>&1", out, sizeof out), 1);
    cr_assert_str_eq(out, "chuhan: cannot read tests/data/no_such_file.pgn: No such file or directory\n");
    cr_assert_eq(run("./chuhan pgn 2>&1", out, sizeof out), 2);
    cr_assert(strstr(out, "usage: chuhan pgn"));
    cr_assert_eq(run("./chuhan pgn --moves latin tests/data/games_iccs.pgn 2>&1", out, sizeof out), 2);
    cr_assert_eq(run("./chuhan pgn --encoding big5 tests/data/games_iccs.pgn 2>&1", out, sizeof out), 2);
    /* Binary garbage is read as GB18030 text holding no games, or refused; either way nothing breaks. */
    cr_assert_neq(run("./chuhan pgn ./chuhan >/dev/null 2>&1; echo $?", out, sizeof out), -1);
    cr_assert(!strcmp(out, "0\n") || !strcmp(out, "1\n"), "status %s", out);
}

/* The first 40 plies of a game as cutechess-cli writes xiangqi: algebraic names, ranks 1-10, engine comments. */
static const char cutechess_game[] =
    "[Event \"?\"]\n[White \"chuhan\"]\n[Black \"fsf\"]\n[Result \"0-1\"]\n"
    "[FEN \"r1bak1bnr/4a4/1cn4c1/p3p3p/2p3p2/P6C1/2P1P1P1P/1CN3N2/9/R1BAKAB1R w - - 0 1\"]\n"
    "[SetUp \"1\"]\n[Variant \"xiangqi\"]\n\n"
    "1. Ci5 {-0.71/16 0.46s} Bi8 {+1.27/13 0.76s} 2. Ca3 {-0.59/16 0.58s}\n"
    "Ng8 {+1.71/13 0.96s} 3. Rb1 {-0.09/18 0.60s} Nd6 {+1.99/11 0.37s}\n"
    "4. Rh1 {-0.22/17 0.35s} Cc8 {+1.05/14 1.1s} 5. a6 {+0.15/16 1.0s}\n"
    "Ch6 {+1.78/11 0.084s} 6. Cia5 {+0.48/16 0.32s} Ra9 {+1.67/12 0.52s}\n"
    "7. Cxa7 {+0.54/14 0.24s} Rc9 {+2.21/11 0.12s} 8. Rh5 {+0.57/14 0.28s}\n"
    "Nxc4 {+1.35/14 1.1s} 9. Nge2 {+0.44/16 0.53s} Nxa3 {+2.90/11 0.17s}\n"
    "10. Bxa3 {+0.27/16 0.28s} Rf10 {+2.61/11 0.34s} 11. Rb10 {+0.38/17 0.62s}\n"
    "Rf2 {+3.54/14 0.65s} 12. Nd5 {-0.01/17 0.62s} c5 {+4.12/12 0.42s}\n"
    "13. Cc7 {+1.39/16 0.25s} Cf8 {+3.56/12 0.16s} 14. Cxc10+ {+1.34/17 0.23s}\n"
    "Rxc10 {+3.56/1 0s} 15. Rxc10 {+1.12/17 0.15s} cxd5 {+4.10/13 0.056s}\n"
    "16. Nc3 {+1.35/17 0.22s} g5 {+4.07/13 0.18s} 17. Rxg5 {+1.22/14 0.44s}\n"
    "Ce6+ {+10.64/11 0.072s} 18. Ade2 {-11.93/16 0.43s} Nf6 {+12.21/12 0.081s}\n"
    "19. Re5 {-13.48/16 0.37s} dxe5 {+12.58/12 0.084s} 20. Kd1 {-13.79/16 0.20s}\n"
    "exe4 {+12.49/13 0.31s, Black wins by adjudication} 0-1\n";

Test(pgn, cutechess_games_read_with_their_algebraic_names)
{
    static const char *const iccs[] = {
        "h4i4", "g9i7", "b2a2", "h9g7", "a0b0", "c7d5", "i0h0", "b7c7", "a4a5", "h7h5", "i4a4", "a9a8", "a4a6", "a8c8",
        "h0h4", "d5c3", "g2e1", "c3a2", "c0a2", "i9f9", "b0b9", "f9f1", "c2d4", "c5c4", "a6c6", "c7f7", "c6c9", "c8c9",
        "b9c9", "c4d4", "e1c2", "g5g4", "h4g4", "h5e5", "d0e1", "g7f5", "g4e4", "d4e4", "e0d0", "e4e3",
    };
    Games all = { 0 };
    cr_assert_eq(pgn_read_text(cutechess_game, keep_game, &all), 1);
    const PgnGame *g = &all.games[0];
    cr_assert_str_empty(g->error);
    cr_assert_str_eq(g->result, "0-1");
    cr_assert_eq(g->nmoves, 40);
    for (int i = 0; i < 40; i++)
        cr_assert_eq(g->moves[i], move_parse(iccs[i], 0), "ply %d is not %s", i + 1, iccs[i]);
}

/* Text that ends in the middle of things, or holds no game, reads without harm. */
Test(pgn, broken_text_reads_safely)
{
    Games all = { 0 };
    cr_assert_eq(pgn_read_text("", keep_game, &all), 0);
    cr_assert_eq(pgn_read_text("  \n; only a comment\n", keep_game, &all), 0);
    cr_assert_eq(pgn_read_text("[Event \"open", keep_game, &all), 1);
    cr_assert_str_eq(pgn_tag(&all.games[0], "Event"), "open");
    all.n = 0;
    cr_assert_eq(pgn_read_text("1. h2e2 { never closed", keep_game, &all), 1);
    cr_assert_eq(all.games[0].nmoves, 1);
    all.n = 0;
    cr_assert_eq(pgn_read_text("1. h2e2 (1. b2e2 (1. c3c4) h7e7 h9g7", keep_game, &all), 1);
    cr_assert_eq(all.games[0].nmoves, 1);
    all.n = 0;
    /* Games without tags, one after the other: a result ends each. */
    cr_assert_eq(pgn_read_text("1. C2.5 C8.5 1-0 1. 炮二平五 0-1 1. xyz *", keep_game, &all), 3);
    cr_assert_eq(all.games[0].nmoves, 2);
    cr_assert_str_eq(all.games[1].result, "0-1");
    cr_assert_str_eq(all.games[2].error, "move 1 (red) xyz: not a move: 'xyz'");
    all.n = 0;
    /* A tag after the moves starts the next game even without a result. */
    cr_assert_eq(pgn_read_text("1. h2e2 [Event \"next\"] 1. b2e2", keep_game, &all), 2);
    cr_assert_str_eq(pgn_tag(&all.games[1], "Event"), "next");
    /* A value longer than a tag holds is cut between characters. */
    char text[1200] = "[Event \"";
    for (int i = 0; i < 300; i++)
        strcat(text, "象");
    strcat(text, "\"]");
    all.n = 0;
    cr_assert_eq(pgn_read_text(text, keep_game, &all), 1);
    cr_assert_eq(strlen(pgn_tag(&all.games[0], "Event")), 3 * 85);
}
