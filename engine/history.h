/* Move-ordering memory of one search thread: history, killers, counter moves. */
#ifndef CHUHAN_HISTORY_H
#define CHUHAN_HISTORY_H

#include "board.h"
#include "tables.h"

enum { HISTORY_MAX = 16384 };

typedef struct {
    int16_t butterfly[2][SQ90_NB][SQ90_NB]; /* quiet moves by side, from, to */
    Move killers[MAX_PLY + 2][2];
    Move counter[KIND_NB][SQ90_NB];         /* reply to the previous move's kind and target */
} History;

static inline int history_score(const History *h, int side, Move m)
{
    return h->butterfly[side][sq90[move_from(m)]][sq90[move_to(m)]];
}

/* The quiet move that refutes the move that led here (MOVE_NONE at the root or after a null move). */
static inline Move counter_move(const History *h, const Board *b)
{
    if (!b->hply)
        return MOVE_NONE;
    Move prev = b->hist[b->hply - 1].move;
    if (prev == NULL_MOVE)
        return MOVE_NONE;
    return h->counter[piece_kind_of[b->sq[move_to(prev)]]][sq90[move_to(prev)]];
}

void history_clear(History *h);
/* Halves every score, so what was learnt in earlier searches fades. */
void history_age(History *h);
/*
 * A quiet move caused a cutoff at this depth: it gains a bonus growing with
 * depth squared, the quiets tried before it lose as much, and it becomes a
 * killer and the counter move.
 */
void history_update_quiet(History *h, const Board *b, int ply, int depth, Move best, const Move *tried, int ntried);

#endif
