#include <stdlib.h>
#include <string.h>

#include "tb_compress.h"
#include "tb_write.h"

const TbCodecOptions tb_codec_default = { .remap = true, .above = true, .fill = true, .prior = true, .block_log2 = TB_BLOCK_LOG2,
                                        .dblock_log2 = TB_DBLOCK_LOG2 };

static uint8_t flag_of(const TbTable *t, uint8_t *const flags[2], int side, uint64_t i)
{
    return flags ? flags[side][i] & 3 : tb_flags(t, side, i);
}

/*
 * The search symbols and distances of n numbers from `first`. A number that
 * is no position is never probed: it takes the symbol of the number before
 * it (the first position's where it opens the block), which its neighbours'
 * contexts predict best, and the distance the coder finds cheapest, unless
 * the lever is off.
 */
static void symbols(const TbTable *t, uint8_t *const flags[2], const TbCodecOptions *o, int side, uint64_t first, size_t n,
                    uint8_t *wsym, uint8_t *plies)
{
    size_t open = n;
    for (size_t i = 0; i < n; i++) {
        uint8_t v = t->values[side][first + i];
        int c = v == TB_DRAW ? TB_CLASS_DRAW : v == TB_NONE ? TB_CLASS_NONE : tb_win(v) ? TB_CLASS_WIN : TB_CLASS_LOSS;
        wsym[i] = (uint8_t)(c | flag_of(t, flags, side, first + i) << 2);
        plies[i] = tb_decided(v) ? (uint8_t)tb_plies(v) : 0;
        if (c != TB_CLASS_NONE && open == n)
            open = i;
    }
    for (size_t i = 0; o->fill && i < n; i++)
        if (tb_sym_class(wsym[i]) == TB_CLASS_NONE) {
            size_t from = i ? i - 1 : open;
            wsym[i] = from < n ? wsym[from] : TB_CLASS_DRAW;
            plies[i] = TB_PLIES_ANY;
        }
}

/* The same for a distance block: each search block it covers, filled as that block alone is. */
static void span(const TbTable *t, uint8_t *const flags[2], const TbCodecOptions *o, int side, uint64_t first, size_t n,
                 uint8_t *wsym, uint8_t *plies)
{
    size_t per = (size_t)1 << o->block_log2;
    for (size_t j = 0; j < n; j += per)
        symbols(t, flags, o, side, first + j, n - j < per ? n - j : per, wsym + j, plies + j);
}

/* Numbers a block of the part holds. */
static size_t part_block(const TbCodecOptions *o, int part)
{
    return (size_t)1 << (part == TB_PART_SEARCH ? o->block_log2 : o->dblock_log2);
}

static bool append(TbImage *im, int part, const uint8_t *data, size_t n)
{
    if (im->part_bytes[part] + n > im->part_cap[part]) {
        size_t cap = 2 * im->part_cap[part] + n + 4096;
        uint8_t *p = realloc(im->part[part], cap);
        if (!p)
            return false;
        im->part[part] = p, im->part_cap[part] = cap;
    }
    memcpy(im->part[part] + im->part_bytes[part], data, n);
    im->part_bytes[part] += n;
    return true;
}

/* The sample of the table's blocks that measures a choice: every step-th of each side's, about 64 in all. */
static uint64_t sample_step(uint64_t blocks) { return blocks / 32 ? blocks / 32 : 1; }

/* Bytes of one part over the sample, coded by the model as it stands. */
static size_t sample_bytes(const TbTable *t, uint8_t *const flags[2], const TbCodecOptions *o, const TbModel *m, int part,
                           uint8_t *wsym, uint8_t *plies, uint8_t *out)
{
    size_t per = part_block(o, part), total = 0;
    uint64_t blocks = (t->layout.size + per - 1) / per, step = sample_step(blocks);
    for (int side = 0; side < 2; side++)
        for (uint64_t k = 0; k < blocks; k += step) {
            uint64_t first = k * per;
            size_t n = t->layout.size - first < per ? (size_t)(t->layout.size - first) : per;
            span(t, flags, o, side, first, n, wsym, plies);
            long got = part == TB_PART_SEARCH ? tb_encode_search(m, wsym, n, out, tb_block_bound(per))
                                              : tb_encode_distance(m, wsym, plies, n, out, tb_block_bound(per));
            total += got == TB_CODE_FAILED ? tb_block_bound(per) : (size_t)got;
        }
    return total;
}

