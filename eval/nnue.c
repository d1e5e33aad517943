#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../board/position.h"
#include "nnue.h"
#include "../base/platform.h"
#include "simd.h"

/* The network built into the executable: NNUE_FILE at build time, made a C array by tools/embed. */
extern const unsigned char chuhan_net[];
extern const size_t chuhan_net_size;

struct Network {
    _Alignas(64) int16_t w1[NNUE_INPUTS][NNUE_HIDDEN];
    _Alignas(64) int16_t b1[NNUE_HIDDEN];
    _Alignas(64) int16_t w2[NNUE_BUCKETS][2 * NNUE_HIDDEN];
    int32_t b2[NNUE_BUCKETS];
    char name[256];
};

/* Immutable once read at start-up; all zero (every position even) if the embedded image is unusable. */
static Network builtin; /* zero-initialised, so it costs the executable no bytes */

enum {
    HEADER_BYTES = 24,
    FILE_BYTES = HEADER_BYTES + 2 * (NNUE_INPUTS * NNUE_HIDDEN + NNUE_HIDDEN + NNUE_BUCKETS * 2 * NNUE_HIDDEN)
               + 4 * NNUE_BUCKETS,
};

static uint32_t get32(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
static int16_t get16(const uint8_t *p) { return (int16_t)(uint16_t)(p[0] | p[1] << 8); }

/* Checks a network image's header and size; false with the reason in err. */
static bool check(const uint8_t *d, size_t size, char *err, size_t errlen)
{
    if (size < HEADER_BYTES || memcmp(d, "CHNN", 4)) {
        snprintf(err, errlen, "not a Chuhan network (no CHNN header)");
        return false;
    }
    if (get32(d + 4) != NNUE_VERSION) {
        snprintf(err, errlen, "network format %u is not this build's %d (general buckets; chuhan-train --init converts "
                 "format 1)", get32(d + 4), NNUE_VERSION);
        return false;
    }
    if (get32(d + 8) != NNUE_FEATURES || get32(d + 12) != NNUE_GENERAL_BUCKETS || get32(d + 16) != NNUE_HIDDEN
        || get32(d + 20) != NNUE_BUCKETS) {
        snprintf(err, errlen,
                 "network shape (%u features, %u general buckets, %u hidden, %u buckets) is not this build's "
                 "(%d, %d, %d, %d)",
                 get32(d + 8), get32(d + 12), get32(d + 16), get32(d + 20), NNUE_FEATURES, NNUE_GENERAL_BUCKETS,
                 NNUE_HIDDEN, NNUE_BUCKETS);
        return false;
    }
    if (size != FILE_BYTES) {
        snprintf(err, errlen, "network is %zu bytes, expected %d (truncated or padded)", size, FILE_BYTES);
        return false;
    }
    return true;
}

/* The weights of a checked image. */
static void parse(const uint8_t *d, Network *n)
{
    const uint8_t *p = d + HEADER_BYTES;
    for (int i = 0; i < NNUE_INPUTS; i++)
        for (int j = 0; j < NNUE_HIDDEN; j++, p += 2)
            n->w1[i][j] = get16(p);
    for (int j = 0; j < NNUE_HIDDEN; j++, p += 2)
        n->b1[j] = get16(p);
    for (int b = 0; b < NNUE_BUCKETS; b++)
        for (int j = 0; j < 2 * NNUE_HIDDEN; j++, p += 2)
            n->w2[b][j] = get16(p);
    for (int b = 0; b < NNUE_BUCKETS; b++, p += 4)
        n->b2[b] = (int32_t)get32(p);
}

void nnue_init(void)
{
    char err[256];
    if (check(chuhan_net, chuhan_net_size, err, sizeof err)) {
        parse(chuhan_net, &builtin);
        snprintf(builtin.name, sizeof builtin.name, "embedded");
    } else {
        snprintf(builtin.name, sizeof builtin.name, "none");
        fprintf(stderr, "chuhan: the embedded network is unusable: %s\n", err);
    }
}

const Network *nnue_builtin(void) { return &builtin; }

Network *nnue_load(const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot open network file '%.200s'", path);
        return NULL;
    }
    uint8_t *data = malloc(FILE_BYTES + 1);
    Network *n = aligned_block(_Alignof(Network), sizeof *n);
    bool ok = data && n;
    if (!ok)
        snprintf(err, errlen, "no memory for a network");
    size_t size = ok ? fread(data, 1, FILE_BYTES + 1, f) : 0;
    fclose(f);
    if (ok && (ok = check(data, size, err, errlen))) {
        parse(data, n);
        snprintf(n->name, sizeof n->name, "%s", path);
    }
    free(data);
    if (!ok) {
        aligned_block_free(n);
        n = NULL;
    }
    return n;
}

