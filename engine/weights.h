/*
 * Every evaluation weight, in one place so that tuning touches one file.
 * Scores are packed (middlegame, endgame) pairs, blended by the phase, in
 * centipawns where a pawn that has not crossed the river is worth 100.
 * Tables are drawn from red's side with rank 9 at the top; black reads them
 * mirrored.
 */
#ifndef CHUHAN_WEIGHTS_H
#define CHUHAN_WEIGHTS_H

#include "score.h"

/* Base values by type: K A B N R C P. Cannons fade and horses grow as the board empties. */
static const Score piece_value[PIECE_TYPE_NB] = {
    S(0, 0), S(200, 180), S(200, 180), S(400, 460), S(900, 950), S(450, 400), S(100, 120),
};

/* Phase weight of each type; the sum over both sides, capped, runs from endgame 0 to PHASE_MAX (evaluate.h). */
static const int phase_weight[PIECE_TYPE_NB] = { 0, 0, 0, 1, 2, 1, 0 };

/* Placement, middlegame part, by type. The endgame part scales these by endgame_placement[type] / 4. */
static const int8_t placement[PIECE_TYPE_NB][RANK_NB][FILE_NB] = {
    [KING] = {
        {   0,   0,   0,   0,   0,   0,   0,   0,   0 },
        {   0,   0,   0,   0,   0,   0,   0,   0,   0 },
        {   0,   0,   0,   0,   0,   0,   0,   0,   0 },
        {   0,   0,   0,   0,   0,   0,   0,   0,   0 },
        {   0,   0,   0,   0,   0,   0,   0,   0,   0 },
        {   0,   0,   0,   0,   0,   0,   0,   0,   0 },
        {   0,   0,   0,   0,   0,   0,   0,   0,   0 },
        {   0,   0,   0, -25, -20, -25,   0,   0,   0 },
        {   0,   0,   0, -15, -10, -15,   0,   0,   0 },
        {   0,   0,   0,  -5,   5,  -5,   0,   0,   0 },
    },
    [ADVISOR] = {
        {   0,   0,   0,   0,   0,   0,   0,   0,   0 },
        {   0,   0,   0,   0,   0,   0,   0,   0,   0 },
        {   0,   0,   0,   0,   0,   0,   0,   0,   0 },
        {   0,   0,   0,   0,   0,   0,   0,   0,   0 },
        {   0,   0,   0,   0,   0,   0,   0,   0,   0 },
        {   0,   0,   0,   0,   0,   0,   0,   0,   0 },
        {   0,   0,   0,   0,   0,   0,   0,   0,   0 },
        {   0,   0,   0,  -5,   0,  -5,   0,   0,   0 },
        {   0,   0,   0,   0,  10,   0,   0,   0,   0 },
        {   0,   0,   0,   0,   0,   0,   0,   0,   0 },
    },
    [BISHOP] = {
        {   0,   0,   0,   0,   0,   0,   0,   0,   0 },
        {   0,   0,   0,   0,   0,   0,   0,   0,   0 },
        {   0,   0,   0,   0,   0,   0,   0,   0,   0 },
        {   0,   0,   0,   0,   0,   0,   0,   0,   0 },
        {   0,   0,   0,   0,   0,   0,   0,   0,   0 },
        {   0,   0,  -5,   0,   0,   0,  -5,   0,   0 },
        {   0,   0,   0,   0,   0,   0,   0,   0,   0 },
        {  -5,   0,   0,   0,  10,   0,   0,   0,  -5 },
        {   0,   0,   0,   0,   0,   0,   0,   0,   0 },
        {   0,   0,   0,   0,   0,   0,   0,   0,   0 },
    },
    [KNIGHT] = {
        {   0,  -5,   5,   5,   0,   5,   5,  -5,   0 },
        {   5,  15,  25,  20,   5,  20,  25,  15,   5 },
        {  10,  20,  30,  35,  25,  35,  30,  20,  10 },
        {  10,  25,  30,  35,  35,  35,  30,  25,  10 },
        {  10,  20,  25,  30,  30,  30,  25,  20,  10 },
        {   5,  15,  20,  25,  25,  25,  20,  15,   5 },
        {   0,  10,  15,  15,  20,  15,  15,  10,   0 },
        {  -5,   5,  10,  10,  10,  10,  10,   5,  -5 },
        { -10,   0,   0,   0, -10,   0,   0,   0, -10 },
        { -10, -15,   0,  -5,  -5,  -5,   0, -15, -10 },
    },
    [ROOK] = {
        {  15,  20,  15,  25,  20,  25,  15,  20,  15 },
        {  15,  25,  20,  30,  30,  30,  20,  25,  15 },
        {  10,  20,  15,  25,  25,  25,  15,  20,  10 },
        {  10,  20,  20,  25,  25,  25,  20,  20,  10 },
        {  10,  20,  20,  20,  20,  20,  20,  20,  10 },
        {  10,  15,  15,  20,  20,  20,  15,  15,  10 },
        {   5,  15,  10,  15,  15,  15,  10,  15,   5 },
        {   0,  10,   5,  15,  10,  15,   5,  10,   0 },
        {  -5,   5,   0,  10,   0,  10,   0,   5,  -5 },
        { -10,   0,  -5,   5,   0,   5,  -5,   0, -10 },
    },
    [CANNON] = {
        {  10,  10,   0,  -5,  -5,  -5,   0,  10,  10 },
        {   5,   5,   0,  -5, -10,  -5,   0,   5,   5 },
        {   5,   5,   0,  -5,   0,  -5,   0,   5,   5 },
        {   0,   5,   5,   0,  10,   0,   5,   5,   0 },
        {   0,   0,   0,   0,  10,   0,   0,   0,   0 },
        {  -5,   0,   5,   0,  10,   0,   5,   0,  -5 },
        {   0,   0,   0,   0,   5,   0,   0,   0,   0 },
        {   5,   5,  10,  15,  20,  15,  10,   5,   5 },
        {   0,   5,   5,  10,  10,  10,   5,   5,   0 },
        {   0,   0,   5,  10,  10,  10,   5,   0,   0 },
    },
    [PAWN] = {
        {   0,   0,   0,  10,  20,  10,   0,   0,   0 },
        {  30,  45,  60,  85,  95,  85,  60,  45,  30 },
        {  30,  45,  60,  80,  90,  80,  60,  45,  30 },
        {  25,  35,  45,  60,  65,  60,  45,  35,  25 },
        {  10,  20,  25,  40,  45,  40,  25,  20,  10 },
        {   0,   0,  -5,   0,  10,   0,  -5,   0,   0 },
        {   0,   0,  -5,   0,   5,   0,  -5,   0,   0 },
        {   0,   0,   0,   0,   0,   0,   0,   0,   0 },
        {   0,   0,   0,   0,   0,   0,   0,   0,   0 },
        {   0,   0,   0,   0,   0,   0,   0,   0,   0 },
    },
};
/* Endgame share of each placement table, in quarters: generals sit still, pawns matter more. */
static const int endgame_placement[PIECE_TYPE_NB] = { 0, 2, 2, 4, 3, 2, 6 };

