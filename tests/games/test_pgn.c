/*
 * Game files: the same two games written in Chinese, ICCS and WXF move text,
 * in UTF-8 and GB18030, and as a GUI would annotate them, all read as the
 * same games and written back byte for byte; GB18030 converted both ways,
 * every code and bad bytes; `chuhan pgn` on good and bad files.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../pgn/pgn.h"
#include "../common.h"

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
    PgnText text = { 0 };
    size_t expected_len;
    for (int i = 0; i < all->n; i++)
        cr_assert(pgn_write_text(&text, &all->games[i], notation));
    const char *expected = file_text(to, &expected_len);
    cr_assert_eq(text.len, expected_len);
    cr_assert_str_eq(text.data, expected, "%s written as %s", from, to);
    free(text.data);
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

Test(pgn, a_game_written_to_a_file_is_the_text_written_in_memory)
{
    Games *all = read_games("tests/data/games_chinese.pgn");
    PgnText text = { 0 };
    cr_assert(pgn_write_text(&text, &all->games[0], NOTATION_WXF));
    FILE *f = tmpfile();
    cr_assert(f);
    pgn_write(f, &all->games[0], NOTATION_WXF);
    char written[4096];
    rewind(f);
    size_t n = fread(written, 1, sizeof written, f);
    fclose(f);
    cr_assert_eq(n, text.len);
    cr_assert(!memcmp(written, text.data, n));
    free(text.data);
}

Test(pgn, quotes_and_backslashes_in_tags_are_escaped_and_read_back)
{
    PgnGame *g = malloc(sizeof *g);
    pgn_game_init(g);
    pgn_set_tag(g, "Event", "\"炮\" \\ 马");
    PgnText text = { 0 };
    cr_assert(pgn_write_text(&text, g, NOTATION_ICCS));
    cr_assert_str_eq(text.data, "[Game \"Chinese Chess\"]\n[Event \"\\\"炮\\\" \\\\ 马\"]\n[Result \"*\"]\n"
                                "[Format \"ICCS\"]\n\n*\n\n");
    Games all = { 0 };
    cr_assert_eq(pgn_read_text(text.data, keep_game, &all), 1);
    cr_assert_str_eq(pgn_tag(&all.games[0], "Event"), "\"炮\" \\ 马");
    free(text.data);
    free(g);
}

/* GB18030 bytes read as UTF-8 give exactly `utf8`, and `utf8` written in GB18030 gives them back. */
static void expect_gb18030(const char *gb, const char *utf8)
{
    size_t n;
    char *decoded = text_to_utf8(gb, strlen(gb));
    cr_assert_str_eq(decoded, utf8);
    char *encoded = utf8_to("GB18030", utf8, strlen(utf8), &n);
    cr_assert(encoded && n == strlen(gb) && !memcmp(encoded, gb, n), "%s", utf8);
    free(decoded);
    free(encoded);
}

Test(pgn, chinese_move_text_converts_to_gb18030_and_back)
{
    expect_gb18030("\xC5\xDA\xB6\xFE\xC6\xBD\xCE\xE5 \xC2\xED\xA3\xB8\xBD\xF8\xA3\xB7 \xB3\xB5\xD2\xBB\xC6\xBD\xB6\xFE "
                   "\xCB\xA7\xCE\xE5\xBD\xF8\xD2\xBB \xC7\xB0\xDC\x87\xC6\xBD\xC1\xF9 \x8C\xA2",
                   "炮二平五 马８进７ 车一平二 帅五进一 前車平六 將");
    expect_gb18030("1. \xC5\xDA\xB6\xFE\xC6\xBD\xCE\xE5\xA1\xA1", "1. 炮二平五\xE3\x80\x80");
}

Test(pgn, four_byte_codes_stand_for_the_points_without_a_shorter_code)
{
    expect_gb18030("\x81\x30\x81\x30", "\xC2\x80");         /* U+0080, the first */
    expect_gb18030("\x81\x30\x84\x36", "¥");                /* U+00A5 */
    expect_gb18030("\x84\x31\xA4\x39", "\xEF\xBF\xBF");     /* U+FFFF, the last of the plane */
    expect_gb18030("\x90\x30\x81\x30", "\xF0\x90\x80\x80"); /* U+10000 */
    expect_gb18030("\x95\x32\x82\x36", "𠀀");               /* U+20000 */
    expect_gb18030("\xE3\x32\x9A\x35", "\xF4\x8F\xBF\xBF"); /* U+10FFFF */
}

