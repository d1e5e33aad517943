/*
 * Training positions on disk: what `chuhan datagen` writes and the tuner and
 * the network trainer read. Fixed 40-byte records, little-endian, no header,
 * so files concatenate and a reader can seek to any record:
 *
 *   bytes 0-31  the point of each man, in slot order (red's general,
 *               advisors, elephants, horses, rooks, cannons, pawns, then
 *               black's the same): rank * 9 + file (0-89), 255 if captured
 *   32-33       search score, side to move's view, centipawns (int16);
 *               forced results as the engine scores them (beyond +-29000)
 *   34-35       the move played: from * 90 + to, points as above (uint16)
 *   36          side to move: 0 red, 1 black
 *   37          game result, red's view: 0 black won, 1 draw, 2 red won
 *   38          plies since the last capture, at most 255
 *   39          flags: bit 0 the side to move is in check, bit 1 the move
 *               played is a capture
 */
#ifndef CHUHAN_RECORD_H
#define CHUHAN_RECORD_H

#include <stdint.h>

#include "../board/board.h"

enum { RECORD_BYTES = 40, RECORD_NO_POINT = 255 };
enum { RECORD_IN_CHECK = 1, RECORD_CAPTURE = 2 };
enum { RESULT_BLACK_WON = 0, RESULT_DRAW = 1, RESULT_RED_WON = 2 };

typedef struct {
    uint8_t point[32];
    int16_t score;
    uint16_t move;
    uint8_t side, result, rule60, flags;
} Record;

static inline void record_pack(const Record *r, uint8_t out[RECORD_BYTES])
{
    for (int i = 0; i < 32; i++)
        out[i] = r->point[i];
    uint16_t score = (uint16_t)r->score;
    out[32] = (uint8_t)score;
    out[33] = (uint8_t)(score >> 8);
    out[34] = (uint8_t)r->move;
    out[35] = (uint8_t)(r->move >> 8);
    out[36] = r->side;
    out[37] = r->result;
    out[38] = r->rule60;
    out[39] = r->flags;
}

static inline void record_unpack(const uint8_t in[RECORD_BYTES], Record *r)
{
    for (int i = 0; i < 32; i++)
        r->point[i] = in[i];
    r->score = (int16_t)(uint16_t)(in[32] | in[33] << 8);
    r->move = (uint16_t)(in[34] | in[35] << 8);
    r->side = in[36];
    r->result = in[37];
    r->rule60 = in[38];
    r->flags = in[39];
}

/* The record of a position and the move played from it (result left for the game's end). */
void record_from_board(const Board *b, int score, Move played, Record *r);
/* Whether record_to_board may be given it: every man on a point or captured, both generals there, side and result in range. */
bool record_is_position(const Record *r);
/* Sets up the record's position: men, side to move and the capture counter. */
void record_to_board(const Record *r, Board *b);

#endif
