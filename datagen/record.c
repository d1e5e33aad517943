#include <string.h>

#include "../engine/movegen.h"
#include "record.h"

void record_pack(const Record *r, uint8_t out[RECORD_BYTES])
{
    memcpy(out, r->point, 32);
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

void record_unpack(const uint8_t in[RECORD_BYTES], Record *r)
{
    memcpy(r->point, in, 32);
    r->score = (int16_t)(uint16_t)(in[32] | in[33] << 8);
    r->move = (uint16_t)(in[34] | in[35] << 8);
    r->side = in[36];
    r->result = in[37];
    r->rule60 = in[38];
    r->flags = in[39];
}

void record_from_board(const Board *b, int score, Move played, Record *r)
{
    for (int i = 0; i < 32; i++) {
        int sq = b->pos[16 + i];
        r->point[i] = sq ? (uint8_t)record_point(sq) : RECORD_NO_POINT;
    }
    r->score = (int16_t)score;
    r->move = (uint16_t)(record_point(move_from(played)) * 90 + record_point(move_to(played)));
    r->side = (uint8_t)b->side;
    r->result = RESULT_DRAW;
    r->rule60 = (uint8_t)(b->rule60 < 255 ? b->rule60 : 255);
    r->flags = (uint8_t)((b->checked ? RECORD_IN_CHECK : 0) | (b->sq[move_to(played)] ? RECORD_CAPTURE : 0));
}

void record_to_board(const Record *r, Board *b)
{
    board_clear(b);
    for (int i = 0; i < 32; i++)
        if (r->point[i] != RECORD_NO_POINT)
            board_put(b, 16 + i, record_square(r->point[i]));
    b->side = r->side;
    b->rule60 = r->rule60;
    board_finish(b);
}
