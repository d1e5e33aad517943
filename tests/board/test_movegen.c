#include <string.h>

#include "../../eval/evaluate.h"
#include "../../board/tables.h"
#include "../common.h"

TestSuite(movegen, .init = setup_tables);

static Board board;

/* Board points, piece lists, occupancy lines and key agree with each other. */
static void check_consistency(const Board *b)
{
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        int p = b->sq[sq];
        if (!in_board[sq]) {
            cr_assert_eq(p, OFFBOARD);
            continue;
        }
        bool occupied = (b->rank_occ[sq_rank(sq)] >> sq_file(sq)) & 1;
        cr_assert_eq(occupied, p != EMPTY, "rank occupancy at %d", sq);
        cr_assert_eq((b->file_occ[sq_file(sq)] >> sq_rank(sq)) & 1, occupied, "file occupancy at %d", sq);
        if (p)
            cr_assert_eq(b->pos[p], sq, "piece %d listed on %d, stands on %d", p, b->pos[p], sq);
    }
    for (int p = 16; p < PIECE_NB; p++)
        if (b->pos[p])
            cr_assert_eq(b->sq[b->pos[p]], p);
    cr_assert_eq(b->checked, king_attacked(b, b->side), "check flag");
    cr_assert(b->pos[side_tag(RED)] && b->pos[side_tag(BLACK)], "a general vanished");
    for (int side = RED; side <= BLACK; side++)
        for (int type = KING; type < PIECE_TYPE_NB; type++) {
            int n = 0;
            for (int i = 0; i < type_count[type]; i++)
                n += b->pos[piece_id(side, type, i)] != 0;
            cr_assert_eq(b->count[side][type], n, "count of side %d type %d", side, type);
        }
    cr_assert_eq(b->key, board_compute_key(b));
    cr_assert_eq(b->psq, board_compute_psq(b));
}

/* Generators agree with each other and with playing the move and looking. */
static void check_generators(Board *b)
{
    Move legal[MAX_MOVES], pseudo[MAX_MOVES], caps[MAX_MOVES], quiets[MAX_MOVES];
    int nl = gen_legal(b, legal), np = gen_pseudo(b, pseudo);
    int nc = gen_captures(b, caps), nq = gen_quiets(b, quiets);
    cr_assert_eq(nc + nq, np);
    for (int i = 0; i < nc; i++)
        cr_assert(has_move(pseudo, np, caps[i]) && b->sq[move_to(caps[i])] != EMPTY);
    for (int i = 0; i < nq; i++)
        cr_assert(has_move(pseudo, np, quiets[i]) && b->sq[move_to(quiets[i])] == EMPTY);

    int mover = b->side, count = 0;
    for (int i = 0; i < np; i++) {
        make_move(b, pseudo[i]);
        bool safe = !king_attacked(b, mover);
        unmake_move(b);
        count += safe;
        cr_assert_eq(has_move(legal, nl, pseudo[i]), safe, "legality of move %04x", pseudo[i]);
    }
    cr_assert_eq(count, nl);

    /* Every from-to pair with one of our men on `from`: the single-move tests match the lists. */
    for (int from = 0; from < SQUARE_NB; from++) {
        if (!(b->sq[from] & side_tag(b->side)))
            continue;
        for (int to = 0; to < SQUARE_NB; to++) {
            Move m = move_of(from, to);
            if (!in_board[to] || from == to)
                continue;
            cr_assert_eq(move_is_pseudo(b, m), has_move(pseudo, np, m), "pseudo test of %04x", m);
            cr_assert_eq(move_is_legal(b, m), has_move(legal, nl, m), "legal test of %04x", m);
        }
    }
}

static const char *playout_fens[] = {
    START_FEN,
    "rnbakab1r/9/6n1c/p1p1p2Cp/6p2/2P5P/Pc2P1P2/1C6N/9/RNBAKAB1R w - - 0 1",
    "r1bakabnr/9/2n4c1/p1p1p1p1p/9/8P/P1c1P1P2/1CN1B2C1/4A4/R1BAK2NR b - - 0 1",
    "3ak4/4a4/4b4/9/9/2C6/9/9/4A4/3AK1R2 w - - 0 1",
};

