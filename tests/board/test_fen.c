#include <string.h>

#include "../common.h"

TestSuite(fen, .init = setup_tables);

static Board board;

static void expect_fen(const char *in, const char *out)
{
    char got[FEN_MAX];
    set_fen(&board, in);
    board_get_fen(&board, got);
    cr_assert_str_eq(got, out, "FEN %s", in);
}

Test(fen, round_trips)
{
    static const char *fens[] = {
        START_FEN,
        "rnbakab1r/9/6n1c/p1p1p2Cp/6p2/2P5P/Pc2P1P2/1C6N/9/RNBAKAB1R w - - 0 1",
        "r1bakabnr/9/2n4c1/p1p1p1p1p/9/8P/P1c1P1P2/1CN1B2C1/4A4/R1BAK2NR b - - 0 1",
        "3k5/9/9/9/9/9/9/9/9/4K4 b - - 37 80",
        "4ka3/4a4/9/4N4/2b6/9/9/9/4A4/3AK4 w - - 0 1",
    };
    for (size_t i = 0; i < sizeof fens / sizeof *fens; i++)
        expect_fen(fens[i], fens[i]);
}

Test(fen, letters_sides_and_missing_counters)
{
    /* E and H are elephant and horse; r is red; case of the side letter is free. */
    expect_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 0 1", START_FEN);
    expect_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", START_FEN);
    expect_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR B 3",
               "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 3 1");
    /* Move number 0, as mobile GUIs send, reads as 1. */
    expect_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0", START_FEN);
    cr_assert_eq(board.side, RED);
    cr_assert_eq(board.key, board_compute_key(&board));
}

/* Each bad FEN is refused with a reason naming the problem, and the board keeps the last position. */
static void expect_reject(const char *fen, const char *reason)
{
    char before[FEN_MAX], after[FEN_MAX], err[128] = "";
    set_fen(&board, "3k5/9/9/9/9/9/9/9/9/4K4 b - - 37 80");
    board_get_fen(&board, before);
    uint64_t key = board.key;
    cr_assert_not(board_set_fen(&board, fen, err, sizeof err), "accepted: %s", fen);
    cr_assert(strstr(err, reason), "reason '%s' lacks '%s' for %s", err, reason, fen);
    board_get_fen(&board, after);
    cr_assert_str_eq(after, before);
    cr_assert_eq(board.key, key);
}

Test(fen, rejects_bad_shapes)
{
    expect_reject("", "empty");
    expect_reject("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w", "9 ranks, expected 10");
    expect_reject("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/9/RNBAKABNR w", "11 ranks, expected 10");
    expect_reject("rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "rank 8 has 8 files");
    expect_reject("rnbakabnr/91/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "more than 9 files");
    expect_reject("rnbakabnrr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "more than 9 files");
    expect_reject("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w", "rank 0 has 8 files");
    expect_reject("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1", "side to move");
    expect_reject("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", "missing side");
    expect_reject("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1", "half-move");
    expect_reject("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves", "unexpected text");
}

Test(fen, rejects_bad_letters_and_counts)
{
    expect_reject("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABXR w", "unknown piece letter 'X'");
    expect_reject("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB0R w", "unknown piece letter '0'");
    expect_reject("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB\x01R w", "unknown piece byte 0x01");
    expect_reject("rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "no black general");
    expect_reject("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBAKABNR w", "too many red generals");
    expect_reject("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/R8/RNBAKABNR w", "too many red rooks");
    expect_reject("rnbakabnr/9/1c5c1/p1p1p1p1p/9/P8/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "too many red pawns");
    expect_reject("rnbakabnr/9/1cc4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "too many black cannons");
}

Test(fen, rejects_unreachable_points)
{
    expect_reject("3k5/9/9/9/9/9/9/9/9/K8 w", "red general on a0");
    expect_reject("9/9/9/3k5/9/9/9/9/9/4K4 w", "black general on d6");
    expect_reject("3k5/9/9/9/9/9/9/9/3A5/4K4 w", "red advisor on d1");
    expect_reject("3k5/4a4/9/9/9/9/9/9/4a4/4K4 w", "black advisor on e1");
    expect_reject("3k5/9/9/9/9/9/9/9/9/1B2K4 w", "red elephant on b0");
    expect_reject("3k5/9/9/9/2B6/9/9/9/9/4K4 w", "red elephant on c5");
    expect_reject("3k5/9/9/9/9/9/9/P8/9/4K4 w", "red pawn on a2");
    expect_reject("3k5/9/9/9/9/9/1P7/9/9/4K4 w", "red pawn on b3");
    expect_reject("3k5/9/9/1p7/9/9/9/9/9/4K4 w", "black pawn on b6");
    expect_reject("3k5/p8/9/9/9/9/9/9/9/4K4 w", "black pawn on a8");
}

Test(fen, rejects_side_not_to_move_in_check)
{
    /* Red to move could take the black general: the rook, then the facing generals. */
    expect_reject("3k5/9/9/9/9/9/9/9/9/3RK4 w", "side not to move (black) is in check");
    expect_reject("4k4/9/9/9/9/9/9/9/9/4K4 w", "side not to move (black) is in check");
    expect_reject("4k4/9/9/9/9/9/9/9/9/4K4 b", "side not to move (red) is in check");
    /* The side to move may be in check. */
    set_fen(&board, "3k5/9/9/9/9/9/9/9/9/3RK4 b");
    cr_assert(in_check(&board));
}

Test(fen, rejects_overlong_input)
{
    char fen[400];
    memset(fen, ' ', sizeof fen);
    memcpy(fen, START_FEN, strlen(START_FEN));
    fen[sizeof fen - 1] = 0;
    expect_reject(fen, "longer than");
}

Test(move_text, iccs_both_rank_bases)
{
    char s[MOVE_STR_MAX];
    Move m = move_of(make_sq(7, 2), make_sq(4, 2));
    move_to_str(m, 0, s);
    cr_assert_str_eq(s, "h2e2");
    move_to_str(m, 1, s);
    cr_assert_str_eq(s, "h3e3");
    cr_assert_eq(move_parse("h2e2", 0), m);
    cr_assert_eq(move_parse("h3e3", 1), m);
    cr_assert_eq(move_parse("a10a9", 1), move_of(make_sq(0, 9), make_sq(0, 8)));
    cr_assert_eq(move_parse("H2E2", 0), m);
    static const char *bad[] = { "", "h2e", "h2e2x", "j2e2", "h2h2", "a10a9", "h-2e2", "0000" };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        cr_assert_eq(move_parse(bad[i], 0), MOVE_NONE, "parsed %s", bad[i]);
    cr_assert_eq(move_parse("a0a1", 1), MOVE_NONE);
    cr_assert_eq(move_parse("a11a9", 1), MOVE_NONE);
}
