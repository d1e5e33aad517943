#include <stdlib.h>
#include <string.h>

#include "egtb_codec.h"
#include "tb_range.h"

/* The coder's adaptation rates, measured best on the small set: search symbols come in runs that a quick rate follows, distances vary more. */
enum { SEARCH_SHIFT = 2, DISTANCE_SHIFT = 4 };


static int bits_for(unsigned n)
{
    int b = 0;
    while ((1u << b) < n)
        b++;
    return b;
}

static bool decided(uint8_t sym) { return tb_sym_class(sym) == TB_CLASS_WIN || tb_sym_class(sym) == TB_CLASS_LOSS; }

void tb_counts_add(TbCounts *c, const uint8_t *wsym, const uint8_t *plies, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        c->wcount[wsym[i] & (TB_WSYMS - 1)]++;
        if (decided(wsym[i]) && plies[i] != TB_PLIES_ANY)
            c->dcount[tb_sym_class(wsym[i]) - 1][plies[i]]++;
    }
}

/* The things of counts in use, most frequent first (ties by number) or in their order; all n in order where not remapped. */
static int rank_by_count(const uint64_t *count, int n, uint8_t *order, bool remap, bool by_count)
{
    int used = 0;
    for (int s = 0; s < n; s++)
        if (count[s] || !remap)
            order[used++] = (uint8_t)s;
    for (int i = 1; remap && by_count && i < used; i++)
        for (int j = i; j > 0 && count[order[j]] > count[order[j - 1]]; j--) {
            uint8_t t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    return used;
}

void tb_model_make(TbModel *m, const TbCounts *c, bool remap)
{
    memset(m, 0, sizeof *m);
    m->wsyms = (uint8_t)rank_by_count(c->wcount, TB_WSYMS, m->wsym, remap, true);
    if (!m->wsyms)
        m->wsyms = 1; /* a table without positions: one symbol, coded in no bits */
    for (int k = 0; k < 2; k++)
        m->dsyms[k] = (uint16_t)rank_by_count(c->dcount[k], TB_DSYMS, m->dist[k], remap, false);
    tb_model_complete(m);
}

bool tb_model_complete(TbModel *m)
{
    if (m->wsyms < 1 || m->wsyms > TB_WSYMS)
        return false;
    memset(m->wrank, 0xFF, sizeof m->wrank);
    for (int r = 0; r < m->wsyms; r++) {
        if (m->wsym[r] >= TB_WSYMS || m->wrank[m->wsym[r]] != 0xFF)
            return false;
        m->wrank[m->wsym[r]] = (uint8_t)r;
    }
    for (int k = 0; k < 2; k++) {
        if (m->dsyms[k] > TB_DSYMS)
            return false;
        bool seen[TB_DSYMS] = { false };
        memset(m->drank[k], 0, sizeof m->drank[k]);
        for (int r = 0; r < m->dsyms[k]; r++) {
            if (seen[m->dist[k][r]])
                return false;
            seen[m->dist[k][r]] = true;
            m->drank[k][m->dist[k][r]] = (uint8_t)r;
        }
    }
    return true;
}

/* Where a rank's bits go: a coder, or counts of the bits for the prior. */
typedef struct {
    RcEncoder *e;
    uint32_t (*count)[2];
} Sink;

/* A rank's bits, the highest first, each by the tree node the bits before it reach (p and count from the context's first node). */
static void encode_tree(Sink *s, RcProb *p, size_t at, int bits, unsigned rank)
{
    unsigned node = 1;
    for (int k = bits - 1; k >= 0; k--) {
        int bit = rank >> k & 1;
        if (s->count)
            s->count[at + node][bit]++;
        else
            rc_encode(s->e, &p[at + node], bit);
        node = node << 1 | (unsigned)bit;
    }
}

static unsigned decode_tree(RcDecoder *d, RcProb *p, int bits)
{
    unsigned node = 1;
    for (int k = 0; k < bits; k++)
        node = node << 1 | (unsigned)rc_decode(d, &p[node]);
    return node - (1u << bits);
}

/* The search part's contexts: the rank before, times the ranks `above` and `above2` before where there are those neighbours. */
static size_t search_contexts(const TbModel *m) { return (size_t)m->wsyms * (m->above ? m->wsyms : 1) * (m->above2 ? m->wsyms : 1); }

/* The rank of the symbol `back` numbers before position i, 0 for none. */
static size_t rank_back(const TbModel *m, const uint8_t *wsym, size_t i, uint32_t back)
{
    return back && i >= back ? m->wrank[wsym[i - back]] : 0;
}

/* The first node of position i's search context: the ranks before it, `above` before it and `above2` before it. */
static size_t search_context(const TbModel *m, const uint8_t *wsym, size_t i, int bits)
{
    size_t ctx = rank_back(m, wsym, i, 1);
    if (m->above)
        ctx = ctx * m->wsyms + rank_back(m, wsym, i, m->above);
    if (m->above2)
        ctx = ctx * m->wsyms + rank_back(m, wsym, i, m->above2);
    return ctx << bits;
}

/* The ranks a distance's context tells apart, for each class; those past it share the last. */
static size_t distance_ranks(const TbModel *m, int k) { return m->dsyms[k] < TB_DCTX ? m->dsyms[k] : TB_DCTX; }
static size_t distance_contexts(const TbModel *m, int k) { return distance_ranks(m, k) * distance_ranks(m, k); }

size_t tb_prior_bytes(const TbModel *m, int part)
{
    if (part == TB_PART_SEARCH)
        return bits_for(m->wsyms) ? search_contexts(m) << bits_for(m->wsyms) : 0;
    return (distance_contexts(m, 0) << bits_for(m->dsyms[0])) + (distance_contexts(m, 1) << bits_for(m->dsyms[1]));
}

/* The probabilities a block starts from: the prior's, or even odds. */
static void probs_start(RcProb *p, size_t n, const uint8_t *prior)
{
    for (size_t i = 0; i < n; i++)
        p[i] = prior ? (RcProb)(prior[i] << 4 | 8) : RC_PROB_HALF;
}

void tb_prior_make(const uint32_t (*count)[2], size_t len, uint8_t *prior)
{
    for (size_t i = 0; i < len; i++) {
        uint64_t n = (uint64_t)count[i][0] + count[i][1];
        uint64_t q = (((uint64_t)count[i][0] * 2 + 1) * 256) / (2 * n + 2); /* the chance of a 0, nudged from certainty */
        prior[i] = (uint8_t)(q < 1 ? 1 : q > 255 ? 255 : q);
    }
}

/* The search symbols of a block into s. */
static void search_walk(const TbModel *m, const uint8_t *wsym, size_t n, Sink *s, RcProb *p)
{
    int bits = bits_for(m->wsyms);
    for (size_t i = 0; i < n; i++)
        encode_tree(s, p, search_context(m, wsym, i, bits), bits, m->wrank[wsym[i]]);
}

/* A block's probabilities on the heap, started from the part's prior; NULL where memory runs out. */
static RcProb *probs_new(const TbModel *m, int part)
{
    size_t n = tb_prior_bytes(m, part);
    RcProb *p = malloc(n * sizeof *p + 1);
    if (p)
        probs_start(p, n, m->prior[part]);
    return p;
}

void tb_train_search(const TbModel *m, const uint8_t *wsym, size_t n, uint32_t (*count)[2])
{
    Sink s = { NULL, count };
    search_walk(m, wsym, n, &s, NULL);
}

bool tb_decode_search(const TbModel *m, const uint8_t *in, size_t len, uint8_t *wsym, size_t n)
{
    int bits = bits_for(m->wsyms);
    if (!bits) {
        memset(wsym, m->wsym[0], n);
        return len == 0;
    }
    RcProb *p = probs_new(m, TB_PART_SEARCH);
    if (!p)
        return false;
    RcDecoder d;
    rc_decoder_init(&d, in, len, SEARCH_SHIFT);
    bool ok = true;
    for (size_t i = 0; ok && i < n; i++) {
        unsigned r = decode_tree(&d, p + search_context(m, wsym, i, bits), bits);
        ok = r < m->wsyms;
        wsym[i] = ok ? m->wsym[r] : 0;
    }
    free(p);
    return ok;
}

/*
 * A distance is coded as its rank, by the tree, in the context of its class
 * and of two ranks: the one predicted for it (the position's `dabove` numbers
 * before, where that has the same class, else the last of the class in the
 * block) and the last of the class in the block. One context for the pair
 * alone lost to the predicted rank alone while blocks learnt from even odds;
 * from the table's prior it codes the distances 6% smaller.
 */
/* The rank predicted for position i of class k + 1. */
static unsigned distance_prediction(const TbModel *m, const uint8_t *wsym, const uint8_t *plies, size_t i, int k, const unsigned last[2])
{
    bool above = m->dabove && i >= m->dabove && tb_sym_class(wsym[i - m->dabove]) == k + 1;
    return above ? m->drank[k][plies[i - m->dabove]] : last[k];
}

/* The first node of the context of class k + 1 with the rank predicted and the last. */
static size_t distance_context(const TbModel *m, int k, unsigned pred, unsigned last)
{
    size_t base = k ? distance_contexts(m, 0) << bits_for(m->dsyms[0]) : 0, ranks = distance_ranks(m, k);
    size_t ctx = (pred < ranks ? pred : ranks - 1) * ranks + (last < ranks ? last : ranks - 1);
    return base + (ctx << bits_for(m->dsyms[k]));
}

/*
 * The rank a number that is no position costs least as: the likelier bit at
 * each node of the tree, as the coder's probabilities stand (a rank past
 * those in use, or a count of bits, gives the rank predicted).
 */
static unsigned cheapest(const Sink *s, const RcProb *p, size_t at, int bits, unsigned ranks, unsigned pred)
{
    if (s->count)
        return pred < ranks ? pred : 0;
    unsigned node = 1;
    for (int k = 0; k < bits; k++)
        node = node << 1 | (p[at + node] < RC_PROB_HALF);
    unsigned r = node - (1u << bits);
    return r < ranks ? r : pred < ranks ? pred : 0;
}

/* The distances of a block's won and lost positions into s, those of no-positions set to the cheapest. */
static void distance_walk(const TbModel *m, const uint8_t *wsym, uint8_t *plies, size_t n, Sink *s, RcProb *p)
{
    unsigned last[2] = { 0, 0 };
    for (size_t i = 0; i < n; i++) {
        if (!decided(wsym[i]))
            continue;
        int k = tb_sym_class(wsym[i]) - 1;
        unsigned pred = distance_prediction(m, wsym, plies, i, k, last);
        if (plies[i] == TB_PLIES_ANY) /* no position: the distance whose code is cheapest now */
            plies[i] = m->dist[k][cheapest(s, p, distance_context(m, k, pred, last[k]), bits_for(m->dsyms[k]), m->dsyms[k], pred)];
        unsigned r = m->drank[k][plies[i]];
        encode_tree(s, p, distance_context(m, k, pred, last[k]), bits_for(m->dsyms[k]), r);
        last[k] = r;
    }
}

/* One block of a part coded into out: its length, TB_CODE_FAILED where out is too small. */
static long encode_part(const TbModel *m, int part, const uint8_t *wsym, uint8_t *plies, size_t n, uint8_t *out, size_t cap)
{
    RcProb *p = probs_new(m, part);
    if (!p)
        return TB_CODE_FAILED;
    RcEncoder e;
    rc_encoder_init(&e, out, cap, part == TB_PART_SEARCH ? SEARCH_SHIFT : DISTANCE_SHIFT);
    Sink s = { &e, NULL };
    if (part == TB_PART_SEARCH)
        search_walk(m, wsym, n, &s, p);
    else
        distance_walk(m, wsym, plies, n, &s, p);
    free(p);
    size_t len = rc_encoder_finish(&e);
    return len ? (long)len : TB_CODE_FAILED;
}

long tb_encode_search(const TbModel *m, const uint8_t *wsym, size_t n, uint8_t *out, size_t cap)
{
    return bits_for(m->wsyms) ? encode_part(m, TB_PART_SEARCH, wsym, NULL, n, out, cap) : 0;
}

long tb_encode_distance(const TbModel *m, const uint8_t *wsym, uint8_t *plies, size_t n, uint8_t *out, size_t cap)
{
    return bits_for(m->dsyms[0]) || bits_for(m->dsyms[1]) ? encode_part(m, TB_PART_DISTANCE, wsym, plies, n, out, cap) : 0;
}

void tb_train_distance(const TbModel *m, const uint8_t *wsym, uint8_t *plies, size_t n, uint32_t (*count)[2])
{
    if (!bits_for(m->dsyms[0]) && !bits_for(m->dsyms[1]))
        return;
    Sink s = { NULL, count };
    distance_walk(m, wsym, plies, n, &s, NULL);
}

/* A block whose distances take no bits: each class's one distance. */
static bool distance_constant(const TbModel *m, const uint8_t *wsym, uint8_t *plies, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int k = tb_sym_class(wsym[i]) - 1;
        if (decided(wsym[i]) && !m->dsyms[k])
            return false;
        if (decided(wsym[i]))
            plies[i] = m->dist[k][0];
    }
    return true;
}

bool tb_decode_distance(const TbModel *m, const uint8_t *in, size_t len, const uint8_t *wsym, uint8_t *plies, size_t n)
{
    memset(plies, 0, n);
    if (!bits_for(m->dsyms[0]) && !bits_for(m->dsyms[1]))
        return distance_constant(m, wsym, plies, n) && len == 0;
    RcProb *p = probs_new(m, TB_PART_DISTANCE);
    if (!p)
        return false;
    unsigned last[2] = { 0, 0 };
    RcDecoder d;
    rc_decoder_init(&d, in, len, DISTANCE_SHIFT);
    bool ok = true;
    for (size_t i = 0; ok && i < n; i++) {
        if (!decided(wsym[i]))
            continue;
        int k = tb_sym_class(wsym[i]) - 1;
        unsigned pred = distance_prediction(m, wsym, plies, i, k, last);
        unsigned r = decode_tree(&d, p + distance_context(m, k, pred, last[k]), bits_for(m->dsyms[k]));
        ok = r < m->dsyms[k];
        plies[i] = ok ? m->dist[k][r] : 0;
        last[k] = r;
    }
    free(p);
    return ok;
}
