/* The `pgn` console command against the real binary: game files read for a GUI, and its bad input. */
#include <stdio.h>
#include <string.h>

#include "../common.h"
#include "../engine_pipe.h"

TestSuite(pgn_command, .init = setup_tables, .timeout = 60);

static Engine e;
static char line[8192], out[4096];

/* Starts a session in the dialect that `hello` names; a UCI one is ready once it has said uciok. */
static void start(const char *hello)
{
    engine_open(&e);
    engine_send(&e, "%s", hello);
    if (!strcmp(hello, "uci"))
        cr_assert(engine_expect(&e, "uciok", NULL, 0, 5000));
}

/* Sends command; returns every line of its answer, up to and including `Games:`, joined by newlines. */
static const char *answer(const char *command)
{
    size_t len = 0;
    engine_send(&e, "%s", command);
    out[0] = 0;
    do {
        cr_assert(engine_line(&e, line, sizeof line, 5000), "the answer stopped after: %s", out);
        len += (size_t)snprintf(out + len, sizeof out - len, "%s\n", line);
    } while (strncmp(line, "Games:", 6) && len < sizeof out);
    return out;
}

Test(pgn_command, a_wxf_game_sent_percent_encoded_comes_back_with_its_tags_and_its_moves_in_iccs)
{
    start("uci");
    cr_assert_str_eq(answer("pgn %5BEvent%20%22A%20mate%20missed%22%5D%0A%5BFEN%20%22r2k5%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2FR3K3R"
                            "%20w%20-%20-%200%201%22%5D%0A1.%20R9%2B8%20R1%2B1%20%7B%20a%20comment%20%7D%202.%20K5%2B1%20*%0A"),
                     "Game: 1\nTag: Event A mate missed\nTag: Result *\nFen: r2k5/9/9/9/9/9/9/9/9/R3K3R w - - 0 1\n"
                     "Notation: wxf\nMoves: a0a8 a9a8 e0e1\nGames: 1\n");
    engine_close(&e, 3000);
}

Test(pgn_command, chinese_moves_in_plain_words_read_up_to_an_illegal_move_which_is_named)
{
    start("uci");
    answer("pgn [Red \"甲\"] 1. 炮二平五 马８进７ 2. 马八进六 马２进３ 1-0");
    cr_assert(strstr(out, "Tag: Red 甲\nTag: Result 1-0\n"), "%s", out);
    cr_assert(strstr(out, "Notation: chinese\nMoves: h2e2 h9g7\nError: move 2 (red) 马八进六: the horse's leg is blocked\nGames: 1\n"),
              "%s", out);
    engine_close(&e, 3000);
}

Test(pgn_command, gb18030_bytes_are_read_and_the_ranks_follow_the_session)
{
    start("uci");
    engine_send(&e, "setoption name UCI_Variant value xiangqi");
    cr_assert(strstr(answer("pgn 1.%20%C5%DA%B6%FE%C6%BD%CE%E5"), "Moves: h3e3\n"), "%s", out); /* 1. 炮二平五 in GB18030 */
    engine_close(&e, 3000);
}

Test(pgn_command, text_that_is_no_game_and_a_missing_or_binary_text_are_told_and_always_end_with_games)
{
    static const struct {
        const char *command, *answer;
    } told[] = {
        { "pgn", "info string error: pgn needs a game file's text\nGames: 0\n" },
        { "pgn %FF%00", "info string error: pgn: the text is neither UTF-8 nor GB18030\nGames: 0\n" },
        { "pgn %20%0A", "Games: 0\n" },
    };
    start("uci");
    cr_assert(strstr(answer("pgn Notes for the club"), "Moves:\nError: move 1 (red) Notes: not a move: 'Notes'\nGames: 1\n"), "%s",
              out);
    for (size_t i = 0; i < sizeof told / sizeof *told; i++)
        cr_assert_str_eq(answer(told[i].command), told[i].answer);
    engine_close(&e, 3000);
}

Test(pgn_command, every_game_of_a_text_is_listed_and_xboard_answers_it_too)
{
    start("xboard");
    answer("pgn 1. h2e2 h9g7 *%0A%0A1. C2.5 *");
    cr_assert(strstr(out, "Game: 1\n") && strstr(out, "Moves: h2e2 h9g7\n"), "%s", out);
    cr_assert(strstr(out, "Game: 2\n") && strstr(out, "Notation: wxf\nMoves: h2e2\nGames: 2\n"), "%s", out);
    engine_close(&e, 3000);
}
