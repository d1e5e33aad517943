#include <stdlib.h>
#include <string.h>

#include "walker.h"

void walker_set(const Solver *s, Walker *w, uint64_t index, int side)
{
    const TbLayout *l = &s->lay;
    /* A group's rank is its digit of the number: what tb_group_rank would code from the squares decoded. */
    tb_position_ranks(l, index, &w->p, w->rank);
    w->p.side = side;
    w->index = index;
    /* The generals' pair, the number's top digit, read back from their points. */
    int pair = l->pair_of[l->kings[RED].place[sq_point(w->p.sq[0])]][l->kings[BLACK].place[sq_point(w->p.sq[1])]];
    w->rest = index - (uint64_t)pair * l->king_stride;
    w->plain = !(sq_file(w->p.sq[0]) == 4 && sq_file(w->p.sq[1]) == 4);
    if (w->plain)
        return;
    /* Both generals on the middle file: the mirror's reading too (the pair is its own mirror). */
    w->mirror_index = index - w->rest;
    for (int g = 0; g < l->ngroups; g++) {
        w->mirror_rank[g] = tb_group_rank(l, g, w->p.sq + l->first[g], true);
        w->mirror_index += (uint64_t)w->mirror_rank[g] * l->stride[g];
    }
}

void walker_set_men(const Solver *s, Walker *w, uint64_t index, int side)
{
    walker_set(s, w, index, side);
    for (int m = 0; m < s->lay.men; m++)
        w->man_at[w->p.sq[m]] = (uint8_t)m;
}

/* The rank of man m's group, read through the mirror or not, after it moves to sq. */
static int64_t rank_after(const TbLayout *l, const Walker *w, int g, int m, int sq, bool mirror)
{
    const TbGroup *gr = &l->group[g];
    if (gr->count == 1)
        return gr->place[mirror ? point_mirror(sq_point(sq)) : sq_point(sq)];
    uint8_t sqs[TB_MAX_GROUP];
    memcpy(sqs, w->p.sq + l->first[g], gr->count);
    sqs[m - l->first[g]] = (uint8_t)sq;
    return tb_group_rank(l, g, sqs, mirror);
}

/* Each group's digit read through the mirror, times its stride: the mirrored number less the generals' pair. */
static uint64_t mirror_rest(const TbLayout *l, const Walker *w)
{
    uint64_t rest = 0;
    for (int g = 0; g < l->ngroups; g++)
        rest += (uint64_t)tb_group_rank(l, g, w->p.sq + l->first[g], true) * l->stride[g];
    return rest;
}

/*
 * A general's move leaves the other groups where they stand, so the number
 * is the new pair's and the rest as read directly or through the mirror (as
 * tb_index reads it: mirrored where red's general stands right of the middle
 * file, or on it with black's right of it; both on it, the smaller reading).
 */
static uint64_t king_move_index(const TbLayout *l, const Walker *w, int m, int sq)
{
    int rk = m == 0 ? sq : w->p.sq[0], bk = m == 1 ? sq : w->p.sq[1];
    int rf = sq_file(rk), bf = sq_file(bk), rp = sq_point(rk), bp = sq_point(bk);
    bool mirror = rf > 4 || (rf == 4 && bf > 4), middle = rf == 4 && bf == 4;
    if (mirror)
        rp = point_mirror(rp), bp = point_mirror(bp);
    uint64_t pair = (uint64_t)l->pair_of[l->kings[RED].place[rp]][l->kings[BLACK].place[bp]] * l->king_stride;
    if (!mirror && !middle)
        return pair + w->rest;
    uint64_t mrest = mirror_rest(l, w);
    return pair + (mirror || mrest < w->rest ? mrest : w->rest);
}

