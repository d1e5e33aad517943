/*
 * Every evaluation weight, in one place so that tuning touches one file.
 * Scores are packed (middlegame, endgame) pairs, blended by the phase, in
 * centipawns: the hand-set weights put a pawn that has not crossed the river
 * at 100, and tuning keeps the scale at which those weights predict results.
 * Tables are drawn from red's side with rank 9 at the top; black reads them
 * mirrored. A table's ranks of zeros are left out, its others then named
 * by their row, [0] for rank 9 to [9] for rank 0.
 *
 * `chuhan tune` fits the Scores in W and drawish_scale to self-play games and
 * writes this file whole, in this layout; the other constants after W are
 * set by hand and it copies them as they are.
 */
#ifndef CHUHAN_WEIGHTS_H
#define CHUHAN_WEIGHTS_H

#include "eval_terms.h"

static const EvalWeights W = {
    /* Base values by type: K A B N R C P. Cannons fade and horses grow as the board empties. */
    .piece_value = {
        S(   0,    0), S(  87,   64), S( 122,   82), S( 593,  407), S(1390, 1096), S( 633,  379), S( 116,  129),
    },

    /* Placement by type. In the endgame generals sit still and pawns matter more. */
    .placement = {
        [KING] = {
            [7] = { S(   0,   0), S(   0,   0), S(   0,   0), S(-182,  11), S(-142,   5), S(-182,  11), S(   0,   0), S(   0,   0), S(   0,   0) },
            [8] = { S(   0,   0), S(   0,   0), S(   0,   0), S(-109,  20), S(  20,  -3), S(-109,  20), S(   0,   0), S(   0,   0), S(   0,   0) },
            [9] = { S(   0,   0), S(   0,   0), S(   0,   0), S(  34,  -4), S( 117, -18), S(  34,  -4), S(   0,   0), S(   0,   0), S(   0,   0) },
        },
        [ADVISOR] = {
            [7] = { S(  0,  0), S(  0,  0), S(  0,  0), S(-60, 10), S(  0,  0), S(-60, 10), S(  0,  0), S(  0,  0), S(  0,  0) },
            [8] = { S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0), S( 73, -8), S(  0,  0), S(  0,  0), S(  0,  0), S(  0,  0) },
            [9] = { S(  0,  0), S(  0,  0), S(  0,  0), S( -1,  0), S(  0,  0), S( -1,  0), S(  0,  0), S(  0,  0), S(  0,  0) },
        },
        [BISHOP] = {
            [5] = { S(  0,  0), S(  0,  0), S(-36,  7), S(  0,  0), S(  0,  0), S(  0,  0), S(-36,  7), S(  0,  0), S(  0,  0) },
            [7] = { S(-31, 10), S(  0,  0), S(  0,  0), S(  0,  0), S( 46, -6), S(  0,  0), S(  0,  0), S(  0,  0), S(-31, 10) },
            [9] = { S(  0,  0), S(  0,  0), S(  7, -3), S(  0,  0), S(  0,  0), S(  0,  0), S(  7, -3), S(  0,  0), S(  0,  0) },
        },
        [KNIGHT] = {
            { S( 39,  10), S( 12,   0), S( 34,  49), S(-20,  39), S(  4,   4), S(-20,  39), S( 34,  49), S( 12,   0), S( 39,  10) },
            { S( 16, -11), S( 55,  25), S(155,   3), S( 53,   6), S( 29,  -3), S( 53,   6), S(155,   3), S( 55,  25), S( 16, -11) },
            { S( 78,  37), S( 44,  16), S( -6,  39), S(149,  -6), S(139,  31), S(149,  -6), S( -6,  39), S( 44,  16), S( 78,  37) },
            { S(-27,  23), S(109,  16), S( 12,  15), S(165,   9), S(-23,  34), S(165,   9), S( 12,  15), S(109,  16), S(-27,  23) },
            { S( -7,   7), S(  8,  29), S( -5,  39), S( 78,  25), S( 86,  12), S( 78,  25), S( -5,  39), S(  8,  29), S( -7,   7) },
            { S(-12,  31), S(  8,  22), S(102,  25), S( 49,  18), S( 79,  20), S( 49,  18), S(102,  25), S(  8,  22), S(-12,  31) },
            { S(-58,  21), S(-69,  46), S(-30,  32), S(  1,  39), S( 37,  33), S(  1,  39), S(-30,  32), S(-69,  46), S(-58,  21) },
            { S(-23,   8), S(-29,  29), S(-18,   5), S( 47,  43), S( 11,  22), S( 47,  43), S(-18,   5), S(-29,  29), S(-23,   8) },
            { S(-76, -48), S(-35, -14), S(-55,  16), S(-18,  -6), S(-28, -17), S(-18,  -6), S(-55,  16), S(-35, -14), S(-76, -48) },
            { S(-43, -33), S(-91,   2), S(-25, -20), S(  0,  -7), S( -9,  -6), S(  0,  -7), S(-25, -20), S(-91,   2), S(-43, -33) },
        },
        [ROOK] = {
            { S( 14,  13), S( 22,  17), S( 13,  17), S(134, -12), S( 73,   7), S(134, -12), S( 13,  17), S( 22,  17), S( 14,  13) },
            { S( 21,   3), S( 76,   2), S( 57,   1), S( 49,  25), S( 77,  23), S( 49,  25), S( 57,   1), S( 76,   2), S( 21,   3) },
            { S(  5,  34), S( 11,  33), S( 34,  36), S( 40,  56), S(103,   8), S( 40,  56), S( 34,  36), S( 11,  33), S(  5,  34) },
            { S( 30,  16), S( 41,  18), S( 78,   7), S( 65,  28), S( 46,  33), S( 65,  28), S( 78,   7), S( 41,  18), S( 30,  16) },
            { S( 16,  18), S( 14,  27), S( 47,  13), S( 40,  34), S( 36,  46), S( 40,  34), S( 47,  13), S( 14,  27), S( 16,  18) },
            { S( 14,  17), S( 15,  25), S( 50,  19), S( 40,  40), S( 35,  46), S( 40,  40), S( 50,  19), S( 15,  25), S( 14,  17) },
            { S(-23,  39), S( 22,  24), S( 11,  46), S( 49,  36), S( 37,  43), S( 49,  36), S( 11,  46), S( 22,  24), S(-23,  39) },
            { S(-40,  -4), S( -3,  -3), S(-12,  23), S(  9,  26), S(-13,  54), S(  9,  26), S(-12,  23), S( -3,  -3), S(-40,  -4) },
            { S(-60,  -3), S(-11,  -6), S(-55,   8), S(-12,  16), S(-35,  -5), S(-12,  16), S(-55,   8), S(-11,  -6), S(-60,  -3) },
            { S(-65, -39), S( -8, -27), S(-22, -21), S( -5,  -7), S(-19,  -8), S( -5,  -7), S(-22, -21), S( -8, -27), S(-65, -39) },
        },
        [CANNON] = {
            { S(  82, -13), S( -18,   9), S( -84,  18), S(-120, -19), S(  -9, -45), S(-120, -19), S( -84,  18), S( -18,   9), S(  82, -13) },
            { S( -11,  14), S( -86,   3), S( -60,   8), S( -57,  -6), S(-149, -25), S( -57,  -6), S( -60,   8), S( -86,   3), S( -11,  14) },
            { S(  15,   7), S( -40, -20), S( -22, -27), S( -44, -34), S(-126,  -8), S( -44, -34), S( -22, -27), S( -40, -20), S(  15,   7) },
            { S(  17,  10), S( -17,  18), S(  15,   6), S( -22,  20), S(  -8,   2), S( -22,  20), S(  15,   6), S( -17,  18), S(  17,  10) },
            { S(  22,   2), S( -47,   2), S( -46,  14), S( -45,  28), S(  45,  -2), S( -45,  28), S( -46,  14), S( -47,   2), S(  22,   2) },
            { S(   4,   4), S(  -5,   1), S(  22,  -2), S(  -2,   0), S(  50,  -3), S(  -2,   0), S(  22,  -2), S(  -5,   1), S(   4,   4) },
            { S(  41,  -8), S( -38,  -5), S(  38,  -9), S(  -2,  -6), S(  65, -22), S(  -2,  -6), S(  38,  -9), S( -38,  -5), S(  41,  -8) },
            { S(  37,   6), S( -14,   7), S(  42,  -5), S(  30,  19), S(  90,  -2), S(  30,  19), S(  42,  -5), S( -14,   7), S(  37,   6) },
            { S(  11,  -2), S(  -6,  -5), S(  45, -24), S(   2,  13), S(  74, -11), S(   2,  13), S(  45, -24), S(  -6,  -5), S(  11,  -2) },
            { S( -42, -28), S( -44, -34), S( -11, -25), S(   0,  -1), S(  -9, -10), S(   0,  -1), S( -11, -25), S( -44, -34), S( -42, -28) },
        },
        [PAWN] = {
            [0] = { S( 21, -35), S( 69, -41), S( 30, -44), S( 46, -48), S( 36, -59), S( 46, -48), S( 30, -44), S( 69, -41), S( 21, -35) },
            [1] = { S( 43,  42), S(150,  52), S(173,  52), S(354,  39), S(226, 137), S(354,  39), S(173,  52), S(150,  52), S( 43,  42) },
            [2] = { S( -5,  27), S(104,  67), S(122,  67), S(217, 126), S(219,  97), S(217, 126), S(122,  67), S(104,  67), S( -5,  27) },
            [3] = { S( 15,  25), S( 58,  58), S(105,  64), S( 94,  59), S( 88,  63), S( 94,  59), S(105,  64), S( 58,  58), S( 15,  25) },
            [4] = { S(  1,  18), S( 47,  34), S( 33,  39), S( 90,  55), S( 86,  65), S( 90,  55), S( 33,  39), S( 47,  34), S(  1,  18) },
            [5] = { S(-41,   2), S(  0,   0), S( -3,  -3), S(  0,   0), S(-13,  52), S(  0,   0), S( -3,  -3), S(  0,   0), S(-41,   2) },
            [6] = { S(-46,  11), S(  0,   0), S(-46,  10), S(  0,   0), S(  8,  23), S(  0,   0), S(-46,  10), S(  0,   0), S(-46,  11) },
        },
    },

    /* Mobility by number of reachable points (empty or enemy). Few squares is a trapped piece. */
    .rook_mobility = {
        S(-43,  -83), S(-37, -131), S(-45, -135), S(-34,  -65), S(-27,  -12), S( -6,    1), S( -1,   11), S(  2,   21), S( 13,   19),
        S( 16,   24), S( 11,   40), S( 13,   40), S( 21,   31), S( 12,   39), S( 37,   31), S( 41,   31), S( 30,   28), S( 25,   32),
    },
    .knight_mobility = {
        S(-80, -187), S(-50,  -59), S(-38,   -8), S(-20,   19), S( -2,   14), S( 11,   25), S( 30,   17), S( 50,   18), S( 63,   13),
    },
    .cannon_mobility_per_point = S(3, -1),

    /*
     * Shelter: each missing advisor or elephant costs this much per unit of enemy
     * attack, and two advisors or two elephants guarding each other (an advisor
     * on the palace centre; elephants a step apart with the eye empty) earn this
     * much per unit. Attack units: a rook ROOK_ATTACK_UNITS, a horse or cannon 1
     * (only across the river or on its own rank 4 for the horse), a pawn across
     * the river 1.
     */
    .missing_advisor = S(43, 24),
    .missing_elephant = S(28, 14),
    .connected_advisors = S(-3, 7),
    .connected_elephants = S(3, 6),

    /* Cannon pressure on the enemy general's file or rank, by men in between. */
    .hollow_cannon = S(210, -31), /* nothing between: the centre cannot be defended */
    .screened_cannon = S(27, 74), /* two between: a threat once one leaves */
    .bottom_cannon = S(43, -4),   /* on the general's rank with nothing between */
    .central_cannon = S(-19, 22), /* on the central file with the general, whatever between */

    /*
     * Crossed pawns: side by side they guard each other (linked), as does a pawn
     * right behind (backed); crossed_pawns counts by how many have crossed, 1 to 5.
     */
    .linked_pawns = S(24, -20),
    .backed_pawns = S(-17, -24),
    .crossed_pawns = { S( 16, -23), S( 28, -13), S( 38,  30), S(-19, -11), S( -1,  -1) },

    /*
     * Men bearing on a point of the enemy palace: each by its type (horse, rook,
     * cannon, pawn), and all of them by their number, 1 to 6 or more. A horse
     * bears over a free leg, a rook up to the first man, a cannon beyond its
     * screen up to the man it would take, a pawn by its steps.
     */
    .palace_attacker = { S(32,  1), S( 3,  5), S(26,  4), S(64, -4) },
    .palace_attack_count = { S(-15, -19), S(-10, -24), S(  7,   5), S( 33,  12), S(  1,  -1), S(  0,   0) },

    /* Horses across the river. */
    .knight_outpost = S(24, -7),       /* where no enemy pawn can ever attack it */
    .knight_palace_centre = S(19, 47), /* on the enemy palace centre, per other man bearing on the palace */

    /* Rooks on a file without a pawn of their own. */
    .rook_open_file = S(18, -3),     /* no pawn at all */
    .rook_half_open_file = S(3, 18), /* enemy pawns only */

    /* The side to move's edge, blended on its own and never scaled. */
    .tempo = S(27, -5),
};

/* Phase weight of each type; the sum over both sides, capped, runs from endgame 0 to PHASE_MAX (evaluate.h). */
static const int phase_weight[PIECE_TYPE_NB] = { 0, 0, 0, 1, 2, 1, 0 };

/* A rook's attack units against the palace (the shelter weights above); other men bring 1. */
enum { ROOK_ATTACK_UNITS = 2 };

/*
 * Endgame scale for known drawn material (enum Drawish in evaluate.h), in
 * SCALE_ONE parts: the endgame half of the evaluation is multiplied by it
 * when the side ahead in that half has only that material.
 */
static const int drawish_scale[DRAWISH_NB] = { 64, 64, 64, 64 };

/*
 * Natural-limit fade: full value until NATURAL_FADE_PLIES counted plies before
 * the limit, then falling in a line to a third at the limit.
 */
enum { NATURAL_FADE_PLIES = 80, NATURAL_FADE_FLOOR = 40 };

#endif
