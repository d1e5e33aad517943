#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "../board/attack.h"
#include "../board/board.h"
#include "egtb_index.h"
#include "../notation/notation.h"

/* The order names are written in, and the order material is compared in. */
static const int name_order[PIECE_TYPE_NB] = { KING, ROOK, KNIGHT, CANNON, PAWN, ADVISOR, BISHOP };
static const int type_most[PIECE_TYPE_NB] = { 1, 2, 2, 2, 2, 2, 5 };

static const char *side_word(int side) { return side == RED ? "red" : "black"; }

bool ending_parse(const char *name, Ending *e, char *err, size_t errlen)
{
    memset(e, 0, sizeof *e);
    if (!*name) {
        snprintf(err, errlen, "an ending needs its men, generals included (KRkaa)");
        return false;
    }
    for (const char *s = name; *s; s++) {
        int type = piece_letter_type((unsigned char)*s);
        if (type < 0) {
            snprintf(err, errlen, "'%c' in %s is no man (K A B N R C P, red upper case, black lower)", *s, name);
            return false;
        }
        int side = isupper((unsigned char)*s) ? RED : BLACK;
        if (++e->count[side][type] > type_most[type]) {
            snprintf(err, errlen, "%s: %s has at most %d %c", name, side_word(side), type_most[type],
                     type_char(side, type));
            return false;
        }
    }
    for (int side = RED; side <= BLACK; side++)
        if (!e->count[side][KING]) {
            snprintf(err, errlen, "%s: %s has no general", name, side_word(side));
            return false;
        }
    if (ending_men(e) > TB_MAX_MEN) {
        snprintf(err, errlen, "%s: at most %d men", name, TB_MAX_MEN);
        return false;
    }
    return true;
}

void ending_name(const Ending *e, char out[TB_NAME_MAX])
{
    char *o = out;
    for (int side = RED; side <= BLACK; side++)
        for (int i = 0; i < PIECE_TYPE_NB; i++)
            for (int n = 0; n < e->count[side][name_order[i]]; n++)
                *o++ = type_char(side, name_order[i]);
    *o = 0;
}

int ending_men(const Ending *e)
{
    int men = 0;
    for (int side = RED; side <= BLACK; side++)
        for (int t = 0; t < PIECE_TYPE_NB; t++)
            men += e->count[side][t];
    return men;
}

Ending ending_swap(const Ending *e)
{
    Ending s;
    memcpy(s.count[RED], e->count[BLACK], sizeof s.count[RED]);
    memcpy(s.count[BLACK], e->count[RED], sizeof s.count[BLACK]);
    return s;
}

bool ending_is_canonical(const Ending *e)
{
    for (int i = 1; i < PIECE_TYPE_NB; i++) {
        int t = name_order[i];
        if (e->count[RED][t] != e->count[BLACK][t])
            return e->count[RED][t] > e->count[BLACK][t];
    }
    return true;
}

Ending ending_of_board(const Board *b)
{
    Ending e;
    memcpy(e.count, b->count, sizeof e.count);
    return e;
}

Ending ending_less(const Ending *e, int side, int type)
{
    Ending r = *e;
    r.count[side][type]--;
    return r;
}

static bool red_allowed(int type, int f, int r)
{
    switch (type) {
    case KING: return f >= 3 && f <= 5 && r <= 2;
    case ADVISOR: return f >= 3 && f <= 5 && r <= 2 && (f + r) % 2 == 1;
    case BISHOP: return f % 2 == 0 && r % 2 == 0 && r <= 4 && (f / 2 + r / 2) % 2 == 1;
    case PAWN: return r >= 5 || (r >= 3 && f % 2 == 0);
    default: return true;
    }
}

bool tb_point_allowed(int side, int type, int point)
{
    if (side == BLACK)
        point = point_turn(point);
    return red_allowed(type, point % FILE_NB, point / FILE_NB);
}

static void group_points(TbGroup *g, int side, int type, int count)
{
    g->side = (uint8_t)side, g->type = (uint8_t)type, g->count = (uint8_t)count;
    int n = 0;
    for (int p = 0; p < POINT_NB; p++) {
        g->place[p] = -1;
        if (tb_point_allowed(side, type, p)) {
            g->place[p] = (int8_t)n;
            g->point[n++] = (uint8_t)p;
        }
    }
    g->points = (uint8_t)n;
}

void tb_layout(TbLayout *l, const Ending *e)
{
    memset(l, 0, sizeof *l);
    l->ending = *e;
    for (int i = 0; i <= POINT_NB; i++)
        for (int k = 0; k <= TB_MAX_GROUP; k++)
            l->binom[i][k] = k == 0 ? 1 : i == 0 ? 0 : l->binom[i - 1][k - 1] + l->binom[i - 1][k];
    group_points(&l->kings[RED], RED, KING, 1);
    group_points(&l->kings[BLACK], BLACK, KING, 1);
    int n = 0;
    memset(l->pair_of, -1, sizeof l->pair_of);
    for (int r = 0; r < 9; r++)
        for (int k = 0; k < 9; k++) {
            int rf = l->kings[RED].point[r] % FILE_NB, kf = l->kings[BLACK].point[k] % FILE_NB;
            if (rf < 4 || (rf == 4 && kf <= 4)) {
                l->king_pair[n][0] = l->kings[RED].point[r];
                l->king_pair[n][1] = l->kings[BLACK].point[k];
                l->pair_of[r][k] = (int8_t)n++;
            }
        }
    l->men = 2;
    for (int side = RED; side <= BLACK; side++)
        for (int t = ADVISOR; t < PIECE_TYPE_NB; t++) {
            int k = e->count[side][t];
            if (!k)
                continue;
            l->first[l->ngroups] = (uint8_t)l->men;
            TbGroup *g = &l->group[l->ngroups++];
            group_points(g, side, t, k);
            g->size = l->binom[g->points][k];
            l->men += k;
        }
    uint64_t stride = 1;
    for (int g = l->ngroups - 1; g >= 0; g--) {
        l->stride[g] = stride;
        stride *= l->group[g].size;
    }
    l->king_stride = stride;
    l->size = stride * TB_KING_PAIRS;
}

