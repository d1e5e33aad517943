/* CECP (XBoard) transcripts against the real binary. */
#include <stdio.h>
#include <string.h>

#include "../common.h"
#include "../engine_pipe.h"

TestSuite(cecp, .init = setup_tables, .timeout = 60);

static Engine e;
static char line[8192];

static void expect_line(const char *want) { engine_expect_line(&e, want, 10000); }

/* Reads to the engine's move, checking the thinking lines on the way; returns the move text. */
static const char *expect_move(void)
{
    static char move[16];
    while (engine_line(&e, line, sizeof line, 10000)) {
        if (sscanf(line, "move %15s", move) == 1)
            return move;
        int ply, score, cs;
        unsigned long long nodes;
        char first[16];
        cr_assert_eq(sscanf(line, "%d %d %d %llu %15s", &ply, &score, &cs, &nodes, first), 5, "not thinking: %s", line);
    }
    cr_assert_fail("no move");
    return NULL;
}

Test(cecp, features_name_the_variant_and_end_with_done)
{
    engine_open(&e);
    engine_send(&e, "xboard");
    engine_send(&e, "protover 2");
    cr_assert(engine_expect(&e, "feature ", line, sizeof line, 5000));
    const char *want[] = { "myname=\"Chuhan ", "variants=\"xiangqi\"", "setboard=1", "usermove=1", "ping=1",
                           "sigint=0", "sigterm=0", "analyze=1", "colors=0", "san=0", "memory=1", "smp=1" };
    for (size_t i = 0; i < sizeof want / sizeof *want; i++)
        cr_assert(strstr(line, want[i]), "no %s in %s", want[i], line);
    cr_assert(engine_expect(&e, "feature option=\"Rules -combo *auto /// asian /// repetition-draw\"", NULL, 0, 2000));
    cr_assert(engine_expect(&e, "feature done=1", NULL, 0, 2000));
    engine_send(&e, "ping 7");
    expect_line("pong 7");
    engine_send(&e, "quit");
    cr_assert_eq(engine_close(&e, 3000), 0);
}

Test(cecp, plays_both_colours_and_takes_moves)
{
    engine_start(&e, "xboard");
    engine_send(&e, "new");
    engine_send(&e, "variant xiangqi");
    engine_send(&e, "level 0 0:10 0");
    engine_send(&e, "post");
    engine_send(&e, "sd 6");
    /* After new the engine plays black: the user's move gets an answer. */
    engine_send(&e, "usermove h2e2");
    const char *m = expect_move();
    cr_assert(legal_after(START_FEN, "h2e2", 0, m), "illegal reply %s", m);
    char moves[64];
    snprintf(moves, sizeof moves, "h2e2 %s", m);
    /* force, then go: it plays the side to move (red). */
    engine_send(&e, "force");
    engine_send(&e, "go");
    m = expect_move();
    cr_assert(legal_after(START_FEN, moves, 0, m), "illegal move %s", m);
    engine_send(&e, "quit");
    cr_assert_eq(engine_close(&e, 3000), 0);
}

Test(cecp, bad_input_gets_errors_in_xboard_form)
{
    engine_start(&e, "xboard");
    engine_send(&e, "new");
    engine_send(&e, "force");
    engine_send(&e, "usermove z9z9");
    expect_line("Illegal move (not a move): z9z9");
    engine_send(&e, "usermove h2h8");
    expect_line("Illegal move (not legal here): h2h8");
    engine_send(&e, "frobnicate");
    expect_line("Error (unknown command): frobnicate");
    engine_send(&e, "setboard 9/9/9 w");
    cr_assert(engine_line(&e, line, sizeof line, 5000));
    cr_assert(!strncmp(line, "Error (bad FEN: ", 16) && strstr(line, "): setboard"), "%s", line);
    engine_send(&e, "variant chess");
    expect_line("Error (only xiangqi is played): variant");
    engine_send(&e, "option Nonsense=3");
    expect_line("Error (unknown option 'Nonsense'): option");
    engine_send(&e, "sd x");
    cr_assert(engine_line(&e, line, sizeof line, 5000));
    cr_assert(!strncmp(line, "Error (needs a whole number", 27), "%s", line);
    /* The position is untouched: a legal move still goes in, and the board shows it. */
    engine_send(&e, "usermove h2e2");
    engine_send(&e, "d");
    engine_expect_answer(&e, "Fen: ",
                         "Fen: rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", 5000);
    engine_send(&e, "quit");
    cr_assert_eq(engine_close(&e, 3000), 0);
}

