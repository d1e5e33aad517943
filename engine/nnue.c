#include <stdio.h>
#include <string.h>

#include "position.h"
#include "nnue.h"
#include "simd.h"

_Static_assert(NNUE_HIDDEN % 64 == 0, "the vector code takes rows of whole 64-value tiles");

/* The network built into the executable: NNUE_FILE at build time, made a C array by tools/embed. */
extern const unsigned char chuhan_net[];
extern const size_t chuhan_net_size;

typedef struct {
    _Alignas(64) int16_t w1[NNUE_INPUTS][NNUE_HIDDEN];
    _Alignas(64) int16_t b1[NNUE_HIDDEN];
    _Alignas(64) int16_t w2[NNUE_BUCKETS][2 * NNUE_HIDDEN];
    int32_t b2[NNUE_BUCKETS];
} Network;

static Network net, loading;
static char source[256] = "none";

enum {
    HEADER_BYTES = 20,
    FILE_BYTES = HEADER_BYTES + 2 * (NNUE_INPUTS * NNUE_HIDDEN + NNUE_HIDDEN + NNUE_BUCKETS * 2 * NNUE_HIDDEN)
               + 4 * NNUE_BUCKETS,
};

static uint32_t get32(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
static int16_t get16(const uint8_t *p) { return (int16_t)(uint16_t)(p[0] | p[1] << 8); }

/* Reads a network image into `loading`; false with the reason in err. */
static bool parse(const uint8_t *d, size_t size, char *err, size_t errlen)
{
    if (size < HEADER_BYTES || memcmp(d, "CHNN", 4)) {
        snprintf(err, errlen, "not a Chuhan network (no CHNN header)");
        return false;
    }
    if (get32(d + 4) != NNUE_VERSION || get32(d + 8) != NNUE_INPUTS || get32(d + 12) != NNUE_HIDDEN
        || get32(d + 16) != NNUE_BUCKETS) {
        snprintf(err, errlen, "network format %u (%u inputs, %u hidden, %u buckets) is not this build's %d (%d, %d, %d)",
                 get32(d + 4), get32(d + 8), get32(d + 12), get32(d + 16), NNUE_VERSION, NNUE_INPUTS, NNUE_HIDDEN,
                 NNUE_BUCKETS);
        return false;
    }
    if (size != FILE_BYTES) {
        snprintf(err, errlen, "network is %zu bytes, expected %d (truncated or padded)", size, FILE_BYTES);
        return false;
    }
    const uint8_t *p = d + HEADER_BYTES;
    for (int i = 0; i < NNUE_INPUTS; i++)
        for (int j = 0; j < NNUE_HIDDEN; j++, p += 2)
            loading.w1[i][j] = get16(p);
    for (int j = 0; j < NNUE_HIDDEN; j++, p += 2)
        loading.b1[j] = get16(p);
    for (int b = 0; b < NNUE_BUCKETS; b++)
        for (int j = 0; j < 2 * NNUE_HIDDEN; j++, p += 2)
            loading.w2[b][j] = get16(p);
    for (int b = 0; b < NNUE_BUCKETS; b++, p += 4)
        loading.b2[b] = (int32_t)get32(p);
    return true;
}

void nnue_init(void)
{
    char err[256];
    if (parse(chuhan_net, chuhan_net_size, err, sizeof err)) {
        net = loading;
        snprintf(source, sizeof source, "embedded");
    } else {
        fprintf(stderr, "chuhan: the embedded network is unusable: %s\n", err);
    }
}

bool nnue_load(const char *path, char *err, size_t errlen)
{
    static uint8_t data[FILE_BYTES + 1];
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot open network file '%.200s'", path);
        return false;
    }
    size_t size = fread(data, 1, sizeof data, f);
    fclose(f);
    if (!parse(data, size, err, errlen))
        return false;
    net = loading;
    snprintf(source, sizeof source, "%s", path);
    return true;
}