/*
 * The neighbours each part's context codes the sample smallest with: none, or
 * the stride of a group (within a block); the search part's third once its
 * second is chosen.
 */
static void pick_neighbours(TbModel *m, const TbTable *t, uint8_t *const flags[2], const TbCodecOptions *o, uint8_t *wsym,
                            uint8_t *plies, uint8_t *out)
{
    size_t per = part_block(o, TB_PART_DISTANCE);
    uint32_t cand[2 * PIECE_TYPE_NB + 2];
    int nc = 0;
    cand[nc++] = 0;
    for (int g = 0; g < t->layout.ngroups; g++)
        if (t->layout.stride[g] > 0 && t->layout.stride[g] < per)
            cand[nc++] = (uint32_t)t->layout.stride[g];
    if (t->layout.king_stride < per)
        cand[nc++] = (uint32_t)t->layout.king_stride;
    uint32_t *pick[3] = { &m->above, &m->dabove, &m->above2 };
    for (int c = 0; c < 3; c++) {
        int part = c == 1 ? TB_PART_DISTANCE : TB_PART_SEARCH;
        uint32_t best = 0;
        size_t best_bytes = SIZE_MAX;
        for (int k = 0; k < nc && o->above && (c < 2 || m->above); k++) {
            if (cand[k] >= part_block(o, part))
                continue;
            *pick[c] = cand[k];
            size_t bytes = sample_bytes(t, flags, o, m, part, wsym, plies, out);
            if (bytes < best_bytes)
                best = cand[k], best_bytes = bytes;
        }
        *pick[c] = best;
    }
}

/* Each part's prior, counted over every block of the table, into im->prior; the model points at it. */
static bool train(TbImage *im, TbModel *m, const TbTable *t, uint8_t *const flags[2], const TbCodecOptions *o, uint8_t *wsym,
                  uint8_t *plies)
{
    size_t len[2] = { tb_prior_bytes(m, TB_PART_SEARCH), tb_prior_bytes(m, TB_PART_DISTANCE) };
    uint32_t(*count)[2] = calloc(len[0] + len[1] + 1, sizeof *count);
    im->prior = malloc(len[0] + len[1] + 1);
    if (!count || !im->prior) {
        free(count);
        return false;
    }
    size_t per = part_block(o, TB_PART_DISTANCE), sper = part_block(o, TB_PART_SEARCH);
    for (int side = 0; side < 2; side++)
        for (uint64_t first = 0; first < t->layout.size; first += per) {
            size_t n = t->layout.size - first < per ? (size_t)(t->layout.size - first) : per;
            span(t, flags, o, side, first, n, wsym, plies);
            for (size_t j = 0; j < n; j += sper)
                tb_train_search(m, wsym + j, n - j < sper ? n - j : sper, count);
            tb_train_distance(m, wsym, plies, n, count + len[0]);
        }
    tb_prior_make(count, len[0] + len[1], im->prior);
    free(count);
    im->prior_part[0] = len[0], im->prior_part[1] = len[1];
    return true;
}

