/*
 * `chuhan play` driven as a player would: scripted lines through pipes with
 * their exact answers, and a pseudo-terminal for typing while the engine
 * thinks. The engine's replies in these positions are forced or mates, so
 * the transcripts do not depend on how it searches.
 */
#define _XOPEN_SOURCE 700 /* posix_openpt() and its kin */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "../../base/clock.h"
#include "../../play/input.h"
#include "../../base/version.h"
#include "../engine_pipe.h"

TestSuite(play, .timeout = 60);

/* The first two lines of a game: who plays what, then how moves may be typed. */
#define GREETING(who)                                                                                                  \
    "Chuhan " CHUHAN_VERSION ": " who ".\n"                                                                            \
    "Type moves as 炮二平五, C2.5 or h2e2; 'help' lists the commands.\n"
#define BANNER(side, strength) GREETING("you play " side ", the engine " strength)

/* The arguments of `./chuhan play ARGS`, or of the command in CHUHAN_ENGINE as engine_open() runs it. */
static void play_command(const char *const *args, const char *argv[], int cap)
{
    char **engine = engine_command();
    int n = 0;
    while (engine[n] && n < cap - 2) {
        argv[n] = engine[n];
        n++;
    }
    argv[n++] = "play";
    for (int i = 0; args[i] && n < cap - 1; i++)
        argv[n++] = args[i];
    argv[n] = NULL;
}

/* The LANG `chuhan play` is started with; NULL: none. */
static const char *play_lang;

/*
 * Starts `./chuhan play` with the given arguments (NULL-terminated), its
 * input and output through pipes or, with `terminal`, a pseudo-terminal
 * without echo, as a player's shell would give it.
 */
static void start_play(Engine *e, const char *const *args, bool terminal)
{
    const char *argv[24];
    play_command(args, argv, 24);
    int to[2] = { -1, -1 }, from[2] = { -1, -1 };
    const char *slave = NULL;
    if (terminal) {
        to[1] = from[0] = posix_openpt(O_RDWR | O_NOCTTY);
        cr_assert(to[1] >= 0 && grantpt(to[1]) == 0 && unlockpt(to[1]) == 0 && (slave = ptsname(to[1])));
    } else {
        cr_assert(pipe(to) == 0 && pipe(from) == 0);
        /* Programs started later must not inherit this one's input: it would never see the end of it. */
        fcntl(to[1], F_SETFD, FD_CLOEXEC);
        fcntl(from[0], F_SETFD, FD_CLOEXEC);
    }
    e->pid = fork();
    cr_assert(e->pid >= 0);
    if (e->pid == 0) {
        if (terminal) {
            struct termios t;
            setsid();
            to[0] = from[1] = open(slave, O_RDWR);
            tcgetattr(to[0], &t);
            t.c_lflag &= ~(tcflag_t)ECHO;
            tcsetattr(to[0], TCSANOW, &t);
        } else {
            close(to[1]); /* or the input would never end */
            close(from[0]);
        }
        dup2(to[0], STDIN_FILENO);
        dup2(from[1], STDOUT_FILENO);
        int null = open("/dev/null", O_WRONLY);
        dup2(null, STDERR_FILENO); /* option errors: the tests look at the exit status */
        setenv("NO_COLOR", "1", 1);
        /* English unless a test says otherwise, whatever the language of the shell running the tests. */
        unsetenv("LC_ALL");
        unsetenv("LC_MESSAGES");
        if (play_lang)
            setenv("LANG", play_lang, 1);
        else
            unsetenv("LANG");
        execvp(argv[0], (char *const *)argv);
        _exit(127);
    }
    if (!terminal) {
        close(to[0]);
        close(from[1]);
    }
    e->to_engine = to[1];
    e->from_engine = from[0];
    e->len = 0;
}

/* Plays the script (lines ending in \n) through pipes to the end of the input; all output in out, the exit status returned. */
static int run_script(const char *const *args, const char *script, char *out, size_t cap)
{
    Engine e;
    start_play(&e, args, false);
    engine_send_raw(&e, script, strlen(script));
    close(e.to_engine);
    e.to_engine = dup(e.from_engine); /* engine_close() closes it again */
    size_t n = 0;
    char line[4096];
    while (engine_line(&e, line, sizeof line, 20000))
        n += (size_t)snprintf(out + n, cap - n, "%s\n", line);
    return engine_close(&e, 10000);
}

