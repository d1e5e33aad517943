#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "attack.h"
#include "board.h"
#include "psqt.h"
#include "tables.h"

void board_clear(Board *b)
{
    memset(b, 0, offsetof(Board, nn));
    for (int sq = 0; sq < SQUARE_NB; sq++)
        b->sq[sq] = in_board[sq] ? EMPTY : OFFBOARD;
    b->fullmove = 1;
}

void board_init(Board *b, UndoStack *undo)
{
    b->nn = NULL;
    b->hist = undo->entry;
    board_clear(b);
}

/* Its undo stack follows the board in the same block, so one free() releases both. */
typedef struct {
    Board board;
    UndoStack undo;
} BoardBlock;

Board *board_new(void)
{
    BoardBlock *block = malloc(sizeof *block);
    if (block)
        board_init(&block->board, &block->undo);
    return block ? &block->board : NULL;
}

void board_free(Board *b) { free(b); }

static inline void occ_toggle(Board *b, int sq)
{
    b->rank_occ[sq_rank(sq)] ^= (uint16_t)(1u << sq_file(sq));
    b->file_occ[sq_file(sq)] ^= (uint16_t)(1u << sq_rank(sq));
}

void board_copy(Board *dst, const Board *src)
{
    memcpy(dst, src, offsetof(Board, nn));
    if (src->hply)
        memcpy(dst->hist, src->hist, sizeof *src->hist * (size_t)src->hply);
    if (dst->nn) {
        NNUEMarks *marks = board_marks(dst);
        marks->base = dst->hply;
        marks->fresh[0] = false;
    }
}

/* The accumulator of the ply just entered is stale until the next evaluation brings it up to date. */
static inline void nn_enter_ply(Board *b)
{
    if (b->nn) {
        NNUEMarks *marks = board_marks(b);
        unsigned i = (unsigned)(b->hply - marks->base);
        if (i < NNUE_STACK)
            marks->fresh[i] = false;
    }
}

void board_put(Board *b, int piece, int sq)
{
    b->sq[sq] = (uint8_t)piece;
    b->pos[piece] = (uint8_t)sq;
    b->count[piece_side(piece)][piece_type_of[piece]]++;
    occ_toggle(b, sq);
}

Score board_compute_psq(const Board *b)
{
    Score s = 0;
    for (int p = 16; p < PIECE_NB; p++)
        if (b->pos[p])
            s += psq_table[piece_kind_of[p]][b->pos[p]];
    return s;
}

uint64_t board_compute_key(const Board *b)
{
    uint64_t key = b->side == BLACK ? zobrist_side : 0;
    for (int p = 16; p < PIECE_NB; p++)
        if (b->pos[p])
            key ^= zobrist_piece[piece_kind_of[p]][b->pos[p]];
    return key;
}

void board_finish(Board *b)
{
    b->key = board_compute_key(b);
    b->psq = board_compute_psq(b);
    b->checked = king_attacked(b, b->side);
}

/*
 * Whether a move may have checked the general on k. Before it, that general
 * was safe (its side moved last, legally), so only the mover's man can
 * check, landing on the general's rank or file or a horse jump away, or a
 * man behind the point it left: along that rank or file, or a horse whose
 * leg it was (a leg next to the general, diagonally). A man arriving on the
 * general's lines may also be a cannon's new screen. All else needs no test.
 * (The chase rules' what-if captures after a null move in check break the
 * premise; they never read the flag.)
 */
static inline bool may_check(int piece, int from, int to, int k)
{
    return sq_rank(to) == sq_rank(k) || sq_file(to) == sq_file(k) || sq_rank(from) == sq_rank(k)
        || sq_file(from) == sq_file(k) || (piece_type_of[piece] == KNIGHT && knight_leg_delta[256 + k - to])
        || from - k == NORTH + EAST || from - k == NORTH + WEST || from - k == SOUTH + EAST || from - k == SOUTH + WEST;
}

void make_move(Board *b, Move m)
{
    int from = move_from(m), to = move_to(m);
    int piece = b->sq[from], cap = b->sq[to];
    Undo *u = &b->hist[b->hply++];
    u->key = b->key;
    u->psq = b->psq;
    u->move = m;
    u->piece = (uint8_t)piece;
    u->captured = (uint8_t)cap;
    u->rule60 = (int16_t)b->rule60;
    u->checked = b->checked;
    u->checks[0] = b->checks[0];
    u->checks[1] = b->checks[1];

    int kind = piece_kind_of[piece];
    b->key ^= zobrist_piece[kind][from] ^ zobrist_piece[kind][to] ^ zobrist_side;
    b->psq += psq_table[kind][to] - psq_table[kind][from];
    occ_toggle(b, from);
    if (cap) {
        b->key ^= zobrist_piece[piece_kind_of[cap]][to];
        b->psq -= psq_table[piece_kind_of[cap]][to];
        b->count[piece_side(cap)][piece_type_of[cap]]--;
        b->pos[cap] = 0;
        b->rule60 = 0;
        b->checks[0] = b->checks[1] = 0;
    } else {
        occ_toggle(b, to);
        b->rule60++;
    }
    b->sq[from] = EMPTY;
    b->sq[to] = (uint8_t)piece;
    b->pos[piece] = (uint8_t)to;
    b->fullmove += b->side;
    b->side ^= 1;
    /* Every caller wants to know, and the rules count checks. */
    u->gave_check = b->checked = may_check(piece, from, to, king_sq(b, b->side)) && king_attacked(b, b->side);
    b->checks[b->side ^ 1] += u->gave_check && b->checks[b->side ^ 1] < 255;
    nn_enter_ply(b);
}

void unmake_move(Board *b)
{
    const Undo *u = &b->hist[--b->hply];
    int from = move_from(u->move), to = move_to(u->move);
    int piece = b->sq[to], cap = u->captured;
    b->sq[from] = (uint8_t)piece;
    b->pos[piece] = (uint8_t)from;
    occ_toggle(b, from);
    b->sq[to] = (uint8_t)cap;
    if (cap) {
        b->pos[cap] = (uint8_t)to;
        b->count[piece_side(cap)][piece_type_of[cap]]++;
    } else {
        occ_toggle(b, to);
    }
    b->side ^= 1;
    b->fullmove -= b->side;
    b->key = u->key;
    b->psq = u->psq;
    b->rule60 = u->rule60;
    b->checked = u->checked;
    b->checks[0] = u->checks[0];
    b->checks[1] = u->checks[1];
}

void make_null(Board *b)
{
    Undo *u = &b->hist[b->hply++];
    u->key = b->key;
    u->move = NULL_MOVE;
    u->piece = EMPTY;
    u->captured = EMPTY;
    u->rule60 = (int16_t)b->rule60;
    u->checked = b->checked;
    u->gave_check = false;
    b->key ^= zobrist_side;
    b->side ^= 1;
    b->checked = false; /* the other side moved last, legally: its general is safe */
    nn_enter_ply(b);
}

void unmake_null(Board *b)
{
    const Undo *u = &b->hist[--b->hply];
    b->key = u->key;
    b->side ^= 1;
    b->checked = u->checked;
}

void make_game_move(Board *b, Move m)
{
    if (b->hply >= UNDO_MAX - MAX_PLY - 8)
        board_trim_history(b, UNDO_MAX / 2);
    make_move(b, m);
}

void board_trim_history(Board *b, int keep)
{
    if (b->hply <= keep)
        return;
    memmove(b->hist, b->hist + (b->hply - keep), sizeof *b->hist * (size_t)keep);
    b->hply = keep;
    if (b->nn)
        board_marks(b)->base = NNUE_NO_BASE;
}