/* Keeps a part's prior where the sample, scaled to the whole table, codes smaller by more than the prior's bytes. */
static void keep_priors(TbImage *im, TbModel *m, const TbTable *t, uint8_t *const flags[2], const TbCodecOptions *o,
                        uint8_t *wsym, uint8_t *plies, uint8_t *out)
{
    uint8_t *at[2] = { im->prior, im->prior + im->prior_part[0] };
    bool keep[2];
    for (int part = 0; part < 2; part++) {
        uint64_t blocks = (t->layout.size + part_block(o, part) - 1) / part_block(o, part), step = sample_step(blocks);
        double scale = (double)blocks / (double)((blocks + step - 1) / step);
        m->prior[part] = NULL;
        size_t without = sample_bytes(t, flags, o, m, part, wsym, plies, out);
        m->prior[part] = at[part];
        size_t with = sample_bytes(t, flags, o, m, part, wsym, plies, out);
        keep[part] = o->prior && (double)with * scale + (double)im->prior_part[part] < (double)without * scale;
        m->prior[part] = keep[part] ? at[part] : NULL;
    }
    if (!keep[0])
        memmove(im->prior, at[1], im->prior_part[1]), im->prior_part[0] = 0;
    if (!keep[1])
        im->prior_part[1] = 0;
    im->prior_bytes = im->prior_part[0] + im->prior_part[1];
    m->prior[0] = keep[0] ? im->prior : NULL;
    m->prior[1] = keep[1] ? im->prior + im->prior_part[0] : NULL;
}

/* The model: counts over the whole table, then each part's neighbour, then the priors. */
static bool model_of(TbImage *im, TbModel *m, const TbTable *t, uint8_t *const flags[2], const TbCodecOptions *o, uint8_t *wsym,
                     uint8_t *plies)
{
    TbCounts c;
    memset(&c, 0, sizeof c);
    size_t per = part_block(o, TB_PART_SEARCH);
    for (int side = 0; side < 2; side++)
        for (uint64_t first = 0; first < t->layout.size; first += per) {
            size_t n = t->layout.size - first < per ? (size_t)(t->layout.size - first) : per;
            symbols(t, flags, o, side, first, n, wsym, plies);
            tb_counts_add(&c, wsym, plies, n);
        }
    tb_model_make(m, &c, o->remap);
    uint8_t *out = malloc(tb_block_bound(part_block(o, TB_PART_DISTANCE)));
    bool ok = out != NULL;
    if (ok)
        pick_neighbours(m, t, flags, o, wsym, plies, out);
    if (ok && (ok = train(im, m, t, flags, o, wsym, plies)))
        keep_priors(im, m, t, flags, o, wsym, plies, out);
    free(out);
    return ok;
}

static void header_of(TbImage *im, const TbTable *t, const TbModel *m, const TbCodecOptions *o, uint32_t blocks)
{
    uint8_t *h = im->header;
    memset(h, 0, TB_CHEADER_BYTES);
    tb_header_write(t, h);
    /* One block size for both parts is format 3, which readers of yesterday's build read too. */
    tb_put32(h + 8, o->dblock_log2 == o->block_log2 ? TB_FORMAT_COMPRESSED_3 : TB_FORMAT_COMPRESSED);
    tb_put32(h + CH_FLAGS, tb_get32(h + CH_FLAGS) | (o->fill ? TB_FILLED : 0));
    tb_put32(h + CH_BLOCK_LOG2, o->block_log2);
    tb_put32(h + CH_DBLOCK_LOG2, o->dblock_log2 == o->block_log2 ? 0 : o->dblock_log2);
    tb_put32(h + CH_ABOVE, m->above);
    tb_put32(h + CH_DABOVE, m->dabove);
    tb_put32(h + CH_ABOVE2, m->above2);
    tb_put32(h + CH_PRIORS, (m->prior[0] ? 1u : 0) | (m->prior[1] ? 2u : 0));
    tb_put32(h + CH_BLOCKS, blocks);
    h[CH_WSYMS] = m->wsyms;
    memcpy(h + CH_WSYM, m->wsym, TB_WSYMS);
    for (int k = 0; k < 2; k++) {
        h[CH_DSYMS + 2 * k] = (uint8_t)m->dsyms[k], h[CH_DSYMS + 2 * k + 1] = (uint8_t)(m->dsyms[k] >> 8);
        memcpy(h + CH_DIST + TB_DSYMS * k, m->dist[k], TB_DSYMS);
    }
}

/* The blocks of the table, each part's count a side. */
typedef struct {
    uint32_t search, distance;
    unsigned dlog2;
} Blocks;