void nnue_free(Network *n)
{
    if (n != &builtin)
        aligned_block_free(n);
}

const char *nnue_name(const Network *n) { return n->name; }

/* The view of a perspective (nnue_view), from where its general stands. */
static inline int view_of(const Board *b, int p)
{
    int sq = b->pos[side_tag(p)];
    return nnue_view(p, sq ? sq_point(sq) : -1);
}

/* The feature of the man `piece` on `sq` for perspective p, seeing the board in `view`. */
static inline int feature_of(int p, int view, int piece, int sq)
{
    return nnue_feature(p, view, piece_side(piece), piece_type_of[piece], sq_point(sq));
}

/* One perspective's accumulator computed from scratch. */
static void refresh_side(const Network *net, const Board *b, Accumulator *acc, int p)
{
    const int16_t *rows[32];
    int n = 0, view = view_of(b, p);
    for (int piece = 16; piece < PIECE_NB; piece++)
        if (b->pos[piece])
            rows[n++] = net->w1[feature_of(p, view, piece, b->pos[piece])];
    simd_sum_rows(acc->v[p], net->b1, rows, n, NULL, 0, NNUE_HIDDEN);
}

void nnue_refresh(const Network *net, const Board *b, Accumulator *acc)
{
    for (int p = 0; p < 2; p++)
        refresh_side(net, b, acc, p);
}

/* Every view cache of the stack as of an empty board: the bias alone, no man anywhere. */
static void forget_views(NNUEStack *nn)
{
    for (int p = 0; p < 2; p++)
        for (int view = 0; view < NNUE_VIEWS; view++) {
            memcpy(nn->cache[p][view].v, nn->net->b1, sizeof nn->cache[p][view].v);
            memset(nn->cache[p][view].pos, 0, sizeof nn->cache[p][view].pos);
        }
    nn->cache_net = nn->net;
}

/*
 * One perspective's accumulator afresh for the board's position, from what
 * its view's cache held: the men that left their point since give back their
 * rows, those on a new point add theirs. The same integers as refresh_side.
 */
static void refresh_cached(NNUEStack *nn, const Board *b, Accumulator *acc, int p)
{
    if (nn->cache_net != nn->net)
        forget_views(nn);
    int view = view_of(b, p);
    ViewCache *c = &nn->cache[p][view];
    const int16_t *add[32], *sub[32];
    int nadd = 0, nsub = 0;
    for (int group = 16; group < PIECE_NB; group += 8) {
        if (!memcmp(c->pos + group, b->pos + group, 8)) /* most men stood still: eight at a time */
            continue;
        for (int piece = group; piece < group + 8; piece++) {
            int was = c->pos[piece], now = b->pos[piece];
            if (was == now)
                continue;
            if (was)
                sub[nsub++] = nn->net->w1[feature_of(p, view, piece, was)];
            if (now)
                add[nadd++] = nn->net->w1[feature_of(p, view, piece, now)];
            c->pos[piece] = (uint8_t)now;
        }
    }
    simd_sum_rows(acc->v[p], c->v, add, nadd, sub, nsub, NNUE_HIDDEN);
    memcpy(c->v, acc->v[p], sizeof c->v);
}