/* Perpetual checks with a rook: black's every reply is forced. */
#define ROOK_CHECKS "3k5/9/R2a5/9/9/9/9/9/9/4K4 w - - 0 1"

Test(play, a_bad_move_gets_its_reason_and_changes_nothing)
{
    static char out[1 << 14];
    static const char *const args[] = { "--blind", "--depth", "1", NULL };
    int status = run_script(args,
                            "马八进六\nh2h7\nxyz\n车五进一\n兵七退一\n前炮进一\nfen\n"
                            "fen 5k3/4r4/9/9/9/9/9/9/3RA4/2B1K4 w\n相七进五\n仕五进四\n帅五平四\n"
                            "fen 3k5/9/9/9/9/9/9/9/R8/R3K4 w\n车九平八\nquit\n",
                            out, sizeof out);
    cr_assert_eq(status, 0);
    cr_assert_str_eq(out, BANNER("red", "black (depth 1)")
                     "cannot play 马八进六: the horse's leg is blocked\n"
                     "cannot play h2h7: the cannon captures by jumping exactly one man\n"
                     "unknown command 'xyz' (help lists the commands)\n"
                     "cannot play 车五进一: no such man: no red rook on file 5\n"
                     "cannot play 兵七退一: a pawn never moves back\n"
                     "cannot play 前炮进一: no such man: no red cannon in that place\n"
                     "fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n"
                     "new game\n"
                     "cannot play 相七进五: the elephant's eye is blocked\n"
                     "cannot play 仕五进四: it would leave the general in check\n"
                     "cannot play 帅五平四: the generals would face each other\n"
                     "new game\n"
                     "cannot play 车九平八: ambiguous: 2 red rooks can make that move\n");
}

Test(play, perpetual_check_is_refused_at_the_third_repetition)
{
    static char out[1 << 14];
    static const char *const args[] = { "--blind", "--depth", "2", "--fen", ROOK_CHECKS, NULL };
    int status = run_script(args, "车九进二\nR9-1\na8a9\n车九退一\n车九进一\nR9.8\n", out, sizeof out);
    cr_assert_eq(status, 0);
    /* The position after red's fifth check would stand for the third time: red may not play it, and plays another. */
    static const char expected[] = BANNER("red", "black (depth 2)")
        "1. 车九进二 (R9+2 a7a9)\ncheck\n1... 将４进１ (K4+1 d9d8)\n"
        "2. 车九退一 (R9-1 a9a8)\ncheck\n2... 将４退１ (K4-1 d8d9)\n"
        "3. 车九进一 (R9+1 a8a9)\ncheck\n3... 将４进１ (K4+1 d9d8)\n"
        "4. 车九退一 (R9-1 a9a8)\ncheck\n4... 将４退１ (K4-1 d8d9)\n"
        "cannot play 车九进一: perpetual check is forbidden\n"
        "5. 车九平八 (R9.8 a8b8)\n5... ";
    cr_assert(!strncmp(out, expected, strlen(expected)), "%s", out);
}

Test(play, undo_and_redo_take_back_and_replay_a_move_pair)
{
    static char out[1 << 14];
    static const char *const args[] = { "--blind", "--depth", "2", "--fen", ROOK_CHECKS, NULL };
    int status = run_script(args,
                            "undo\nR9+2\nundo\nfen\nundo\nredo\nfen\nredo\nundo\nR9.6\nredo\nundo\nundo\nredo\nredo\n",
                            out, sizeof out);
    cr_assert_eq(status, 0);
    cr_assert_str_eq(out, BANNER("red", "black (depth 2)")
                     "nothing to take back\n"
                     "1. 车九进二 (R9+2 a7a9)\ncheck\n1... 将４进１ (K4+1 d9d8)\n"
                     "took back 2 moves\n"
                     "fen " ROOK_CHECKS "\n"
                     "nothing to take back\n"
                     "replayed 2 moves\n"
                     "fen R8/3k5/3a5/9/9/9/9/9/9/4K4 w - - 2 2\n"
                     "nothing to replay\n"
                     "took back 2 moves\n"
                     /* A new move forgets the moves taken back; a mate leaves only the player's move to take back. */
                     "1. 车九平六 (R9.6 a7d7)\ngame over: 1-0, black is checkmated\n"
                     "nothing to replay\n"
                     "took back 1 move\n"
                     "nothing to take back\n"
                     "replayed 1 move\n"
                     "nothing to replay\n");
}

