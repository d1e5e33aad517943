/* UCI transcripts against the real binary: Pikafish's dialect and the UCI_Variant one. */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <unistd.h>

#include "../common.h"
#include "../engine_pipe.h"

TestSuite(uci, .init = setup_tables, .timeout = 60);

static Engine e;
static char line[8192];

/* Reads whatever comes for ms milliseconds; none of it may be a bestmove. */
static void drain_without_bestmove(int ms)
{
    int64_t deadline = test_now_ms() + ms;
    int64_t left;
    while ((left = deadline - test_now_ms()) > 0)
        if (engine_line(&e, line, sizeof line, (int)left))
            cr_assert(strncmp(line, "bestmove", 8), "unexpected %s", line);
}

/* The move after "bestmove", legal in fen + moves (ranks counted from rank_base). */
static Move expect_bestmove(const char *fen, const char *moves, int rank_base, int timeout_ms)
{
    cr_assert(engine_expect(&e, "bestmove ", line, sizeof line, timeout_ms), "no bestmove");
    char text[16];
    cr_assert_eq(sscanf(line, "bestmove %15s", text), 1);
    cr_assert(legal_after(fen, moves, rank_base, text), "illegal bestmove '%s'", text);
    return move_parse(text, rank_base);
}

Test(uci, handshake_lists_the_options)
{
    engine_open(&e);
    engine_send(&e, "uci");
    cr_assert(engine_line(&e, line, sizeof line, 5000));
    cr_assert_str_eq(line, "id name Chuhan 0.1");
    const char *want[] = {
        "option name Hash type spin default 16 min 1 max 65536",
        "option name Threads type spin default 1 min 1 max 256",
        "option name MultiPV type spin default 1 min 1 max 64",
        "option name Ponder type check default false",
        "option name Move Overhead type spin default 30 min 0 max 5000",
        "option name Clear Hash type button",
        "option name UCI_Variant type combo default xiangqi var xiangqi",
        "option name Rank Numbering type combo default auto var auto var 0-9 var 1-10",
        "option name Rules type combo default auto var auto var asian var repetition-draw",
        "option name Use NNUE type check default true",
        "option name EvalFile type string default <embedded>",
        "option name EGTBPath type string default ",
        "option name EGTBMemory type spin default 64 min 1 max 1048576",
        "option name UCI_LimitStrength type check default false",
        "option name UCI_Elo type spin default 3320 min 975 max 3320",
        "option name Randomness type spin default 0 min 0 max 100",
        "option name Contempt type spin default 30 min -200 max 200",
        "option name UCI_ShowWDL type check default false",
        "option name Debug Log File type string default ",
        "option name Notation type combo default iccs var iccs var chinese var wxf",
        "option name OwnBook type check default true",
        "option name BookFile type string default ",
        "option name Book Choice type combo default weighted var weighted var best",
    };
    for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
        cr_assert(engine_expect(&e, "option", line, sizeof line, 2000));
        cr_assert_str_eq(line, want[i]);
    }
    cr_assert(engine_line(&e, line, sizeof line, 2000));
    cr_assert_str_eq(line, "uciok");
    engine_send(&e, "isready");
    cr_assert(engine_line(&e, line, sizeof line, 2000));
    cr_assert_str_eq(line, "readyok");
    engine_send(&e, "quit");
    cr_assert_eq(engine_close(&e, 3000), 0);
}

/* Searches fen with `go` to depth 6, expects that depth's score, then the move. */
static void expect_depth6_score(const char *fen, const char *go, const char *score)
{
    engine_send(&e, "%s", go);
    cr_assert(engine_expect(&e, "info depth 6 ", line, sizeof line, 10000));
    cr_assert(strstr(line, score), "%s", line);
    expect_bestmove(fen, "", 0, 10000);
}

Test(uci, contempt_values_a_draw_below_zero_only_in_a_game_on_the_clock)
{
    /* At the 119th counted ply every move but a mate draws by the natural limit. */
    const char *fen = "4k4/9/9/9/9/9/9/9/4A4/3AK1R2 w - - 119 1";
    engine_start(&e, "uci");
    engine_send(&e, "position fen %s", fen);
    expect_depth6_score(fen, "go depth 6 wtime 60000 btime 60000", " score cp -30 ");
    /* Analysis to a depth values the draw as it is. */
    expect_depth6_score(fen, "go depth 6", " score cp 0 ");
    /* So does a game on the clock with Contempt 0. */
    engine_send(&e, "setoption name Contempt value 0");
    expect_depth6_score(fen, "go depth 6 wtime 60000 btime 60000", " score cp 0 ");
    engine_send(&e, "quit");
    cr_assert_eq(engine_close(&e, 3000), 0);
}