/* Where a block's length and checksum go in len[] and sum[]: [part][side][block], each part its own count. */
static size_t slot_of(const Blocks *b, int part, int side, uint32_t k)
{
    return part == TB_PART_SEARCH ? (size_t)side * b->search + k : 2 * (size_t)b->search + (size_t)side * b->distance + k;
}

static bool code_one(TbImage *im, int part, int side, uint32_t k, long got, const uint8_t *out, uint64_t *len, uint32_t *sum,
                     const Blocks *b)
{
    bool ok = got != TB_CODE_FAILED && append(im, part, out, (size_t)got);
    len[slot_of(b, part, side, k)] = ok ? (uint64_t)got : 0;
    sum[slot_of(b, part, side, k)] = ok ? tb_block_checksum(part, side, k, out, (size_t)got) : 0;
    return ok;
}

/* Each distance block of both sides, and the search blocks it covers, into the parts with their lengths and checksums. */
static bool code_blocks(TbImage *im, const TbTable *t, uint8_t *const flags[2], const TbModel *m, const TbCodecOptions *o,
                        const Blocks *b, uint64_t *len, uint32_t *sum)
{
    size_t per = part_block(o, TB_PART_DISTANCE), sper = part_block(o, TB_PART_SEARCH), cap = tb_block_bound(per);
    uint8_t *wsym = malloc(per), *plies = malloc(per), *out = malloc(cap);
    bool ok = wsym && plies && out;
    for (int side = 0; ok && side < 2; side++)
        for (uint32_t k = 0; ok && k < b->distance; k++) {
            uint64_t first = (uint64_t)k * per;
            size_t n = t->layout.size - first < per ? (size_t)(t->layout.size - first) : per;
            span(t, flags, o, side, first, n, wsym, plies);
            for (size_t j = 0; ok && j < n; j += sper) {
                long got = tb_encode_search(m, wsym + j, n - j < sper ? n - j : sper, out, cap);
                ok = code_one(im, TB_PART_SEARCH, side, (uint32_t)((first + j) / sper), got, out, len, sum, b);
            }
            ok = ok && code_one(im, TB_PART_DISTANCE, side, k, tb_encode_distance(m, wsym, plies, n, out, cap), out, len, sum, b);
        }
    free(wsym);
    free(plies);
    free(out);
    return ok;
}

/* The index from the blocks' lengths and checksums; then the header's checksum over the header, the index and the priors. */
static bool index_of(TbImage *im, const Blocks *b, const uint64_t *len, const uint32_t *sum)
{
    im->index_bytes = tb_index_bytes(b->search, b->distance, b->dlog2);
    if (!(im->index = malloc(im->index_bytes)))
        return false;
    size_t runs = 2 * ((size_t)b->search + b->distance), dl = tb_length_bytes(b->dlog2);
    uint8_t *at = im->index;
    for (size_t i = 0; i < runs; i++) {
        bool wide = i >= 2 * (size_t)b->search && dl == 4;
        if (wide)
            tb_put32(at, (uint32_t)len[i]);
        else
            at[0] = (uint8_t)len[i], at[1] = (uint8_t)(len[i] >> 8);
        at += wide ? 4 : 2;
    }
    for (size_t i = 0; i < runs; i++)
        tb_put32(at + 4 * i, sum[i]);
    uint64_t h = tb_checksum(tb_checksum(0, im->header, TB_CHEADER_BYTES), im->index, im->index_bytes);
    tb_put64(im->header + CH_CHECKSUM, tb_checksum(h, im->prior, im->prior_bytes));
    return true;
}