Test(play, a_finished_game_is_over_until_taken_back)
{
    static char out[1 << 14], expected[4096], pgn[1024];
    static const char *const args[] = { "--blind", "--depth", "2", "--fen", "3k5/9/9/9/9/9/9/9/R8/R3K4 w", NULL };
    char path[] = "/tmp/chuhan-play-XXXXXX", script[256];
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    snprintf(script, sizeof script, "前车平六\n车一进一\nresign\nhint\nsave %s\nundo\nR+.6\nquit\n", path);
    cr_assert_eq(run_script(args, script, out, sizeof out), 0);
    snprintf(expected, sizeof expected,
             BANNER("red", "black (depth 2)") "1. 前车平六 (R+.6 a1d1)\n"
             "game over: 1-0, black is checkmated\n"
             "the game is over (1-0, black is checkmated): new, undo or load to go on\n"
             "the game is over\n"
             "the game is over (1-0, black is checkmated)\n"
             "saved to %s\n"
             "took back 1 move\n"
             "1. 前车平六 (R+.6 a1d1)\n"
             "game over: 1-0, black is checkmated\n",
             path);
    cr_assert_str_eq(out, expected);
    ssize_t n = read(fd, pgn, sizeof pgn - 1);
    close(fd);
    unlink(path);
    cr_assert_gt(n, 0);
    pgn[n] = 0;
    /* The saved game names the players and the result; its date is today's. */
    char *date = strstr(pgn, "[Date \"");
    cr_assert(date);
    memset(date + 7, '#', 10);
    cr_assert_str_eq(pgn, "[Game \"Chinese Chess\"]\n[Event \"chuhan play\"]\n[Date \"##########\"]\n[Red \"player\"]\n"
                          "[Black \"Chuhan " CHUHAN_VERSION "\"]\n[Result \"1-0\"]\n[FEN \"3k5/9/9/9/9/9/9/9/R8/R3K4 w - - 0 1\"]\n"
                          "[Format \"Chinese\"]\n\n1. 前车平六\n1-0\n\n");
}

/* The ends a move can bring besides mate, each with its reason. */
Test(play, the_rules_end_the_game)
{
    static char out[4096];
    static const char *const stalemate[] = { "--blind", "--depth", "1", "--fen", "9/R8/4k4/9/9/9/9/9/9/3K5 w", NULL };
    cr_assert_eq(run_script(stalemate, "车九平四\n", out, sizeof out), 0);
    cr_assert_str_eq(out, BANNER("red", "black (depth 1)") "1. 车九平四 (R9.4 a8f8)\n"
                          "game over: 1-0, black has no legal move\n");
    static const char *const dead[] = { "--blind", "--depth", "1", "--fen", "4k4/9/9/9/9/9/9/9/4p4/3AK4 w", NULL };
    cr_assert_eq(run_script(dead, "仕六进五\n", out, sizeof out), 0);
    cr_assert_str_eq(out, BANNER("red", "black (depth 1)") "1. 仕六进五 (A6+5 d0e1)\n"
                          "game over: 1/2-1/2, draw: neither side has a man left that can mate\n");
    static const char *const limit[] = { "--blind", "--depth", "1", "--fen", "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 119 80", NULL };
    cr_assert_eq(run_script(limit, "车九进一\n", out, sizeof out), 0);
    cr_assert_str_eq(out, BANNER("red", "black (depth 1)") "80. 车九进一 (R9+1 a0a1)\n"
                          "game over: 1/2-1/2, draw by the natural limit (60 moves without a capture)\n");
}

