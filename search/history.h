/* Move-ordering memory of one search thread: history, killers, counter moves. */
#ifndef CHUHAN_HISTORY_H
#define CHUHAN_HISTORY_H

#include "../board/board.h"
#include "../board/tables.h"

enum { HISTORY_MAX = 16384 };

/* What a move is to the continuation tables: the kind that moved and where to. */
typedef int16_t PieceTo[KIND_NB][POINT_NB];

typedef struct {
    int16_t butterfly[2][POINT_NB][POINT_NB]; /* quiet moves by side, from, to */
    PieceTo continuation[KIND_NB * POINT_NB]; /* quiet moves after a given move (kind, target) one or two plies back */
    int16_t capture[KIND_NB][POINT_NB][PIECE_TYPE_NB]; /* captures by the kind that takes, where, what it takes */
    Move killers[MAX_PLY + 2][2];
    Move counter[KIND_NB * POINT_NB];        /* reply to the previous move (kind, target), indexed as a slot */
    /* Per continuation table, the halvings left before every entry is surely zero: ageing skips the rest. */
    uint8_t live[KIND_NB * POINT_NB];
} History;

/*
 * The continuation tables that apply at this node, those after the moves one
 * and two plies back (-1 where there is none: the start of the history or a
 * null move). The same for every move of the node, so found once per node.
 */
static inline void continuation_slots(const Board *b, int slot[2])
{
    for (int back = 1; back <= 2; back++) {
        slot[back - 1] = -1;
        if (b->hply < back)
            continue;
        const Undo *u = &b->hist[b->hply - back];
        if (u->move != NULL_MOVE)
            slot[back - 1] = piece_kind_of[u->piece] * POINT_NB + sq90[move_to(u->move)];
    }
}

/* How good a quiet move has been: by itself, and after the last two moves (slots as above). */
static inline int history_score(const History *h, const Board *b, const int slot[2], Move m)
{
    int from = move_from(m), to = sq90[move_to(m)], kind = piece_kind_of[b->sq[from]];
    int s = h->butterfly[b->side][sq90[from]][to];
    for (int k = 0; k < 2; k++)
        if (slot[k] >= 0)
            s += h->continuation[slot[k]][kind][to];
    return s;
}

/* A capture's entry in the capture table, counted from its first: the kind that takes, where, what it takes. */
static inline int capture_index(const Board *b, Move m)
{
    int to = move_to(m);
    return (piece_kind_of[b->sq[move_from(m)]] * POINT_NB + sq90[to]) * PIECE_TYPE_NB + piece_type_of[b->sq[to]];
}

/* How good a capture has been, beside what it takes. */
static inline int capture_history(const History *h, const Board *b, Move m)
{
    return (&h->capture[0][0][0])[capture_index(b, m)];
}

/* The quiet move that refutes the move that led here, by this node's slots: none at the root or after a null move. */
static inline Move counter_move(const History *h, const int slot[2])
{
    return slot[0] >= 0 ? h->counter[slot[0]] : MOVE_NONE;
}

void history_clear(History *h);
/* Halves every score, so what was learnt in earlier searches fades. */
void history_age(History *h);
/*
 * A quiet move caused a cutoff at this depth: it gains a bonus growing
 * linearly with depth, the quiets tried before it lose as much, and it
 * becomes a killer and the counter move.
 */
void history_update_quiet(History *h, const Board *b, int ply, int depth, Move best, const Move *tried, int ntried);

/*
 * A move caused a cutoff at this depth: the captures tried before it lose as
 * much as a quiet's bonus, and it gains that bonus if it is a capture itself.
 */
void history_update_captures(History *h, const Board *b, int depth, Move best, const Move *tried, int ntried);

#endif