Test(cecp, mate_ends_the_game_with_a_result)
{
    engine_start(&e, "xboard");
    engine_send(&e, "new");
    engine_send(&e, "force");
    engine_send(&e, "setboard 3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1");
    engine_send(&e, "sd 4");
    engine_send(&e, "nopost");
    engine_send(&e, "go");
    expect_line("move e1d1");
    expect_line("1-0 {Red mates}");
    /* Mate scores count moves from 100000. */
    engine_send(&e, "force");
    engine_send(&e, "undo");
    engine_send(&e, "post");
    engine_send(&e, "go");
    cr_assert(engine_line(&e, line, sizeof line, 10000));
    int ply, score;
    cr_assert_eq(sscanf(line, "%d %d", &ply, &score), 2, "%s", line);
    cr_assert_eq(score, 100001, "%s", line);
    engine_send(&e, "quit");
    engine_close(&e, 3000);
}

/* Red checks from h9 and h8 in turn while the black general steps between d9 and d8. */
static void perpetual_check(void)
{
    engine_send(&e, "force");
    engine_send(&e, "setboard 3k5/7R1/9/9/9/9/9/9/9/4K4 w - - 0 1");
    const char *cycle[] = { "h8h9", "d9d8", "h9h8", "d8d9" };
    for (int i = 0; i < 8; i++)
        engine_send(&e, cycle[i % 4]);
    engine_send(&e, "ping 1");
}

Test(cecp, perpetual_check_is_claimed_against_a_human_only)
{
    engine_start(&e, "xboard");
    engine_send(&e, "new");
    perpetual_check();
    expect_line("0-1 {Red checked or chased perpetually}");
    expect_line("pong 1");
    /* Against an engine the arbiter judges repetitions by its own rules: no claim, play goes on. */
    engine_send(&e, "new");
    engine_send(&e, "computer");
    perpetual_check();
    expect_line("pong 1");
    engine_send(&e, "quit");
    cr_assert_eq(engine_close(&e, 3000), 0);
}

Test(cecp, analysis_reports_until_exit)
{
    engine_start(&e, "xboard");
    engine_send(&e, "new");
    engine_send(&e, "force");
    engine_send(&e, "analyze");
    cr_assert(engine_expect(&e, "8 ", line, sizeof line, 10000), "thinking reaches ply 8");
    engine_send(&e, ".");
    cr_assert(engine_expect(&e, "stat01: ", line, sizeof line, 5000));
    engine_send(&e, "usermove h2e2");
    engine_send(&e, "exit");
    engine_send(&e, "ping 3");
    /* No move is ever played in analysis; the pong comes once it is over. */
    while (engine_line(&e, line, sizeof line, 5000) && strcmp(line, "pong 3"))
        cr_assert(strncmp(line, "move", 4), "moved in analysis: %s", line);
    cr_assert_str_eq(line, "pong 3");
    engine_send(&e, "quit");
    cr_assert_eq(engine_close(&e, 3000), 0);
}

Test(cecp, pondering_answers_the_expected_and_the_unexpected_reply)
{
    engine_start(&e, "xboard");
    engine_send(&e, "new");
    engine_send(&e, "hard");
    engine_send(&e, "nopost");
    engine_send(&e, "level 0 0:03 0");
    engine_send(&e, "time 300");
    engine_send(&e, "otim 300");
    engine_send(&e, "go");
    char played[256] = "";
    for (int i = 0; i < 4; i++) {
        const char *m = expect_move();
        strcat(played, m);
        strcat(played, " ");
        /* A legal reply: the first one the engine would not be pondering on, or any. */
        static Board b;
        set_fen(&b, START_FEN);
        char copy[256];
        snprintf(copy, sizeof copy, "%s", played);
        for (char *t = strtok(copy, " "); t; t = strtok(NULL, " "))
            make_move(&b, move_parse(t, 0));
        Move list[MAX_MOVES];
        int n = gen_legal(&b, list);
        cr_assert_gt(n, 0);
        char reply[MOVE_STR_MAX];
        move_to_str(list[i % n], 0, reply);
        strcat(played, reply);
        strcat(played, " ");
        engine_send(&e, "time 250");
        engine_send(&e, "otim 250");
        engine_send(&e, "usermove %s", reply);
    }
    expect_move();
    engine_send(&e, "quit");
    cr_assert_eq(engine_close(&e, 3000), 0);
}
