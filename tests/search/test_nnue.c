/* The network: views, incremental accumulators, vector arithmetic, the built-in network's values, refusing bad files. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../../eval/evaluate.h"
#include "../../eval/nnue.h"
#include "../../search/engine.h"
#include "../../eval/simd.h"
#include "../common.h"

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
    cr_assert_eq(v, nnue_evaluate_once(stack.net, &plain));
    Accumulator fresh;
    nnue_refresh(stack.net, &board, &fresh);
    const Accumulator *kept = &stack.acc[board.hply - stack.marks.base];
    cr_assert_eq(memcmp(kept, &fresh, sizeof fresh), 0, "ply %d: incremental and fresh accumulators differ", board.hply);
}

/* A general's move from the list, at random; MOVE_NONE when there is none. */
static Move general_move(const Move *list, int n, uint64_t *rng)
{
    Move gm[MAX_MOVES];
    int ng = 0;
    for (int i = 0; i < n; i++)
        if (piece_type_of[board.sq[move_from(list[i])]] == KING)
            gm[ng++] = list[i];
    return ng ? gm[test_random(rng) % (uint64_t)ng] : MOVE_NONE;
}

Test(nnue, incremental_accumulators_equal_a_fresh_computation)
{
    uint64_t rng = 12345;
    int mirrors = 0; /* general moves across the palace's middle file, which turn their side's view over */
    for (int game = 0; game < 20; game++) {
        set_fen(&board, START_FEN);
        board.nn = &stack;
    stack.net = nnue_builtin();
        stack.marks.base = NNUE_NO_BASE;
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
                /* And a general's move often, so that views change under the updates. */
                Move gm = r >= 12 ? general_move(list, n, &rng) : MOVE_NONE;
                Move m = gm ? gm
                       : nc && r < 8 ? caps[test_random(&rng) % (uint64_t)nc]
                                     : list[test_random(&rng) % (uint64_t)n];
                int side = board.side, before = nnue_view(side, sq_point(king_sq(&board, side)));
                make_move(&board, m);
                int after = nnue_view(side, sq_point(king_sq(&board, side)));
                mirrors += (before & 1) != (after & 1);
                depth++;
            } else {
                break;
            }
            if (r % 3 == 0)
                expect_fresh_equal(); /* evaluated only now and then: updates over several plies */
        }
    }
    cr_assert_gt(mirrors, 50, "only %d general moves changed a mirror", mirrors);
}

Test(nnue, a_general_sees_the_board_from_its_palace_point)
{
    /* Red's points: d1 is 3, e1 4, f1 5, e2 13, f3 23; black's the same turned, d10 is 84. */
    cr_assert_eq(nnue_view(RED, 3), 0);
    cr_assert_eq(nnue_view(RED, 4), 2);
    cr_assert_eq(nnue_view(RED, 5), 1, "f1 is d1 mirrored");
    cr_assert_eq(nnue_view(RED, 13), 6);
    cr_assert_eq(nnue_view(RED, 23), 9, "f3 is d3 mirrored");
    cr_assert_eq(nnue_view(BLACK, 84), 1, "d10 is black's right");
    cr_assert_eq(nnue_view(BLACK, 86), 0);
    /* A mirrored view reads every point mirrored: a rook on a1 seen from f1 is one on i1 seen from d1. */
    cr_assert_eq(nnue_feature(RED, 1, RED, ROOK, 0), nnue_feature(RED, 0, RED, ROOK, 8));
    cr_assert_eq(nnue_feature(RED, 2, BLACK, PAWN, 50), 1 * NNUE_FEATURES + (PIECE_TYPE_NB + PAWN) * 90 + 50);
}

