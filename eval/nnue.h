/*
 * The neural evaluation (NNUE): what the trainer and the engine share about
 * the network's shape, its inputs and its file, and the engine's inference.
 *
 * Inputs, one set per perspective: every man as (own or enemy, type, point),
 * 2 * 7 * 90 = 1260 features, the board turned half a circle for black so
 * that each side sees itself at the bottom, and mirrored left to right when
 * the perspective's own general stands on the right half. The general is
 * then on file 3 or 4 of its palace, rank 0, 1 or 2: six general buckets,
 * each with its own 1260 features (nnue_view, nnue_feature). Each
 * perspective's features sum their columns into an accumulator of
 * NNUE_HIDDEN values (int16), kept up to date move by move, and computed
 * afresh for a perspective whose general moved. The side to move's
 * accumulator and the other's, each squared after clipping to [0, 1]
 * (SCReLU), feed one output neuron of the bucket chosen by the number of men
 * on the board.
 *
 * File (little-endian): the magic "CHNN", a uint32 version (NNUE_VERSION),
 * uint32 features per general bucket, general buckets, hidden and output
 * buckets (which must match this build), then int16 input weights
 * [general buckets][features][hidden] (scale NNUE_QA), int16 input biases
 * [hidden] (NNUE_QA), int16 output weights [buckets][2 * hidden] (NNUE_QB),
 * int32 output biases [buckets] (NNUE_QH * NNUE_QB). The output times
 * NNUE_SCALE is centipawns. Version 1 had no general buckets (a 20-byte
 * header without that count, 256 hidden); only the trainer still reads it.
 */
#ifndef CHUHAN_NNUE_H
#define CHUHAN_NNUE_H

#include <stddef.h>
#include <stdint.h>

#include "../board/position.h"

/* The accumulator's width, a multiple of 64: -DCHUHAN_NNUE_HIDDEN=512 or 768 builds another shape. */
#ifndef CHUHAN_NNUE_HIDDEN
#define CHUHAN_NNUE_HIDDEN 256
#endif

enum {
    NNUE_FEATURES = 2 * PIECE_TYPE_NB * POINT_NB, /* per general bucket */
    NNUE_GENERAL_BUCKETS = 6,
    NNUE_INPUTS = NNUE_GENERAL_BUCKETS * NNUE_FEATURES,
    NNUE_HIDDEN = CHUHAN_NNUE_HIDDEN,
    NNUE_BUCKETS = 8,
    NNUE_QA = 255,
    NNUE_QB = 64,
    NNUE_QH = NNUE_QA * NNUE_QA / 256, /* scale of the squared activations, (c * c) >> 8 */
    NNUE_SCALE = 400,
    NNUE_VERSION = 2,
};
_Static_assert(NNUE_HIDDEN % 64 == 0, "the accumulator is a whole number of 64 values");

/*
 * A perspective's view, from the point of its own general (points are
 * rank * 9 + file from red's side): the board turned for black, then
 * mirrored (file f to 8 - f) when the general is on file 5 or more, which
 * brings it to file 3 or 4, rank 0..2. Returns the general bucket
 * (rank * 2 + file - 3) times 2, plus 1 when mirrored. Each of the nine
 * palace points gives a view of its own, so every move of a general changes
 * its perspective's view.
 */
static inline int nnue_view(int perspective, int general_point)
{
    int p = perspective == 0 ? general_point : point_turn(general_point);
    if (p < 0 || p >= POINT_NB) /* no general: never in play, but kept in range */
        p = 4;
    int rank = p / FILE_NB, file = p % FILE_NB, mirror = file > FILE_NB / 2;
    if (mirror)
        file = FILE_NB - 1 - file;
    rank = rank > 2 ? 2 : rank;
    file = file < 3 ? 3 : file;
    return (rank * 2 + file - 3) * 2 + mirror;
}

/* A man's feature for a perspective seeing the board in `view` (nnue_view). */
static inline int nnue_feature(int perspective, int view, int side, int type, int point)
{
    int own = side == perspective ? 0 : PIECE_TYPE_NB;
    int p = perspective == 0 ? point : point_turn(point);
    if (view & 1)
        p = point_mirror(p);
    return (view >> 1) * NNUE_FEATURES + (own + type) * POINT_NB + p;
}

/* Output bucket by the men on the board, generals included (2..32). */
static inline int nnue_bucket(int men) { return (men - 2) * NNUE_BUCKETS / 31; }

typedef struct {
    _Alignas(64) int16_t v[2][NNUE_HIDDEN]; /* by perspective: red, black */
} Accumulator;

/*
 * A search thread's accumulators, one per ply from its marks' base (a history
 * length of its board) on. make_move() marks the next one stale; evaluation
 * brings it up to date from the nearest fresh one below, move by move from
 * the board's history, or computes it afresh. Only search threads' boards
 * have one: copying a board into them computes the new position's afresh.
 */
typedef struct Network Network;

/*
 * One perspective's accumulator as it last stood in one view, and where each
 * man stood then. A general's step changes its side's view and so every
 * feature; the view it steps into was usually seen a few moves before, and
 * only the men that moved since need their rows added and taken away.
 */
enum { NNUE_VIEWS = 2 * NNUE_GENERAL_BUCKETS };
typedef struct {
    _Alignas(64) int16_t v[NNUE_HIDDEN];
    uint8_t pos[PIECE_NB]; /* the board's pos[] when v was last made */
} ViewCache;

typedef struct NNUEStack {
    NNUEMarks marks;    /* first, where board_marks finds them */
    const Network *net; /* the network its accumulators are of */
    Accumulator acc[NNUE_STACK];
    const Network *cache_net; /* the network the view caches hold, NULL when they hold nothing */
    ViewCache cache[2][NNUE_VIEWS];
} NNUEStack;
_Static_assert(offsetof(NNUEStack, marks) == 0, "a board reaches the marks at its stack's address");

struct Board;

/* Reads the network built into the executable; called once at start-up, before any thread. */
void nnue_init(void);
/* That network, shared by every engine that has not loaded one of its own. */
const Network *nnue_builtin(void);

/*
 * Reads a network file into a network of its own, for one engine to use; on
 * any error (missing, truncated, wrong format) NULL, and err says why.
 */
Network *nnue_load(const char *path, char *err, size_t errlen);
void nnue_free(Network *n);
/* Where the network came from: "embedded" or the file's path. */
const char *nnue_name(const Network *n);

/* The value of the position for the side to move, in centipawns, by its stack's network (b->nn). */
int nnue_evaluate(struct Board *b);
/* The same for a board without a stack, its accumulators computed afresh. */
int nnue_evaluate_once(const Network *n, const struct Board *b);

/* The accumulator computed from scratch, for tests and refreshes. */
void nnue_refresh(const Network *n, const struct Board *b, Accumulator *acc);
/*
 * Makes the board's position the base of its accumulator stack, computed
 * afresh: every position searched from it is then brought up to date move by
 * move, never from scratch.
 */
void nnue_reset(struct Board *b);

#endif
