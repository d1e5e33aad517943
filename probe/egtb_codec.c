#include <stdlib.h>
#include <string.h>

#include "egtb_codec.h"
#include "tb_range.h"

/* The coder's adaptation rates, measured best on the small endings: symbols settle in long runs, distances move more. */
enum { SEARCH_SHIFT = 3, DISTANCE_SHIFT = 4 };


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

/* The things of counts in use, most frequent first (ties by number); all n in order where not remapped. */
static int rank_by_count(const uint64_t *count, int n, uint8_t *order, bool remap)
{
    int used = 0;
    for (int s = 0; s < n; s++)
        if (count[s] || !remap)
            order[used++] = (uint8_t)s;
    for (int i = 1; remap && i < used; i++)
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
    m->wsyms = (uint8_t)rank_by_count(c->wcount, TB_WSYMS, m->wsym, remap);
    if (!m->wsyms)
        m->wsyms = 1; /* a table without positions: one symbol, coded in no bits */
    for (int k = 0; k < 2; k++)
        m->dsyms[k] = (uint16_t)rank_by_count(c->dcount[k], TB_DSYMS, m->dist[k], remap);
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

/* A rank's bits, the highest first, each by the tree node the bits before it reach. */
static void encode_tree(RcEncoder *e, RcProb *p, int bits, unsigned rank)
{
    unsigned node = 1;
    for (int k = bits - 1; k >= 0; k--) {
        int bit = rank >> k & 1;
        rc_encode(e, &p[node], bit);
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

/* The search context of position i: the ranks before it and `above` before it. */
static unsigned search_context(const TbModel *m, const uint8_t *wsym, size_t i)
{
    unsigned a = i ? m->wrank[wsym[i - 1]] : 0;
    unsigned b = m->above && i >= m->above ? m->wrank[wsym[i - m->above]] : 0;
    return a * TB_WSYMS + b;
}

long tb_encode_search(const TbModel *m, const uint8_t *wsym, size_t n, uint8_t *out, size_t cap)
{
    int bits = bits_for(m->wsyms);
    if (!bits)
        return 0;
    RcProb p[TB_WSYMS * TB_WSYMS][TB_WSYMS];
    rc_probs_init(&p[0][0], sizeof p / sizeof p[0][0]);
    RcEncoder e;
    rc_encoder_init(&e, out, cap, SEARCH_SHIFT);
    for (size_t i = 0; i < n; i++)
        encode_tree(&e, p[search_context(m, wsym, i)], bits, m->wrank[wsym[i]]);
    size_t len = rc_encoder_finish(&e);
    return len ? (long)len : TB_CODE_FAILED;
}

bool tb_decode_search(const TbModel *m, const uint8_t *in, size_t len, uint8_t *wsym, size_t n)
{
    int bits = bits_for(m->wsyms);
    if (!bits) {
        memset(wsym, m->wsym[0], n);
        return len == 0;
    }
    RcProb p[TB_WSYMS * TB_WSYMS][TB_WSYMS];
    rc_probs_init(&p[0][0], sizeof p / sizeof p[0][0]);
    RcDecoder d;
    rc_decoder_init(&d, in, len, SEARCH_SHIFT);
    for (size_t i = 0; i < n; i++) {
        unsigned r = decode_tree(&d, p[search_context(m, wsym, i)], bits);
        if (r >= m->wsyms)
            return false;
        wsym[i] = m->wsym[r];
    }
    return true;
}

/*
 * A distance is coded as its rank, by the tree, in the context of its class
 * and of the rank of the distance predicted for it: the position's `dabove`
 * numbers before, where that has the same class, else the last of the class
 * in the block. Ranks past DCTX - 1 share a context.
 */
enum { DCTX = 32 };
typedef struct {
    RcProb tree[2][DCTX][TB_DSYMS];
} DistProbs;

/* The rank predicted for position i of class k + 1. */
static unsigned distance_prediction(const TbModel *m, const uint8_t *wsym, const uint8_t *plies, size_t i, int k, const unsigned last[2])
{
    bool above = m->dabove && i >= m->dabove && tb_sym_class(wsym[i - m->dabove]) == k + 1;
    return above ? m->drank[k][plies[i - m->dabove]] : last[k];
}

static unsigned context_of(unsigned pred) { return pred < DCTX ? pred : DCTX - 1; }

long tb_encode_distance(const TbModel *m, const uint8_t *wsym, uint8_t *plies, size_t n, uint8_t *out, size_t cap)
{
    int bits[2] = { bits_for(m->dsyms[0]), bits_for(m->dsyms[1]) };
    if (!bits[0] && !bits[1])
        return 0;
    DistProbs *p = malloc(sizeof *p);
    if (!p)
        return TB_CODE_FAILED;
    rc_probs_init(&p->tree[0][0][0], sizeof *p / sizeof(RcProb));
    unsigned last[2] = { 0, 0 };
    RcEncoder e;
    rc_encoder_init(&e, out, cap, DISTANCE_SHIFT);
    for (size_t i = 0; i < n; i++) {
        if (!decided(wsym[i]))
            continue;
        int k = tb_sym_class(wsym[i]) - 1;
        unsigned pred = distance_prediction(m, wsym, plies, i, k, last);
        if (plies[i] == TB_PLIES_ANY) /* no position: the distance predicted, which the context makes cheapest */
            plies[i] = m->dist[k][pred < m->dsyms[k] ? pred : 0];
        unsigned r = m->drank[k][plies[i]];
        encode_tree(&e, p->tree[k][context_of(pred)], bits[k], r);
        last[k] = r;
    }
    free(p);
    size_t len = rc_encoder_finish(&e);
    return len ? (long)len : TB_CODE_FAILED;
}

bool tb_decode_distance(const TbModel *m, const uint8_t *in, size_t len, const uint8_t *wsym, uint8_t *plies, size_t n)
{
    int bits[2] = { bits_for(m->dsyms[0]), bits_for(m->dsyms[1]) };
    memset(plies, 0, n);
    if (!bits[0] && !bits[1]) {
        for (size_t i = 0; i < n; i++) {
            int k = tb_sym_class(wsym[i]) - 1;
            if (decided(wsym[i]) && !m->dsyms[k])
                return false;
            if (decided(wsym[i]))
                plies[i] = m->dist[k][0];
        }
        return len == 0;
    }
    DistProbs *p = malloc(sizeof *p);
    if (!p)
        return false;
    rc_probs_init(&p->tree[0][0][0], sizeof *p / sizeof(RcProb));
    unsigned last[2] = { 0, 0 };
    RcDecoder d;
    rc_decoder_init(&d, in, len, DISTANCE_SHIFT);
    bool ok = true;
    for (size_t i = 0; ok && i < n; i++) {
        if (!decided(wsym[i]))
            continue;
        int k = tb_sym_class(wsym[i]) - 1;
        unsigned r = decode_tree(&d, p->tree[k][context_of(distance_prediction(m, wsym, plies, i, k, last))], bits[k]);
        ok = r < m->dsyms[k];
        plies[i] = ok ? m->dist[k][r] : 0;
        last[k] = r;
    }
    free(p);
    return ok;
}