const char *nnue_source(void) { return source; }

/* The features of the man `piece` on `sq`, both perspectives. */
static inline void features_of(int piece, int sq, int f[2])
{
    int side = piece_side(piece), type = piece_type_of[piece];
    int point = sq_rank(sq) * FILE_NB + sq_file(sq);
    f[0] = nnue_feature(0, side, type, point);
    f[1] = nnue_feature(1, side, type, point);
}

void nnue_refresh(const Board *b, Accumulator *acc)
{
    const int16_t *rows[2][32];
    int n = 0;
    for (int piece = 16; piece < PIECE_NB; piece++) {
        if (!b->pos[piece])
            continue;
        int f[2];
        features_of(piece, b->pos[piece], f);
        for (int p = 0; p < 2; p++)
            rows[p][n] = net.w1[f[p]];
        n++;
    }
    for (int p = 0; p < 2; p++)
        simd_sum_rows(acc->v[p], net.b1, rows[p], n, NNUE_HIDDEN);
}

/* The accumulator after the move of u from the one before it. */
static void update(Accumulator *to, const Accumulator *from, const Undo *u)
{
    if (u->move == NULL_MOVE) {
        *to = *from;
        return;
    }
    int off[2], on[2], cap[2];
    features_of(u->piece, move_from(u->move), off);
    features_of(u->piece, move_to(u->move), on);
    if (u->captured)
        features_of(u->captured, move_to(u->move), cap);
    for (int p = 0; p < 2; p++)
        simd_add_sub(to->v[p], from->v[p], net.w1[on[p]], net.w1[off[p]], u->captured ? net.w1[cap[p]] : NULL,
                     NNUE_HIDDEN);
}

void nnue_reset(Board *b)
{
    b->nn->base = b->hply;
    nnue_refresh(b, &b->nn->acc[0]);
    b->nn->fresh[0] = true;
}

/* Past this many moves to replay, computing afresh is cheaper. */
enum { MAX_REPLAY = 8 };

/* The up-to-date accumulator of the board's position, in its stack. */
static const Accumulator *current(Board *b)
{
    NNUEStack *nn = b->nn;
    int i = b->hply - nn->base;
    if (i < 0 || i >= NNUE_STACK) {
        nn->base = b->hply;
        i = 0;
    } else if (nn->fresh[i]) {
        return &nn->acc[i];
    }
    int j = i - 1;
    while (j >= 0 && !nn->fresh[j] && i - j <= MAX_REPLAY)
        j--;
    if (j < 0 || !nn->fresh[j]) {
        nnue_refresh(b, &nn->acc[i]);
    } else {
        for (int k = j + 1; k <= i; k++) {
            update(&nn->acc[k], &nn->acc[k - 1], &b->hist[nn->base + k - 1]);
            nn->fresh[k] = true;
        }
    }
    nn->fresh[i] = true;
    return &nn->acc[i];
}

/* SCReLU of both accumulators, the side to move's first, through the bucket's output neuron. */
static int output(const Accumulator *acc, int side, int bucket)
{
    /* Each value squared and scaled back into int16, so the product is a 16x16-bit multiply-add. */
    const int16_t *w = net.w2[bucket];
    int32_t sum = simd_screlu_dot(acc->v[side], w, NNUE_QA, NNUE_HIDDEN)
                + simd_screlu_dot(acc->v[side ^ 1], w + NNUE_HIDDEN, NNUE_QA, NNUE_HIDDEN);
    return (int)(((int64_t)sum + net.b2[bucket]) * NNUE_SCALE / (NNUE_QH * NNUE_QB));
}

int nnue_evaluate(Board *b)
{
    int men = board_men(b);
    if (b->nn)
        return output(current(b), b->side, nnue_bucket(men));
    Accumulator acc;
    nnue_refresh(b, &acc);
    return output(&acc, b->side, nnue_bucket(men));
}
