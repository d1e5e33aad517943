/*
 * The position as data: mailbox, piece lists, occupancy lines, key and move
 * history. It sits below board.c, which changes a position, and below what
 * only reads one (attacks on a general, the network), so none of them circle.
 */
#ifndef CHUHAN_POSITION_H
#define CHUHAN_POSITION_H

#include "score.h"
#include "types.h"

/* A search thread's accumulators (eval/nnue.h): a board only points at them. */
struct NNUEStack;

/*
 * What a board keeps of its accumulators as it moves, without knowing the
 * network: they count from `base` (a history length of the board), and the
 * plies since are fresh or stale. make_move marks the ply it enters stale,
 * board_copy and board_trim_history start them over; the network brings a
 * stale one up to date when it evaluates. A stack begins with its marks.
 */
enum { NNUE_STACK = MAX_PLY + 8, NNUE_NO_BASE = -1000000 };
typedef struct {
    int base;
    bool fresh[NNUE_STACK];
} NNUEMarks;

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

/* The undo stack holds the game moves handed over by a GUI and the search path. */
enum { UNDO_MAX = 1024 + MAX_PLY };

/* A board's undo stack, kept beside it by its owner (board_init) and never copied with it. */
typedef struct {
    Undo entry[UNDO_MAX];
} UndoStack;

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
    int hply;                 /* entries used in hist */
    /* Storage, not state: board_copy and board_set_fen leave these as they are. */
    struct NNUEStack *nn;     /* the network's accumulators, for a search thread's board; else NULL */
    Undo *hist;               /* the moves that led here, oldest first: an UndoStack's entries, or NULL */
} Board;

/* The marks at the head of the board's stack (b->nn must be set). */
static inline NNUEMarks *board_marks(const Board *b) { return (NNUEMarks *)(void *)b->nn; }

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
