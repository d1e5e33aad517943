/*
 * The engine's tables that depend on nothing but the code: the board's
 * geometry (board/tables.h), the position keys (board/board.h), the
 * material and placement table (board/psqt.h) and the late-move reductions
 * (search/reductions.h). This code runs when the engine
 * is built, compiled for the building machine (tools/gen_tables.c), which
 * writes what it makes as const definitions into build/gen/tables.c: the
 * engine only reads them, and fills none of them at start-up.
 */
#ifndef CHUHAN_TABLES_MAKE_H
#define CHUHAN_TABLES_MAKE_H

#include "../../board/psqt.h"
#include "../../board/tables.h"

/* board/tables.h's tables, by the same names and shapes. */
typedef struct {
    uint8_t in_board[SQUARE_NB];
    uint8_t in_palace[SQUARE_NB];
    uint8_t own_half[2][SQUARE_NB];
    uint8_t sq90[SQUARE_NB];
    uint8_t king_steps[SQUARE_NB][5];
    uint8_t advisor_steps[SQUARE_NB][5];
    uint8_t bishop_steps[2][SQUARE_NB][5];
    uint8_t bishop_eyes[2][SQUARE_NB][4];
    uint8_t knight_steps[SQUARE_NB][9];
    uint8_t knight_legs[SQUARE_NB][8];
    uint8_t pawn_steps[2][SQUARE_NB][4];
    int8_t knight_leg_delta[512];
    Slide rank_slide[FILE_NB][1 << FILE_NB];
    Slide file_slide[RANK_NB][1 << RANK_NB];
} Geometry;

void make_geometry(Geometry *g);
void make_placement(const Geometry *g, Score psq[KIND_NB][SQUARE_NB]);
void make_keys(uint64_t piece[KIND_NB][SQUARE_NB], uint64_t *side);
void make_reductions(int lmr[64][64]);

#endif