/* The table coded with these levers as they are. */
static bool image_make(TbImage *im, const TbTable *t, uint8_t *const flags[2], const TbCodecOptions *o)
{
    memset(im, 0, sizeof *im);
    size_t per = part_block(o, TB_PART_DISTANCE), sper = part_block(o, TB_PART_SEARCH);
    Blocks b = { (uint32_t)((t->layout.size + sper - 1) / sper), (uint32_t)((t->layout.size + per - 1) / per), o->dblock_log2 };
    size_t runs = 2 * ((size_t)b.search + b.distance);
    uint8_t *wsym = malloc(per), *plies = malloc(per);
    uint64_t *len = malloc(runs * sizeof *len + 1);
    uint32_t *sum = malloc(runs * sizeof *sum + 1);
    bool ok = wsym && plies && len && sum;
    TbModel m;
    if (ok && (ok = model_of(im, &m, t, flags, o, wsym, plies))) {
        header_of(im, t, &m, o, b.search);
        ok = code_blocks(im, t, flags, &m, o, &b, len, sum) && index_of(im, &b, len, sum);
    }
    free(wsym);
    free(plies);
    free(len);
    free(sum);
    if (!ok)
        tb_image_free(im);
    return ok;
}

static size_t image_bytes(const TbImage *im) { return TB_CHEADER_BYTES + im->index_bytes + im->prior_bytes + im->part_bytes[0] + im->part_bytes[1]; }

/*
 * Filling the no-positions makes the search part far smaller, but each one
 * filled as won or lost costs the distances a few bits: where that costs more
 * than it saves (KRknp, KRkna), the table is coded with its no-positions kept.
 * The writer codes it both ways and keeps the smaller.
 */
bool tb_image_make(TbImage *im, const TbTable *t, uint8_t *const flags[2], const TbCodecOptions *o)
{
    if (!image_make(im, t, flags, o))
        return false;
    TbCodecOptions kept = *o;
    kept.fill = false;
    TbImage other;
    if (o->fill && image_make(&other, t, flags, &kept)) {
        bool smaller = image_bytes(&other) < image_bytes(im);
        tb_image_free(smaller ? im : &other);
        if (smaller)
            *im = other;
    }
    return true;
}

void tb_image_free(TbImage *im)
{
    free(im->index);
    free(im->prior);
    free(im->part[0]);
    free(im->part[1]);
    memset(im, 0, sizeof *im);
}

typedef struct {
    const TbTable *t;
    uint8_t *const *flags;
} Written;

/* The file as written, read back: every position's value and flags as the table's (the others were left to the codec). */
static bool same_as_written(const char *tmp, void *arg, char *err, size_t errlen)
{
    const Written *w = arg;
    TbTable back;
    if (!tb_file_read_positions(&back, tmp, &w->t->layout.ending, w->t->rules, err, errlen))
        return false;
    bool same = true;
    for (int side = 0; same && side < 2; side++)
        for (uint64_t i = 0; same && i < w->t->layout.size; i++)
            same = w->t->values[side][i] == TB_NONE ||
                   (back.values[side][i] == w->t->values[side][i] && tb_flags(&back, side, i) == flag_of(w->t, w->flags, side, i));
    tb_file_free(&back);
    if (!same)
        snprintf(err, errlen, "%s: the compressed table does not read back as written", tmp);
    return same;
}

static bool any_flag(const TbTable *t, uint8_t *const flags[2])
{
    for (int side = 0; side < 2; side++)
        for (uint64_t i = 0; i < t->layout.size; i++)
            if (flag_of(t, flags, side, i))
                return true;
    return false;
}

bool tb_write(const char *path, TbTable *t, uint8_t *const flags[2], char *err, size_t errlen)
{
    return tb_write_with(path, t, flags, &tb_codec_default, err, errlen);
}

bool tb_write_with(const char *path, TbTable *t, uint8_t *const flags[2], const TbCodecOptions *o, char *err, size_t errlen)
{
    t->has_flags = any_flag(t, flags);
    TbImage im;
    if (!tb_image_make(&im, t, flags, o)) {
        snprintf(err, errlen, "%s: not enough memory to compress", path);
        return false;
    }
    const uint8_t *piece[5] = { im.header, im.index, im.prior, im.part[0], im.part[1] };
    size_t len[5] = { TB_CHEADER_BYTES, im.index_bytes, im.prior_bytes, im.part_bytes[0], im.part_bytes[1] };
    Written w = { t, flags };
    bool ok = tb_write_file(path, piece, len, 5, same_as_written, &w, err, errlen);
    tb_image_free(&im);
    return ok;
}
