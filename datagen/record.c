#include "../board/movegen.h"
#include "record.h"

void record_from_board(const Board *b, int score, Move played, Record *r)
{
    for (int i = 0; i < 32; i++) {
        int sq = b->pos[16 + i];
        r->point[i] = sq ? (uint8_t)sq_point(sq) : RECORD_NO_POINT;
    }
    r->score = (int16_t)score;
    r->move = (uint16_t)(sq_point(move_from(played)) * POINT_NB + sq_point(move_to(played)));
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
            board_put(b, 16 + i, point_sq(r->point[i]));
    b->side = r->side;
    b->rule60 = r->rule60;
    board_finish(b);
}

bool record_is_position(const Record *r)
{
    for (int i = 0; i < 32; i++)
        if (r->point[i] >= POINT_NB && r->point[i] != RECORD_NO_POINT)
            return false;
    return r->side <= BLACK && r->result <= RESULT_RED_WON && r->point[0] != RECORD_NO_POINT
        && r->point[16] != RECORD_NO_POINT;
}
