/* Bad input of every kind, in both dialects: a clear error, the last good state kept, no crash. */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common.h"
#include "../engine_pipe.h"

TestSuite(robust, .init = setup_tables, .timeout = 60);

static Engine e;
static char line[8192];

static void expect_line(const char *want) { engine_expect_line(&e, want, 5000); }

/* The next line must be an error naming what went wrong. */
static void expect_error(const char *fragment)
{
    cr_assert(engine_line(&e, line, sizeof line, 5000), "no error line for '%s'", fragment);
    cr_assert(!strncmp(line, "info string error: ", 19) && strstr(line, fragment), "got '%s', wanted '%s'", line,
              fragment);
}

static void expect_fen(const char *fen)
{
    engine_send(&e, "d");
    cr_assert(engine_expect(&e, "Fen: ", line, sizeof line, 5000));
    cr_assert_str_eq(line + 5, fen);
    cr_assert(engine_expect(&e, "Checkers:", NULL, 0, 2000));
    cr_assert(engine_expect(&e, "Moves:", NULL, 0, 2000));
    cr_assert(engine_expect(&e, "Legal:", NULL, 0, 2000));
    cr_assert(engine_expect(&e, "Result:", NULL, 0, 2000));
}

static void bad_positions_keep_the_last_one(void)
{
    const char *good = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
    engine_send(&e, "position startpos moves h2e2");
    expect_fen(good);
    engine_send(&e, "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w");
    expect_error("bad FEN (9 ranks, expected 10)");
    engine_send(&e, "position fen 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    expect_error("side not to move (black) is in check");
    engine_send(&e, "position startpos moves h2e2 h2e2");
    expect_error("illegal move 'h2e2' (move 2 of the list)");
    engine_send(&e, "position startpos moves h2e2 zz99");
    expect_error("illegal move 'zz99'");
    engine_send(&e, "position");
    expect_error("position needs 'startpos' or 'fen'");
    engine_send(&e, "position fen");
    expect_error("bad FEN (empty FEN)");
    engine_send(&e, "position startpos junk");
    expect_error("unexpected 'junk'");
    expect_fen(good);
}

static void bad_lines_are_refused(void)
{
    /* A line of two megabytes, then one with a NUL byte, then raw noise. */
    size_t big = 2u << 20;
    char *huge = malloc(big + 1);
    memset(huge, 'x', big);
    huge[big] = '\n';
    engine_send_raw(&e, huge, big + 1);
    free(huge);
    expect_error("line longer than");
    engine_send_raw(&e, "go\0depth 3\n", 11);
    expect_error("NUL byte");
    const char *noise = "\xff\xfe\x80 go\n";
    engine_send_raw(&e, noise, strlen(noise));
    expect_error("unknown command");
    /* CRLF and blank lines are fine. */
    const char *blank = "\r\n\n   \t \nisready\r\n";
    engine_send_raw(&e, blank, strlen(blank));
    expect_line("readyok");
    engine_send(&e, "frobnicate now");
    expect_error("unknown command 'frobnicate'");
}

static void bad_go_is_reported_and_answered(void)
{
    /* Each gets its error, and still a move: no GUI waits forever. */
    static const char *const bad[][2] = {
        { "go depth", "'depth' needs a value" },
        { "go depth five", "bad value 'five' for 'depth'" },
        { "go nodes -5", "bad value '-5' for 'nodes'" },
        { "go sideways 3", "unknown parameter 'sideways'" },
        { "go movetime soon wtime 100", "bad value 'soon' for 'movetime'" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        engine_send(&e, "%s", bad[i][0]);
        expect_error(bad[i][1]);
        cr_assert(engine_expect(&e, "bestmove ", NULL, 0, 5000), "no move after '%s'", bad[i][0]);
    }
    /* A time below zero counts as none left: a move at once. */
    engine_send(&e, "go movetime -5");
    cr_assert(engine_expect(&e, "bestmove ", NULL, 0, 5000));
    engine_send(&e, "isready");
    expect_line("readyok");
}

Test(robust, uci_bad_input)
{
    engine_start(&e, "uci");
    bad_positions_keep_the_last_one();
    bad_lines_are_refused();
    bad_go_is_reported_and_answered();
    engine_send(&e, "setoption name Hash value 0");
    expect_error("from 1 to 65536, not '0'");
    engine_send(&e, "setoption name Hash value 99999999999999999999999");
    expect_error("from 1 to 65536");
    engine_send(&e, "setoption name Threads value many");
    expect_error("whole number");
    engine_send(&e, "setoption name Nonsense value 3");
    expect_error("unknown option 'Nonsense'");
    engine_send(&e, "setoption name Ponder value maybe");
    expect_error("true or false");
    engine_send(&e, "setoption name UCI_Variant value chess");
    expect_error("no value 'chess'");
    engine_send(&e, "setoption name Hash");
    expect_error("needs a value");
    engine_send(&e, "setoption");
    expect_error("needs an option name");
    /* The bare form some GUIs use is understood (MultiPV: every build has it to 64, not threads). */
    engine_send(&e, "setoption MultiPV 2");
    engine_send(&e, "go perft 1 extra");
    expect_error("unknown parameter 'extra'");
    cr_assert(engine_expect(&e, "Nodes/second: ", NULL, 0, 5000), "the count still comes");
    expect_line("");
    engine_send(&e, "go perft 99");
    expect_error("perft needs a depth");
    /* Still alive and searching. */
    engine_send(&e, "position startpos");
    engine_send(&e, "go depth 3");
    cr_assert(engine_expect(&e, "bestmove ", NULL, 0, 5000));
    engine_send(&e, "quit");
    cr_assert_eq(engine_close(&e, 3000), 0);
}

Test(robust, ucci_bad_input)
{
    engine_start(&e, "ucci");
    bad_positions_keep_the_last_one();
    bad_lines_are_refused();
    bad_go_is_reported_and_answered();
    engine_send(&e, "setoption hashsize 0");
    expect_error("from 1 to 65536");
    engine_send(&e, "setoption usemillisec sometimes");
    expect_error("true or false");
    engine_send(&e, "setoption knowledge 3");
    expect_error("unknown option 'knowledge'");
    engine_send(&e, "banmoves h7e7 e9e5");
    expect_error("'e9e5' is not a legal move");
    /* Lines some UCCI managers send that are not UCCI: understood, silently. */
    engine_send(&e, "newgame");
    engine_send(&e, "position fen " START_FEN " moves h2e2");
    engine_send(&e, "fen " START_FEN " moves h2e2");
    engine_send(&e, "isready");
    expect_line("readyok");
    engine_send(&e, "go wtime 1000 btime 1000 winc 0 binc 0");
    cr_assert(engine_expect(&e, "bestmove ", NULL, 0, 5000));
    engine_send(&e, "quit");
    expect_line("bye");
    cr_assert_eq(engine_close(&e, 3000), 0);
}

Test(robust, input_closed_mid_search)
{
    /* A finite search still answers after the input is closed; the process then exits by itself. */
    engine_open(&e);
    engine_send(&e, "position startpos");
    engine_send(&e, "go depth 6");
    close(e.to_engine);
    cr_assert(engine_expect(&e, "bestmove ", NULL, 0, 10000));
    e.to_engine = open("/dev/null", O_WRONLY);
    cr_assert_eq(engine_close(&e, 3000), 0);
}
