/* Static evaluation. */
#ifndef CHUHAN_EVALUATE_H
#define CHUHAN_EVALUATE_H

#include "board.h"
#include "score.h"

/* Material and placement of every kind on every point, signed for red: kept incrementally in Board.psq. */
extern Score psq_table[KIND_NB][SQUARE_NB];
void psq_init(void);
Score board_compute_psq(const Board *b);

/*
 * The position's value for the side to move, in centipawns: the network's
 * or the hand-written evaluation's, faded as the natural limit nears (an
 * edge that cannot be turned into a capture soon is worth less).
 */
int evaluate(Board *b);
/* The hand-written evaluation alone, unfaded: side to move's view with the tempo. */
int hand_evaluate(const Board *b);
int fade_to_limit(const Board *b, int v);

/* Which evaluation evaluate() uses; chosen while no search runs. The network by default. */
void eval_use_network(bool on);
bool eval_uses_network(void);

enum EvalTerm {
    TERM_MATERIAL,   /* base values */
    TERM_PLACEMENT,  /* placement tables */
    TERM_MOBILITY,
    TERM_SHELTER,    /* missing advisors and elephants against attackers */
    TERM_CANNONS,    /* hollow, screened and bottom cannons */
    TERM_PAWNS,
    TERM_NB
};

/* The middlegame share of a position runs from 0 (endgame) to PHASE_MAX. */
enum { PHASE_MAX = 16 };

/* The evaluation broken down by term and side (red's view, before blending), for the `eval` command. */
typedef struct {
    Score term[TERM_NB][2];
    int phase;
    int blended; /* red's view, after blending and scaling, before the tempo */
    int total;   /* the hand-written evaluation as evaluate() gives it */
} EvalTrace;

void evaluate_trace(const Board *b, EvalTrace *t);
extern const char *const eval_term_names[TERM_NB];

#endif
