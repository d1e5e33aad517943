/* Game-ending rules: repetition verdicts, the natural limit, dead draws, and the search obeying them. */
#include <string.h>

#include "../../board/rules.h"
#include "../../search/engine.h"
#include "../common.h"

#include <criterion/parameterized.h>

static Engine *engine;

static void setup_rules(void)
{
    setup_tables();
    engine = engine_new();
}

static void teardown_rules(void) { engine_free(engine); }

TestSuite(rules, .init = setup_rules, .fini = teardown_rules);

static Board board;

/* The rule set of the games these tests set up: a FEN set on the board keeps it. */
static void rules_use(RuleSet r) { board.rules = (uint8_t)r; }

/* Sets fen, then plays the moves (space-separated) `times` times over. */
static void play(const char *fen, const char *moves, int times)
{
    set_fen(&board, fen);
    for (int t = 0; t < times; t++) {
        char copy[256];
        strcpy(copy, moves);
        for (char *m = strtok(copy, " "); m; m = strtok(NULL, " ")) {
            Move mv = move_parse(m, 0);
            cr_assert(mv && move_is_legal(&board, mv), "illegal %s", m);
            make_move(&board, mv);
        }
    }
}

static Verdict verdict_after(const char *fen, const char *moves)
{
    play(fen, moves, 1);
    return repetition_verdict(&board, 0);
}

/* A cycle of moves from a position, and the verdict the Asian rules give the side to move at its end. */
typedef struct {
    const char *sentence, *fen, *moves;
    Verdict asian;
} Cycle;

static const Cycle cycles[] = {
    /* Red's rook checks on every move while black's general steps up and back: red loses. */
    { "a perpetual check loses", "R2k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1", "d9d8 a9a8 d8d9 a8a9", VERDICT_WIN },
    /* The horse attacks the rook on every move; the rook's own attack on the horse is covered by g0. */
    { "a perpetual chase of a rook by a horse loses", "3k4r/9/9/7N1/9/9/9/9/9/4K1R2 w - - 0 1", "h6g8 i9i8 g8h6 i8i9",
      VERDICT_LOSS },
    /* The rook follows a crossed pawn across the rank; with the black rook on i2 guarding it, that is allowed. */
    { "chasing an unprotected pawn loses", "5k3/9/9/9/2R6/9/9/2p6/9/4K4 b - - 0 1", "c2d2 c5d5 d2c2 d5c5", VERDICT_WIN },
    { "chasing a protected pawn is a draw", "5k3/9/9/9/2R6/9/9/2p5r/9/4K4 b - - 0 1", "c2d2 c5d5 d2c2 d5c5", VERDICT_DRAW },
    /* Red's cannon keeps finding a screen against the rook on g3; black's rook keeps cutting off the
     * defence of red's cannon on i3. Both sides chase on every move. */
    { "a mutual chase is a draw", "3k5/3n5/9/1R3r3/9/9/C5r1C/9/9/3K5 w - - 0 1", "b6b3 f6f3 b3b6 f3f6", VERDICT_DRAW },
    /* Red alternates a check from a9 and an attack on the loose horse from a7: neither perpetual. */
    { "one check one chase is a draw", "R2k5/9/2n6/9/9/9/9/9/9/4K4 b - - 0 1", "d9d8 a9a7 d8d9 a7a9", VERDICT_DRAW },
    /* Black's cannon checks from a0 over the advisor, then steps back to a1; red's rook blocks on c0
     * and follows to c1, attacking the loose cannon with every move. Black's checks do not excuse
     * red's chase: red loses (as ElephantEye's league referee rules). */
    { "a chase answered by one check one idle move loses", "3k5/9/9/9/9/9/9/9/c1R6/3AK4 b - - 0 1",
      "a1a0 c1c0 a0a1 c0c1", VERDICT_WIN },
    { "an idle repetition is a draw", "3aka3/9/9/9/9/9/9/9/9/1N1K2N2 b - - 0 1", "e9e8 d0d1 e8e9 d1d0", VERDICT_DRAW },
};

