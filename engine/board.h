/* The position: mailbox, piece lists, occupancy lines, key and move history. */
#ifndef CHUHAN_BOARD_H
#define CHUHAN_BOARD_H

#include <stddef.h>

#include "nnue.h"
#include "score.h"
#include "types.h"

/* Everything make_move() must put back, one entry per ply played. */
typedef struct {
    uint64_t key;      /* key of the position before the move */
    Score psq;         /* material and placement before the move */
    Move move;
    uint8_t piece;     /* piece identity that moved */
    uint8_t captured;  /* piece identity taken, or EMPTY */
    bool checked;      /* the mover was in check */
    bool gave_check;   /* the move checked the other side */
    uint8_t checks[2]; /* checks by each side since the last capture, before the move */
    int16_t rule60;    /* counter before the move */
} Undo;

/* The history holds the game moves handed over by a GUI and the search path. */
enum { UNDO_MAX = 1024 + MAX_PLY };

typedef struct Board {
    uint8_t sq[SQUARE_NB];    /* piece identity on each point, EMPTY or OFFBOARD */
    uint8_t pos[PIECE_NB];    /* point of each piece identity, 0 when captured */
    uint16_t rank_occ[RANK_NB]; /* bit f set when (f, r) is occupied */
    uint16_t file_occ[FILE_NB]; /* bit r set when (f, r) is occupied */
    int side;                 /* RED or BLACK to move */
    int rule60;               /* plies since the last capture (natural-limit counter) */
    uint8_t checks[2];        /* checks each side gave since the last capture */
    uint8_t count[2][PIECE_TYPE_NB]; /* men of each side and type on the board */
    bool checked;             /* the side to move is in check (in positions of play; see make_move) */
    uint8_t rules;            /* the RuleSet (rules.h) the game is played by; board_clear makes it Asian */
    int fullmove;             /* FEN move number, for FEN output only */
    uint64_t key;             /* Zobrist key of placement and side to move */
    Score psq;                /* material and placement, red's view, kept by make_move */
    struct NNUEStack *nn;     /* the network's accumulators, for a search thread's board; else NULL */
    int hply;                 /* entries used in hist */
    Undo hist[UNDO_MAX];
} Board;

extern uint64_t zobrist_piece[KIND_NB][SQUARE_NB];
extern uint64_t zobrist_side;

/* Static tables and the built-in network; called once before anything else. */
void board_init_tables(void);

void board_clear(Board *b);
/* Copies a position, only the used part of its history; dst keeps its own accumulators, computed afresh. */
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

static inline int king_sq(const Board *b, int side) { return b->pos[side_tag(side)]; }

/* The men on the board, generals included. */
static inline int board_men(const Board *b)
{
    int men = 0;
    for (int side = RED; side <= BLACK; side++)
        for (int type = KING; type < PIECE_TYPE_NB; type++)
            men += b->count[side][type];
    return men;
}

#endif
