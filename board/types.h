/* Basic types shared by the whole engine: squares, pieces, moves. */
#ifndef CHUHAN_TYPES_H
#define CHUHAN_TYPES_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Squares live in a 16x16 mailbox. File f (0..8, a..i) and rank r (0..9, red's
 * back rank first) sit at ((r + 3) << 4) | (f + 3), so every point of the 9x10
 * board has at least two sentinel rows and columns around it: a horse jump or
 * an elephant step from any board point stays inside the 256-entry array, and
 * a slider walking off the board meets a sentinel before leaving it.
 */
enum { FILE_NB = 9, RANK_NB = 10, POINT_NB = FILE_NB * RANK_NB, SQUARE_NB = 256 };

static inline int make_sq(int file, int rank) { return ((rank + 3) << 4) | (file + 3); }
static inline int sq_file(int sq) { return (sq & 15) - 3; }
static inline int sq_rank(int sq) { return (sq >> 4) - 3; }

/* The board's 90 points numbered rank * 9 + file, as records and the network count them. */
static inline int sq_point(int sq) { return sq_rank(sq) * FILE_NB + sq_file(sq); }
static inline int point_sq(int point) { return make_sq(point % FILE_NB, point / FILE_NB); }
/* The point's mirror across the middle file (file f to 8 - f). */
static inline int point_mirror(int point) { return point + FILE_NB - 1 - 2 * (point % FILE_NB); }
/* The point as the other side sees it: the board turned half a circle. */
static inline int point_turn(int point) { return POINT_NB - 1 - point; }

/* One step towards black's side of the board, and one step along a rank. */
enum { NORTH = 16, SOUTH = -16, EAST = 1, WEST = -1 };

enum { RED = 0, BLACK = 1 };

enum PieceType { KING, ADVISOR, BISHOP, KNIGHT, ROOK, CANNON, PAWN, PIECE_TYPE_NB };

/*
 * The board holds piece identities, not kinds: 16..31 are red's men and 32..47
 * black's, each with a fixed slot (general, 2 advisors, 2 elephants, 2 horses,
 * 2 rooks, 2 cannons, 5 pawns). The slot gives the type, and a side's pieces of
 * one type are a fixed index range, so the piece lists need no bookkeeping
 * beyond the square of each slot. 0 is an empty point; OFFBOARD marks the
 * sentinel frame and has neither side's tag bit.
 */
enum {
    EMPTY = 0,
    OFFBOARD = 64,
    PIECE_NB = 48,
};

static inline int side_tag(int side) { return 16 << side; }
static inline int piece_side(int piece) { return piece >> 5; } /* valid for 16..47 */

/* First slot and number of slots of each type within a side's 16. */
static const int8_t type_first[PIECE_TYPE_NB] = { 0, 1, 3, 5, 7, 9, 11 };
static const int8_t type_count[PIECE_TYPE_NB] = { 1, 2, 2, 2, 2, 2, 5 };

extern const int8_t piece_type_of[PIECE_NB];

/* A kind is a side and a type together (red 0..6, black 7..13): what keys and tables tell apart. */
enum { KIND_NB = 2 * PIECE_TYPE_NB };
static inline int make_kind(int side, int type) { return side * PIECE_TYPE_NB + type; }
extern const int8_t piece_kind_of[PIECE_NB];

/* The piece identity of the i-th slot of a type for a side. */
static inline int piece_id(int side, int type, int i) { return side_tag(side) + type_first[type] + i; }

/*
 * A move is from | to << 8. 0 is "no move" (square 0 is a sentinel), and a
 * null move in search uses NULL_MOVE, which no real move can equal.
 */
typedef uint16_t Move;
enum { MOVE_NONE = 0, NULL_MOVE = 0x0101 };

static inline Move move_of(int from, int to) { return (Move)(from | (to << 8)); }
static inline int move_from(Move m) { return m & 255; }
static inline int move_to(Move m) { return m >> 8; }

enum { MAX_MOVES = 128, MAX_PLY = 128 };

#endif
