/* Move generation, attack tests and legality. */
#ifndef CHUHAN_MOVEGEN_H
#define CHUHAN_MOVEGEN_H

#include "attack.h"
#include "board.h"

/* Pseudo-legal moves of the side to move: captures, quiet moves, or both. */
int gen_captures(const Board *b, Move *list);
int gen_quiets(const Board *b, Move *list);
int gen_pseudo(const Board *b, Move *list);

/* All legal moves of the side to move. */
int gen_legal(Board *b, Move *list);

/* Whether the side to move has a legal move: without one it has lost, checkmated or not. */
bool has_legal_move(Board *b);

/* Whether m is a pseudo-legal move here (for moves from the TT or killers). */
bool move_is_pseudo(const Board *b, Move m);

/*
 * What can expose the side to move's general, found once per position so that
 * most moves need no test at all. Masks are indexed by file along the
 * general's rank and by rank along its file.
 */
typedef struct {
    bool checked;
    uint16_t rank_pins, file_pins; /* men whose leaving the line exposes the general */
    uint16_t rank_open, file_open; /* empty points whose filling makes a cannon screen */
    uint8_t legs[2];               /* occupied legs of horses aimed at the general */
} KingSafety;

void king_safety(const Board *b, KingSafety *ks);

/* Whether a pseudo-legal move keeps the mover's general safe. */
bool move_is_safe(Board *b, Move m, const KingSafety *ks);

static inline bool move_is_legal(Board *b, Move m)
{
    KingSafety ks;
    if (!move_is_pseudo(b, m))
        return false;
    king_safety(b, &ks);
    return move_is_safe(b, m, &ks);
}

#endif
