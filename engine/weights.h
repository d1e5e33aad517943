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
    .piece_value = { S(  0,   0), S(200, 180), S(200, 180), S(400, 460), S(900, 950), S(450, 400), S(100, 120) },

    /* Placement by type. In the endgame generals sit still and pawns matter more. */
    .placement = {
        [KING] = {
            { S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0) },
            { S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0) },
            { S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0) },
            { S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0) },
            { S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0) },
            { S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0) },
            { S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0), S(  0, 0) },
            { S(  0, 0), S(  0, 0), S(  0, 0), S(-25, 0), S(-20, 0), S(-25, 0), S(  0, 0), S(  0, 0), S(  0, 0) },
            { S(  0, 0), S(  0, 0), S(  0, 0), S(-15, 0), S(-10, 0), S(-15, 0), S(  0, 0), S(  0, 0), S(  0, 0) },
            { S(  0, 0), S(  0, 0), S(  0, 0), S( -5, 0), S(  5, 0), S( -5, 0), S(  0, 0), S(  0, 0), S(  0, 0) },
        },
        [ADVISOR] = {
            { S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0) },
            { S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0) },
            { S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0) },
            { S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0) },
            { S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0) },
            { S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0) },
            { S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0) },
            { S( 0,  0), S( 0,  0), S( 0,  0), S(-5, -2), S( 0,  0), S(-5, -2), S( 0,  0), S( 0,  0), S( 0,  0) },
            { S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S(10,  5), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0) },
            { S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0) },
        },
        [BISHOP] = {
            { S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0) },
            { S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0) },
            { S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0) },
            { S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0) },
            { S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0) },
            { S( 0,  0), S( 0,  0), S(-5, -2), S( 0,  0), S( 0,  0), S( 0,  0), S(-5, -2), S( 0,  0), S( 0,  0) },
            { S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0) },
            { S(-5, -2), S( 0,  0), S( 0,  0), S( 0,  0), S(10,  5), S( 0,  0), S( 0,  0), S( 0,  0), S(-5, -2) },
            { S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0) },
            { S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0), S( 0,  0) },
        },
        [KNIGHT] = {
            { S(  0,   0), S( -5,  -5), S(  5,   5), S(  5,   5), S(  0,   0), S(  5,   5), S(  5,   5), S( -5,  -5), S(  0,   0) },
            { S(  5,   5), S( 15,  15), S( 25,  25), S( 20,  20), S(  5,   5), S( 20,  20), S( 25,  25), S( 15,  15), S(  5,   5) },
            { S( 10,  10), S( 20,  20), S( 30,  30), S( 35,  35), S( 25,  25), S( 35,  35), S( 30,  30), S( 20,  20), S( 10,  10) },
            { S( 10,  10), S( 25,  25), S( 30,  30), S( 35,  35), S( 35,  35), S( 35,  35), S( 30,  30), S( 25,  25), S( 10,  10) },
            { S( 10,  10), S( 20,  20), S( 25,  25), S( 30,  30), S( 30,  30), S( 30,  30), S( 25,  25), S( 20,  20), S( 10,  10) },
            { S(  5,   5), S( 15,  15), S( 20,  20), S( 25,  25), S( 25,  25), S( 25,  25), S( 20,  20), S( 15,  15), S(  5,   5) },
            { S(  0,   0), S( 10,  10), S( 15,  15), S( 15,  15), S( 20,  20), S( 15,  15), S( 15,  15), S( 10,  10), S(  0,   0) },
            { S( -5,  -5), S(  5,   5), S( 10,  10), S( 10,  10), S( 10,  10), S( 10,  10), S( 10,  10), S(  5,   5), S( -5,  -5) },
            { S(-10, -10), S(  0,   0), S(  0,   0), S(  0,   0), S(-10, -10), S(  0,   0), S(  0,   0), S(  0,   0), S(-10, -10) },
            { S(-10, -10), S(-15, -15), S(  0,   0), S( -5,  -5), S( -5,  -5), S( -5,  -5), S(  0,   0), S(-15, -15), S(-10, -10) },
        },
        [ROOK] = {
            { S( 15, 11), S( 20, 15), S( 15, 11), S( 25, 18), S( 20, 15), S( 25, 18), S( 15, 11), S( 20, 15), S( 15, 11) },
            { S( 15, 11), S( 25, 18), S( 20, 15), S( 30, 22), S( 30, 22), S( 30, 22), S( 20, 15), S( 25, 18), S( 15, 11) },
            { S( 10,  7), S( 20, 15), S( 15, 11), S( 25, 18), S( 25, 18), S( 25, 18), S( 15, 11), S( 20, 15), S( 10,  7) },
            { S( 10,  7), S( 20, 15), S( 20, 15), S( 25, 18), S( 25, 18), S( 25, 18), S( 20, 15), S( 20, 15), S( 10,  7) },
            { S( 10,  7), S( 20, 15), S( 20, 15), S( 20, 15), S( 20, 15), S( 20, 15), S( 20, 15), S( 20, 15), S( 10,  7) },
            { S( 10,  7), S( 15, 11), S( 15, 11), S( 20, 15), S( 20, 15), S( 20, 15), S( 15, 11), S( 15, 11), S( 10,  7) },
            { S(  5,  3), S( 15, 11), S( 10,  7), S( 15, 11), S( 15, 11), S( 15, 11), S( 10,  7), S( 15, 11), S(  5,  3) },
            { S(  0,  0), S( 10,  7), S(  5,  3), S( 15, 11), S( 10,  7), S( 15, 11), S(  5,  3), S( 10,  7), S(  0,  0) },
            { S( -5, -3), S(  5,  3), S(  0,  0), S( 10,  7), S(  0,  0), S( 10,  7), S(  0,  0), S(  5,  3), S( -5, -3) },
            { S(-10, -7), S(  0,  0), S( -5, -3), S(  5,  3), S(  0,  0), S(  5,  3), S( -5, -3), S(  0,  0), S(-10, -7) },
        },
        [CANNON] = {
            { S( 10,  5), S( 10,  5), S(  0,  0), S( -5, -2), S( -5, -2), S( -5, -2), S(  0,  0), S( 10,  5), S( 10,  5) },
            { S(  5,  2), S(  5,  2), S(  0,  0), S( -5, -2), S(-10, -5), S( -5, -2), S(  0,  0), S(  5,  2), S(  5,  2) },
            { S(  5,  2), S(  5,  2), S(  0,  0), S( -5, -2), S(  0,  0), S( -5, -2), S(  0,  0), S(  5,  2), S(  5,  2) },
            { S(  0,  0), S(  5,  2), S(  5,  2), S(  0,  0), S( 10,  5), S(  0,  0), S(  5,  2), S(  5,  2), S(  0,  0) },
            { S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S( 10,  5), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0) },
            { S( -5, -2), S(  0,  0), S(  5,  2), S(  0,  0), S( 10,  5), S(  0,  0), S(  5,  2), S(  0,  0), S( -5, -2) },
            { S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S(  5,  2), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0) },
            { S(  5,  2), S(  5,  2), S( 10,  5), S( 15,  7), S( 20, 10), S( 15,  7), S( 10,  5), S(  5,  2), S(  5,  2) },
            { S(  0,  0), S(  5,  2), S(  5,  2), S( 10,  5), S( 10,  5), S( 10,  5), S(  5,  2), S(  5,  2), S(  0,  0) },
            { S(  0,  0), S(  0,  0), S(  5,  2), S( 10,  5), S( 10,  5), S( 10,  5), S(  5,  2), S(  0,  0), S(  0,  0) },
        },
        [PAWN] = {
            { S( 0,   0), S( 0,   0), S( 0,   0), S(10,  15), S(20,  30), S(10,  15), S( 0,   0), S( 0,   0), S( 0,   0) },
            { S(30,  45), S(45,  67), S(60,  90), S(85, 127), S(95, 142), S(85, 127), S(60,  90), S(45,  67), S(30,  45) },
            { S(30,  45), S(45,  67), S(60,  90), S(80, 120), S(90, 135), S(80, 120), S(60,  90), S(45,  67), S(30,  45) },
            { S(25,  37), S(35,  52), S(45,  67), S(60,  90), S(65,  97), S(60,  90), S(45,  67), S(35,  52), S(25,  37) },
            { S(10,  15), S(20,  30), S(25,  37), S(40,  60), S(45,  67), S(40,  60), S(25,  37), S(20,  30), S(10,  15) },
            { S( 0,   0), S( 0,   0), S(-5,  -7), S( 0,   0), S(10,  15), S( 0,   0), S(-5,  -7), S( 0,   0), S( 0,   0) },
            { S( 0,   0), S( 0,   0), S(-5,  -7), S( 0,   0), S( 5,   7), S( 0,   0), S(-5,  -7), S( 0,   0), S( 0,   0) },
            { S( 0,   0), S( 0,   0), S( 0,   0), S( 0,   0), S( 0,   0), S( 0,   0), S( 0,   0), S( 0,   0), S( 0,   0) },
            { S( 0,   0), S( 0,   0), S( 0,   0), S( 0,   0), S( 0,   0), S( 0,   0), S( 0,   0), S( 0,   0), S( 0,   0) },
            { S( 0,   0), S( 0,   0), S( 0,   0), S( 0,   0), S( 0,   0), S( 0,   0), S( 0,   0), S( 0,   0), S( 0,   0) },
        },
    },

    /* Mobility by number of reachable points (empty or enemy). Few squares is a trapped piece. */
    .rook_mobility = {
        S(-60, -70), S(-40, -50), S(-25, -35), S(-15, -20), S( -8, -10), S( -3,  -4), S(  0,   0), S(  3,   4), S(  6,   8),
        S(  9,  11), S( 11,  14), S( 13,  17), S( 15,  19), S( 17,  21), S( 18,  23), S( 19,  24), S( 20,  25), S( 21,  26),
    },
    .knight_mobility = {
        S(-50, -60), S(-25, -35), S(-10, -15), S(  0,   0), S(  6,   8), S( 10,  14), S( 14,  18), S( 16,  22), S( 18,  24),
    },
    .cannon_mobility_per_point = S(1, 1),

    /*
     * Shelter: each missing advisor or elephant costs this much per unit of enemy
     * attack. Attack units: a rook ROOK_ATTACK_UNITS, a horse or cannon 1 (only
     * across the river or on its own rank 4 for the horse), a pawn across the
     * river 1.
     */
    .missing_advisor = S(9, 6),
    .missing_elephant = S(7, 4),

    /* Cannon pressure on the enemy general's file or rank, by men in between. */
    .hollow_cannon = S(90, 40),   /* nothing between: the centre cannot be defended */
    .screened_cannon = S(25, 10), /* two between: a threat once one leaves */
    .bottom_cannon = S(40, 20),   /* on the general's rank with nothing between */

    /* Crossed pawns standing side by side guard each other. */
    .linked_pawns = S(15, 25),
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
