/*
 * Games as chains: the compact form of training records. A game is stored
 * as its first position and then, for each position, the move played and the
 * search score; every later position follows from the one before by its move,
 * so a position costs about three bytes instead of a record's forty. Decoding
 * needs no move generator, only the points of the men: the trainer reads it
 * as it is.
 *
 * A file is a run of games, each a block on its own, little-endian:
 *
 *   0      CHAIN_MAGIC (200: no record starts with it, a red general's point
 *          is below 90)
 *   1      the format's version (CHAIN_VERSION)
 *   2-3    the body's length in bytes (uint16)
 *   4-7    FNV-1a of the body (uint32): a block whose bytes changed is refused
 *   body:
 *   0-31   the first position's men, as a record's points
 *   32     its side to move; 33 its capture counter; 34 the game's result,
 *          red's view (record.h's RESULT_*)
 *   then   the number of positions (varint), and for each a move word
 *          (uint16: bits 0-3 the moving man's slot among its side's 16,
 *          4-10 the point it goes to, 11 the side to move is in check,
 *          12-14 the low three bits of the score's code, 15 more of it
 *          follows as a varint). The score's code is the zigzag of score +
 *          the previous position's score (0 before the first): the side to
 *          move changes each ply, so two neighbours' scores nearly cancel
 *          (at 4,000 nodes a move the sum is within 3 cp one time in six,
 *          within 511 cp 98.7% of the time: two or three bytes in all).
 *
 * Blocks concatenate, so files do; a block cut short by a kill is the last
 * of its file and is left out by readers and cut off by the next writer.
 */
#ifndef CHUHAN_CHAIN_H
#define CHUHAN_CHAIN_H

#include <stddef.h>
#include <stdint.h>

#include "record.h"

enum {
    CHAIN_MAGIC = 200,
    CHAIN_VERSION = 1,
    CHAIN_HEADER = 8,
    /* A longer run of records (a converted file's) is cut into games of at most this many. */
    CHAIN_MAX_POSITIONS = 4096,
    CHAIN_BODY_MAX = 35 + 3 + CHAIN_MAX_POSITIONS * 5,
    CHAIN_BLOCK_MAX = CHAIN_HEADER + CHAIN_BODY_MAX,
};

/* The position after r's move: the man moved, a man taken off its point, side and counter advanced. */
void chain_next(const Record *r, Record *next);

/* Whether b follows a in one game: b's position is a's after its move, with the same result. */
bool chain_follows(const Record *a, const Record *b);

/*
 * Writes n records of one game (each following the one before, n at most
 * CHAIN_MAX_POSITIONS) as a block into out (CHAIN_BLOCK_MAX bytes); returns
 * its length, or 0 when a move cannot be written (a record out of step).
 */
size_t chain_encode(const Record *records, int n, uint8_t *out);

/* The body's length from a block's header; 0 when the header is not one (magic or version). */
size_t chain_body_length(const uint8_t header[CHAIN_HEADER]);

/*
 * Decodes a block whose body is whole (CHAIN_HEADER + chain_body_length
 * bytes) into out (CHAIN_MAX_POSITIONS records); returns the number of
 * records, or -1 when the block is damaged (checksum, or a move that no man
 * can make), with why in err.
 */
int chain_decode(const uint8_t *block, Record *out, const char **err);

#endif
