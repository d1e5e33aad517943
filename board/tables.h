/*
 * Precomputed geometry of the board: which points are on the board, in a
 * palace or on a side's own half, the step targets of the short-range pieces
 * with their blocking points, and slide tables that answer "first and second
 * occupied point along this line" with one lookup. Made when the engine is
 * built (tools/gen/geometry.c, written out as build/gen/tables.c), const.
 */
#ifndef CHUHAN_TABLES_H
#define CHUHAN_TABLES_H

#include "types.h"

extern const uint8_t in_board[SQUARE_NB];
extern const uint8_t in_palace[SQUARE_NB];
extern const uint8_t own_half[2][SQUARE_NB];
/* sq_point of every square, looked up: the dense index of tables that only need the board. */
extern const uint8_t sq90[SQUARE_NB];

/* Zero-terminated target lists; legs and eyes are index-aligned with targets. */
extern const uint8_t king_steps[SQUARE_NB][5];
extern const uint8_t advisor_steps[SQUARE_NB][5];
extern const uint8_t bishop_steps[2][SQUARE_NB][5];
extern const uint8_t bishop_eyes[2][SQUARE_NB][4];
extern const uint8_t knight_steps[SQUARE_NB][9];
extern const uint8_t knight_legs[SQUARE_NB][8];
extern const uint8_t pawn_steps[2][SQUARE_NB][4];
/*
 * A horse's four legs, and for each the sideways step that tells apart the
 * two jumps over it: from + 2 * leg + side, then from + 2 * leg - side (the
 * order of knight_steps).
 */
static const int knight_leg_dir[4] = { NORTH, SOUTH, EAST, WEST };
/* The four diagonal steps: advisors, elephant eyes (twice: the elephant's point). */
static const int diag_dir[4] = { NORTH + EAST, NORTH + WEST, SOUTH + EAST, SOUTH + WEST };
static const int knight_side_dir[4] = { EAST, EAST, NORTH, NORTH };
/*
 * For a horse jump from h to h + d, knight_leg_delta[256 + d] is the offset
 * from h of the leg point that must be empty, or 0 when d is no horse jump.
 */
extern const int8_t knight_leg_delta[512];

/*
 * Slide tables, indexed by the position along a line and the line's occupancy
 * bits: the coordinate of the first occupied point each way (what a rook hits)
 * and of the second one (what a cannon hits), or SLIDE_NONE. Index 0 of each
 * pair looks towards lower coordinates, index 1 towards higher ones. `empty`
 * counts the empty points before the first occupied one, both ways together.
 */
enum { SLIDE_NONE = 0xFF };
typedef struct {
    uint8_t rook[2];
    uint8_t cannon[2];
    uint8_t empty;
} Slide;
extern const Slide rank_slide[FILE_NB][1 << FILE_NB];
extern const Slide file_slide[RANK_NB][1 << RANK_NB];

#endif
