#include "psqt.h"
#include "tables.h"
#include "weights.h"

Score psq_table[KIND_NB][SQUARE_NB];

void psq_init(void)
{
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        if (!in_board[sq])
            continue;
        for (int side = RED; side <= BLACK; side++)
            for (int type = KING; type < PIECE_TYPE_NB; type++) {
                Score v = W.piece_value[type] + W.placement[type][placement_row(side, sq)][placement_file(side, sq)];
                psq_table[make_kind(side, type)][sq] = side == RED ? v : -v;
            }
    }
}