Test(nnue, a_general_stepping_across_the_middle_file_turns_its_side_view_over)
{
    /* Red's general d1 to e1 to f1, black's e10 to d10 and back; fresh and kept accumulators agree at every step. */
    set_fen(&board, "2b1k1b2/4a4/2n3n2/p1p1p1p1p/9/9/P1P1P1P1P/2N3N2/4A4/2BK2B2 w - - 0 1");
    board.nn = &stack;
    stack.net = nnue_builtin();
    stack.marks.base = NNUE_NO_BASE;
    expect_fresh_equal();
    static const char *moves[] = { "d0e0", "e9d9", "e0f0", "d9e9", "f0e0", "e9d9", "e0f0" };
    for (size_t i = 0; i < sizeof moves / sizeof *moves; i++) {
        make_move(&board, move_parse(moves[i], 0));
        expect_fresh_equal();
    }
    /* Back over several plies at once, then forward again: updates from further below. */
    for (int i = 0; i < 4; i++)
        unmake_move(&board);
    make_move(&board, move_parse("d9e9", 0));
    make_move(&board, move_parse("f0e0", 0));
    expect_fresh_equal();
}

Test(nnue, a_position_and_its_mirror_are_one_when_both_generals_stand_off_the_middle_file)
{
    /* Each side's view of the mirror is its view of the position, mirrored twice over. */
    static const char *pairs[][2] = {
        { "5k3/4a4/2n1b4/p3p1p1p/2p6/6P2/P1P1P3P/4C1N2/4A4/3K1A3 w - - 0 1",
          "3k5/4a4/4b1n2/p1p1p3p/6p2/2P6/P3P1P1P/2N1C4/4A4/3A1K3 w - - 0 1" },
        { "5a3/4ak3/9/9/9/9/9/9/4A4/3K1A3 b - - 0 1", "3a5/3ka4/9/9/9/9/9/9/4A4/3A1K3 b - - 0 1" },
    };
    for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++) {
        set_fen(&board, pairs[i][0]);
        int v = nnue_evaluate_once(nnue_builtin(), &board);
        set_fen(&board, pairs[i][1]);
        cr_assert_eq(nnue_evaluate_once(nnue_builtin(), &board), v, "%s", pairs[i][1]);
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
        int nadd = 1 + round % 4, nsub = round % 3; /* the rows taken away: the last ones, or none */
        simd_sum_rows(a, from, list, nadd, list + 4 - nsub, nsub, N);
        scalar_sum_rows(b, from, list, nadd, list + 4 - nsub, nsub, N);
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
    stack.net = nnue_builtin();
    make_move(&board, move_parse("h2e2", 0));
    int v = nnue_evaluate(&board);
    other.nn = &other_stack;
    other_stack.net = nnue_builtin();
    other_stack.marks.base = 0;
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
    Engine *e = engine_new();
    cr_assert(e);
    int before = evaluate_with(&board, engine_network(e));
    char err[256];
    cr_assert_not(engine_load_network(e, "/nonexistent/net.nnue", err, sizeof err));
    cr_assert(strstr(err, "cannot open"), "%s", err);

    const char *path = temp_file("NOPE0000", 8);
    cr_assert_not(engine_load_network(e, path, err, sizeof err));
    cr_assert(strstr(err, "not a Chuhan network"), "%s", err);
    unlink(path);

    /* A format-1 network (no general buckets), the right format with the wrong shape, then the right shape cut short. */
    uint8_t head[64] = { 'C', 'H', 'N', 'N', 1, 0, 0, 0, 0xEC, 4, 0, 0, 0, 1, 0, 0, 8, 0, 0, 0 };
    path = temp_file(head, sizeof head);
    cr_assert_not(engine_load_network(e, path, err, sizeof err));
    cr_assert(strstr(err, "format 1 is not this build's"), "%s", err);
    unlink(path);
    uint8_t shape[] = { NNUE_VERSION, 0, 0, 0, 0xEC, 4, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 8, 0, 0, 0 };
    memcpy(head + 4, shape, sizeof shape);
    path = temp_file(head, sizeof head);
    cr_assert_not(engine_load_network(e, path, err, sizeof err));
    cr_assert(strstr(err, "shape") && strstr(err, "is not this build's"), "%s", err);
    unlink(path);
    head[12] = NNUE_GENERAL_BUCKETS;
    head[16] = NNUE_HIDDEN & 255, head[17] = NNUE_HIDDEN >> 8;
    head[20] = NNUE_BUCKETS;
    path = temp_file(head, sizeof head);
    cr_assert_not(engine_load_network(e, path, err, sizeof err));
    cr_assert(strstr(err, "truncated"), "%s", err);
    unlink(path);

    cr_assert_eq(engine_network(e), nnue_builtin(), "the network in use is unchanged");
    cr_assert_eq(evaluate_with(&board, engine_network(e)), before);
    cr_assert_str_eq(nnue_name(engine_network(e)), "embedded");
    engine_free(e);
}