/* Black at the bottom for a player of black, the files numbered from each side's right, the last move in brackets. */
Test(play, the_board_shows_the_last_move_from_the_players_side)
{
    static char out[1 << 14];
    static const char *const args[] = { "--ascii", "--depth", "1", "--black", "--fen", "3k5/9/9/9/9/9/9/9/R8/4K4 w", NULL };
    cr_assert_eq(run_script(args, "", out, sizeof out), 0);
    cr_assert_str_eq(out, "Chuhan " CHUHAN_VERSION ": you play black, the engine red (depth 1).\n"
                          "Type moves as C2.5 or h2e2; 'help' lists the commands.\n"
                          "1. R9.6 (a1d1)\n"
                          "game over: 1-0, black is checkmated\n"
                          " 1   2   3   4   5   6   7   8   9\n"
                          " +---+---+---+---K---+---+---+---+   0\n"
                          " |   |   |   | \\ | / |   |   |   |\n"
                          " +---+---+---+---+--[R]--+---+--[+]  1\n"
                          " |   |   |   | / | \\ |   |   |   |\n"
                          " +---+---+---+---+---+---+---+---+   2\n"
                          " |   |   |   |   |   |   |   |   |\n"
                          " +---+---+---+---+---+---+---+---+   3\n"
                          " |   |   |   |   |   |   |   |   |\n"
                          " +---+---+---+---+---+---+---+---+   4\n"
                          " |             river             |\n"
                          " +---+---+---+---+---+---+---+---+   5\n"
                          " |   |   |   |   |   |   |   |   |\n"
                          " +---+---+---+---+---+---+---+---+   6\n"
                          " |   |   |   |   |   |   |   |   |\n"
                          " +---+---+---+---+---+---+---+---+   7\n"
                          " |   |   |   | \\ | / |   |   |   |\n"
                          " +---+---+---+---+---+---+---+---+   8\n"
                          " |   |   |   | / | \\ |   |   |   |\n"
                          " +---+---+---+---+---k---+---+---+   9\n"
                          " 9   8   7   6   5   4   3   2   1\n"
                          " i   h   g   f   e   d   c   b   a\n");
}

Test(play, the_board_in_chinese_characters)
{
    static char out[1 << 14];
    static const char *const args[] = { "--depth", "1", "--fen", ROOK_CHECKS, NULL };
    cr_assert_eq(run_script(args, "R9+2\nquit\n", out, sizeof out), 0);
    const char *board = strstr(out, "1... 将４进１ (K4+1 d9d8)\n");
    cr_assert(board, "%s", out);
    cr_assert_str_eq(board, "1... 将４进１ (K4+1 d9d8)\n"
                            " １  ２  ３  ４  ５  ６  ７  ８  ９\n"
                            " 俥--+---+--[+]--+---+---+---+---+   9\n"
                            " |   |   |   | \\ | / |   |   |   |\n"
                            " +---+---+--[將]-+---+---+---+---+   8\n"
                            " |   |   |   | / | \\ |   |   |   |\n"
                            " +---+---+---士--+---+---+---+---+   7\n"
                            " |   |   |   |   |   |   |   |   |\n"
                            " +---+---+---+---+---+---+---+---+   6\n"
                            " |   |   |   |   |   |   |   |   |\n"
                            " +---+---+---+---+---+---+---+---+   5\n"
                            " |   楚  河              漢  界   |\n"
                            " +---+---+---+---+---+---+---+---+   4\n"
                            " |   |   |   |   |   |   |   |   |\n"
                            " +---+---+---+---+---+---+---+---+   3\n"
                            " |   |   |   |   |   |   |   |   |\n"
                            " +---+---+---+---+---+---+---+---+   2\n"
                            " |   |   |   | \\ | / |   |   |   |\n"
                            " +---+---+---+---+---+---+---+---+   1\n"
                            " |   |   |   | / | \\ |   |   |   |\n"
                            " +---+---+---+---帥--+---+---+---+   0\n"
                            " 九  八  七  六  五  四  三  二  一\n"
                            " a   b   c   d   e   f   g   h   i\n");
}