/* The UTF-8 scalars of a text, in order, into points; returns their number. */
static size_t scalars(const char *text, size_t n, uint32_t *points, size_t cap)
{
    static const unsigned char lead_bits[5] = { 0, 0x7F, 0x1F, 0x0F, 0x07 };
    const unsigned char *s = (const unsigned char *)text;
    size_t count = 0;
    for (size_t i = 0; i < n; count++) {
        size_t len = s[i] < 0x80 ? 1 : s[i] < 0xE0 ? 2 : s[i] < 0xF0 ? 3 : 4;
        uint32_t cp = s[i] & lead_bits[len];
        for (size_t k = 1; k < len; k++)
            cp = cp << 6 | (s[i + k] & 0x3F);
        cr_assert(count < cap);
        points[count] = cp;
        i += len;
    }
    return count;
}

enum { TWO_BYTE_CODES = 126 * 190, FOUR_BYTE_BMP_CODES = 39420 };

Test(pgn, every_point_of_the_plane_from_u0080_has_exactly_one_code)
{
    enum { CODES = TWO_BYTE_CODES + FOUR_BYTE_BMP_CODES };
    char *gb = malloc(2 * TWO_BYTE_CODES + 4 * FOUR_BYTE_BMP_CODES);
    uint32_t *points = malloc(CODES * sizeof *points);
    unsigned char *seen = calloc(0x10000, 1);
    size_t n = 0, len;
    for (int lead = 0x81; lead <= 0xFE; lead++)
        for (int trail = 0x40; trail <= 0xFE; trail++)
            if (trail != 0x7F) {
                gb[n++] = (char)lead;
                gb[n++] = (char)trail;
            }
    for (int i = 0; i < FOUR_BYTE_BMP_CODES; i++) {
        char code[4] = { (char)(0x81 + i / 12600), (char)(0x30 + i / 1260 % 10), (char)(0x81 + i / 10 % 126), (char)(0x30 + i % 10) };
        memcpy(gb + n, code, 4);
        n += 4;
    }
    char *utf8 = text_to_utf8(gb, n);
    cr_assert(utf8);
    cr_assert_eq(scalars(utf8, strlen(utf8), points, CODES), CODES);
    for (int i = 0; i < CODES; i++) {
        cr_assert(points[i] >= 0x80 && points[i] <= 0xFFFF && (points[i] < 0xD800 || points[i] > 0xDFFF));
        cr_assert(!seen[points[i]], "U+%04X twice", points[i]);
        seen[points[i]] = 1;
        cr_assert(i <= TWO_BYTE_CODES || points[i] > points[i - 1], "the four-byte codes go in the order of their points");
    }
    cr_assert_eq(points[TWO_BYTE_CODES], 0x80);
    cr_assert_eq(points[CODES - 1], 0xFFFF);
    /* No point is left out: there are as many codes as points from U+0080, surrogates aside. */
    cr_assert_eq(CODES, 0x10000 - 0x80 - 0x800);
    char *back = utf8_to("GB18030", utf8, strlen(utf8), &len);
    cr_assert(back && len == n && !memcmp(back, gb, n), "every code comes back");
    free(back);
    free(utf8);
    free(seen);
    free(points);
    free(gb);
}

Test(pgn, bytes_that_are_neither_utf8_nor_gb18030_are_refused)
{
    static const char *const bad[] = {
        "\x80", "\xFF", "abc\x81", "\x81\x7F", "\x81\xFF", "\x81\x20",
        "\x81\x30", "\x81\x30\x81", "\x81\x30\x7F\x30", "\x81\x30\x81\x3A",
        "\x84\x31\xA5\x30", /* just past U+FFFF's code */
        "\x85\x30\x81\x30", /* between the codes of the two planes' ranges */
        "\xE3\x32\x9A\x36", /* just past U+10FFFF's */
        "\xFE\x39\xFE\x39",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        cr_assert_null(text_to_utf8(bad[i], strlen(bad[i])), "bad text %zu", i);
    cr_assert_null(text_to_utf8("\xC5\xDA\x80", 3), "a stray byte after a good code");
}

Test(pgn, only_well_formed_utf8_converts_and_only_to_utf8_or_gb18030)
{
    static const char *const bad[] = {
        "\x80", "\xC0\xAF" /* overlong */, "\xE0\x80\xAF", "\xED\xA0\x80" /* a surrogate */,
        "\xF4\x90\x80\x80" /* past U+10FFFF */, "\xE7\x82", "\xF8\x88\x80\x80\x80",
    };
    size_t n;
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        cr_assert_null(utf8_to("UTF-8", bad[i], strlen(bad[i]), &n), "bad text %zu", i);
        cr_assert_null(utf8_to("GB18030", bad[i], strlen(bad[i]), &n), "bad text %zu", i);
    }
    char *text = utf8_to("utf-8", "炮", 3, &n);
    cr_assert(text && n == 3 && !strcmp(text, "炮"));
    free(text);
    text = utf8_to("gb18030", "炮", 3, &n);
    cr_assert(text && n == 2 && !strcmp(text, "\xC5\xDA"));
    free(text);
    cr_assert_null(utf8_to("BIG5", "炮", 3, &n));
    cr_assert_null(utf8_to("UTF-16", "a", 1, &n));
    text = utf8_to("GB18030", "", 0, &n);
    cr_assert(text && n == 0 && !*text, "no text is no error");
    free(text);
}


