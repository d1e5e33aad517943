/* UCCI 3.0 transcripts against the real binary. */
#include <stdio.h>
#include <string.h>

#include "../common.h"
#include "../engine_pipe.h"

TestSuite(ucci, .init = setup_tables, .timeout = 60);

static Engine e;
static char line[8192];

static void expect_line(const char *want, int timeout_ms) { engine_expect_line(&e, want, timeout_ms); }

/* Reads up to the answer of a search; returns it, with the last info line before it in last. */
static const char *answer(char *last, size_t cap, int timeout_ms)
{
    last[0] = 0;
    while (engine_line(&e, line, sizeof line, timeout_ms)) {
        if (!strncmp(line, "bestmove", 8) || !strcmp(line, "nobestmove"))
            return line;
        if (!strncmp(line, "info depth", 10))
            snprintf(last, cap, "%s", line);
    }
    cr_assert_fail("no answer to go");
    return NULL;
}

/* The last info line before the latest answer read. */
static char last[8192];

/* Sends `position POS` and `go GO`; returns the answer, with the last info line before it in last. */
static const char *search(const char *position, const char *go)
{
    engine_send(&e, "position %s", position);
    engine_send(&e, "go %s", go);
    return answer(last, sizeof last, 10000);
}

/* After `go GO` in a position with no move to play: one line at depth 0 with the score, then nobestmove. */
static void expect_no_move(const char *go, int score)
{
    char want[64];
    snprintf(want, sizeof want, "info depth 0 score %d", score);
    engine_send(&e, "go %s", go);
    expect_line(want, 5000);
    expect_line("nobestmove", 5000);
}

Test(ucci, handshake_offers_usemillisec_first)
{
    engine_open(&e);
    engine_send(&e, "ucci");
    expect_line("id name Chuhan 0.1", 5000);
    engine_expect_answer(&e, "option ", "option usemillisec type check default true", 2000);
    const char *rest[] = {
        "option hashsize type spin min 1 max 65536 default 16", "option threads type spin min 1 max 256 default 1",
        "option ponder type check default false",             "option batch type check default false",
        "option debug type check default false",              "option newgame type button",
        "option rules type combo default auto var auto var asian var repetition-draw",
        "option usennue type check default true",
        "option evalfile type string default <embedded>",
        "option egtbpaths type string default ",
        "option limitstrength type check default false",
        "option elo type spin min 975 max 3320 default 3320",
        "option randomness type spin min 0 max 100 default 0",
        "option contempt type spin min -200 max 200 default 30",
        "option promotion type check default false",
        "option debuglogfile type string default ",
        "option notation type combo default iccs var iccs var chinese var wxf",
        "option usebook type check default true",
        "option bookfiles type string default ",
        "option bookchoice type combo default weighted var weighted var best",
    };
    for (size_t i = 0; i < sizeof rest / sizeof *rest; i++)
        expect_line(rest[i], 2000);
    expect_line("ucciok", 2000);
    engine_send(&e, "isready");
    expect_line("readyok", 2000);
    engine_send(&e, "quit");
    expect_line("bye", 2000);
    cr_assert_eq(engine_close(&e, 3000), 0);
}

Test(ucci, search_prints_bare_scores_and_a_move)
{
    engine_start(&e, "ucci");
    engine_send(&e, "setoption hashsize 32");
    engine_send(&e, "setoption newgame");
    const char *a = search("fen " START_FEN " moves h2e2", "depth 5");
    int depth, score;
    cr_assert_eq(sscanf(last, "info depth %d score %d pv ", &depth, &score), 2, "%s", last);
    cr_assert_eq(depth, 5);
    char move[16];
    cr_assert_eq(sscanf(a, "bestmove %15s", move), 1, "%s", a);
    static Board b;
    set_fen(&b, START_FEN);
    make_move(&b, move_parse("h2e2", 0));
    cr_assert(move_is_legal(&b, move_parse(move, 0)), "%s", a);
    engine_send(&e, "quit");
    cr_assert_eq(engine_close(&e, 3000), 0);
}

Test(ucci, mated_and_stalemated_answer_nobestmove)
{
    engine_start(&e, "ucci");
    const char *fens[] = { "3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1", "3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1" };
    for (int i = 0; i < 2; i++) {
        engine_send(&e, "position fen %s", fens[i]);
        expect_no_move("depth 5", -10000);
    }
    engine_close(&e, 3000);
}

Test(ucci, mate_scores_count_plies_from_ten_thousand)
{
    engine_start(&e, "ucci");
    search("fen 4k4/4a4/3a5/9/9/9/9/9/3R5/4K4 w - - 0 1", "depth 12");
    cr_assert(strstr(last, " score 9993 "), "%s", last);
    engine_close(&e, 3000);
}

