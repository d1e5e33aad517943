#include <stdlib.h>
#include <string.h>

#include "solver.h"
#include "unmove.h"

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

bool bucket_add(Bucket *b, uint64_t i, int side)
{
    if (b->n == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 1024;
        uint32_t *item = realloc(b->item, cap * sizeof *item);
        if (!item)
            return false;
        b->item = item, b->cap = cap;
    }
    b->item[b->n++] = (uint32_t)(i << 1 | (uint64_t)side);
    return true;
}

void bucket_push(Solver *s, Bucket *b, uint64_t i, int side)
{
    if (!bucket_add(b, i, side))
        s->out_of_memory = true;
}

void decide(Solver *s, int side, uint64_t i, int plies)
{
    if (plies > TB_MAX_PLIES) {
        s->overflow = true;
        plies = TB_MAX_PLIES;
    }
    s->val[side][i] = tb_value(plies);
    if (s->phase > 1)
        s->bits[side][i] |= B_BY_RULE;
    if (plies > s->max_level)
        s->max_level = plies;
    bucket_push(s, &s->level[plies], i, side);
}

void queue_decided(Solver *s, uint8_t *const capture_win[2])
{
    for (int side = 0; side < 2; side++)
        for (uint64_t i = 0; i < s->n; i++) {
            uint8_t v = s->val[side][i], c = capture_win[side][i];
            if (tb_decided(v)) {
                bucket_push(s, &s->level[tb_plies(v)], i, side);
                if (tb_plies(v) > s->max_level)
                    s->max_level = tb_plies(v);
            } else if (v == 0 && c) {
                bucket_push(s, &s->capture[tb_plies(c)], i, side);
                if (tb_plies(c) > s->max_level)
                    s->max_level = tb_plies(c);
            }
        }
}

static uint8_t umax(uint8_t a, uint8_t b) { return a > b ? a : b; }

/* A position whose successor was just decided at `plies` for its side to move. */
static void predecessor(Solver *s, int side, uint64_t i, int plies)
{
    if (s->val[side][i] != 0)
        return;
    if (!(plies & 1)) {
        decide(s, side, i, plies + 1);
        return;
    }
    s->longest_loss[side][i] = umax(s->longest_loss[side][i], tb_value(plies + 1));
    if (s->newly_won)
        s->bits[side][i] |= B_SUCC_NEWLY_WON;
    if (--s->unwon[side][i] == 0 && !(s->bits[side][i] & s->escape))
        decide(s, side, i, tb_plies(s->longest_loss[side][i]));
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

/* The positions one move back from a decided one, each told once. */
void retro(Solver *s, uint64_t i, int side, int plies)
{
    Walker w;
    walker_set(s, &w, i, side);
    uint64_t pred[TB_MAX_MEN * UNMOVE_MAX];
    int np = moves_back(s, &w, !side, pred);
    for (int j = 0; j < np; j++)
        predecessor(s, !side, pred[j], plies);
}

void take_up_rule_captures(Solver *s)
{
    s->escape = B_ESCAPE_ALL;
    for (int side = RED; side <= BLACK; side++)
        for (uint64_t i = 0; i < s->n; i++) {
            if (s->val[side][i] != 0)
                continue;
            s->longest_loss[side][i] = umax(s->longest_loss[side][i], s->capture_loss[side][i]);
            if (!s->unwon[side][i] && !(s->bits[side][i] & B_ESCAPE_ALL) && s->longest_loss[side][i])
                decide(s, side, i, tb_plies(s->longest_loss[side][i]));
            else if (s->capture_win[side][i])
                bucket_push(s, &s->capture[tb_plies(s->capture_win[side][i])], i, side);
            if (s->capture_win[side][i] && tb_plies(s->capture_win[side][i]) > s->max_level)
                s->max_level = tb_plies(s->capture_win[side][i]);
        }
    solve(s, s->capture_win);
}

/*
 * The positions decided without the rule and the losses by it at distance 0
 * keep their values. Where they far outnumber the positions solved again,
 * those take them up from their side at once (a walk forward from each);
 * otherwise every decided position is walked back from again.
 */
void resolve_rule_distances(Solver *s)
{
    uint64_t kept = 0, again = 0;
    for (int side = RED; side <= BLACK; side++)
        for (uint64_t i = 0; i < s->n; i++) {
            uint8_t *bits = &s->bits[side][i];
            *bits &= (uint8_t)~B_FRONTIER;
            /* Undecided positions count their successors afresh too: each is decided once more. */
            if (s->val[side][i] == 0 || ((*bits & B_BY_RULE) && s->val[side][i] != tb_value(0))) {
                s->val[side][i] = 0;
                s->unwon[side][i] = s->successors[side][i];
                s->longest_loss[side][i] = s->capture_loss[side][i];
                again++;
            } else
                kept += tb_decided(s->val[side][i]);
        }
    s->max_level = 0;
    if (2 * again >= kept) {
        queue_decided(s, s->capture_win);
        solve(s, s->capture_win);
        return;
    }
    take_up_kept_successors(s);
    for (int side = RED; side <= BLACK; side++)
        for (uint64_t i = 0; i < s->n; i++) {
            uint8_t win = s->dtm[side][i];
            if (s->val[side][i] != 0)
                continue;
            /* As when the last successor's walk back brought the count to nothing. */
            if (s->successors[side][i] && !s->unwon[side][i] && !(s->bits[side][i] & s->escape))
                decide(s, side, i, tb_plies(s->longest_loss[side][i]));
            else if (win) {
                bucket_push(s, &s->capture[tb_plies(win)], i, side);
                if (tb_plies(win) > s->max_level)
                    s->max_level = tb_plies(win);
            }
        }
    solve(s, s->dtm);
}