#define CYCLES (sizeof cycles / sizeof *cycles)

/* Each cycle is a test of its own; Criterion copies a case's bytes into the process that runs it, so the case is its index. */
ParameterizedTestParameters(rules, each_cycle_gets_its_asian_verdict)
{
    static size_t each[CYCLES];
    for (size_t i = 0; i < CYCLES; i++)
        each[i] = i;
    return cr_make_param_array(size_t, each, CYCLES);
}

ParameterizedTest(size_t *i, rules, each_cycle_gets_its_asian_verdict)
{
    const Cycle *cycle = &cycles[*i];
    cr_assert_eq(verdict_after(cycle->fen, cycle->moves), cycle->asian, "%s", cycle->sentence);
}

Test(rules, repetitions_before_the_root_need_a_third_occurrence)
{
    play("R2k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1", "d9d8 a9a8 d8d9 a8a9", 1);
    cr_assert_eq(repetition_verdict(&board, board.hply), VERDICT_NONE);
    play("R2k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1", "d9d8 a9a8 d8d9 a8a9", 2);
    cr_assert_eq(repetition_verdict(&board, board.hply), VERDICT_WIN);
}

Test(rules, natural_limit_counts_plies_and_discounts_extra_checks)
{
    play("3k5/9/9/9/9/9/9/9/9/4K2R1 w - - 17 1", "h0h1", 1);
    cr_assert_eq(natural_count(&board), 18);
    /* Twelve checks by red in 24 plies: the two beyond the tenth do not count, nor do their replies. */
    play("R2k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1", "d9d8 a9a8 d8d9 a8a9", 6);
    cr_assert_eq(board.checks[RED], 12);
    cr_assert_eq(board.rule60, 24);
    cr_assert_eq(natural_count(&board), 20);
    /* A capture starts everything again. */
    play("3k5/9/9/9/9/9/9/9/r8/R3K4 w - - 90 1", "a0a1", 1);
    cr_assert_eq(natural_count(&board), 0);
}

Test(rules, repetition_draw_rules_draw_what_the_asian_rules_judge)
{
    for (size_t i = 0; i < CYCLES; i++) {
        rules_use(RULES_ASIAN);
        cr_assert_eq(verdict_after(cycles[i].fen, cycles[i].moves), cycles[i].asian, "%s", cycles[i].sentence);
        rules_use(RULES_REPETITION_DRAW);
        cr_assert_eq(verdict_after(cycles[i].fen, cycles[i].moves), VERDICT_DRAW, "%s", cycles[i].sentence);
    }
    /* Before the root a repetition still needs its third occurrence. */
    play("R2k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1", "d9d8 a9a8 d8d9 a8a9", 1);
    cr_assert_eq(repetition_verdict(&board, board.hply), VERDICT_NONE);
    rules_use(RULES_ASIAN);
}

Test(rules, natural_limit_is_100_plies_with_checks_under_repetition_draw_rules)
{
    rules_use(RULES_REPETITION_DRAW);
    cr_assert_eq(natural_limit(board.rules), 100);
    play("R2k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1", "d9d8 a9a8 d8d9 a8a9", 6);
    cr_assert_eq(natural_count(&board), 24, "every check counts");
    set_fen(&board, "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 99 1");
    cr_assert_not(natural_limit_reached(&board));
    play("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 99 1", "e1f1", 1);
    cr_assert(natural_limit_reached(&board));
    rules_use(RULES_ASIAN);
    cr_assert_eq(natural_limit(board.rules), 120);
    cr_assert_not(natural_limit_reached(&board));
}

Test(rules, dead_draws)
{
    set_fen(&board, "3ak4/4a4/4b4/9/9/9/9/4B4/4A4/3AK4 w - - 0 1");
    cr_assert(dead_draw(&board));
    set_fen(&board, "3ak4/4a4/4b4/9/6P2/9/9/4B4/4A4/3AK4 w - - 0 1");
    cr_assert_not(dead_draw(&board));
}