int64_t tb_group_rank(const TbLayout *l, int g, const uint8_t *sq, bool mirror)
{
    const TbGroup *gr = &l->group[g];
    if (gr->count == 1) { /* most groups: the point's place is the rank */
        int pt = sq_point(sq[0]);
        return gr->place[mirror ? point_mirror(pt) : pt];
    }
    int d[TB_MAX_GROUP];
    for (int i = 0; i < gr->count; i++) {
        int pt = sq_point(sq[i]);
        int v = gr->place[mirror ? point_mirror(pt) : pt];
        if (v < 0)
            return -1;
        int j = i;
        for (; j > 0 && d[j - 1] > v; j--)
            d[j] = d[j - 1];
        d[j] = v;
    }
    uint32_t rank = 0;
    for (int i = 0; i < gr->count; i++)
        rank += l->binom[d[i]][i + 1];
    return rank;
}

/* The number of the position, read through the mirror or not; -1 for a man off its points. */
static int64_t index_as(const TbLayout *l, const TbPos *p, bool mirror)
{
    int rk = sq_point(p->sq[0]), bk = sq_point(p->sq[1]);
    if (mirror)
        rk = point_mirror(rk), bk = point_mirror(bk);
    int rd = l->kings[RED].place[rk], bd = l->kings[BLACK].place[bk];
    if (rd < 0 || bd < 0 || l->pair_of[rd][bd] < 0)
        return -1;
    uint64_t index = (uint64_t)l->pair_of[rd][bd] * l->king_stride;
    for (int g = 0; g < l->ngroups; g++) {
        int64_t rank = tb_group_rank(l, g, p->sq + l->first[g], mirror);
        if (rank < 0)
            return -1;
        index += (uint64_t)rank * l->stride[g];
    }
    return (int64_t)index;
}

int64_t tb_index(const TbLayout *l, const TbPos *p)
{
    int rf = sq_file(p->sq[0]), bf = sq_file(p->sq[1]);
    if (rf == 4 && bf == 4) {
        int64_t a = index_as(l, p, false), b = index_as(l, p, true);
        return a < b ? a : b;
    }
    return index_as(l, p, rf > 4 || (rf == 4 && bf > 4));
}

void tb_position(const TbLayout *l, uint64_t index, TbPos *p) { tb_position_ranks(l, index, p, NULL); }

void tb_position_ranks(const TbLayout *l, uint64_t index, TbPos *p, int64_t *ranks)
{
    memset(p, 0, sizeof *p);
    uint8_t *sq = p->sq + l->men;
    for (int g = l->ngroups - 1; g >= 0; g--) {
        const TbGroup *gr = &l->group[g];
        uint32_t rank;
        if (index <= UINT32_MAX) { /* every builder's number: a 32-bit division costs a fraction of a 64-bit one */
            rank = (uint32_t)index % gr->size;
            index = (uint32_t)index / gr->size;
        } else {
            rank = (uint32_t)(index % gr->size);
            index /= gr->size;
        }
        if (ranks)
            ranks[g] = rank;
        sq -= gr->count;
        if (gr->count == 1) {
            sq[0] = (uint8_t)point_sq(gr->point[rank]);
            continue;
        }
        int d = gr->points;
        for (int i = gr->count - 1; i >= 0; i--) {
            while (l->binom[d][i + 1] > rank)
                d--;
            rank -= l->binom[d][i + 1];
            sq[i] = (uint8_t)point_sq(gr->point[d]);
        }
    }
    p->sq[0] = (uint8_t)point_sq(l->king_pair[index][0]);
    p->sq[1] = (uint8_t)point_sq(l->king_pair[index][1]);
}

bool tb_from_board(const TbLayout *l, const Board *b, TbPos *p)
{
    bool swap = memcmp(b->count, l->ending.count, sizeof b->count) != 0;
    p->side = swap ? !b->side : b->side;
    p->sq[0] = (uint8_t)king_sq(b, swap ? BLACK : RED);
    p->sq[1] = (uint8_t)king_sq(b, swap ? RED : BLACK);
    int n = 2;
    for (int g = 0; g < l->ngroups; g++) {
        const TbGroup *gr = &l->group[g];
        int side = swap ? !gr->side : gr->side;
        for (int i = 0; i < type_count[gr->type]; i++) {
            int sq = b->pos[piece_id(side, gr->type, i)];
            if (sq)
                p->sq[n++] = (uint8_t)sq;
        }
    }
    if (swap)
        for (int i = 0; i < n; i++)
            p->sq[i] = (uint8_t)point_sq(point_turn(sq_point(p->sq[i])));
    return swap;
}

void tb_to_board(const TbLayout *l, const TbPos *p, Board *b)
{
    board_clear(b);
    board_put(b, piece_id(RED, KING, 0), p->sq[0]);
    board_put(b, piece_id(BLACK, KING, 0), p->sq[1]);
    int n = 2;
    for (int g = 0; g < l->ngroups; g++)
        for (int i = 0; i < l->group[g].count; i++)
            board_put(b, piece_id(l->group[g].side, l->group[g].type, i), p->sq[n++]);
    b->side = p->side;
    b->checked = king_attacked(b, b->side);
}
