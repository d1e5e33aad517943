/*
 * The neural evaluation (NNUE): what the trainer and the engine share about
 * the network's shape, its inputs and its file, and the engine's inference.
 *
 * Inputs, one set per perspective: every man as (own or enemy, type, point),
 * 2 * 7 * 90 = 1260 features, the board turned half a circle for black so
 * that each side sees itself at the bottom. Each perspective's features sum
 * their columns into an accumulator of NNUE_HIDDEN values (int16), kept
 * up to date move by move. The side to move's accumulator and the other's,
 * each squared after clipping to [0, 1] (SCReLU), feed one output neuron of
 * the bucket chosen by the number of men on the board.
 *
 * File (little-endian): the magic "CHNN", a uint32 version (NNUE_VERSION),
 * uint32 inputs, hidden and buckets (which must match this build), then
 * int16 input weights [inputs][hidden] (scale NNUE_QA), int16 input biases
 * [hidden] (NNUE_QA), int16 output weights [buckets][2 * hidden] (NNUE_QB),
 * int32 output biases [buckets] (NNUE_QH * NNUE_QB). The output times
 * NNUE_SCALE is centipawns.
 */
#ifndef CHUHAN_NNUE_H
#define CHUHAN_NNUE_H

#include <stddef.h>
#include <stdint.h>

#include "types.h"

enum {
    NNUE_INPUTS = 2 * PIECE_TYPE_NB * 90,
    NNUE_HIDDEN = 256,
    NNUE_BUCKETS = 8,
    NNUE_QA = 255,
    NNUE_QB = 64,
    NNUE_QH = NNUE_QA * NNUE_QA / 256, /* scale of the squared activations, (c * c) >> 8 */
    NNUE_SCALE = 400,
    NNUE_VERSION = 1,
};

/* A man's feature for a perspective: `point` is rank * 9 + file from red's side. */
static inline int nnue_feature(int perspective, int side, int type, int point)
{
    int own = side == perspective ? 0 : PIECE_TYPE_NB;
    return (own + type) * 90 + (perspective == 0 ? point : 89 - point);
}

/* Output bucket by the men on the board, generals included (2..32). */
static inline int nnue_bucket(int men) { return (men - 2) * NNUE_BUCKETS / 31; }

typedef struct {
    _Alignas(64) int16_t v[2][NNUE_HIDDEN]; /* by perspective: red, black */
} Accumulator;

/*
 * A search thread's accumulators, one per ply from `base` (a history length
 * of its board) on. make_move() marks the next one stale; evaluation brings
 * it up to date from the nearest fresh one below, move by move from the
 * board's history, or computes it afresh. Only search threads' boards have
 * one: copying a board into them computes the new position's afresh.
 */
enum { NNUE_STACK = MAX_PLY + 8, NNUE_NO_BASE = -1000000 };
typedef struct NNUEStack {
    int base;
    bool fresh[NNUE_STACK];
    Accumulator acc[NNUE_STACK];
} NNUEStack;

struct Board;

/* Takes the network built into the executable; called once at start-up. */
void nnue_init(void);

/*
 * Reads a network file and makes it the one in use. On any error (missing,
 * truncated, wrong format) says why in err and keeps the network in use.
 */
bool nnue_load(const char *path, char *err, size_t errlen);
/* Where the network in use came from: "embedded" or the file's path. */
const char *nnue_source(void);

/* The network's value of the position for the side to move, in centipawns. */
int nnue_evaluate(struct Board *b);

/* The accumulator computed from scratch, for tests and refreshes. */
void nnue_refresh(const struct Board *b, Accumulator *acc);
/*
 * Makes the board's position the base of its accumulator stack, computed
 * afresh: every position searched from it is then brought up to date move by
 * move, never from scratch.
 */
void nnue_reset(struct Board *b);

#endif
