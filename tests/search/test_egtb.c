/* Endgame tables: the index, and the egtb command and the engine's use of tables as the real binary gives them. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../probe/egtb.h"
#include "../../probe/egtb_cache.h"
#include "../../probe/egtb_index.h"
#include "../common.h"
#include "../engine_pipe.h"

TestSuite(egtb, .init = setup_tables, .timeout = 120);

/* Runs a shell command made as printf makes text; its output goes to out, its exit status is returned. */
static int run(char *out, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int run(char *out, size_t cap, const char *fmt, ...)
{
    char command[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(command, sizeof command, fmt, ap);
    va_end(ap);
    return run_shell(command, out, cap);
}

/* A fresh folder for one test's tables. */
static void fresh_dir(char dir[64])
{
    snprintf(dir, 64, "/tmp/chuhan-egtb-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
}

static void remove_dir(const char *dir)
{
    char out[64];
    run(out, sizeof out, "rm -rf %s", dir);
}

static char out[1 << 16];

/* A fresh folder with the tables of these endings (and the command's other words) built in it. */
static void built(char dir[64], const char *endings)
{
    fresh_dir(dir);
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb build %s %s --threads 2 2>&1", dir, endings), 0, "%s", out);
}

Test(egtb, every_number_of_an_ending_is_one_position_and_back)
{
    Ending e;
    char err[128];
    cr_assert(ending_parse("KRPkab", &e, err, sizeof err), "%s", err);
    static TbLayout l;
    tb_layout(&l, &e);
    cr_assert_eq(l.size, 45ull * 90 * 55 * 5 * 7, "generals' 45 pairs, rook 90, pawn 55, advisor 5, elephant 7");
    uint64_t used = 0;
    for (uint64_t i = 0; i < l.size; i += 7) {
        TbPos p;
        tb_position(&l, i, &p);
        int64_t back = tb_index(&l, &p);
        cr_assert(back >= 0);
        /* With both generals on the middle file a position and its mirror share the smaller number. */
        if ((uint64_t)back == i)
            used++;
        else
            cr_assert(sq_file(p.sq[0]) == 4 && sq_file(p.sq[1]) == 4 && (uint64_t)back < i);
    }
    cr_assert_gt(used, l.size / 7 * 9 / 10);
}

Test(egtb, endings_are_named_and_checked)
{
    Ending e;
    char err[128], name[TB_NAME_MAX];
    cr_assert(ending_parse("KNPkab", &e, err, sizeof err));
    ending_name(&e, name);
    cr_assert_str_eq(name, "KNPkab");
    cr_assert(ending_parse("KPNkea", &e, err, sizeof err), "letters in any order, E for an elephant");
    ending_name(&e, name);
    cr_assert_str_eq(name, "KNPkab");
    cr_assert_not(ending_is_canonical(&e) && false);
    Ending s = ending_swap(&e);
    cr_assert_not(ending_is_canonical(&s), "the stronger side is red in the stored table");
    cr_assert_not(ending_parse("KAAAk", &e, err, sizeof err));
    cr_assert_str_eq(err, "KAAAk: red has at most 2 A");
    cr_assert_not(ending_parse("KPPPPPPk", &e, err, sizeof err));
    cr_assert_not(ending_parse("Rk", &e, err, sizeof err));
    cr_assert_str_eq(err, "Rk: red has no general");
    cr_assert_not(ending_parse("KXk", &e, err, sizeof err));
}

Test(egtb, a_build_makes_the_captured_endings_first_and_verifies)
{
    char dir[64];
    fresh_dir(dir);
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb build %s KRk 2>&1", dir), 0, "%s", out);
    cr_assert_eq(run(out, sizeof out, "ls %s", dir), 0);
    cr_assert_str_eq(out, "KRk.asian.egtb\nKRk.repetition-draw.egtb\nKk.asian.egtb\nKk.repetition-draw.egtb\n");
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb stats %s kRK --rules asian", dir), 0, "either colouring names it");
    cr_assert(strstr(out, "KRk asian: 4401 positions"), "%s", out);
    cr_assert(strstr(out, "red to move: 1917 wins, 0 draws, 0 losses"), "%s", out);
    cr_assert(strstr(out, "black to move: 0 wins, 54 draws, 2430 losses"), "%s", out);
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb verify %s", dir), 0, "%s", out);
    cr_assert(strstr(out, "\n0 mismatches\n"), "%s", out);
    remove_dir(dir);
}

Test(egtb, probe_gives_the_verdict_and_the_moves_that_keep_it)
{
    char dir[64];
    built(dir, "KRk --rules asian");
    cr_assert_eq(run(out, sizeof out,
                     "./chuhan egtb probe %s '4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1' '3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1' "
                     "'4k4/4R4/9/9/9/9/9/9/9/3K5 b - - 0 1' '4k4/9/9/9/9/9/9/9/9/3K1A3 w - - 0 1'",
                     dir),
                 0);
    cr_assert_str_eq(out, "win 2 i0i8:2 i0e0:2 d0d1:3 i0i1:3 i0i2:3 i0i3:3 i0i4:3 i0i5:3 i0i6:3 i0i7:3 i0i9:3 i0h0:3 "
                          "i0g0:3 i0f0:3\n"
                          "loss 1 d9d8:1\n"
                          "draw e9e8\n"
                          "none\n");
    /* The same position seen from the other side: the table of the swapped colours answers. */
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb probe %s '3k4r/9/9/9/9/9/9/9/9/4K4 b - - 0 1'", dir), 0);
    cr_assert(!strncmp(out, "win 2 ", 6), "%s", out);
    /* A position that cannot be gets its line too, so that a caller's lines stay in step. */
    cr_assert_eq(run(out, sizeof out,
                     "./chuhan egtb probe %s '4k4/9/9/9/9/9/9/9/4R4/3K5 w - - 0 1' '4k4/4R4/9/9/9/9/9/9/9/3K5 b - - 0 1' 2>/dev/null",
                     dir),
                 2);
    cr_assert_str_eq(out, "error\ndraw e9e8\n");
    remove_dir(dir);
}

Test(egtb, a_defender_that_holds_only_by_perpetual_check_loses_under_asian_rules)
{
    char dir[64];
    built(dir, "KRkn");
    /* Black's horse can only check from h1 for ever: every other move loses to the rook. */
    const char *fen = "9/9/4k4/9/9/2R6/8n/9/9/5K3 b - - 0 1";
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb probe %s '%s' --rules repetition-draw", dir, fen), 0);
    cr_assert_str_eq(out, "draw i3h1\n");
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb probe %s '%s' --rules asian", dir, fen), 0);
    cr_assert(!strncmp(out, "loss 0 rule ", 12), "%s", out);
    /* Red to move mates in 3 without the rule; the moves that win only by it do not count as keeping that. */
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb probe %s '9/9/4k4/9/9/2R6/8n/9/9/5K3 w - - 0 1'", dir), 0);
    cr_assert_str_eq(out, "win 3 c4e4:3 c4c7:6 f0f1:7 c4c2:7 c4c1:7 c4c3:9\n");
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb stats %s KRkn", dir), 0);
    cr_assert(strstr(out, "KRkn asian: 380325 positions"), "%s", out);
    cr_assert(strstr(out, "red to move: 173562 wins, 39 draws, 504 losses"), "%s", out);
    cr_assert(strstr(out, "red to move: 173250 wins, 351 draws, 504 losses"), "%s", out);
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb verify %s KRkn --threads 2", dir), 0, "%s", out);
    /* An ending whose captures reach results of the rule (KRkna takes the advisor into KRkn) verifies too. */
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb build %s KRkna --threads 2 2>/dev/null", dir), 0);
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb verify %s KRkna --threads 2", dir), 0, "%s", out);
    cr_assert(strstr(out, "KRkna.asian.egtb: 3645000 positions, 0 mismatches"), "%s", out);
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb stats %s KRkna --rules asian", dir), 0);
    cr_assert(strstr(out, "red to move: 820791 wins, 203 draws, 2743 losses"), "%s", out);
    remove_dir(dir);
}

Test(egtb, bad_input_is_refused_with_a_reason)
{
    char dir[64];
    fresh_dir(dir);
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb build %s KAAAk 2>&1", dir), 2);
    cr_assert_str_eq(out, "chuhan egtb: KAAAk: red has at most 2 A\n");
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb build %s KRkppppppp 2>&1", dir), 2);
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb build %s RRk 2>&1", dir), 2);
    cr_assert_str_eq(out, "chuhan egtb: RRk: red has no general\n");
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb build %s KRk --rules chinese 2>&1", dir), 2);
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb probe /no/such/folder 'x' 2>&1"), 2);
    cr_assert_str_eq(out, "chuhan egtb: cannot read the folder /no/such/folder\n");
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb frobnicate 2>&1 >/dev/null"), 2);

    /* A damaged block is refused by its checksum, a cut file by its length, another format by its number: no answer from any. */
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb build %s KNk --rules asian 2>/dev/null", dir), 0);
    const char *fen = "4k4/9/9/9/9/9/9/9/9/3K1N3 w - - 0 1";
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb probe %s '%s' 2>&1", dir, fen), 0);
    cr_assert(!strncmp(out, "win ", 4), "%s", out);
    /* The file's last byte is in black's last block of distances: a black-to-move win or loss needs it. */
    const char *black = "4k4/9/9/9/9/9/9/9/9/3K1N3 b - - 0 1";
    cr_assert_eq(run(out, sizeof out, "cp %s/KNk.asian.egtb %s/KNk.good && printf 'x' | dd of=%s/KNk.asian.egtb bs=1 seek=$(($(stat -c %%s %s/KNk.asian.egtb) - 1)) conv=notrunc 2>/dev/null", dir, dir, dir, dir), 0);
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb probe %s '%s' 2>&1", dir, black), 1);
    cr_assert(strstr(out, "none\n"), "%s", out);
    cr_assert(strstr(out, "KNk.asian.egtb: block 0 of the "), "%s", out);
    cr_assert(strstr(out, "fails its checksum: the file is damaged"), "%s", out);
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb verify %s KNk --rules asian", dir), 1);
    cr_assert_eq(run(out, sizeof out, "cp %s/KNk.good %s/KNk.asian.egtb && truncate -s 2500 %s/KNk.asian.egtb && ./chuhan egtb probe %s '%s' 2>&1", dir, dir, dir, dir, fen), 1);
    cr_assert(strstr(out, "KNk.asian.egtb: truncated"), "%s", out);
    cr_assert_eq(run(out, sizeof out, "cp %s/KNk.good %s/KNk.asian.egtb && printf '\\005' | dd of=%s/KNk.asian.egtb bs=1 seek=8 conv=notrunc 2>/dev/null", dir, dir, dir), 0);
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb probe %s '%s' 2>&1", dir, fen), 1);
    cr_assert(strstr(out, "KNk.asian.egtb: a table of a format this version cannot read"), "%s", out);
    /* Format 4 (as built) without the distances' block size (offset 690) is refused by it (and its checksum). */
    cr_assert_eq(run(out, sizeof out, "cp %s/KNk.good %s/KNk.asian.egtb && printf '\\000' | dd of=%s/KNk.asian.egtb bs=1 seek=690 conv=notrunc 2>/dev/null", dir, dir, dir), 0);
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb probe %s '%s' 2>&1", dir, fen), 1);
    cr_assert(strstr(out, "KNk.asian.egtb: the header's block size is not one this version reads"), "%s", out);
    /* A table under another ending's name is refused, not read with the wrong index. */
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb build %s KRk --rules asian 2>/dev/null && cp %s/KRk.asian.egtb %s/KNk.asian.egtb", dir, dir, dir), 0);
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb probe %s '%s' 2>&1", dir, fen), 1);
    cr_assert(strstr(out, "KNk.asian.egtb: the header names another ending"), "%s", out);
    /* The header and the index are checked whole when the table is opened. */
    cr_assert_eq(run(out, sizeof out, "cp %s/KNk.good %s/KNk.asian.egtb && printf 'x' | dd of=%s/KNk.asian.egtb bs=1 seek=1030 conv=notrunc 2>/dev/null", dir, dir, dir), 0);
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb probe %s '%s' 2>&1", dir, fen), 1);
    cr_assert(strstr(out, "KNk.asian.egtb: checksum mismatch: the file is damaged"), "%s", out);
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb verify %s KNk --rules asian", dir), 1);
    remove_dir(dir);
}

/* A table refused while the engine runs is said once, and it searches on; a native build reads no URL, even one with a port. */
Test(egtb, a_table_refused_in_a_session_is_said_once_and_a_url_is_no_native_folder)
{
    char dir[64];
    built(dir, "KRk --rules asian");
    cr_assert_eq(run(out, sizeof out, "truncate -s 700 %s/KRk.asian.egtb && printf 'setoption name EGTBPath value %s\\n"
                     "position fen 3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1\\ngo depth 3\\nd\\nisready\\n' | ./chuhan 2>&1", dir, dir), 0);
    const char *said = strstr(out, "info string error: endgame table refused: "); /* 40 characters up to the path */
    cr_assert(said && strstr(said, "KRk.asian.egtb: truncated\n"), "%s", out);
    cr_assert(!strstr(said + 40, "endgame table refused") && strstr(out, "bestmove e1d1"), "%s", out);
    cr_assert_eq(run(out, sizeof out, "printf 'setoption name EGTBPath value http://localhost:8000/egtb;%s\\nquit\\n' | ./chuhan 2>&1", dir), 0);
    cr_assert_str_eq(out, "info string error: cannot read the folder http://localhost:8000/egtb\n");
    remove_dir(dir);
}

static void expect_search(Engine *e, const char *want_score, const char *want_move)
{
    char line[4096], last[4096] = "";
    while (engine_line(e, line, sizeof line, 20000) && strncmp(line, "bestmove", 8))
        if (!strncmp(line, "info depth", 10))
            snprintf(last, sizeof last, "%s", line);
    cr_assert(strstr(last, want_score), "%s", last);
    cr_assert(strstr(last, " tbhits ") && !strstr(last, " tbhits 0 "), "%s", last);
    cr_assert(!strncmp(line, want_move, strlen(want_move)), "%s", line);
}

Test(egtb, the_engine_plays_the_tables_move_in_every_dialect)
{
    char dir[64];
    built(dir, "KRkn");
    Engine e;
    engine_open(&e);
    engine_send(&e, "uci");
    cr_assert(engine_expect(&e, "option name EGTBPath type string default ", NULL, 0, 5000));
    cr_assert(engine_expect(&e, "uciok", NULL, 0, 5000));
    engine_send(&e, "setoption name EGTBPath value /no/such/folder");
    engine_expect_line(&e, "info string error: cannot read the folder /no/such/folder", 5000);
    engine_send(&e, "setoption name EGTBPath value %s", dir);
    /* `d` says what the tables hold, as `egtb probe` does, before the Result line pages read as its end. */
    engine_send(&e, "position fen 9/9/4k4/9/9/2R6/8n/9/9/5K3 b - - 0 1");
    engine_send(&e, "d");
    char shown[256];
    cr_assert(engine_expect(&e, "Tables:", shown, sizeof shown, 5000));
    cr_assert_str_eq(shown, "Tables: loss 0 rule");
    cr_assert(engine_expect(&e, "Result: *", NULL, 0, 5000));
    /* Without the rule red mates in 3 (c4e4), where a rook move to c5 would win only by it; the line goes on to the mate. */
    engine_send(&e, "position fen 9/9/4k4/9/9/2R6/8n/9/9/5K3 w - - 0 1");
    engine_send(&e, "go depth 6");
    expect_search(&e, " score mate 3 ", "bestmove c4e4");
    engine_send(&e, "go depth 2");
    expect_search(&e, " pv c4e4 e7d7 f0e0 d7d8 e4d4", "bestmove c4e4");
    engine_send(&e, "setoption name Rules value repetition-draw");
    engine_send(&e, "position fen 9/9/4k4/9/9/2R6/8n/9/9/5K3 b - - 0 1");
    engine_send(&e, "go depth 6");
    expect_search(&e, " score cp 0 ", "bestmove i3h1");
    engine_close(&e, 5000);

    engine_start(&e, "ucci");
    engine_send(&e, "setoption egtbpaths %s", dir);
    engine_send(&e, "position fen 9/9/4k4/9/9/2R6/8n/9/9/5K3 w - - 0 1");
    engine_send(&e, "go depth 6");
    char line[4096];
    cr_assert(engine_expect(&e, "info time", line, sizeof line, 20000));
    cr_assert(strstr(line, " tbhits ") && !strstr(line, " tbhits 0"), "%s", line);
    cr_assert(engine_expect(&e, "bestmove c4e4", NULL, 0, 20000));
    engine_close(&e, 5000);

    engine_open(&e);
    engine_send(&e, "xboard");
    engine_send(&e, "protover 2");
    cr_assert(engine_expect(&e, "feature myname", line, sizeof line, 5000));
    cr_assert(strstr(line, "egt=\"xiangqi\""), "%s", line);
    engine_send(&e, "egtpath xiangqi /no/such/folder");
    cr_assert(engine_expect(&e, "Error (cannot read the folder /no/such/folder): egtpath", NULL, 0, 5000));
    engine_send(&e, "egtpath xiangqi %s", dir);
    engine_send(&e, "setboard 9/9/4k4/9/9/2R6/8n/9/9/5K3 w - - 0 1");
    engine_send(&e, "sd 6");
    engine_send(&e, "go");
    cr_assert(engine_expect(&e, "move c4e4", NULL, 0, 20000));
    engine_close(&e, 5000);
    remove_dir(dir);
}

/* The terminal game from fen played out by the engine on both sides at depth 8 with the tables of dir, into out. */
static void watch_game(const char *fen, const char *dir)
{
    cr_assert_eq(run(out, sizeof out, "echo | ./chuhan play --watch --blind --ascii --depth 8 --randomness 0 --fen '%s' --egtb %s", fen, dir),
                 0, "%s", out);
}

/*
 * Below the root's moves the search asks a table position only whether it is won, and scores it by how
 * near the root it is; the line shown reads the distance at its end and gives the mate as before.
 */
Test(egtb, a_capture_into_a_won_ending_shows_its_mate_and_the_natural_limit_still_counts)
{
    char dir[64];
    built(dir, "KRkn");
    Engine e;
    engine_start(&e, "uci");
    engine_send(&e, "setoption name EGTBPath value %s", dir);
    /* e0e1 takes the rook into KRkn, a loss in 3 for black (egtb probe): a mate in 4, a root move's own distance. */
    engine_send(&e, "position fen 4k4/9/9/9/9/9/2n6/9/4r4/3KR4 w - - 0 1");
    engine_send(&e, "go depth 8");
    expect_search(&e, " score mate 4 ", "bestmove e0e1");
    /* The check c4e4 first, the pawn taken at the third ply, a table position scored as won alone: shown as its mate. */
    engine_send(&e, "position fen 9/3n5/4k4/9/9/2R6/9/3K5/9/4p4 w - - 0 1");
    engine_send(&e, "go depth 8");
    expect_search(&e, " score mate 7 ", "bestmove c4e4");
    /* 100 plies towards the limit, every position of the ending the search meets has its distance read: the same mate. */
    engine_send(&e, "position fen 9/9/4k4/9/9/2R6/8n/9/9/5K3 w - - 100 1");
    engine_send(&e, "go depth 8");
    expect_search(&e, " score mate 3 ", "bestmove c4e4");
    engine_close(&e, 5000);
    /* And the game is won: the terminal game plays it to the mate. */
    watch_game("9/3n5/4k4/9/9/2R6/9/3K5/9/4p4 w - - 0 1", dir);
    cr_assert(strstr(out, "game over: 1-0, black is checkmated"), "%s", out);
    remove_dir(dir);
}

Test(egtb, the_terminal_game_tells_when_it_enters_a_table_ending)
{
    char dir[64];
    built(dir, "KRkn");
    watch_game("4k4/9/9/9/9/9/2n6/9/4r4/3KR4 w - - 0 1", dir);
    cr_assert(strstr(out, "1. R5+1 (e0e1)\ncheck\nthe tables hold this ending, KRkn: red wins: mate in 3\n"), "%s", out);
    cr_assert(strstr(out, "game over: 1-0, black is checkmated"), "%s", out);
    cr_assert_eq(run(out, sizeof out, "echo | ./chuhan play --egtb /no/such/folder 2>&1"), 2);
    cr_assert_str_eq(out, "chuhan play: cannot read the folder /no/such/folder\n");
    remove_dir(dir);
}

/* Each position of a one-byte table probed in the compressed file made from it: the same value and flags. */
static void expect_same_probes(TbSet *s, const char *onebyte, RuleSet r)
{
    TbTable t;
    char err[4200];
    cr_assert(tb_onebyte_read(&t, onebyte, NULL, r, err, sizeof err), "%s", err);
    Board *b = board_new();
    uint64_t probed = 0;
    for (uint64_t i = 0; i < t.layout.size; i++)
        for (int side = RED; side <= BLACK; side++) {
            if (t.values[side][i] == TB_NONE)
                continue;
            TbPos p;
            tb_position(&t.layout, i, &p);
            p.side = side;
            tb_to_board(&t.layout, &p, b);
            b->rules = (uint8_t)r;
            TbResult res;
            cr_assert(tb_probe(s, b, &res), "%s number %llu side %d not found", t.name, (unsigned long long)i, side);
            cr_assert_eq(res.value, t.values[side][i], "%s number %llu side %d", t.name, (unsigned long long)i, side);
            cr_assert_eq(res.flags, tb_flags(&t, side, i), "%s number %llu side %d", t.name, (unsigned long long)i, side);
            /* The search part alone says the same, and the table's longest distance bounds this one. */
            TbWdl w;
            cr_assert(tb_probe_wdl(s, b, &w), "%s number %llu side %d", t.name, (unsigned long long)i, side);
            cr_assert_eq(w.wdl, tb_win(res.value) ? 1 : tb_loss(res.value) ? -1 : 0, "%s number %llu", t.name, (unsigned long long)i);
            cr_assert_eq(w.flags, res.flags);
            cr_assert(!tb_decided(res.value) || tb_plies(res.value) <= w.longest, "%s number %llu", t.name, (unsigned long long)i);
            probed++;
        }
    cr_assert_gt(probed, 0);
    board_free(b);
    tb_file_free(&t);
}

Test(egtb, one_byte_tables_are_refused_until_compressed_and_then_probe_the_same)
{
    char dir[64], copy[80], path[128], err[256];
    fresh_dir(dir);
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb build %s KRkn --one-byte --threads 2 2>&1", dir), 0, "%s", out);
    const char *fen = "9/9/4k4/9/9/2R6/8n/9/9/5K3 b - - 0 1";
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb probe %s '%s' 2>&1", dir, fen), 1);
    cr_assert(strstr(out, "KRkn.asian.egtb: a one-byte table (format 1), no longer read: convert its folder with `chuhan egtb compress DIR`"), "%s", out);
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb verify %s KRkn --rules asian 2>&1", dir), 1);
    cr_assert(strstr(out, "KRkn.asian.egtb: a one-byte table (format 1): verify probes its successors as the engine does, "
                          "from compressed tables; convert the folder first with `chuhan egtb compress DIR`"), "%s", out);
    cr_assert(strstr(out, "\n0 mismatches"), "no position is counted a mismatch: %s", out);
    snprintf(copy, sizeof copy, "%s/c", dir);
    cr_assert_eq(run(out, sizeof out, "mkdir %s && cp %s/*.egtb %s && ./chuhan egtb compress %s", copy, dir, copy, copy), 0, "%s", out);
    cr_assert(strstr(out, "KRkn.asian.egtb: 911410 -> "), "%s", out);
    cr_assert(strstr(out, "8 tables compressed"), "%s", out);
    /* By default the distances go in blocks of 2^16 numbers, four search blocks each: format 4. */
    cr_assert_eq(run(out, sizeof out, "od -An -tu4 -j8 -N4 %s/KRkn.asian.egtb", copy), 0);
    cr_assert_eq(atoi(out), 4, "%s", out);
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb compress %s", copy), 0, "%s", out);
    cr_assert(strstr(out, "0 tables compressed"), "a compressed table is left as it is: %s", out);
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb probe %s '%s' --rules asian", copy, fen), 0);
    cr_assert(!strncmp(out, "loss 0 rule ", 12), "%s", out);
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb verify %s KRkn --threads 2", copy), 0, "%s", out);

    /* The least cache, less than the table's blocks: blocks are read again, the answers stay. */
    TbSet *s = tb_set_new();
    cr_assert(tb_set_paths(s, copy, err, sizeof err), "%s", err);
    tb_set_memory(s, 0);
    for (int r = 0; r < 2; r++) {
        snprintf(path, sizeof path, "%s/KRkn.%s.egtb", dir, tb_rules_name((RuleSet)r));
        expect_same_probes(s, path, (RuleSet)r);
    }
    uint64_t hits, misses;
    tb_set_counts(s, &hits, &misses);
    cr_assert_gt(misses, 100, "%llu", (unsigned long long)misses);
    cr_assert(!tb_set_error(s, err, sizeof err), "%s", err);
    tb_set_free(s);

    /* Distances in blocks of one search block's 2^14 numbers (format 3, as earlier builds wrote): read and probed the same, cold and warm. */
    snprintf(copy, sizeof copy, "%s/d", dir);
    cr_assert_eq(run(out, sizeof out, "mkdir %s && cp %s/*.egtb %s && ./chuhan egtb compress %s --distance-blocks 14", copy, dir,
                     copy, copy), 0, "%s", out);
    cr_assert_eq(run(out, sizeof out, "od -An -tu4 -j8 -N4 %s/KRkn.asian.egtb", copy), 0);
    cr_assert_eq(atoi(out), 3, "%s", out);
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb verify %s KRkn --threads 2", copy), 0, "%s", out);
    for (int mb = 0; mb <= 64; mb += 64) {
        s = tb_set_new();
        cr_assert(tb_set_paths(s, copy, err, sizeof err), "%s", err);
        tb_set_memory(s, (size_t)mb << 20);
        for (int r = 0; r < 2; r++) {
            snprintf(path, sizeof path, "%s/KRkn.%s.egtb", dir, tb_rules_name((RuleSet)r));
            expect_same_probes(s, path, (RuleSet)r);
        }
        cr_assert(!tb_set_error(s, err, sizeof err), "%s", err);
        tb_set_free(s);
    }
    remove_dir(dir);
}

Test(egtb, census_counts_each_table_ending_once_a_game_and_the_first_one_apart)
{
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb census tests/data/endings.pgn 2>&1"), 1, "a game left out: %s", out);
    cr_assert_str_eq(out, "tests/data/endings.pgn: game 4 left out: move 1 (red) E1-E9: the rook's path is blocked\n"
                          "games: 5 (1 left out), 4 enter a table ending (80.00%)\n"
                          "ending       games   share   first   share\n"
                          "KRkaa            3  60.00%       2  40.00%\n"
                          "KRka             2  40.00%       0   0.00%\n"
                          "KRNka            1  20.00%       1  20.00%\n"
                          "KRkaab           1  20.00%       1  20.00%\n"
                          "KAk              1  20.00%       0   0.00%\n"
                          "KNka             1  20.00%       0   0.00%\n");
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb census --men 6 tests/data/endings.pgn 2>/dev/null | grep KRN"), 0);
    cr_assert_str_eq(out, "KRNkaa           1  20.00%       1  20.00%\nKRNka            1  20.00%       0   0.00%\n",
                     "with six men KRNkaa is a table ending, and the first");
}

Test(egtb, census_reads_every_notation_and_encoding_alike_and_refuses_what_it_cannot_read)
{
    static const char *const files[] = { "iccs", "wxf", "chinese", "gb18030", "annotated" };
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        cr_assert_eq(run(out, sizeof out, "./chuhan egtb census tests/data/games_%s.pgn", files[i]), 0, "%s", files[i]);
        cr_assert_str_eq(out, "games: 2 (0 left out), 1 enter a table ending (50.00%)\n"
                              "ending       games   share   first   share\n"
                              "KRRk             1  50.00%       1  50.00%\n", "%s", files[i]);
    }
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb census /nonexistent.pgn 2>&1"), 1);
    cr_assert(strstr(out, "chuhan: cannot read /nonexistent.pgn: No such file or directory\ngames: 0 (0 left out)"), "%s", out);
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb census tests/data/review_not_a_game.txt 2>&1"), 1, "%s", out);
    cr_assert(strstr(out, "review_not_a_game.txt: game 1 left out: move 1 (red) Notes: not a move: 'Notes'\ngames: 0 (1 left out)"),
              "%s", out);
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb census 2>&1"), 2);
    cr_assert(strstr(out, "usage: chuhan egtb census [--men N] FILE..."), "%s", out);
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb census --men 11 tests/data/endings.pgn 2>&1"), 2, "%s", out);
    cr_assert_eq(run(out, sizeof out, "./chuhan egtb census --help"), 0);
}

/* A block whose every byte tells its key: what a lookup reads must say which block it came from. */
static bool fill_with_key(void *arg, uint8_t *block)
{
    memset(block, (int)(*(uint64_t *)arg & 0xff), TB_CACHE_BLOCK);
    return true;
}

static uint8_t looked_up(TbCache *c, uint64_t key)
{
    uint8_t b = 0;
    cr_assert(tb_cache_byte(c, key, 5, &b, fill_with_key, &key));
    return b;
}

Test(egtb, the_open_tables_memory_comes_out_of_the_cache_and_leaves_it_a_set_of_blocks)
{
    TbCache *c = tb_cache_new(0);
    int pages = TB_CACHE_LEAST / TB_CACHE_BLOCK;
    for (uint64_t key = 1; key <= 200; key++)
        cr_assert_eq(looked_up(c, key), key & 0xff);
    /* Ten pages held, written whole: the blocks that were on them are gone, the others unharmed. */
    uint8_t *held = tb_cache_hold(c, 10 * TB_CACHE_BLOCK);
    cr_assert(held && (uintptr_t)held % 64 == 0);
    memset(held, 0xee, 10 * TB_CACHE_BLOCK);
    for (uint64_t key = 1; key <= 200; key++)
        cr_assert_eq(looked_up(c, key), key & 0xff, "block %llu", (unsigned long long)key);
    /* Never so much that fewer than one set's pages stay for blocks. */
    cr_assert_null(tb_cache_hold(c, (size_t)(pages - 10 - TB_CACHE_WAYS + 1) * TB_CACHE_BLOCK));
    uint8_t *rest = tb_cache_hold(c, (size_t)(pages - 10 - TB_CACHE_WAYS) * TB_CACHE_BLOCK - 64);
    cr_assert(rest && rest + (size_t)(pages - 10 - TB_CACHE_WAYS) * TB_CACHE_BLOCK - 64 <= held);
    memset(rest, 0xdd, (size_t)(pages - 10 - TB_CACHE_WAYS) * TB_CACHE_BLOCK - 64);
    for (uint64_t key = 1; key <= 200; key++)
        cr_assert_eq(looked_up(c, key), key & 0xff, "block %llu", (unsigned long long)key);
    for (size_t i = 0; i < 10 * TB_CACHE_BLOCK; i++)
        cr_assert_eq(held[i], 0xee, "byte %zu of the first hold", i);
    /* Cleared, all of it is the blocks' and the tables' again. */
    tb_cache_clear(c);
    cr_assert_not_null(tb_cache_hold(c, (size_t)(pages - TB_CACHE_WAYS) * TB_CACHE_BLOCK));
    cr_assert_eq(looked_up(c, 7), 7);
    tb_cache_free(c);
}