/*
 * The accumulator after the move of u from the one before it, for the
 * perspectives not in `skip` (their generals did not move, so their views
 * are those of the board now).
 */
static void update(const Network *net, Accumulator *to, const Accumulator *from, const Undo *u, const int view[2], const bool skip[2])
{
    if (u->move == NULL_MOVE) {
        *to = *from;
        return;
    }
    for (int p = 0; p < 2; p++) {
        if (skip[p])
            continue;
        const int16_t *off = net->w1[feature_of(p, view[p], u->piece, move_from(u->move))];
        const int16_t *on = net->w1[feature_of(p, view[p], u->piece, move_to(u->move))];
        const int16_t *cap = u->captured ? net->w1[feature_of(p, view[p], u->captured, move_to(u->move))] : NULL;
        simd_add_sub(to->v[p], from->v[p], on, off, cap, NNUE_HIDDEN);
    }
}

void nnue_reset(Board *b)
{
    b->nn->marks.base = b->hply;
    for (int p = 0; p < 2; p++)
        refresh_cached(b->nn, b, &b->nn->acc[0], p);
    b->nn->marks.fresh[0] = true;
}

/* Past this many moves to replay, computing afresh is cheaper. */
enum { MAX_REPLAY = 8 };

/* The up-to-date accumulator of the board's position, in its stack. */
static const Accumulator *current(Board *b)
{
    NNUEStack *nn = b->nn;
    int i = b->hply - nn->marks.base;
    if (i < 0 || i >= NNUE_STACK) {
        nn->marks.base = b->hply;
        i = 0;
    } else if (nn->marks.fresh[i]) {
        return &nn->acc[i];
    }
    int j = i - 1;
    while (j >= 0 && !nn->marks.fresh[j] && i - j <= MAX_REPLAY)
        j--;
    if (j < 0 || !nn->marks.fresh[j]) {
        for (int p = 0; p < 2; p++)
            refresh_cached(nn, b, &nn->acc[i], p);
    } else {
        /*
         * A perspective whose general moved on the way sees the board anew:
         * its accumulator is computed afresh for this position, and those on
         * the way, left half done, are not up to date.
         */
        bool moved[2] = { false, false };
        for (int k = j + 1; k <= i; k++) {
            const Undo *u = &b->hist[nn->marks.base + k - 1];
            if (u->move != NULL_MOVE && piece_type_of[u->piece] == KING)
                moved[piece_side(u->piece)] = true;
        }
        int view[2] = { view_of(b, 0), view_of(b, 1) };
        for (int k = j + 1; k <= i; k++) {
            update(nn->net, &nn->acc[k], &nn->acc[k - 1], &b->hist[nn->marks.base + k - 1], view, moved);
            nn->marks.fresh[k] = !moved[0] && !moved[1];
        }
        for (int p = 0; p < 2; p++)
            if (moved[p])
                refresh_cached(nn, b, &nn->acc[i], p);
    }
    nn->marks.fresh[i] = true;
    return &nn->acc[i];
}

/* SCReLU of both accumulators, the side to move's first, through the bucket's output neuron. */
static int output(const Network *net, const Accumulator *acc, int side, int bucket)
{
    /* Each value squared and scaled back into int16, so the product is a 16x16-bit multiply-add. */
    const int16_t *w = net->w2[bucket];
    int32_t sum = simd_screlu_dot(acc->v[side], w, NNUE_QA, NNUE_HIDDEN)
                + simd_screlu_dot(acc->v[side ^ 1], w + NNUE_HIDDEN, NNUE_QA, NNUE_HIDDEN);
    return (int)(((int64_t)sum + net->b2[bucket]) * NNUE_SCALE / (NNUE_QH * NNUE_QB));
}

int nnue_evaluate(Board *b) { return output(b->nn->net, current(b), b->side, nnue_bucket(board_men(b))); }

int nnue_evaluate_once(const Network *n, const Board *b)
{
    Accumulator acc;
    nnue_refresh(n, b, &acc);
    return output(n, &acc, b->side, nnue_bucket(board_men(b)));
}
