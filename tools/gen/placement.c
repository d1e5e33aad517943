/* Material and placement: each kind's value on each point, from the evaluation's weights. */
#include "../../eval/weights.h"
#include "tables_make.h"

void make_placement(const Geometry *g, Score psq[KIND_NB][SQUARE_NB])
{
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        if (!g->in_board[sq])
            continue;
        for (int side = RED; side <= BLACK; side++)
            for (int type = KING; type < PIECE_TYPE_NB; type++) {
                Score v = W.piece_value[type] + W.placement[type][placement_row(side, sq)][placement_file(side, sq)];
                psq[make_kind(side, type)][sq] = side == RED ? v : -v;
            }
    }
}