Test(uci, search_reports_and_answers_a_legal_move)
{
    engine_start(&e, "uci");
    engine_send(&e, "ucinewgame");
    engine_send(&e, "position startpos moves h2e2 h9g7");
    engine_send(&e, "go depth 6");
    cr_assert(engine_expect(&e, "info depth 6 ", line, sizeof line, 10000));
    int depth, seldepth, multipv;
    char kind[8];
    cr_assert_eq(sscanf(line, "info depth %d seldepth %d multipv %d score %7s", &depth, &seldepth, &multipv, kind), 4);
    cr_assert_str_eq(kind, "cp");
    cr_assert(strstr(line, " nodes ") && strstr(line, " nps ") && strstr(line, " hashfull ") && strstr(line, " time ")
              && strstr(line, " pv "));
    expect_bestmove(START_FEN, "h2e2 h9g7", 0, 10000);
    engine_send(&e, "quit");
    cr_assert_eq(engine_close(&e, 3000), 0);
}

Test(uci, mate_score_in_moves)
{
    engine_start(&e, "uci");
    engine_send(&e, "position fen 4k4/4a4/3a5/9/9/9/9/9/3R5/4K4 w - - 0 1");
    engine_send(&e, "go depth 12");
    char last[8192] = "";
    while (engine_line(&e, line, sizeof line, 10000) && strncmp(line, "bestmove", 8))
        snprintf(last, sizeof last, "%s", line);
    cr_assert(strstr(last, " score mate 4 "), "%s", last);
    engine_send(&e, "position fen 4k4/9/9/9/9/9/9/9/4A4/3AK1R2 b - - 0 1");
    engine_send(&e, "go depth 10");
    while (engine_line(&e, line, sizeof line, 10000) && strncmp(line, "bestmove", 8))
        snprintf(last, sizeof last, "%s", line);
    cr_assert(strstr(last, " score mate -3 "), "%s", last);
    engine_close(&e, 3000);
}

Test(uci, mated_and_stalemated_have_no_move)
{
    engine_start(&e, "uci");
    const char *fens[] = { "3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1", "3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1" };
    for (int i = 0; i < 2; i++) {
        engine_send(&e, "position fen %s", fens[i]);
        engine_send(&e, "go depth 5");
        cr_assert(engine_line(&e, line, sizeof line, 5000));
        cr_assert_str_eq(line, "info depth 0 score mate 0");
        cr_assert(engine_line(&e, line, sizeof line, 5000));
        cr_assert_str_eq(line, "bestmove (none)");
    }
    engine_close(&e, 3000);
}

Test(uci, variant_dialect_uses_ranks_one_to_ten)
{
    engine_start(&e, "uci");
    engine_send(&e, "setoption name UCI_Variant value xiangqi");
    engine_send(&e, "ucinewgame");
    engine_send(&e, "position startpos moves h3e3 a10a9");
    engine_send(&e, "d");
    engine_expect_answer(&e, "Fen: ",
                         "Fen: 1nbakabnr/r8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2", 5000);
    engine_send(&e, "go depth 4");
    expect_bestmove(START_FEN, "h3e3 a10a9", 1, 10000);
    /* The explicit option wins over the variant's numbering. */
    engine_send(&e, "setoption name Rank Numbering value 0-9");
    engine_send(&e, "position startpos moves h2e2");
    engine_send(&e, "go depth 4");
    expect_bestmove(START_FEN, "h2e2", 0, 10000);
    engine_close(&e, 3000);
}

/*
 * Black, a rook and a cannon against a horse, has been chased by the horse
 * twice round; i9i10 repeats the position a third time. The Asian rules make
 * that a win for black; cutechess, which sets UCI_Variant, would only draw.
 */
static const char chased_fen[] = "3k4r/c8/9/7N1/9/9/9/9/9/3AK4 w - - 0 1";
static const char chased_moves[] = "h7g9 i10i9 g9h7 i9i10 h7g9 i10i9 g9h7";

/* Searches the chased position; returns the last info line, and the best move in best. */
static void search_chased(char *last, size_t cap, Move *best)
{
    engine_send(&e, "position fen %s moves %s", chased_fen, chased_moves);
    engine_send(&e, "go depth 12");
    last[0] = 0;
    while (engine_line(&e, line, sizeof line, 10000) && strncmp(line, "bestmove", 8))
        if (!strncmp(line, "info depth", 10))
            snprintf(last, cap, "%s", line);
    char text[16];
    cr_assert_eq(sscanf(line, "bestmove %15s", text), 1, "no bestmove: %s", line);
    *best = move_parse(text, 1);
}

