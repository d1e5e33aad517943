/*
 * Every evaluation weight, in one place so that tuning touches one file.
 * Scores are packed (middlegame, endgame) pairs, blended by the phase, in
 * centipawns: the hand-set weights put a pawn that has not crossed the river
 * at 100, and tuning keeps the scale at which those weights predict results.
 * Tables are drawn from red's side with rank 9 at the top; black reads them
 * mirrored.
 *
 * `chuhan tune` fits the Scores in W to self-play games and writes this file
 * whole, in this layout; the constants after W are set by hand and it copies
 * them as they are.
 */
#ifndef CHUHAN_WEIGHTS_H
#define CHUHAN_WEIGHTS_H

#include "evaluate.h"

static const EvalWeights W = {
    /* Base values by type: K A B N R C P. Cannons fade and horses grow as the board empties. */
    .piece_value = {
        S(   0,    0), S( 135,  101), S( 157,  126), S( 539,  433), S(1232, 1021), S( 569,  385), S( 115,  123),
    },

    /* Placement by type. In the endgame generals sit still and pawns matter more. */
    .placement = {
        [KING] = {
            { S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0) },
            { S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0) },
            { S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0) },
            { S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0) },
            { S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0) },
            { S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0) },
            { S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0) },
            { S(   0,   0), S(   0,   0), S(   0,   0), S(-142,  24), S(-106,  14), S(-142,  24), S(   0,   0), S(   0,   0), S(   0,   0) },
            { S(   0,   0), S(   0,   0), S(   0,   0), S( -78,  12), S(   9,  -3), S( -78,  12), S(   0,   0), S(   0,   0), S(   0,   0) },
            { S(   0,   0), S(   0,   0), S(   0,   0), S(  20,  -6), S(  80, -13), S(  20,  -6), S(   0,   0), S(   0,   0), S(   0,   0) },
        },
        [ADVISOR] = {
            { S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0) },
            { S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0) },
            { S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0) },
            { S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0) },
            { S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0) },
            { S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0) },
            { S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0) },
            { S(  0,  0), S(  0,  0), S(  0,  0), S(-55, 14), S(  0,  0), S(-55, 14), S(  0,  0), S(  0,  0), S(  0,  0) },
            { S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S( 45,  1), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0) },
            { S(  0,  0), S(  0,  0), S(  0,  0), S(  5, -4), S(  0,  0), S(  5, -4), S(  0,  0), S(  0,  0), S(  0,  0) },
        },
        [BISHOP] = {
            { S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0) },
            { S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0) },
            { S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0) },
            { S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0) },
            { S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0) },
            { S(  0,  0), S(  0,  0), S(-34, 10), S(  0,  0), S(  0,  0), S(  0,  0), S(-34, 10), S(  0,  0), S(  0,  0) },
            { S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0) },
            { S(-26,  0), S(  0,  0), S(  0,  0), S(  0,  0), S( 46, -6), S(  0,  0), S(  0,  0), S(  0,  0), S(-26,  0) },
            { S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0) },
            { S(  0,  0), S(  0,  0), S(  4, -1), S(  0,  0), S(  0,  0), S(  0,  0), S(  4, -1), S(  0,  0), S(  0,  0) },
        },
        [KNIGHT] = {
            { S(  5,  20), S( -2,  -2), S( 36,  46), S( -9,   6), S(  4,  -3), S( -9,   6), S( 36,  46), S( -2,  -2), S(  5,  20) },
            { S(  9,   1), S( 46,  35), S( 99,  11), S( 57,  11), S( 25,  -8), S( 57,  11), S( 99,  11), S( 46,  35), S(  9,   1) },
            { S( 53,  29), S( 45,  18), S( 38,  29), S(107,   8), S( 95,  20), S(107,   8), S( 38,  29), S( 45,  18), S( 53,  29) },
            { S( 13,  -3), S(121,   4), S( 28,  33), S(160,  -2), S(  6,  38), S(160,  -2), S( 28,  33), S(121,   4), S( 13,  -3) },
            { S( 20,  -6), S( 25,  12), S( 49,  33), S( 83,  11), S( 66,  24), S( 83,  11), S( 49,  33), S( 25,  12), S( 20,  -6) },
            { S( -1,  11), S( -3,  30), S( 77,  19), S( 27,  26), S( 40,  17), S( 27,  26), S( 77,  19), S( -3,  30), S( -1,  11) },
            { S(-58,  12), S(-42,  30), S(-27,  52), S( -8,  29), S(  9,  42), S( -8,  29), S(-27,  52), S(-42,  30), S(-58,  12) },
            { S(-23,   6), S(-13,  14), S(-18,  15), S( 34,  16), S(  8,  12), S( 34,  16), S(-18,  15), S(-13,  14), S(-23,   6) },
            { S(-42, -33), S(-41, -18), S(-52,   9), S(-25,  -2), S(-29, -33), S(-25,  -2), S(-52,   9), S(-41, -18), S(-42, -33) },
            { S(-33, -39), S(-68,  -8), S(-25, -23), S( -9,   0), S(-11, -15), S( -9,   0), S(-25, -23), S(-68,  -8), S(-33, -39) },
        },
        [ROOK] = {
            { S(  5,  21), S( 29,   7), S( 13,  19), S( 80,   6), S( 49,  35), S( 80,   6), S( 13,  19), S( 29,   7), S(  5,  21) },
            { S( 12,  -1), S( 58,   0), S( 38,  12), S( 48,  20), S( 63,  38), S( 48,  20), S( 38,  12), S( 58,   0), S( 12,  -1) },
            { S( 14,  36), S( 23,  24), S( 21,  37), S( 41,  48), S( 44,  24), S( 41,  48), S( 21,  37), S( 23,  24), S( 14,  36) },
            { S( 14,  19), S( 31,  12), S( 62,  16), S( 62,  24), S( 49,  23), S( 62,  24), S( 62,  16), S( 31,  12), S( 14,  19) },
            { S( -4,  24), S( 12,  32), S( 28,  41), S( 33,  35), S( 41,  37), S( 33,  35), S( 28,  41), S( 12,  32), S( -4,  24) },
            { S( 13,  20), S( 10,  34), S( 37,  24), S( 37,  28), S( 33,  38), S( 37,  28), S( 37,  24), S( 10,  34), S( 13,  20) },
            { S(-10,  37), S( 23,  23), S(  4,  38), S( 39,  30), S( 22,  38), S( 39,  30), S(  4,  38), S( 23,  23), S(-10,  37) },
            { S(-26,  -3), S(  3,  -1), S( -1,  14), S( 18,  20), S(-10,  29), S( 18,  20), S( -1,  14), S(  3,  -1), S(-26,  -3) },
            { S(-41, -14), S( -2,   1), S(-47,   8), S(-10,   0), S(-24,  -4), S(-10,   0), S(-47,   8), S( -2,   1), S(-41, -14) },
            { S(-46, -37), S(  2, -23), S(-24, -22), S(  0,   1), S(-12,  -3), S(  0,   1), S(-24, -22), S(  2, -23), S(-46, -37) },
        },
        [CANNON] = {
            { S( 76,  -1), S(-17,  27), S(-46,  13), S(-88, -10), S( -2, -29), S(-88, -10), S(-46,  13), S(-17,  27), S( 76,  -1) },
            { S( -1,   6), S(-45,  16), S(-25,  -4), S(-32,   1), S(-63, -20), S(-32,   1), S(-25,  -4), S(-45,  16), S( -1,   6) },
            { S(  4,  14), S(-27,  -2), S(-18,  -8), S(-32, -22), S(-55, -23), S(-32, -22), S(-18,  -8), S(-27,  -2), S(  4,  14) },
            { S( 17,   2), S( -7,  12), S(  4,   3), S( -5,   9), S(-13,  11), S( -5,   9), S(  4,   3), S( -7,  12), S( 17,   2) },
            { S(  6,   4), S(-42,  15), S(-19,   5), S(-38,  19), S( 33,  -6), S(-38,  19), S(-19,   5), S(-42,  15), S(  6,   4) },
            { S(  6,   2), S( -3,  -4), S( 10,  -4), S( -5,   5), S( 44,  -9), S( -5,   5), S( 10,  -4), S( -3,  -4), S(  6,   2) },
            { S( 32,  -4), S(-18,  -3), S( 30, -13), S(  7,  -6), S( 38, -16), S(  7,  -6), S( 30, -13), S(-18,  -3), S( 32,  -4) },
            { S( 30,   2), S( -3,  -3), S( 29,  -2), S( 21,   3), S( 57,   9), S( 21,   3), S( 29,  -2), S( -3,  -3), S( 30,   2) },
            { S( 13,   2), S( -2,   2), S( 35,  -3), S(  4,   5), S( 61, -11), S(  4,   5), S( 35,  -3), S( -2,   2), S( 13,   2) },
            { S(-14, -15), S(-28, -23), S(  6, -13), S(  2,   0), S( 10,   4), S(  2,   0), S(  6, -13), S(-28, -23), S(-14, -15) },
        },
        [PAWN] = {
            { S(  9, -29), S( 33, -31), S( 32, -37), S( 28, -51), S( 34, -56), S( 28, -51), S( 32, -37), S( 33, -31), S(  9, -29) },
            { S( 63,  33), S( 75,  76), S(156,  59), S(267,  59), S(175, 101), S(267,  59), S(156,  59), S( 75,  76), S( 63,  33) },
            { S( 23,  24), S( 75,  68), S(109,  82), S(185, 116), S(184,  99), S(185, 116), S(109,  82), S( 75,  68), S( 23,  24) },
            { S(  8,  23), S( 50,  50), S( 73,  65), S(138,  56), S(125,  59), S(138,  56), S( 73,  65), S( 50,  50), S(  8,  23) },
            { S(  1,   9), S( 41,  27), S( 23,  41), S( 84,  51), S( 81,  53), S( 84,  51), S( 23,  41), S( 41,  27), S(  1,   9) },
            { S(-28,   9), S(  0,   0), S( -5,  -6), S(  0,   0), S(-10,  46), S(  0,   0), S( -5,  -6), S(  0,   0), S(-28,   9) },
            { S(-32,  13), S(  0,   0), S(-37,   0), S(  0,   0), S(  5,  21), S(  0,   0), S(-37,   0), S(  0,   0), S(-32,  13) },
            { S(  0,   0), S(  0,   0), S(  0,   0), S(  0,   0), S(  0,   0), S(  0,   0), S(  0,   0), S(  0,   0), S(  0,   0) },
            { S(  0,   0), S(  0,   0), S(  0,   0), S(  0,   0), S(  0,   0), S(  0,   0), S(  0,   0), S(  0,   0), S(  0,   0) },
            { S(  0,   0), S(  0,   0), S(  0,   0), S(  0,   0), S(  0,   0), S(  0,   0), S(  0,   0), S(  0,   0), S(  0,   0) },
        },
    },

    /* Mobility by number of reachable points (empty or enemy). Few squares is a trapped piece. */
    .rook_mobility = {
        S(-38, -73), S(-29, -85), S(-37, -82), S(-30, -47), S(-23, -34), S(-12,  -6), S( -5,  16), S(  3,  17), S( 14,  13),
        S( 10,  23), S(  4,  38), S( 10,  33), S( 20,  25), S( 19,  27), S( 30,  26), S( 38,  24), S( 32,  24), S( 30,  27),
    },
    .knight_mobility = {
        S(-65, -123), S(-36,  -56), S(-31,   -7), S(-18,   15), S( -4,   16), S(  8,   24), S( 24,   16), S( 34,   18), S( 63,    0),
    },
    .cannon_mobility_per_point = S(3, -1),

    /*
     * Shelter: each missing advisor or elephant costs this much per unit of enemy
     * attack. Attack units: a rook ROOK_ATTACK_UNITS, a horse or cannon 1 (only
     * across the river or on its own rank 4 for the horse), a pawn across the
     * river 1.
     */
    .missing_advisor = S(27, 24),
    .missing_elephant = S(22, 9),

    /* Cannon pressure on the enemy general's file or rank, by men in between. */
    .hollow_cannon = S(149, -18), /* nothing between: the centre cannot be defended */
    .screened_cannon = S(31, 51), /* two between: a threat once one leaves */
    .bottom_cannon = S(34, -10),  /* on the general's rank with nothing between */

    /* Crossed pawns standing side by side guard each other. */
    .linked_pawns = S(33, 7),
};

/* Phase weight of each type; the sum over both sides, capped, runs from endgame 0 to PHASE_MAX (evaluate.h). */
static const int phase_weight[PIECE_TYPE_NB] = { 0, 0, 0, 1, 2, 1, 0 };

/* A rook's attack units against the palace (the shelter weights above); other men bring 1. */
enum { ROOK_ATTACK_UNITS = 2 };

enum { TEMPO = 10 };

/*
 * Natural-limit fade: full value until NATURAL_FADE_PLIES counted plies before
 * the limit, then falling in a line to a third at the limit.
 */
enum { NATURAL_FADE_PLIES = 80, NATURAL_FADE_FLOOR = 40 };

#endif
