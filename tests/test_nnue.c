/* The network: incremental accumulators, the built-in network's values, refusing bad files. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../engine/evaluate.h"
#include "../engine/nnue.h"
#include "../engine/simd.h"
#include "common.h"

TestSuite(nnue, .init = setup_tables);

static Board board;
static NNUEStack stack;

/* The accumulator evaluation left for the board's position, against one computed afresh. */
static void expect_fresh_equal(void)
{
    Board plain;
    memcpy(&plain, &board, sizeof plain);
    plain.nn = NULL;
    int v = nnue_evaluate(&board);
    cr_assert_eq(v, nnue_evaluate(&plain));
    Accumulator fresh;
    nnue_refresh(&board, &fresh);
    const Accumulator *kept = &stack.acc[board.hply - stack.base];
    cr_assert_eq(memcmp(kept, &fresh, sizeof fresh), 0, "ply %d: incremental and fresh accumulators differ", board.hply);
}

Test(nnue, incremental_accumulators_equal_a_fresh_computation)
{
    uint64_t rng = 12345;
    for (int game = 0; game < 20; game++) {
        set_fen(&board, START_FEN);
        board.nn = &stack;
        stack.base = NNUE_NO_BASE;
        int depth = 0;
        for (int step = 0; step < 300; step++) {
            Move list[MAX_MOVES];
            int n = gen_legal(&board, list), r = (int)(test_random(&rng) % 16);
            if (r < 3 && depth > 0) {
                unmake_move(&board); /* back up, as the search does */
                depth--;
            } else if (r == 3 && !board.checked && depth < 60) {
                make_null(&board);
                expect_fresh_equal();
                unmake_null(&board);
            } else if (n && depth < 60) {
                /* Captures first when there are any, so that men come off the board. */
                Move caps[MAX_MOVES];
                int nc = 0;
                for (int i = 0; i < n; i++)
                    if (board.sq[move_to(list[i])])
                        caps[nc++] = list[i];
                make_move(&board, nc && r < 8 ? caps[test_random(&rng) % (uint64_t)nc] : list[test_random(&rng) % (uint64_t)n]);
                depth++;
            } else {
                break;
            }
            if (r % 3 == 0)
                expect_fresh_equal(); /* evaluated only now and then: updates over several plies */
        }
    }
}

/* Each build's vectors against plain C, on random rows (the accumulators' full range included). */
Test(nnue, the_vector_arithmetic_equals_the_plain_one)
{
    enum { N = NNUE_HIDDEN };
    static _Alignas(64) int16_t rows[4][N], from[N], a[N], b[N], wide[4 * N];
    uint64_t rng = 99;
    for (int round = 0; round < 50; round++) {
        for (int j = 0; j < N; j++) {
            from[j] = (int16_t)test_random(&rng);
            for (int r = 0; r < 4; r++)
                rows[r][j] = (int16_t)(round % 2 ? test_random(&rng) : test_random(&rng) % 1000);
            wide[j] = (int16_t)(test_random(&rng) % 700 - 200);
        }
        simd_add_sub(a, from, rows[0], rows[1], NULL, N);
        scalar_add_sub(b, from, rows[0], rows[1], NULL, N);
        cr_assert_eq(memcmp(a, b, sizeof a), 0);
        simd_add_sub(a, from, rows[0], rows[1], rows[2], N);
        scalar_add_sub(b, from, rows[0], rows[1], rows[2], N);
        cr_assert_eq(memcmp(a, b, sizeof a), 0);
        const int16_t *list[4] = { rows[0], rows[1], rows[2], rows[3] };
        simd_sum_rows(a, from, list, 1 + round % 4, N);
        scalar_sum_rows(b, from, list, 1 + round % 4, N);
        cr_assert_eq(memcmp(a, b, sizeof a), 0);
        for (int j = 0; j < N; j++)
            rows[0][j] = (int16_t)(test_random(&rng) % 255 - 127); /* output weights */
        cr_assert_eq(simd_screlu_dot(wide, rows[0], NNUE_QA, N), scalar_screlu_dot(wide, rows[0], NNUE_QA, N));
    }
}

Test(nnue, a_copied_board_starts_afresh)
{
    static Board other;
    static UndoStack other_undo;
    static NNUEStack other_stack;
    board_attach(&other, &other_undo);
    set_fen(&board, START_FEN);
    board.nn = &stack;
    make_move(&board, move_parse("h2e2", 0));
    int v = nnue_evaluate(&board);
    other.nn = &other_stack;
    other_stack.base = 0;
    board_copy(&other, &board);
    cr_assert_eq(other.nn, &other_stack, "the copy keeps its own accumulators");
    cr_assert_eq(nnue_evaluate(&other), v);
}

/* Writes n bytes of data into a temporary file; returns its path. */
static const char *temp_file(const void *data, size_t n)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/chuhan-net-XXXXXX");
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    cr_assert_eq(write(fd, data, n), (ssize_t)n);
    close(fd);
    return path;
}

Test(nnue, bad_network_files_are_refused_and_the_network_kept)
{
    set_fen(&board, "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1");
    int before = nnue_evaluate(&board);
    char err[256];
    cr_assert_not(nnue_load("/nonexistent/net.nnue", err, sizeof err));
    cr_assert(strstr(err, "cannot open"), "%s", err);

    const char *path = temp_file("NOPE0000", 8);
    cr_assert_not(nnue_load(path, err, sizeof err));
    cr_assert(strstr(err, "not a Chuhan network"), "%s", err);
    unlink(path);

    /* The right header with the wrong shape, then the right shape cut short. */
    uint8_t head[64] = { 'C', 'H', 'N', 'N', NNUE_VERSION, 0, 0, 0, 0xEC, 4, 0, 0, 0, 2, 0, 0, 8, 0, 0, 0 };
    path = temp_file(head, sizeof head);
    cr_assert_not(nnue_load(path, err, sizeof err));
    cr_assert(strstr(err, "is not this build's"), "%s", err);
    unlink(path);
    head[8] = NNUE_INPUTS & 255, head[9] = NNUE_INPUTS >> 8;
    head[12] = NNUE_HIDDEN & 255, head[13] = NNUE_HIDDEN >> 8;
    head[16] = NNUE_BUCKETS;
    path = temp_file(head, sizeof head);
    cr_assert_not(nnue_load(path, err, sizeof err));
    cr_assert(strstr(err, "truncated"), "%s", err);
    unlink(path);

    cr_assert_eq(nnue_evaluate(&board), before, "the network in use is unchanged");
    cr_assert_str_eq(nnue_source(), "embedded");
}

/*
 * The built-in network's values on fixed positions, side to move's view: a
 * changed network, feature order or arithmetic shows here first. Update
 * them with the network, from `eval`.
 */
Test(nnue, the_built_in_network_gives_its_known_values)
{
    static const struct {
        const char *fen;
        int value;
    } pinned[] = {
        { START_FEN, 33 },
        { "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1", -185 },
        { "3k5/4a4/3a5/9/9/9/9/4B4/3R5/4K4 b - - 0 1", -754 },
    };
    for (size_t i = 0; i < sizeof pinned / sizeof *pinned; i++) {
        set_fen(&board, pinned[i].fen);
        cr_assert_eq(nnue_evaluate(&board), pinned[i].value, "%s", pinned[i].fen);
    }
}