/* The rule win: the repetition at once, shown as a mate in one, at no more than the depth asked. */
static void expect_rule_win(void)
{
    char last[8192];
    Move best;
    search_chased(last, sizeof last, &best);
    cr_assert_eq(best, move_parse("i9i10", 1));
    int depth;
    cr_assert_eq(sscanf(last, "info depth %d", &depth), 1, "%s", last);
    cr_assert(depth <= 12 && strstr(last, " score mate 1 "), "%s", last);
}

Test(uci, rules_follow_uci_variant_unless_set)
{
    engine_start(&e, "uci");
    /* Plain UCI, as Chinese GUIs speak it, judges by the Asian rules. */
    engine_send(&e, "setoption name Rank Numbering value 1-10");
    expect_rule_win();

    /* Under UCI_Variant the repetition would only draw: play on, with a normal score. */
    engine_send(&e, "setoption name UCI_Variant value xiangqi");
    char last[8192];
    Move best;
    search_chased(last, sizeof last, &best);
    cr_assert_neq(best, move_parse("i9i10", 1), "no repetition the arbiter would only draw");
    const char *score = strstr(last, " score cp ");
    int cp;
    cr_assert(score && sscanf(score, " score cp %d", &cp) == 1, "%s", last);
    cr_assert_gt(cp, 500, "a rook and a cannon against a horse: %s", last);

    /* An explicit choice wins over the variant. */
    engine_send(&e, "setoption name Rules value asian");
    expect_rule_win();
    engine_close(&e, 3000);
}

Test(uci, go_perft_divides)
{
    engine_start(&e, "uci");
    engine_send(&e, "position startpos");
    engine_send(&e, "go perft 3");
    int moves = 0;
    while (engine_line(&e, line, sizeof line, 10000) && strncmp(line, "Nodes searched", 14))
        moves += strchr(line, ':') != NULL;
    cr_assert_str_eq(line, "Nodes searched: 79666");
    cr_assert_eq(moves, 44);
    engine_close(&e, 3000);
}

Test(uci, stop_answers_at_once)
{
    engine_start(&e, "uci");
    engine_send(&e, "position startpos");
    engine_send(&e, "go infinite");
    drain_without_bestmove(400);
    engine_send(&e, "isready");
    cr_assert(engine_expect(&e, "readyok", NULL, 0, 1000), "isready unanswered during a search");
    int64_t t0 = test_now_ms();
    engine_send(&e, "stop");
    expect_bestmove(START_FEN, "", 0, 2000);
    int64_t latency = test_now_ms() - t0;
    /* The engine's own bound is 10 ms; shared test machines get some slack. */
    cr_assert_lt(latency, 100, "stop took %lld ms", (long long)latency);
    engine_close(&e, 3000);
}

Test(uci, ponder_then_ponderhit_uses_the_clock)
{
    engine_start(&e, "uci");
    engine_send(&e, "position startpos moves h2e2");
    engine_send(&e, "go ponder wtime 2000 btime 2000");
    drain_without_bestmove(500);
    engine_send(&e, "ponderhit");
    int64_t t0 = test_now_ms();
    expect_bestmove(START_FEN, "h2e2", 0, 3000);
    cr_assert_lt(test_now_ms() - t0, 1500, "the clock after ponderhit was not honoured");

    /* A missed guess: stop ends the ponder search at once. */
    engine_send(&e, "position startpos moves h2e2");
    engine_send(&e, "go ponder wtime 60000 btime 60000");
    drain_without_bestmove(300);
    engine_send(&e, "stop");
    expect_bestmove(START_FEN, "h2e2", 0, 1000);
    engine_close(&e, 3000);
}

Test(uci, quit_during_a_search_exits_cleanly)
{
    engine_start(&e, "uci");
    engine_send(&e, "go infinite");
    drain_without_bestmove(200);
    int64_t t0 = test_now_ms();
    engine_send(&e, "quit");
    cr_assert_eq(engine_close(&e, 3000), 0);
    cr_assert_lt(test_now_ms() - t0, 1000);
}

/* Milliseconds from this go command (on the start position) to its legal bestmove, waiting up to wait_ms. */
static int64_t start_move_time(const char *go, int wait_ms)
{
    int64_t t0 = test_now_ms();
    engine_send(&e, "%s", go);
    expect_bestmove(START_FEN, "", 0, wait_ms);
    return test_now_ms() - t0;
}

Test(uci, clock_search_stays_within_its_time)
{
    engine_start(&e, "uci");
    engine_send(&e, "position startpos");
    int64_t spent = start_move_time("go wtime 1000 btime 1000 winc 0 binc 0", 2000);
    cr_assert_lt(spent, 500, "spent more than half the clock on one move");
    spent = start_move_time("go movetime 300", 2000);
    cr_assert(spent >= 200 && spent < 600, "movetime 300 took %lld ms", (long long)spent);
    engine_close(&e, 3000);
}

