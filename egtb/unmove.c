#include "../probe/egtb_index.h"
#include "../board/tables.h"
#include "unmove.h"

static const int orth[4] = { NORTH, SOUTH, EAST, WEST };

/* A pawn of `side` beyond the river on sq: only then may it have stepped sideways. */
static bool across(int side, int sq) { return side == RED ? sq_rank(sq) >= 5 : sq_rank(sq) <= 4; }

int unmove_origins(const uint8_t occ[SQUARE_NB], int side, int type, int sq, uint8_t out[UNMOVE_MAX])
{
    int n = 0;
    switch (type) {
    case KING:
        for (int i = 0; i < 4; i++)
            if (in_palace[sq + orth[i]] && occ[sq + orth[i]] == EMPTY)
                out[n++] = (uint8_t)(sq + orth[i]);
        break;
    case ADVISOR:
        for (int i = 0; i < 4; i++)
            if (in_palace[sq + diag_dir[i]] && occ[sq + diag_dir[i]] == EMPTY)
                out[n++] = (uint8_t)(sq + diag_dir[i]);
        break;
    case BISHOP:
        for (int i = 0; i < 4; i++) {
            int o = sq + 2 * diag_dir[i];
            if (in_board[o] && own_half[side][o] && occ[sq + diag_dir[i]] == EMPTY && occ[o] == EMPTY)
                out[n++] = (uint8_t)o;
        }
        break;
    case KNIGHT:
        /* It came from o over the leg beside o, which must have been empty. */
        for (int i = 0; i < 8; i++) {
            int d = 2 * knight_leg_dir[i / 2] + (i & 1 ? -1 : 1) * knight_side_dir[i / 2];
            int o = sq - d;
            if (in_board[o] && occ[o] == EMPTY && occ[o + knight_leg_delta[256 + d]] == EMPTY)
                out[n++] = (uint8_t)o;
        }
        break;
    case ROOK:
    case CANNON:
        for (int i = 0; i < 4; i++)
            for (int o = sq + orth[i]; occ[o] == EMPTY; o += orth[i])
                out[n++] = (uint8_t)o;
        break;
    case PAWN: {
        int back = sq - (side == RED ? NORTH : SOUTH);
        if (in_board[back] && occ[back] == EMPTY && tb_point_allowed(side, PAWN, sq_point(back)))
            out[n++] = (uint8_t)back;
        if (across(side, sq))
            for (int d = WEST; d <= EAST; d += 2)
                if (in_board[sq + d] && occ[sq + d] == EMPTY)
                    out[n++] = (uint8_t)(sq + d);
        break;
    }
    }
    return n;
}