static SearchResult search_board(int depth)
{
    SearchLimits l = { .depth = depth };
    SearchReporter quiet = { 0 };
    SearchResult r;
    engine_clear(engine);
    engine_prepare(engine, &l);
    engine_search(engine, &board, &l, &quiet, &r);
    return r;
}

/* A position, the depth it is searched to and the score the search must give it. */
typedef struct {
    const char *fen;
    int depth, score;
} Scored;

static void expect_scores(const Scored *cases, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        set_fen(&board, cases[i].fen);
        cr_assert_eq(search_board(cases[i].depth).score, cases[i].score, "%s at depth %d", cases[i].fen, cases[i].depth);
    }
}

Test(rules, search_scores_the_natural_limit)
{
    const Scored cases[] = {
        /* At 119 plies a quiet mate still wins; a quiet move that does not mate draws. */
        { "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 119 1", 6, mate_in(1) },
        { "4k4/9/9/9/9/9/9/9/4A4/3AK1R2 w - - 119 1", 6, VALUE_DRAW },
        { "4k4/9/9/9/9/9/9/9/4A4/3AK1R2 w - - 100 1", 12, mate_in(3) },
        /* Nothing left to mate with. */
        { "3ak4/4a4/4b4/9/9/9/9/4B4/4A4/3AK4 w - - 0 1", 6, VALUE_DRAW },
    };
    expect_scores(cases, sizeof cases / sizeof *cases);
}

Test(rules, search_scores_the_100_ply_limit_under_repetition_draw_rules)
{
    const Scored cases[] = {
        { "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 99 1", 6, mate_in(1) },
        { "4k4/9/9/9/9/9/9/9/4A4/3AK1R2 w - - 99 1", 6, VALUE_DRAW },
        { "4k4/9/9/9/9/9/9/9/4A4/3AK1R2 w - - 80 1", 12, mate_in(3) },
    };
    rules_use(RULES_REPETITION_DRAW);
    expect_scores(cases, sizeof cases / sizeof *cases);
    rules_use(RULES_ASIAN);
}

Test(rules, under_repetition_draw_rules_a_perpetual_check_saves_the_losing_side)
{
    /* Red, a rook down: the check that the Asian rules forbid is now its best line, a draw. */
    rules_use(RULES_REPETITION_DRAW);
    play("3k5/R8/9/9/7rr/9/9/9/9/4K4 w - - 0 1", "a8a9 d9d8 a9a8 d8d9", 2);
    SearchResult r = search_board(8);
    cr_assert_eq(r.best, move_parse("a8a9", 0));
    cr_assert_eq(r.score, VALUE_DRAW);
    rules_use(RULES_ASIAN);
}

Test(rules, search_breaks_off_a_forbidden_perpetual_check)
{
    /* Red, a rook down, has checked with a8a9/a9a8 twice round; a third time would lose by rule. */
    play("3k5/R8/9/9/7rr/9/9/9/9/4K4 w - - 0 1", "a8a9 d9d8 a9a8 d8d9", 2);
    SearchResult r = search_board(8);
    cr_assert_neq(r.best, move_parse("a8a9", 0));
    cr_assert_gt(r.score, -VALUE_MATE, "it plays on instead of losing by rule: %d", r.score);
    /* The same shuffle without checks is an allowed draw, and the losing side takes it. */
    play("3k5/9/9/9/7rr/9/9/9/9/4K4 w - - 0 1", "e0e1 d9d8 e1e0 d8d9", 2);
    r = search_board(8);
    cr_assert_eq(r.best, move_parse("e0e1", 0));
    cr_assert_eq(r.score, VALUE_DRAW);
}

Test(rules, search_breaks_off_a_forbidden_perpetual_chase)
{
    play("3k4r/9/9/7N1/9/9/9/9/9/4K1R2 w - - 0 1", "h6g8 i9i8 g8h6 i8i9", 2);
    SearchResult r = search_board(8);
    cr_assert_neq(r.best, move_parse("h6g8", 0));
    cr_assert_gt(r.score, -VALUE_MATE);
}
