/* Staged move picker: moves are generated and ordered only as far as the search asks. */
#ifndef CHUHAN_MOVEPICK_H
#define CHUHAN_MOVEPICK_H

#include "history.h"

typedef struct {
    Board *b;
    const History *h;
    Move tt_move, killer[2], counter;
    int cont[2]; /* this node's continuation-history slots, for scoring quiet moves */
    int stage, count, index, bad_count;
    bool quiescence;  /* captures only, no split by exchange value */
    bool skip_quiets; /* set by the search once quiet moves are pruned */
    Move moves[MAX_MOVES];
    int scores[MAX_MOVES];
    Move bad[MAX_MOVES]; /* captures that lose material, tried last */
} MovePicker;

/*
 * Order of a full search: the TT move, captures winning or trading material
 * (most valuable victim first, then by capture history, then least valuable attacker), the two
 * killers, the counter move, quiet moves by history, then losing captures.
 * Quiescence takes the TT move if it is a capture, then the captures.
 */
void picker_init(MovePicker *mp, Board *b, const History *h, Move tt_move, int ply);
void picker_init_captures(MovePicker *mp, Board *b, const History *h, Move tt_move);

/* The next pseudo-legal move, or MOVE_NONE when there are no more. */
Move picker_next(MovePicker *mp);

/* Whether the picker has reached the captures that lose material. */
bool picker_bad_stage(const MovePicker *mp);

/* Leaves out the quiet moves not yet returned (late-move and futility pruning). */
static inline void picker_skip_quiets(MovePicker *mp) { mp->skip_quiets = true; }

#endif