Test(pgn, the_command_converts_between_notations_and_encodings)
{
    static char out[1 << 14];
    size_t len;
    cr_assert_eq(run_shell("./chuhan pgn --moves wxf tests/data/games_chinese.pgn", out, sizeof out), 0);
    cr_assert_str_eq(out, file_text("tests/data/games_wxf.pgn", &len));
    cr_assert_eq(run_shell("./chuhan pgn tests/data/games_wxf.pgn", out, sizeof out), 0, "ICCS by default");
    cr_assert_str_eq(out, file_text("tests/data/games_iccs.pgn", &len));
    cr_assert_eq(run_shell("./chuhan pgn --moves chinese --encoding gb18030 tests/data/games_iccs.pgn", out, sizeof out), 0);
    const char *gb = file_text("tests/data/games_gb18030.pgn", &len);
    cr_assert_eq(strlen(out), len);
    cr_assert_str_eq(out, gb);
    /* Several files, one after the other. */
    cr_assert_eq(run_shell("./chuhan pgn tests/data/games_iccs.pgn tests/data/games_gb18030.pgn | grep -c Game", out, sizeof out), 0);
    cr_assert_str_eq(out, "4\n");
}

Test(pgn, the_command_reports_the_first_bad_move_of_each_game)
{
    static char out[1 << 14];
    cr_assert_eq(run_shell("./chuhan pgn --moves chinese tests/data/bad_moves.pgn 2>&1 >/dev/null", out, sizeof out), 1);
    cr_assert_str_eq(out, "tests/data/bad_moves.pgn: game 1: move 2 (red) 马八进六: the horse's leg is blocked\n"
                          "tests/data/bad_moves.pgn: game 3: bad FEN (rank 0 has more than 9 files)\n"
                          "tests/data/bad_moves.pgn: game 4: move 1 (red) 帅六平五: the generals would face each other\n");
    /* The games are still written, those cut short up to the bad move and without a result; one left with nothing is not. */
    cr_assert_eq(run_shell("./chuhan pgn --moves chinese tests/data/bad_moves.pgn 2>/dev/null", out, sizeof out), 1);
    cr_assert_str_eq(out, "[Game \"Chinese Chess\"]\n[Event \"A horse whose leg is blocked\"]\n[Result \"*\"]\n"
                          "[Format \"Chinese\"]\n\n1. 炮二平五 马８进７\n*\n\n"
                          "[Game \"Chinese Chess\"]\n[Event \"Legal throughout\"]\n[Result \"1-0\"]\n"
                          "[FEN \"3k5/9/9/9/9/9/9/9/R8/R3K4 b - - 0 1\"]\n[Format \"Chinese\"]\n\n"
                          "1. ... 将４进１\n2. 前车平六\n1-0\n\n");
}

