/* The board's geometry: regions, the short-range men's steps, and the slide tables. */
#include <string.h>

#include "tables_make.h"

static const int orth[4] = { NORTH, SOUTH, EAST, WEST };

/* The i-th horse jump (0..7) in the order of knight_steps: two by two over the legs. */
static int knight_jump(int i) { return 2 * knight_leg_dir[i / 2] + (i & 1 ? -1 : 1) * knight_side_dir[i / 2]; }

static void make_regions(Geometry *g)
{
    for (int r = 0; r < RANK_NB; r++)
        for (int f = 0; f < FILE_NB; f++) {
            int sq = make_sq(f, r);
            g->in_board[sq] = 1;
            g->sq90[sq] = (uint8_t)sq_point(sq);
            g->in_palace[sq] = f >= 3 && f <= 5 && (r <= 2 || r >= 7);
            g->own_half[RED][sq] = r <= 4;
            g->own_half[BLACK][sq] = r >= 5;
        }
}

static void make_side_steps(Geometry *g, int sq)
{
    for (int side = RED; side <= BLACK; side++) {
        int n = 0;
        for (int i = 0; i < 4; i++) {
            int to = sq + 2 * diag_dir[i];
            if (g->own_half[side][sq] && g->in_board[to] && g->own_half[side][to]) {
                g->bishop_eyes[side][sq][n] = (uint8_t)(sq + diag_dir[i]);
                g->bishop_steps[side][sq][n++] = (uint8_t)to;
            }
        }
        /* Forward always; sideways only once across the river. */
        n = 0;
        int fwd = side == RED ? NORTH : SOUTH;
        if (g->in_board[sq + fwd])
            g->pawn_steps[side][sq][n++] = (uint8_t)(sq + fwd);
        if (!g->own_half[side][sq])
            for (int d = -1; d <= 1; d += 2)
                if (g->in_board[sq + d])
                    g->pawn_steps[side][sq][n++] = (uint8_t)(sq + d);
    }
}

static void make_steps(Geometry *g)
{
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        if (!g->in_board[sq])
            continue;
        int n = 0;
        for (int i = 0; i < 4; i++)
            if (g->in_palace[sq] && g->in_palace[sq + orth[i]])
                g->king_steps[sq][n++] = (uint8_t)(sq + orth[i]);
        n = 0;
        for (int i = 0; i < 4; i++)
            if (g->in_palace[sq] && g->in_palace[sq + diag_dir[i]])
                g->advisor_steps[sq][n++] = (uint8_t)(sq + diag_dir[i]);
        make_side_steps(g, sq);
        n = 0;
        for (int i = 0; i < 8; i++) {
            if (g->in_board[sq + knight_jump(i)]) {
                g->knight_legs[sq][n] = (uint8_t)(sq + knight_leg_dir[i / 2]);
                g->knight_steps[sq][n++] = (uint8_t)(sq + knight_jump(i));
            }
        }
    }
    for (int i = 0; i < 8; i++)
        g->knight_leg_delta[256 + knight_jump(i)] = (int8_t)knight_leg_dir[i / 2];
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

static void make_slides(Geometry *g)
{
    for (int p = 0; p < FILE_NB; p++)
        for (unsigned occ = 0; occ < 1u << FILE_NB; occ++)
            slide_scan(p, FILE_NB, occ, &g->rank_slide[p][occ]);
    for (int p = 0; p < RANK_NB; p++)
        for (unsigned occ = 0; occ < 1u << RANK_NB; occ++)
            slide_scan(p, RANK_NB, occ, &g->file_slide[p][occ]);
}

void make_geometry(Geometry *g)
{
    memset(g, 0, sizeof *g);
    make_regions(g);
    make_steps(g);
    make_slides(g);
}
