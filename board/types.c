/* The type and kind of each piece identity (types.h). */
#include "types.h"

const int8_t piece_type_of[PIECE_NB] = {
    [16] = KING,   ADVISOR, ADVISOR, BISHOP, BISHOP, KNIGHT, KNIGHT, ROOK, ROOK, CANNON, CANNON,
    PAWN,          PAWN,    PAWN,    PAWN,   PAWN,
    [32] = KING,   ADVISOR, ADVISOR, BISHOP, BISHOP, KNIGHT, KNIGHT, ROOK, ROOK, CANNON, CANNON,
    PAWN,          PAWN,    PAWN,    PAWN,   PAWN,
};

const int8_t piece_kind_of[PIECE_NB] = {
    [16] = 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 6, 6, 6,
    [32] = 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 13, 13, 13,
};