/* Mobility by number of reachable points (empty or enemy). Few squares is a trapped piece. */
static const Score rook_mobility[18] = {
    S(-60, -70), S(-40, -50), S(-25, -35), S(-15, -20), S(-8, -10), S(-3, -4), S(0, 0),  S(3, 4),  S(6, 8),
    S(9, 11),    S(11, 14),   S(13, 17),   S(15, 19),   S(17, 21),  S(18, 23), S(19, 24), S(20, 25), S(21, 26),
};
static const Score knight_mobility[9] = {
    S(-50, -60), S(-25, -35), S(-10, -15), S(0, 0), S(6, 8), S(10, 14), S(14, 18), S(16, 22), S(18, 24),
};
static const Score cannon_mobility_per_point = S(1, 1);

/*
 * Shelter: each missing advisor or elephant costs this much per unit of enemy
 * attack. Attack units: a rook 2, a horse or cannon 1 (only across the river
 * or on its own rank 4 for the horse), a pawn across the river 1.
 */
static const Score missing_advisor = S(9, 6);
static const Score missing_elephant = S(7, 4);
enum { ROOK_ATTACK_UNITS = 2 };

/* Cannon pressure on the enemy general's file or rank, by men in between. */
static const Score hollow_cannon = S(90, 40);   /* nothing between: the centre cannot be defended */
static const Score screened_cannon = S(25, 10); /* two between: a threat once one leaves */
static const Score bottom_cannon = S(40, 20);   /* on the general's rank with nothing between */

/* Crossed pawns standing side by side guard each other. */
static const Score linked_pawns = S(15, 25);

enum { TEMPO = 10 };

/*
 * Natural-limit fade: full value until NATURAL_FADE_PLIES counted plies before
 * the limit, then falling in a line to a third at the limit.
 */
enum { NATURAL_FADE_PLIES = 80, NATURAL_FADE_FLOOR = 40 };

#endif
