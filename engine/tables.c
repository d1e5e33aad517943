#include "tables.h"

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

static const int orth[4] = { NORTH, SOUTH, EAST, WEST };

/* The i-th horse jump (0..7) in the order of knight_steps: two by two over the legs. */
static int knight_jump(int i) { return 2 * knight_leg_dir[i / 2] + (i & 1 ? -1 : 1) * knight_side_dir[i / 2]; }

static void init_regions(void)
{
    for (int r = 0; r < RANK_NB; r++)
        for (int f = 0; f < FILE_NB; f++) {
            int sq = make_sq(f, r);
            in_board[sq] = 1;
            sq90[sq] = (uint8_t)sq_point(sq);
            in_palace[sq] = f >= 3 && f <= 5 && (r <= 2 || r >= 7);
            own_half[RED][sq] = r <= 4;
            own_half[BLACK][sq] = r >= 5;
        }
}

static void init_steps(void)
{
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        if (!in_board[sq])
            continue;
        int n = 0;
        for (int i = 0; i < 4; i++)
            if (in_palace[sq] && in_palace[sq + orth[i]])
                king_steps[sq][n++] = (uint8_t)(sq + orth[i]);
        n = 0;
        for (int i = 0; i < 4; i++)
            if (in_palace[sq] && in_palace[sq + diag_dir[i]])
                advisor_steps[sq][n++] = (uint8_t)(sq + diag_dir[i]);
        for (int side = RED; side <= BLACK; side++) {
            n = 0;
            for (int i = 0; i < 4; i++) {
                int to = sq + 2 * diag_dir[i];
                if (own_half[side][sq] && in_board[to] && own_half[side][to]) {
                    bishop_eyes[side][sq][n] = (uint8_t)(sq + diag_dir[i]);
                    bishop_steps[side][sq][n++] = (uint8_t)to;
                }
            }
            /* Forward always; sideways only once across the river. */
            n = 0;
            int fwd = side == RED ? NORTH : SOUTH;
            if (in_board[sq + fwd])
                pawn_steps[side][sq][n++] = (uint8_t)(sq + fwd);
            if (!own_half[side][sq])
                for (int d = -1; d <= 1; d += 2)
                    if (in_board[sq + d])
                        pawn_steps[side][sq][n++] = (uint8_t)(sq + d);
        }
        n = 0;
        for (int i = 0; i < 8; i++) {
            if (in_board[sq + knight_jump(i)]) {
                knight_legs[sq][n] = (uint8_t)(sq + knight_leg_dir[i / 2]);
                knight_steps[sq][n++] = (uint8_t)(sq + knight_jump(i));
            }
        }
    }
    for (int i = 0; i < 8; i++)
        knight_leg_delta[256 + knight_jump(i)] = (int8_t)knight_leg_dir[i / 2];
}

/* Walks from pos along a line of len points, both ways. */
static void slide_scan(int pos, int len, unsigned occ, Slide *s)
{
    s->empty = 0;
    for (int k = 0; k < 2; k++) {
        int dir = k ? 1 : -1, t = pos + dir;
        s->rook[k] = s->cannon[k] = SLIDE_NONE;
        for (; t >= 0 && t < len && !(occ >> t & 1); t += dir)
            s->empty++;
        if (t < 0 || t >= len)
            continue;
        s->rook[k] = (uint8_t)t;
        for (t += dir; t >= 0 && t < len && !(occ >> t & 1); t += dir)
            ;
        if (t >= 0 && t < len)
            s->cannon[k] = (uint8_t)t;
    }
}

static void init_slides(void)
{
    for (int p = 0; p < FILE_NB; p++)
        for (unsigned occ = 0; occ < 1u << FILE_NB; occ++)
            slide_scan(p, FILE_NB, occ, &rank_slide[p][occ]);
    for (int p = 0; p < RANK_NB; p++)
        for (unsigned occ = 0; occ < 1u << RANK_NB; occ++)
            slide_scan(p, RANK_NB, occ, &file_slide[p][occ]);
}

void tables_init(void)
{
    init_regions();
    init_steps();
    init_slides();
}