uint64_t walker_index_after(const Solver *s, const Walker *w, int m, int sq)
{
    const TbLayout *l = &s->lay;
    if (m >= 2) {
        /* The number as its digits read (index_as unmirrored): only the man's group changes. */
        int g = s->man_group[m];
        uint64_t a = w->index + (uint64_t)(rank_after(l, w, g, m, sq, false) - w->rank[g]) * l->stride[g];
        if (w->plain)
            return a;
        /* Both generals on the middle file: the smaller of the two readings, as tb_index takes. */
        uint64_t b = w->mirror_index + (uint64_t)(rank_after(l, w, g, m, sq, true) - w->mirror_rank[g]) * l->stride[g];
        return a < b ? a : b;
    }
    return king_move_index(l, w, m, sq);
}

int dedupe_numbers(uint64_t *a, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && a[j - 1] > a[j]; j--) {
            uint64_t x = a[j];
            a[j] = a[j - 1], a[j - 1] = x;
        }
    int k = 0;
    for (int i = 0; i < n; i++)
        if (!k || a[k - 1] != a[i])
            a[k++] = a[i];
    return k;
}

/*
 * A lone man's moves back where no mirror is needed: his term on each origin
 * added to the rest of the number; a rook's or a cannon's slides walked
 * here, the other men's origins as unmove_origins gives them.
 */
static int lone_back(const Solver *s, const uint8_t occ[SQUARE_NB], int m, int sq, uint64_t rest, uint64_t *out)
{
    static const int orth[4] = { NORTH, SOUTH, EAST, WEST };
    const uint32_t *term = s->term[m];
    int type = s->man_type[m], n = 0;
    if (type == ROOK || type == CANNON) {
        for (int d = 0; d < 4; d++)
            for (int o = sq + orth[d]; occ[o] == EMPTY; o += orth[d])
                out[n++] = rest + term[o];
        return n;
    }
    uint8_t from[UNMOVE_MAX];
    int k = unmove_origins(occ, s->man_side[m], type, sq, from);
    for (int j = 0; j < k; j++)
        out[n++] = rest + term[from[j]];
    return n;
}

int moves_back(const Solver *s, const Walker *w, int mover, uint64_t out[TB_MAX_MEN * UNMOVE_MAX])
{
    uint8_t occ[SQUARE_NB];
    memcpy(occ, s->empty_board, sizeof occ);
    for (int m = 0; m < s->lay.men; m++)
        occ[w->p.sq[m]] = 1;
    int n = 0;
    for (int m = 0; m < s->lay.men; m++) {
        if (s->man_side[m] != mover)
            continue;
        int sq = w->p.sq[m];
        if (w->plain && s->lone[m]) { /* the commonest case by far */
            n += lone_back(s, occ, m, sq, w->index - s->term[m][sq], out + n);
            continue;
        }
        uint8_t from[UNMOVE_MAX];
        int k = unmove_origins(occ, mover, s->man_type[m], sq, from);
        for (int j = 0; j < k; j++)
            out[n++] = walker_index_after(s, w, m, from[j]);
    }
    /* Only there can two moves back reach one number: through the mirror. */
    return w->plain ? n : dedupe_numbers(out, n);
}

static void toggle(Board *b, int sq)
{
    b->rank_occ[sq_rank(sq)] ^= (uint16_t)(1u << sq_file(sq));
    b->file_occ[sq_file(sq)] ^= (uint16_t)(1u << sq_rank(sq));
}

void board_of(const Solver *s, Board *b, const TbPos *prev, const TbPos *p)
{
    if (!prev) {
        tb_to_board(&s->lay, p, b);
        return;
    }
    for (int m = 0; m < s->lay.men; m++) {
        b->sq[prev->sq[m]] = EMPTY;
        toggle(b, prev->sq[m]);
    }
    for (int m = 0; m < s->lay.men; m++) {
        b->sq[p->sq[m]] = s->man_piece[m];
        b->pos[s->man_piece[m]] = p->sq[m];
        toggle(b, p->sq[m]);
    }
    b->side = p->side;
    b->hply = 0;
}