Test(ucci, stop_while_idle_and_depth_zero)
{
    engine_start(&e, "ucci");
    engine_send(&e, "stop");
    expect_line("nobestmove", 2000);
    engine_send(&e, "position startpos");
    expect_no_move("depth 0", 70); /* the network's value of the start, as test_nnue.c pins it */
    engine_close(&e, 3000);
}

Test(ucci, probe_reports_the_hash)
{
    engine_start(&e, "ucci");
    search("startpos", "depth 6");
    engine_send(&e, "probe startpos");
    cr_assert(engine_expect(&e, "pophash", line, sizeof line, 2000));
    char move[16];
    cr_assert_eq(sscanf(line, "pophash bestmove %15s", move), 1, "%s", line);
    cr_assert(legal_after(START_FEN, "", 0, move));
    cr_assert(strstr(line, " depth 6"), "%s", line);
    engine_send(&e, "probe fen 3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    expect_line("pophash", 2000);
    engine_close(&e, 3000);
}

Test(ucci, banmoves_are_never_played)
{
    engine_start(&e, "ucci");
    /* e1d1 mates and e1e8 stalemates; with both banned the engine must find another way. */
    const char *fen = "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1";
    engine_send(&e, "position fen %s", fen);
    engine_send(&e, "banmoves e1d1 e1e8");
    engine_send(&e, "go depth 8");
    const char *a = answer(last, sizeof last, 10000);
    char move[16];
    cr_assert_eq(sscanf(a, "bestmove %15s", move), 1, "%s", a);
    cr_assert(strcmp(move, "e1d1") && strcmp(move, "e1e8") && legal_after(fen, "", 0, move), "%s", a);
    /* A new position clears the bans. */
    engine_send(&e, "position fen %s", fen);
    engine_send(&e, "go depth 4");
    a = answer(last, sizeof last, 10000);
    cr_assert(!strncmp(a, "bestmove e1d1", 13) || !strncmp(a, "bestmove e1e8", 13), "%s", a);
    engine_close(&e, 3000);
}

/* Milliseconds from this go command to its answer, waiting up to 5 s. */
static int64_t answer_time(const char *go)
{
    int64_t t0 = test_now_ms();
    engine_send(&e, "%s", go);
    answer(last, sizeof last, 5000);
    return test_now_ms() - t0;
}

Test(ucci, time_in_seconds_without_usemillisec)
{
    engine_start(&e, "ucci");
    engine_send(&e, "setoption usemillisec false");
    engine_send(&e, "position startpos");
    int64_t spent = answer_time("go time 1");
    /*
     * One second for this move, of which it plans nine tenths beyond the
     * overhead (873 ms; pipes and a busy machine add some); read as a
     * millisecond it would answer at once.
     */
    cr_assert(spent > 500 && spent < 1500, "spent %lld ms", (long long)spent);
    engine_close(&e, 3000);
}

/* "time T movestogo N" shares the clock over the N moves; with one move to go most of it may go on this one. */
Test(ucci, moves_to_go_shares_the_clock)
{
    engine_start(&e, "ucci");
    engine_send(&e, "position startpos");
    int64_t spent = answer_time("go time 3000 movestogo 40");
    cr_assert_lt(spent, 1000, "a fortieth of 3 s took %lld ms", (long long)spent);
    spent = answer_time("go time 3000 movestogo 1");
    cr_assert(spent > 500 && spent < 3000, "the last move of the control took %lld ms", (long long)spent);
    engine_close(&e, 3000);
}

Test(ucci, draw_offers_and_resignation)
{
    engine_start(&e, "ucci");
    /* Bare generals and advisors: level, so an offered draw is accepted. */
    const char *a = search("fen 3ak4/4a4/9/9/9/9/9/9/4A4/3AK4 w - - 0 1", "draw depth 6");
    cr_assert(strstr(a, " draw"), "%s", a);
    /* Two rooks up: the offer is declined. */
    a = search("fen 3ak4/4a4/9/9/9/9/9/9/4A4/R2AK3R w - - 0 1", "draw depth 6");
    cr_assert(!strstr(a, " draw") && !strstr(a, " resign"), "%s", a);
    /* Mated by force: resign. */
    a = search("fen 4k4/9/9/9/9/9/9/9/4A4/3AK1R2 b - - 0 1", "depth 10");
    cr_assert(strstr(a, " resign"), "%s", a);
    engine_close(&e, 3000);
}

Test(ucci, ponderhit_and_ponder_miss)
{
    engine_start(&e, "ucci");
    engine_send(&e, "position startpos moves h2e2");
    engine_send(&e, "go ponder time 2000 increment 0");
    int64_t deadline = test_now_ms() + 400;
    while (test_now_ms() < deadline)
        if (engine_line(&e, line, sizeof line, 50))
            cr_assert(strncmp(line, "bestmove", 8), "answered while pondering");
    engine_send(&e, "ponderhit draw");
    int64_t t0 = test_now_ms();
    const char *a = answer(last, sizeof last, 3000);
    cr_assert(!strncmp(a, "bestmove", 8));
    cr_assert_lt(test_now_ms() - t0, 1500);
    engine_send(&e, "go ponder time 60000 increment 0");
    engine_send(&e, "stop");
    a = answer(last, sizeof last, 1000);
    cr_assert(!strncmp(a, "bestmove", 8), "%s", a);
    engine_close(&e, 3000);
}

Test(ucci, batch_mode_reads_nothing_while_thinking)
{
    engine_start(&e, "ucci");
    engine_send(&e, "setoption batch true");
    engine_send(&e, "position startpos");
    engine_send(&e, "go depth 8");
    engine_send(&e, "stop");
    answer(last, sizeof last, 10000);
    /* The stop was read only after the search had finished by itself: full depth, then an idle stop. */
    cr_assert(!strncmp(last, "info depth 8 ", 13), "%s", last);
    expect_line("nobestmove", 2000);
    engine_close(&e, 3000);
}

Test(ucci, rules_option_turns_rule_wins_into_draws)
{
    /* Black, a rook and a cannon against a horse, has been chased twice round; i8i9 completes a
     * third occurrence: a win by the Asian rules, a mere draw where every repetition draws. */
    const char *pos = "fen 3k4r/c8/9/7N1/9/9/9/9/9/3AK4 w - - 0 1 moves h6g8 i9i8 g8h6 i8i9 h6g8 i9i8 g8h6";
    engine_start(&e, "ucci");
    cr_assert_str_eq(search(pos, "depth 12"), "bestmove i8i9");
    cr_assert(strstr(last, " score 9999 "), "%s", last);

    engine_send(&e, "setoption rules repetition-draw");
    cr_assert(strncmp(search(pos, "depth 12"), "bestmove i8i9", 13));
    int depth, score;
    cr_assert_eq(sscanf(last, "info depth %d score %d", &depth, &score), 2, "%s", last);
    cr_assert(score > 500 && score < 9800, "%s", last);
    engine_close(&e, 3000);
}

/*
 * A self-play game whose 204th search once never ended: with the table its
 * earlier searches left, depth 1 ran into a chain of checks answered by
 * checks, and a stop waited for depth 1. Every search of the game, each
 * on 4000 nodes and a 2 MB table, must now answer at once with a legal move.
 */
Test(ucci, a_depth_one_lost_in_a_chain_of_checks_still_answers)
{
    static char moves[4096];
    FILE *f = fopen("tests/data/check_chain_moves.txt", "r");
    cr_assert(f && fgets(moves, sizeof moves, f));
    fclose(f);
    moves[strcspn(moves, "\n")] = 0;
    engine_start(&e, "ucci");
    engine_send(&e, "setoption hashsize 2");
    char *end = moves;
    for (int ply = 0; end; ply++) {
        end = strchr(end + 1, ' ');
        if (ply < 7)
            continue;
        engine_send(&e, "position startpos moves %.*s", end ? (int)(end - moves) : (int)strlen(moves), moves);
        engine_send(&e, "go nodes 4000");
        int64_t start = test_now_ms();
        const char *best = answer(last, sizeof last, 10000);
        cr_assert(!strncmp(best, "bestmove ", 9), "ply %d: %s", ply + 1, best);
        cr_assert_lt(test_now_ms() - start, 5000, "ply %d took %lld ms", ply + 1, (long long)(test_now_ms() - start));
    }
    /* The last answer is the deepest finished search's (network 4's search got no further than depth 1, f8f9). */
    const char *pv = strstr(last, " pv ");
    char want[8] = "";
    cr_assert(pv && sscanf(pv + 4, "%7s", want) == 1, "%s", last);
    cr_assert_str_eq(strtok(line + 9, " "), want, "the last answer is the one the deepest search reported: %s", last);
    engine_close(&e, 5000);
}

/* A UCCI league manager sends this at the start of every game. */
Test(ucci, promotion_false_is_the_standard_rule_and_true_is_refused)
{
    engine_start(&e, "ucci");
    engine_send(&e, "setoption promotion false");
    engine_send(&e, "isready");
    expect_line("readyok", 2000);
    engine_send(&e, "setoption promotion true");
    expect_line("info string error: promotion true is not played: advisors and elephants never become pawns here", 2000);
    engine_send(&e, "position startpos");
    engine_send(&e, "go depth 3");
    cr_assert(engine_expect(&e, "bestmove ", NULL, 0, 5000), "the engine plays on");
    engine_send(&e, "quit");
    expect_line("bye", 2000);
    engine_close(&e, 3000);
}