Test(pgn, the_command_refuses_bad_arguments)
{
    static char out[1024];
    cr_assert_eq(run_shell("./chuhan pgn tests/data/no_such_file.pgn 2>&1", out, sizeof out), 1);
    cr_assert_str_eq(out, "chuhan: cannot read tests/data/no_such_file.pgn: No such file or directory\n");
    cr_assert_eq(run_shell("./chuhan pgn 2>&1", out, sizeof out), 2);
    cr_assert(strstr(out, "usage: chuhan pgn"));
    cr_assert_eq(run_shell("./chuhan pgn --moves latin tests/data/games_iccs.pgn 2>&1", out, sizeof out), 2);
    cr_assert_eq(run_shell("./chuhan pgn --encoding big5 tests/data/games_iccs.pgn 2>&1", out, sizeof out), 2);
    /* Binary garbage is read as GB18030 text holding no games, or refused; either way nothing breaks. */
    cr_assert_neq(run_shell("./chuhan pgn ./chuhan >/dev/null 2>&1; echo $?", out, sizeof out), -1);
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

Test(pgn, text_between_games_of_a_database_download_is_skipped)
{
    static char out[1 << 14];
    cr_assert_eq(run_shell("./chuhan pgn --moves wxf tests/data/games_trailing_text.pgn 2>&1", out, sizeof out), 0,
                 "every game read: %s", out);
    cr_assert_str_eq(out, "[Game \"Chinese Chess\"]\n[Event \"first\"]\n[Red \"甲\"]\n[Black \"乙\"]\n[Result \"1-0\"]\n"
                          "[Format \"WXF\"]\n\n1. C2.5 H8+7\n2. H2+3 R9.8\n1-0\n\n"
                          "[Game \"Chinese Chess\"]\n[Event \"second\"]\n[Result \"0-1\"]\n[Format \"WXF\"]\n\n"
                          "1. C2.5 H8+7\n2. H2+3\n0-1\n\n");
}

/* cutechess names a pawn's move by its target alone: here c8d8 (mate) or d7d8; its # tells. */
Test(pgn, a_check_mark_tells_apart_two_pawns_that_reach_one_point)
{
    static char out[1 << 12];
    cr_assert_eq(run_shell("./chuhan pgn tests/data/san_pawn_mate.pgn", out, sizeof out), 0);
    cr_assert(strstr(out, "\n49. C8-D8\n1-0\n"), "%s", out);
}

/* Red pawns on d7 and e6 both reach e7: "e7" means the one whose game goes on, else the one that advances. */
static const char two_pawns[] = "[FEN \"5k3/9/9/3P5/4P4/9/9/9/9/4K4 w - - 0 1\"]\n";

/* The one game of `moves` played from two_pawns, read without error. */
static const PgnGame *read_two_pawns(const char *moves, Games *all)
{
    char text[256];
    snprintf(text, sizeof text, "%s%s\n", two_pawns, moves);
    cr_assert_eq(pgn_read_text(text, keep_game, all), 1);
    cr_assert_str_empty(all->games[0].error);
    return &all->games[0];
}

Test(pgn, a_pawn_name_that_fits_two_pawns_means_the_one_whose_game_goes_on)
{
    Games all = { 0 };
    const PgnGame *g = read_two_pawns("1. e7 Kf9 2. f6 *", &all);
    cr_assert_eq(g->nmoves, 3);
    cr_assert_eq(g->moves[0], move_parse("d6e6", 0));
    cr_assert_eq(g->moves[2], move_parse("e5f5", 0));
    cr_assert_gt(g->unsure_from, g->unsure_to, "one reading only: nothing is unsure");
}

Test(pgn, a_game_that_reads_two_ways_marks_the_moves_it_leaves_unsure)
{
    Games all = { 0 };
    const PgnGame *g = read_two_pawns("1. e7 Kf9 2. e8 Kf10 *", &all);
    cr_assert_eq(g->moves[0], move_parse("e5e6", 0), "the advancing pawn first");
    cr_assert_eq(g->unsure_from, 0);
    cr_assert_eq(g->unsure_to, 3);
}

Test(pgn, a_game_remembers_the_notation_of_its_moves)
{
    static const char *const files[] = { "tests/data/games_iccs.pgn", "tests/data/games_chinese.pgn", "tests/data/games_wxf.pgn",
                                         "tests/data/games_gb18030.pgn" };
    static const Notation notations[] = { NOTATION_ICCS, NOTATION_CHINESE, NOTATION_WXF, NOTATION_CHINESE };
    for (int i = 0; i < 4; i++) {
        const Games *all = read_games(files[i]);
        cr_assert_eq(all->games[0].notation, notations[i], "%s", files[i]);
        cr_assert_eq(all->games[1].notation, notations[i], "%s: a game that starts with black", files[i]);
    }
    Games all = { 0 };
    cr_assert_eq(pgn_read_text(cutechess_game, keep_game, &all), 1);
    cr_assert_eq(all.games[0].notation, NOTATION_ICCS, "algebraic names have no writer: the nearest coordinates");
    pgn_read_text("1. h2-e2 h9-g7 *", keep_game, &all);
    cr_assert_eq(all.games[1].notation, NOTATION_ICCS);
    pgn_read_text("1.C2.5 H8+7 *", keep_game, &all);
    cr_assert_eq(all.games[2].notation, NOTATION_WXF);
}