Test(play, the_engine_plays_both_sides)
{
    static char out[4096];
    static const char *const args[] = { "--watch", "--blind", "--depth", "1", "--fen", "3k5/9/9/9/9/9/9/9/R8/4K4 w", NULL };
    cr_assert_eq(run_script(args, "", out, sizeof out), 0);
    cr_assert_str_eq(out, GREETING("the engine plays both sides (depth 1)") "1. 车九平六 (R9.6 a1d1)\n"
                          "game over: 1-0, black is checkmated\n");
}

Test(play, settings_saving_and_loading)
{
    static char out[1 << 14], expected[4096];
    static const char *const args[] = { "--blind", "--depth", "2", "--fen", ROOK_CHECKS, NULL };
    char path[] = "/tmp/chuhan-play-XXXXXX", script[512];
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    close(fd);
    snprintf(script, sizeof script,
             "level\nlevel 3\ntime 0.5\ndepth 0\nlevel 11\ndepth 2\n"
             "R9+2\nsave %s\nnew\nfen\nload %s\nfen\nload /nonexistent/game.pgn\nsave\nflip\nstop\n",
             path, path);
    cr_assert_eq(run_script(args, script, out, sizeof out), 0);
    unlink(path);
    snprintf(expected, sizeof expected,
             BANNER("red", "black (depth 2)") "strength: depth 2\n"
             "strength: depth 3\n"
             "strength: 0.5 s a move\n"
             "depth takes a number of plies from 1 to 120\n"
             "level takes a number from 1 (weakest) to 10\n"
             "strength: depth 2\n"
             "1. 车九进二 (R9+2 a7a9)\ncheck\n1... 将４进１ (K4+1 d9d8)\n"
             "saved to %s\n"
             "new game\n"
             "fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n"
             "loaded %s: 2 moves\n"
             "fen R8/3k5/3a5/9/9/9/9/9/9/4K4 w - - 2 2\n"
             "cannot read /nonexistent/game.pgn: No such file or directory\n"
             "save needs a file name\n"
             "the engine is not thinking\n",
             path, path);
    cr_assert_str_eq(out, expected);
}

Test(play, resigning_and_offering_a_draw)
{
    static char out[4096];
    /* A rook up, the engine declines; a rook down, it accepts. */
    static const char *const ahead[] = { "--black", "--blind", "--depth", "3", "--fen", "4k4/9/9/9/9/9/9/9/R8/3K5 b", NULL };
    cr_assert_eq(run_script(ahead, "draw\nresign\nresign\n", out, sizeof out), 0);
    cr_assert_str_eq(out, BANNER("black", "red (depth 3)") "the engine declines the draw\n"
                          "game over: 1-0, black resigns\n"
                          "the game is over\n");
    static const char *const behind[] = { "--blind", "--depth", "3", "--fen", ROOK_CHECKS, NULL };
    cr_assert_eq(run_script(behind, "draw\n", out, sizeof out), 0);
    cr_assert_str_eq(out, BANNER("red", "black (depth 3)") "the engine accepts the draw\n"
                          "game over: 1/2-1/2, draw agreed\n");
}

Test(play, bad_options_are_refused)
{
    static char out[4096];
    static const char *const zero_depth[] = { "--depth", "0", NULL }, *const bad_fen[] = { "--fen", "9/9 w", NULL },
                             *const unknown[] = { "--colour", NULL }, *const no_value[] = { "--time", NULL },
                             *const bad_clock[] = { "--clock", "5+x", NULL }, *const help[] = { "--help", NULL };
    const char *const *bad[] = { zero_depth, bad_fen, unknown, no_value, bad_clock };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        cr_assert_eq(run_script(bad[i], "", out, sizeof out), 2, "%s", bad[i][0]);
        cr_assert_str_eq(out, "");
    }
    cr_assert_eq(run_script(help, "", out, sizeof out), 0);
    cr_assert(!strncmp(out, "usage: chuhan play", 18));
}

/* Reads lines until one holds `text`; false on timeout. Terminal output ends in CR LF and may follow a prompt. */
static bool expect_text(Engine *e, const char *text, int timeout_ms)
{
    char line[4096];
    int64_t deadline = test_now_ms() + timeout_ms;
    while (test_now_ms() < deadline)
        if (engine_line(e, line, sizeof line, (int)(deadline - test_now_ms())) && strstr(line, text))
            return true;
    return false;
}

