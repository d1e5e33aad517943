/* Static evaluation. */
#ifndef CHUHAN_EVALUATE_H
#define CHUHAN_EVALUATE_H

#include "board.h"
#include "score.h"

/* Material and placement of every kind on every point, signed for red: kept incrementally in Board.psq. */
extern Score psq_table[KIND_NB][SQUARE_NB];
void psq_init(void);
Score board_compute_psq(const Board *b);

/* The position's value for the side to move, in centipawns. */
int evaluate(const Board *b);

enum EvalTerm {
    TERM_MATERIAL,   /* base values */
    TERM_PLACEMENT,  /* placement tables */
    TERM_MOBILITY,
    TERM_SHELTER,    /* missing advisors and elephants against attackers */
    TERM_CANNONS,    /* hollow, screened and bottom cannons */
    TERM_PAWNS,
    TERM_NB
};

/* The evaluation broken down by term and side (red's view, before blending), for the `eval` command. */
typedef struct {
    Score term[TERM_NB][2];
    int phase;
    int blended; /* red's view, after blending and scaling, before the tempo */
    int total;   /* what evaluate() returns */
} EvalTrace;

void evaluate_trace(const Board *b, EvalTrace *t);
extern const char *const eval_term_names[TERM_NB];

#endif