/* UCI's movestogo: a fortieth of the clock is a short move, the last before the control a long one that still ends in time. */
Test(uci, movestogo_shares_the_clock)
{
    engine_start(&e, "uci");
    engine_send(&e, "position startpos");
    int64_t spent = start_move_time("go wtime 3000 btime 3000 movestogo 40", 5000);
    cr_assert_lt(spent, 1000, "a fortieth of 3 s took %lld ms", (long long)spent);
    spent = start_move_time("go wtime 3000 btime 3000 movestogo 1", 5000);
    cr_assert(spent > 500 && spent < 3000, "the last move of the control took %lld ms", (long long)spent);
    engine_close(&e, 3000);
}

Test(uci, notation_names_moves_in_info_and_d_but_not_in_answers)
{
    engine_start(&e, "uci");
    engine_send(&e, "setoption name Notation value chinese");
    engine_send(&e, "position startpos moves h2e2 h9g7");
    engine_send(&e, "d");
    engine_expect_answer(&e, "Moves:", "Moves: 炮二平五 马８进７", 5000);
    engine_send(&e, "setoption name Notation value wxf");
    engine_send(&e, "d");
    engine_expect_answer(&e, "Moves:", "Moves: C2.5 H8+7", 5000);
    engine_send(&e, "go depth 5");
    cr_assert(engine_expect(&e, "info depth 5 ", line, sizeof line, 10000));
    const char *pv = strstr(line, " pv ");
    cr_assert(pv && strchr("CHREAKP", pv[4]), "a WXF name first: %s", line);
    expect_bestmove(START_FEN, "h2e2 h9g7", 0, 10000); /* the answer stays in coordinates */
    engine_close(&e, 3000);
}

Test(uci, the_debug_log_file_gets_every_line_with_its_time_and_a_bad_path_an_error)
{
    char path[] = "/tmp/chuhan-log-XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    close(fd);
    engine_start(&e, "uci");
    engine_send(&e, "setoption name Debug Log File value %s", path);
    engine_send(&e, "isready");
    cr_assert(engine_expect(&e, "readyok", NULL, 0, 5000));
    engine_send(&e, "setoption name Debug Log File value /no/such/folder/chuhan.log");
    cr_assert(engine_expect(&e, "info string error: cannot open the log file '/no/such/folder/chuhan.log'", NULL, 0, 5000));
    engine_send(&e, "go depth 2");
    cr_assert(engine_expect(&e, "bestmove ", NULL, 0, 5000), "the engine still plays");
    engine_send(&e, "quit");
    engine_close(&e, 3000);
    FILE *f = fopen(path, "r");
    char got[3][256];
    for (int i = 0; i < 3; i++) {
        cr_assert(fgets(got[i], sizeof got[i], f));
        strcpy(got[i] + strcspn(got[i], "\r\n"), "\n"); /* a Windows build writes CR LF */
    }
    fclose(f);
    unlink(path);
    /* 2026-11-26 22:49:09.761 < isready */
    cr_assert_eq(strlen(got[0]), 23 + 11, "%s", got[0]);
    cr_assert_str_eq(got[0] + 23, " < isready\n");
    cr_assert_str_eq(got[1] + 23, " > readyok\n");
    cr_assert_str_eq(got[2] + 23, " < setoption name Debug Log File value /no/such/folder/chuhan.log\n");
}

/* What d says of a position: its Legal and Result lines. */
static void expect_legal_and_result(const char *fen, const char *legal, const char *result)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "position fen %s", fen);
    engine_send(&e, cmd);
    engine_send(&e, "d");
    cr_assert(engine_expect(&e, "Legal:", line, sizeof line, 5000));
    cr_assert_str_eq(line, legal);
    cr_assert(engine_expect(&e, "Result:", line, sizeof line, 5000));
    cr_assert_str_eq(line, result);
}

/* d gives a GUI that knows no xiangqi what it needs: the legal moves and the game's end by the rules. */
Test(uci, d_lists_the_legal_moves_and_the_result)
{
    engine_start(&e, "uci");
    expect_legal_and_result("4k4/4R4/4R4/9/9/9/9/9/9/3K5 b - - 0 1", "Legal: e9f9", "Result: *");
    expect_legal_and_result("3k5/4R4/3R5/9/9/9/9/9/9/4K4 b - - 0 1", "Legal:", "Result: 1-0 mate");
    engine_close(&e, 3000);
}