Test(play, the_clock_falls_while_the_player_thinks)
{
    Engine e;
    static const char *const args[] = { "--blind", "--clock", "0.05+0", NULL };
    start_play(&e, args, false);
    int64_t start = test_now_ms();
    cr_assert(expect_text(&e, "game over: 0-1, red lost on time", 10000));
    cr_assert_geq(test_now_ms() - start, 2500, "three seconds on the clock");
    engine_send(&e, "h2e2");
    cr_assert(expect_text(&e, "the game is over (0-1, red lost on time)", 5000));
    cr_assert_eq(engine_close(&e, 5000), 0);
}

/*
 * Types a line at the terminal. Enter sends CR: the terminal makes it LF for
 * a Linux program, a Windows console (wine's, on a terminal) ends the line on it.
 */
static void press_enter(Engine *e, const char *text)
{
    engine_send_raw(e, text, strlen(text));
    engine_send_raw(e, "\r", 1);
}

Test(play, typing_interrupts_the_engines_thinking)
{
    Engine e;
    static const char *const args[] = { "--ascii", "--time", "120", NULL };
    start_play(&e, args, true);
    /*
     * A player types at the prompt, below the board, and not at once: wine's
     * console (testing a Windows build) makes the terminal raw, CR no longer
     * turned into LF, only about when the board is drawn.
     */
    cr_assert(expect_text(&e, " a   b   c   d", 10000));
    sleep_ms(500);
    press_enter(&e, "h2e2");
    cr_assert(expect_text(&e, "1. C2.5 (h2e2)", 5000));
    /* It would think for two minutes: `stop` makes it move now. */
    int64_t start = test_now_ms();
    press_enter(&e, "stop");
    cr_assert(expect_text(&e, "1... ", 5000));
    cr_assert_lt(test_now_ms() - start, 5000);
    /* Any other command abandons the search and is obeyed; the engine then thinks again. */
    press_enter(&e, "h0g2");
    cr_assert(expect_text(&e, "2. H2+3 (h0g2)", 5000));
    press_enter(&e, "undo");
    cr_assert(expect_text(&e, "took back 1 move", 5000));
    press_enter(&e, "quit");
    cr_assert_eq(engine_close(&e, 5000), 0);
}

/*
 * input_read on a pipe the test writes at its own pace. The reader thread
 * is never stopped, so the Input is static: it must outlive the thread.
 */
static Input *pipe_input(int *writer)
{
    static Input in;
    int fds[2];
    cr_assert(pipe(fds) == 0);
    cr_assert(input_init(&in, fds[0]));
    *writer = fds[1];
    return &in;
}

static void put(int fd, const char *text) { cr_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text)); }

static void expect_input(Input *in, int timeout_ms, InputStatus status, const char *text)
{
    char *line = NULL;
    cr_assert_eq(input_read(in, timeout_ms, &line), status);
    if (text)
        cr_assert_str_eq(line, text);
}

Test(play, input_comes_in_lines_within_a_time_limit)
{
    int w;
    Input *in = pipe_input(&w);
    put(w, "h2e2\r\nh9g7\n\npart");
    expect_input(in, 1000, INPUT_LINE, "h2e2");
    expect_input(in, -1, INPUT_LINE, "h9g7");
    expect_input(in, 0, INPUT_LINE, "");
    /* Half a line waits for the rest, until the time is up. */
    int64_t start = test_now_ms();
    expect_input(in, 200, INPUT_TIMEOUT, NULL);
    cr_assert_geq(test_now_ms() - start, 190);
    expect_input(in, 0, INPUT_TIMEOUT, NULL);
    put(w, " of a line\r\nrest");
    expect_input(in, 1000, INPUT_LINE, "part of a line");
    /* The end of the input brings what is left as a line, and then the end every time. */
    close(w);
    expect_input(in, -1, INPUT_LINE, "rest");
    expect_input(in, -1, INPUT_EOF, NULL);
    expect_input(in, 1000, INPUT_EOF, NULL);
}