/* The shipped network's file, read afresh into one buffer; its length in *n. */
static uint8_t *shipped_network(size_t *n)
{
    FILE *f = fopen("nets/chuhan.nnue", "rb");
    cr_assert(f, "nets/chuhan.nnue, read from the repository's root");
    static uint8_t data[1 << 23];
    *n = fread(data, 1, sizeof data, f);
    fclose(f);
    return data;
}

/* The shipped network with every output bias raised: a network that values positions otherwise. */
static const char *shifted_network(void)
{
    size_t n;
    uint8_t *data = shipped_network(&n);
    for (int b = 0; b < NNUE_BUCKETS; b++)
        data[n - 4 * (size_t)(NNUE_BUCKETS - b) + 2] ^= 1; /* bit 16 of each int32 bias */
    return temp_file(data, n);
}

/* The shipped network with some of its first layer's weights changed: every accumulator differs. */
static const char *reweighted_network(void)
{
    size_t n;
    uint8_t *data = shipped_network(&n);
    for (size_t at = 24; at < n / 2; at += 2 * 101)
        data[at] ^= 0x10; /* bit 4 of one weight in every 101 */
    return temp_file(data, n);
}

Test(nnue, a_stack_handed_another_network_sums_by_that_network_not_by_views_kept_of_the_last)
{
    char err[256];
    const char *path = reweighted_network();
    Network *other = nnue_load(path, err, sizeof err);
    cr_assert(other, "%s", err);
    unlink(path);
    uint64_t rng = 4242;
    set_fen(&board, START_FEN);
    board.nn = &stack;
    for (int step = 0; step < 400; step++) {
        if (step % 7 == 0) { /* a new search with the other network: the board's accumulators start over */
            stack.net = stack.net == other ? nnue_builtin() : other;
            stack.marks.base = NNUE_NO_BASE;
        }
        Move list[MAX_MOVES];
        int n = gen_legal(&board, list);
        if (!n || board.hply > 200) {
            set_fen(&board, START_FEN);
            continue;
        }
        Move m = general_move(list, n, &rng);
        make_move(&board, m && test_random(&rng) % 2 ? m : list[test_random(&rng) % (uint64_t)n]);
        Board plain;
        memcpy(&plain, &board, sizeof plain);
        plain.nn = NULL;
        cr_assert_eq(nnue_evaluate(&board), nnue_evaluate_once(stack.net, &plain), "step %d", step);
    }
    stack.net = nnue_builtin();
    nnue_free(other);
}

Test(nnue, a_network_loaded_by_one_engine_is_its_own)
{
    set_fen(&board, START_FEN);
    Engine *a = engine_new(), *b = engine_new();
    cr_assert(a && b);
    char err[256];
    const char *path = shifted_network();
    cr_assert(engine_load_network(a, path, err, sizeof err), "%s", err);
    cr_assert_str_eq(nnue_name(engine_network(a)), path);
    cr_assert_str_eq(nnue_name(engine_network(b)), "embedded");
    int builtin = evaluate_with(&board, nnue_builtin());
    cr_assert_neq(evaluate_with(&board, engine_network(a)), builtin);
    cr_assert_eq(evaluate_with(&board, engine_network(b)), builtin, "the other engine's network is untouched");
    cr_assert(engine_load_network(a, NULL, err, sizeof err));
    cr_assert_eq(evaluate_with(&board, engine_network(a)), builtin, "back to the built-in network");
    unlink(path);
    engine_free(a);
    engine_free(b);
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
        { START_FEN, 70 },
        { "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1", -188 },
        { "3k5/4a4/3a5/9/9/9/9/4B4/3R5/4K4 b - - 0 1", -637 },
    };
    for (size_t i = 0; i < sizeof pinned / sizeof *pinned; i++) {
        set_fen(&board, pinned[i].fen);
        cr_assert_eq(nnue_evaluate_once(nnue_builtin(), &board), pinned[i].value, "%s", pinned[i].fen);
    }
}
