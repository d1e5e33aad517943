/* Setting up and changing a position: FEN-free set-up, keys, make and unmake. */
#ifndef CHUHAN_BOARD_H
#define CHUHAN_BOARD_H

#include <stddef.h>

#include "position.h"

/* Made when the engine is built (tools/gen/keys.c, written out as build/gen/tables.c). */
extern const uint64_t zobrist_piece[KIND_NB][SQUARE_NB];
extern const uint64_t zobrist_side;

/* Gives b an undo stack (needed before any move is made) and clears it. */
void board_init(Board *b, UndoStack *undo);
/* Gives b an undo stack, the position unchanged: for a board and its stack that live side by side. */
static inline void board_attach(Board *b, UndoStack *undo) { b->hist = undo->entry; }
/* A board and its undo stack in one block on the heap, cleared; NULL if memory is short. */
Board *board_new(void);
void board_free(Board *b);
/* An empty board (Asian rules, no history), keeping its storage. */
void board_clear(Board *b);
/* Copies a position and its history into dst's own undo stack; dst keeps its accumulators, computed afresh when next read. */
void board_copy(Board *dst, const Board *src);
void board_put(Board *b, int piece, int sq);
uint64_t board_compute_key(const Board *b);
/* Material and placement of the men, red's view, as make_move() keeps it in Board.psq. */
Score board_compute_psq(const Board *b);
/* Derives key, material and placement, and the check flag once the men and the side are placed. */
void board_finish(Board *b);

void make_move(Board *b, Move m);
/*
 * Keeps only the newest `keep` history entries, for games longer than the
 * history: the dropped moves can no longer be taken back, and positions
 * before them no longer count for repetitions.
 */
void board_trim_history(Board *b, int keep);
/*
 * Plays a move of the game, not of a search: when the history is nearly
 * full, its older half is dropped first, so that a search from here has room.
 */
void make_game_move(Board *b, Move m);

/* The key the position will have after m, for prefetching. */
static inline uint64_t key_after(const Board *b, Move m)
{
    int from = move_from(m), to = move_to(m), piece = b->sq[from], cap = b->sq[to];
    const uint64_t *z = zobrist_piece[piece_kind_of[piece]];
    uint64_t k = b->key ^ z[from] ^ z[to] ^ zobrist_side;
    return cap ? k ^ zobrist_piece[piece_kind_of[cap]][to] : k;
}
void unmake_move(Board *b);
void make_null(Board *b);
void unmake_null(Board *b);

#endif