Test(play, input_waits_as_long_as_it_is_told)
{
    int w;
    Input *in = pipe_input(&w);
    pid_t child = fork();
    cr_assert(child >= 0);
    if (child == 0) {
        sleep_ms(300);
        put(w, "炮二平五\n");
        _exit(0);
    }
    close(w); /* the child holds the pipe open until it has written */
    int64_t start = test_now_ms();
    expect_input(in, -1, INPUT_LINE, "炮二平五");
    cr_assert_geq(test_now_ms() - start, 250);
    expect_input(in, -1, INPUT_EOF, NULL);
}

/* More than the buffer holds, unread meanwhile: nothing is lost, and a line too long comes in pieces. */
Test(play, input_longer_than_the_buffer)
{
    static char text[6 * INPUT_MAX], expected[INPUT_MAX + 1];
    int w;
    Input *in = pipe_input(&w);
    size_t n = 0;
    for (int i = 0; i < 1000; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "line %d\n", i);
    memset(text + n, 'x', INPUT_MAX + 10);
    strcpy(text + n + INPUT_MAX + 10, "\n");
    put(w, text);
    close(w);
    sleep_ms(100); /* for the reader to fill the buffer and wait for room */
    for (int i = 0; i < 1000; i++) {
        char want[16];
        snprintf(want, sizeof want, "line %d", i);
        expect_input(in, 1000, INPUT_LINE, want);
    }
    memset(expected, 'x', INPUT_MAX);
    expect_input(in, 1000, INPUT_LINE, expected);
    expect_input(in, 1000, INPUT_LINE, "xxxxxxxxxx");
    expect_input(in, 1000, INPUT_EOF, NULL);
}

/* Six moves of a player, the same in every game. */
#define SIX_MOVES "h2e2\nh0g2\ni0h0\nb0c2\nb2b6\na0b0\n"

/* Three games, not two: under WebAssembly, where the search is shallower, two came out alike twice in 19 runs. */
Test(play, games_at_a_level_fed_the_same_moves_part_ways)
{
    static char first[1 << 14], second[1 << 14], third[1 << 14];
    static const char *const args[] = { "--blind", "--elo", "1500", "--time", "0.2", NULL };
    cr_assert_eq(run_script(args, SIX_MOVES, first, sizeof first), 0);
    cr_assert_eq(run_script(args, SIX_MOVES, second, sizeof second), 0);
    cr_assert_eq(run_script(args, SIX_MOVES, third, sizeof third), 0);
    cr_assert(strstr(first, "(Elo 1500, at most 0.2 s a move)"), "the level is shown: %s", first);
    cr_assert(strcmp(first, second) || strcmp(second, third), "six replies drawn with a spread of about 80 cp, three times the same");
}

Test(play, without_randomness_the_engine_answers_alike)
{
    static char first[1 << 14], second[1 << 14];
    static const char *const args[] = { "--blind", "--randomness", "0", "--depth", "5", NULL };
    cr_assert_eq(run_script(args, SIX_MOVES, first, sizeof first), 0);
    cr_assert_eq(run_script(args, SIX_MOVES, second, sizeof second), 0);
    cr_assert_str_eq(first, second);
}

/* In Chinese: the banner, refusals with their reasons, the mate and what follows it, in the words players write. */
Test(play, with_lang_zh_the_game_speaks_chinese)
{
    static char out[1 << 14];
    static const char *const args[] = { "--lang", "zh", "--blind", "--depth", "2", "--fen", "3k5/9/9/9/9/9/9/9/R8/R3K4 w", NULL };
    int status = run_script(args, "车九平八\n马八进七\nxyz\n帅五平六\n前车平六\nresign\nhint\nundo\nredo\nquit\n", out, sizeof out);
    cr_assert_eq(status, 0);
    cr_assert_str_eq(out, "Chuhan " CHUHAN_VERSION "：你执红方，引擎执黑方（深度 2）。\n"
                          "走法可以写成 炮二平五、C2.5 或 h2e2；输入 help 查看命令。\n"
                          "不能走 车九平八：有歧义：红方有2个车都能这样走\n"
                          "不能走 马八进七：没有这个子：红方在第8路没有马\n"
                          "没有“xyz”这个命令（输入 help 查看命令）\n"
                          "不能走 帅五平六：将帅不能照面\n"
                          "1. 前车平六 (R+.6 a1d1)\n"
                          "对局结束：1-0，黑方被将死\n"
                          "对局已结束\n"
                          "对局已结束（1-0，黑方被将死）\n"
                          "悔了1步\n"
                          "重走了1步\n");
}