Test(movegen, random_playouts_keep_every_invariant)
{
    uint64_t rng = 0x9E3779B97F4A7C15ull;
    static Board start;
    for (int game = 0; game < 120; game++) {
        set_fen(&board, playout_fens[game % 4]);
        memcpy(&start, &board, sizeof board);
        int plies = 0;
        Move list[MAX_MOVES];
        for (; plies < 150; plies++) {
            if (game % 4 == 0 || plies % 8 == 0)
                check_generators(&board);
            int n = gen_legal(&board, list);
            if (n == 0)
                break;
            make_move(&board, list[test_random(&rng) % (uint64_t)n]);
            check_consistency(&board);
        }
        while (plies--)
            unmake_move(&board);
        cr_assert_eq(memcmp(board.sq, start.sq, sizeof board.sq), 0);
        cr_assert_eq(memcmp(board.pos, start.pos, sizeof board.pos), 0);
        cr_assert_eq(memcmp(board.rank_occ, start.rank_occ, sizeof board.rank_occ), 0);
        cr_assert_eq(memcmp(board.file_occ, start.file_occ, sizeof board.file_occ), 0);
        cr_assert_eq(board.key, start.key);
        cr_assert_eq(board.psq, start.psq);
        cr_assert_eq(board.side, start.side);
        cr_assert_eq(board.rule60, start.rule60);
        cr_assert_eq(board.hply, 0);
    }
}

Test(movegen, null_move_flips_side_and_key_only)
{
    set_fen(&board, START_FEN);
    uint64_t key = board.key;
    make_null(&board);
    cr_assert_eq(board.side, BLACK);
    cr_assert_eq(board.key, board_compute_key(&board));
    unmake_null(&board);
    cr_assert_eq(board.key, key);
    cr_assert_eq(board.side, RED);
}

Test(movegen, rule60_counts_since_capture)
{
    set_fen(&board, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 7 1");
    make_move(&board, move_parse("h2e2", 0));
    cr_assert_eq(board.rule60, 8);
    make_move(&board, move_parse("h7e7", 0));
    make_move(&board, move_parse("e2e6", 0)); /* takes the pawn */
    cr_assert_eq(board.rule60, 0);
    unmake_move(&board);
    cr_assert_eq(board.rule60, 9);
}

static bool checked(const char *fen)
{
    set_fen(&board, fen);
    return in_check(&board);
}

Test(movegen, checks_by_every_attacker)
{
    cr_assert(checked("4k4/9/9/9/9/9/9/9/9/3K1r3 w"));                 /* rook on the rank */
    cr_assert(checked("5k3/9/9/9/9/9/9/9/9/3K1c1r1 w") == false);      /* rook behind a cannon */
    cr_assert(checked("3k5/9/4c4/9/9/9/9/9/9/4K4 w") == false);        /* cannon needs a screen... */
    cr_assert(checked("3k5/9/4c4/9/9/9/9/9/4R4/4K4 w"));               /* ...and has one */
    cr_assert(checked("3k5/9/4c4/9/9/9/9/4N4/4R4/4K4 w") == false);    /* two screens */
    cr_assert(checked("5k3/9/9/9/9/9/9/4n4/9/3K5 w"));                 /* horse, leg e1 empty */
    cr_assert(checked("5k3/9/9/9/9/9/9/4n4/4A4/3K5 w") == false);      /* leg blocked */
    cr_assert(checked("5k3/9/9/9/9/9/9/9/3p5/3K5 w"));                 /* pawn in front */
    cr_assert(checked("5k3/9/9/9/9/9/9/9/9/3Kp4 w"));                  /* pawn beside */
    cr_assert(checked("5k3/9/9/9/9/9/9/9/9/3K5 w") == false);
    cr_assert(checked("3k5/3P5/9/9/9/9/9/9/9/4K4 b"));                 /* red pawn below black's general */
    cr_assert(checked("3k5/9/3P5/9/9/9/9/9/9/4K4 b") == false);
}

Test(movegen, flying_general_and_stalemate)
{
    /* The red general may not step onto the open e file facing black's. */
    set_fen(&board, "4k4/9/9/9/9/9/9/9/9/3K5 w");
    Move list[MAX_MOVES];
    int n = gen_legal(&board, list);
    cr_assert_eq(n, 1);
    cr_assert(has_move(list, n, move_parse("d0d1", 0)));
    cr_assert(move_is_legal(&board, move_parse("d0e0", 0)) == false);
    /* The advisor on e1 screens the generals and may not leave the file. */
    set_fen(&board, "4k4/9/9/9/9/9/9/9/4A4/3AK4 w");
    cr_assert(move_is_legal(&board, move_parse("e1f2", 0)) == false);
    cr_assert(move_is_legal(&board, move_parse("e0f0", 0)));
    /* The rook covers d8 and the general facing on e covers e9: stalemate. */
    set_fen(&board, "3k5/R8/9/9/9/9/9/9/9/4K4 b");
    cr_assert(in_check(&board) == false);
    cr_assert_eq(gen_legal(&board, list), 0);
    set_fen(&board, "3k5/R8/9/9/9/9/9/9/9/5K3 b");
    cr_assert_eq(gen_legal(&board, list), 1);
    cr_assert_eq(list[0], move_parse("d9e9", 0));
}
