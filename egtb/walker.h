/*
 * The positions of an ending as the solver's passes walk them: a number and
 * its men, the numbers one move forward or back, a board to generate on.
 */
#ifndef CHUHAN_EGTB_WALKER_H
#define CHUHAN_EGTB_WALKER_H

#include "solver.h"
#include "unmove.h"

/*
 * A position as the passes walk it: its men, number, each group's rank and
 * which man stands on each square, so that a move's or a move back's number
 * changes only the moving man's group.
 */
typedef struct {
    TbPos p;
    uint64_t index, rest; /* rest: the number less the generals' pair, index % king_stride */
    bool plain;           /* neither general on the middle file twice over: numbers change group by group */
    int64_t rank[2 * PIECE_TYPE_NB];
    uint64_t mirror_index;                   /* where not plain: the number read through the mirror */
    int64_t mirror_rank[2 * PIECE_TYPE_NB];  /* and its groups' ranks */
    uint8_t man_at[SQUARE_NB]; /* by walker_set_men only */
} Walker;

/* w set to position `index` with `side` to move. */
void walker_set(const Solver *s, Walker *w, uint64_t index, int side);
/* The same with man_at too, for the passes that move men forward on a board (the walks back need it not). */
void walker_set_men(const Solver *s, Walker *w, uint64_t index, int side);
/* The number after man m moves to sq (its group's rank changed, or the whole number where it must be). */
uint64_t walker_index_after(const Solver *s, const Walker *w, int m, int sq);
/* The same, with the commonest case (a lone man, no mirror: one digit from a table) inline. */
static inline uint64_t walker_after(const Solver *s, const Walker *w, int m, int sq)
{
    if (w->plain && s->lone[m])
        return w->index - s->term[m][w->p.sq[m]] + s->term[m][sq];
    return walker_index_after(s, w, m, sq);
}

/* The distinct positions one move of `mover` that took nothing back from w's; returns how many. */
int moves_back(const Solver *s, const Walker *w, int mover, uint64_t out[TB_MAX_MEN * UNMOVE_MAX]);
/* Sorts numbers and drops repeats; returns how many are left. */
int dedupe_numbers(uint64_t *a, int n);

/* A board for the solver's positions, men set anew from one position to the next. */
void board_of(const Solver *s, Board *b, const TbPos *prev, const TbPos *p);

/* The board moved on to p from the position *last it stood for (set whole while !*placed), p then remembered. */
static inline void board_follow(const Solver *s, Board *b, TbPos *last, bool *placed, const TbPos *p)
{
    board_of(s, b, *placed ? last : NULL, p);
    *last = *p, *placed = true;
}

#endif
