/* Static evaluation. */
#ifndef CHUHAN_EVALUATE_H
#define CHUHAN_EVALUATE_H

#include "../board/board.h"
#include "eval_terms.h"
#include "../board/score.h"

/* A network (nnue.h): the evaluation only passes one on. */
typedef struct Network Network;

/*
 * The position's value for the side to move, in centipawns: the network's
 * or the hand-written evaluation's, faded as the natural limit nears (an
 * edge that cannot be turned into a capture soon is worth less).
 */
int evaluate_with(const Board *b, const Network *net);
/* In a search: the network of the board's accumulators when it carries them (an engine's choice), else hand-written. */
int evaluate(Board *b);
/* The hand-written evaluation alone, unfaded: side to move's view with the tempo. */
int hand_evaluate(const Board *b);
int fade_to_limit(const Board *b, int v);

/* Engines evaluate with the network unless told otherwise (SearchOptions.hand_eval). */
enum { EVAL_NETWORK_BY_DEFAULT = 1 };

/*
 * How many times each weight counts for each side in a position, for the
 * tuner: the tempo once for the side to move. drawish[side] is that side's
 * known drawn material (enum Drawish, DRAWISH_NB for none), whose scale
 * applies when that side is ahead in the endgame half.
 */
typedef struct {
    int16_t count[2][WEIGHT_NB];
    int phase;
    int drawish[2];
} EvalCoeffs;

/* Fills c for b and returns hand_evaluate(b). */
int evaluate_coefficients(const Board *b, EvalCoeffs *c);

/* The evaluation broken down by term and side (red's view, before blending), for the `eval` command. */
typedef struct {
    Score term[TERM_NB][2];
    int phase;
    int scale;   /* the endgame scale applied, SCALE_ONE for none */
    int blended; /* red's view, after blending and scaling, before the tempo */
    int total;   /* the hand-written evaluation as evaluate() gives it */
} EvalTrace;

void evaluate_trace(const Board *b, EvalTrace *t);
extern const char *const eval_term_names[TERM_NB];

#endif