/* LANG chooses the language when --lang does not, and --lang wins over it. */
Test(play, the_language_comes_from_lang_unless_lang_is_given)
{
    static char out[1 << 14];
    static const char *const plain[] = { "--blind", "--depth", "1", NULL }, *english[] = { "--lang", "en", "--blind", "--depth", "1", NULL };
    play_lang = "zh_CN.UTF-8";
    cr_assert_eq(run_script(plain, "马八进六\nquit\n", out, sizeof out), 0);
    cr_assert(strstr(out, "不能走 马八进六：蹩马腿\n"), "%s", out);
    cr_assert_eq(run_script(english, "马八进六\nquit\n", out, sizeof out), 0);
    play_lang = NULL;
    cr_assert_str_eq(out, BANNER("red", "black (depth 1)") "cannot play 马八进六: the horse's leg is blocked\n");
    static const char *const help[] = { "--help", "--lang", "zh", NULL };
    cr_assert_eq(run_script(help, "", out, sizeof out), 0);
    cr_assert(!strncmp(out, "用法：chuhan play [--red | --black | --watch]", strlen("用法：chuhan play [--red | --black | --watch]")), "%s", out);
    cr_assert(strstr(out, "  --lang zh|en    中文或英文（默认按 LC_ALL、LC_MESSAGES 或 LANG 的语言）\n"), "%s", out);
}

/*
 * Endgame practice: a position of KRk drawn from tables built here, the
 * player taking the engine's hint (by the tables) each move, mates in as many
 * moves as the tables' best play, and is told so; in Chinese as well.
 */
Test(play, an_ending_from_the_tables_is_played_out_to_mate_against_their_best_defence)
{
    char dir[] = "/tmp/chuhan-practice-XXXXXX", command[256], line[4096], out[256];
    cr_assert(mkdtemp(dir));
    snprintf(command, sizeof command, "./chuhan egtb build %s KRk >/dev/null 2>&1", dir);
    cr_assert_eq(system(command), 0);
    const char *const languages[] = { "en", "zh" };
    for (int k = 0; k < 2; k++) {
        const char *args[] = { "--lang", languages[k], "--blind", "--depth", "4", "--randomness", "0", "--egtb", dir, "--ending", "KRk", NULL };
        Engine e;
        start_play(&e, args, false);
        int best = -1, moves = 0;
        bool over = false;
        while (!over && moves < 40 && engine_line(&e, line, sizeof line, 20000)) {
            const char *mate = strstr(line, k ? "红胜：" : "red wins: mate in ");
            if (best < 0 && mate)
                best = atoi(mate + strlen(k ? "红胜：" : "red wins: mate in "));
            const char *hint = strstr(line, k ? "提示：" : "hint: "), *open = hint ? strrchr(line, ' ') : NULL;
            if (best >= 0 && (!moves || hint)) {
                if (hint && open) {
                    snprintf(out, sizeof out, "%.4s\n", open + 1); /* "(C2.5 h2e2)": the ICCS before the bracket */
                    engine_send_raw(&e, out, strlen(out));
                }
                engine_send_raw(&e, "hint\n", 5);
                moves++;
            }
            over = strstr(line, k ? "对局结束：1-0" : "game over: 1-0") != NULL; /* mate, or no legal move left */
        }
        cr_assert(over, "no mate (%s): %s", languages[k], line);
        cr_assert(best >= 2, "the tables' mate told at the start");
        cr_assert(engine_line(&e, line, sizeof line, 20000));
        char expected[128];
        snprintf(expected, sizeof expected, k ? "%d步杀；残局库的最佳着法是%d步杀" : "mate in %d moves; the tables' best play mates in %d", best, best);
        cr_assert_str_eq(line, expected);
        engine_send_raw(&e, "quit\n", 5);
        engine_close(&e, 10000);
    }
    snprintf(command, sizeof command, "rm -rf %s", dir);
    cr_assert_eq(system(command), 0);
}
