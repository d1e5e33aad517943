#include <stdlib.h>
#include <string.h>

#include "egtb_cfile.h"
#include "egtb_legal.h"
#include "../base/read_at.h"

uint32_t tb_block_checksum(int part, int side, uint32_t k, const uint8_t *data, size_t len)
{
    uint64_t h = tb_checksum((uint64_t)part << 40 | (uint64_t)side << 32 | k, data, len);
    return (uint32_t)(h ^ h >> 32);
}

static bool fail(TbFile *f, char *err, size_t errlen, const char *path, const char *why)
{
    snprintf(err, errlen, "%s: %s", path, why);
    tbf_close(f);
    return false;
}

void tbf_close(TbFile *f)
{
    if (f->fd >= 0)
        read_at_close(f->fd);
    if (!f->held)
        free(f->offset); /* the index, its sums and priors after it */
    free(f->path);
    memset(f, 0, sizeof *f);
    f->fd = -1;
}

/* The model as the header holds it, or false where it is no model a decoder can follow. */
static bool model_read(TbModel *m, const uint8_t *h)
{
    memset(m, 0, sizeof *m);
    m->above = tb_get32(h + CH_ABOVE);
    m->dabove = tb_get32(h + CH_DABOVE);
    m->above2 = tb_get32(h + CH_ABOVE2);
    m->wsyms = h[CH_WSYMS];
    memcpy(m->wsym, h + CH_WSYM, TB_WSYMS);
    for (int k = 0; k < 2; k++) {
        m->dsyms[k] = (uint16_t)(h[CH_DSYMS + 2 * k] | h[CH_DSYMS + 2 * k + 1] << 8);
        memcpy(m->dist[k], h + CH_DIST + TB_DSYMS * k, TB_DSYMS);
    }
    return tb_model_complete(m);
}

/* Where a part and side's blocks begin in f->offset (each run one longer than its blocks), or in f->sum (with `ends` false). */
static size_t run_of(const TbFile *f, int part, int side, bool ends)
{
    size_t b = (size_t)f->blocks + ends, d = (size_t)f->dblocks + ends;
    return part == TB_PART_SEARCH ? (size_t)side * b : 2 * b + (size_t)side * d;
}

/* Bytes of the index's lengths: the search part's two bytes each, the distances' as their block size needs. */
static size_t lengths_bytes(const TbFile *f) { return 4 * (size_t)f->blocks + 2 * (size_t)f->dblocks * tb_length_bytes(f->dblock_log2); }

/* Each block's offset from its length, the blocks from `start` on; no block longer than the codec's bound, none past the end. */
static const char *offsets_of(TbFile *f, const uint8_t *index, uint64_t start)
{
    uint64_t at = start;
    const uint8_t *len = index;
    for (int run = 0; run < 4; run++) {
        int part = run / 2;
        unsigned log2 = part == TB_PART_SEARCH ? f->block_log2 : f->dblock_log2;
        size_t lb = part == TB_PART_SEARCH ? 2 : tb_length_bytes(log2), bound = tb_block_bound((size_t)1 << log2);
        uint32_t blocks = part == TB_PART_SEARCH ? f->blocks : f->dblocks;
        uint64_t *o = f->offset + run_of(f, part, run % 2, true);
        for (uint32_t k = 0; k < blocks; k++, len += lb) {
            uint64_t n = lb == 2 ? (uint64_t)len[0] | (uint64_t)len[1] << 8 : tb_get32(len);
            if (n > bound)
                return "the index is damaged";
            o[k] = at, at += n;
        }
        o[blocks] = at;
    }
    return at > f->file_bytes ? "truncated" : at < f->file_bytes ? "longer than its header says" : NULL;
}

/* Reads the index and the priors after it, checked against the header's checksum; the reason where they fail. */
static const char *read_index(TbFile *f, uint8_t *h, size_t ib, size_t pb, TbHold hold, void *arg)
{
    uint8_t *index = malloc(ib + pb + 1);
    size_t runs = 2 * ((size_t)f->blocks + f->dblocks);
    /* One allocation: the offsets, their sums, the priors, so that a hold gives it in one piece. */
    f->memory = (runs + 4) * sizeof *f->offset + runs * sizeof *f->sum + pb + 1;
    f->held = hold != NULL;
    f->offset = hold ? hold(arg, f->memory) : malloc(f->memory);
    if (!index || !f->offset) {
        free(index);
        return hold && index ? "the index does not fit in EGTBMemory: raise it" : "not enough memory for its index";
    }
    f->sum = (uint32_t *)(f->offset + runs + 4);
    f->prior = (uint8_t *)(f->sum + runs);
    if (TB_CHEADER_BYTES + ib + pb > f->file_bytes || !read_at(f->fd, index, ib + pb, TB_CHEADER_BYTES)) {
        free(index);
        return "truncated";
    }
    uint64_t want = tb_get64(h + CH_CHECKSUM);
    tb_put64(h + CH_CHECKSUM, 0);
    /* The index, then the priors, as the writer sums them (an index of 4-byte lengths may end off a word). */
    bool intact = tb_checksum(tb_checksum(tb_checksum(0, h, TB_CHEADER_BYTES), index, ib), index + ib, pb) == want;
    for (size_t i = 0; intact && i < runs; i++)
        f->sum[i] = tb_get32(index + lengths_bytes(f) + 4 * i);
    memcpy(f->prior, index + ib, pb);
    const char *why = intact ? offsets_of(f, index, TB_CHEADER_BYTES + ib + pb) : "checksum mismatch: the file is damaged";
    free(index);
    return why;
}

/* Each part's prior's bytes as the header says the file has them; false where it says more than there are parts. */
static bool priors_of(const TbFile *f, const uint8_t *h, size_t len[2])
{
    uint32_t has = tb_get32(h + CH_PRIORS);
    for (int part = 0; part < 2; part++)
        len[part] = has >> part & 1 ? tb_prior_bytes(&f->model, part) : 0;
    return has <= 3;
}

/* Each part's block size and count, format 3 with one size for both; the reason where they fail. */
static const char *blocks_of(TbFile *f, const uint8_t *h, uint32_t format)
{
    f->block_log2 = tb_get32(h + CH_BLOCK_LOG2);
    f->dblock_log2 = format == TB_FORMAT_COMPRESSED_3 ? f->block_log2 : tb_get32(h + CH_DBLOCK_LOG2);
    if (f->block_log2 < TB_BLOCK_LOG2_MIN || f->block_log2 > TB_BLOCK_LOG2_MAX || f->dblock_log2 < f->block_log2 ||
        f->dblock_log2 > TB_DBLOCK_LOG2_MAX)
        return "the header's block size is not one this version reads";
    uint64_t size = f->head.layout.size, per = (uint64_t)1 << f->block_log2, dper = (uint64_t)1 << f->dblock_log2;
    f->blocks = tb_get32(h + CH_BLOCKS);
    if (f->blocks != (size + per - 1) / per)
        return "the header's block count does not fit its ending";
    f->dblocks = (uint32_t)((size + dper - 1) / dper);
    return NULL;
}

/* The header's own fields and the index, once the shared fields are read; the reason where they fail. */
static const char *open_rest(TbFile *f, uint8_t *h, uint32_t format, TbHold hold, void *arg)
{
    f->filled = tb_get32(h + CH_FLAGS) & TB_FILLED;
    f->head.bytes = (size_t)f->file_bytes;
    const char *why = blocks_of(f, h, format);
    if (why)
        return why;
    if (!model_read(&f->model, h))
        return "the header's model is damaged";
    size_t len[2];
    if (!priors_of(f, h, len))
        return "the header's model is damaged";
    why = read_index(f, h, tb_index_bytes(f->blocks, f->dblocks, f->dblock_log2), len[0] + len[1], hold, arg);
    f->model.prior[TB_PART_SEARCH] = len[0] ? f->prior : NULL;
    f->model.prior[TB_PART_DISTANCE] = len[1] ? f->prior + len[0] : NULL;
    return why;
}

bool tbf_open_in(TbFile *f, const char *path, const Ending *expect, RuleSet rules, TbHold hold, void *arg, char *err, size_t errlen)
{
    memset(f, 0, sizeof *f);
    f->fd = read_at_open(path);
    if (f->fd < 0)
        return fail(f, err, errlen, path, "cannot be opened");
    int64_t bytes = read_at_size(f->fd);
    f->file_bytes = bytes > 0 ? (uint64_t)bytes : 0;
    uint8_t h[TB_CHEADER_BYTES] = { 0 };
    size_t head = f->file_bytes < sizeof h ? (size_t)f->file_bytes : sizeof h;
    if (head < TB_HEADER_BYTES || !read_at(f->fd, h, head, 0))
        return fail(f, err, errlen, path, "too short");
    uint32_t format = tb_header_format(h);
    if (format == TB_FORMAT_ONE_BYTE)
        return fail(f, err, errlen, path,
                    "a one-byte table (format 1), no longer read: convert its folder with `chuhan egtb compress DIR`");
    if (format == TB_FORMAT_COMPRESSED_2)
        return fail(f, err, errlen, path, "a table of the first compressed format (2), no longer read: build it again with `chuhan egtb build`");
    if (format != TB_FORMAT_COMPRESSED && format != TB_FORMAT_COMPRESSED_3)
        return fail(f, err, errlen, path, format ? "a table of a format this version cannot read" : "not a Chuhan endgame table");
    if (head < sizeof h)
        return fail(f, err, errlen, path, "truncated");
    const char *why = tb_header_read(&f->head, h, expect, rules);
    if (!why)
        why = open_rest(f, h, format, hold, arg);
    if (why)
        return fail(f, err, errlen, path, why);
    f->path = malloc(strlen(path) + 1);
    if (!f->path)
        return fail(f, err, errlen, path, "not enough memory");
    strcpy(f->path, path);
    return true;
}

bool tbf_open(TbFile *f, const char *path, const Ending *expect, RuleSet rules, char *err, size_t errlen)
{
    return tbf_open_in(f, path, expect, rules, NULL, NULL, err, errlen);
}

static size_t numbers_of(const TbFile *f, unsigned log2, uint32_t k)
{
    uint64_t per = (uint64_t)1 << log2, first = (uint64_t)k * per, size = f->head.layout.size;
    return first >= size ? 0 : (size_t)(size - first < per ? size - first : per);
}

size_t tbf_block_size(const TbFile *f, uint32_t k) { return numbers_of(f, f->block_log2, k); }
size_t tbf_dblock_size(const TbFile *f, uint32_t k) { return numbers_of(f, f->dblock_log2, k); }

/* Block k of a part and side as the file holds it, checked: a buffer the caller frees, or NULL and why. */
static uint8_t *read_block(const TbFile *f, int part, int side, uint32_t k, size_t *len, char *err, size_t errlen)
{
    size_t at = run_of(f, part, side, true) + k;
    *len = (size_t)(f->offset[at + 1] - f->offset[at]);
    uint8_t *buf = malloc(*len + 1);
    const char *what = part == TB_PART_SEARCH ? "search part" : "distances";
    if (!buf)
        snprintf(err, errlen, "%s: not enough memory", f->path);
    else if (!read_at(f->fd, buf, *len, f->offset[at]))
        snprintf(err, errlen, "%s: block %u of the %s cannot be read: the file is cut or unreadable", f->path, k, what);
    else if (tb_block_checksum(part, side, k, buf, *len) != f->sum[run_of(f, part, side, false) + k])
        snprintf(err, errlen, "%s: block %u of the %s fails its checksum: the file is damaged", f->path, k, what);
    else
        return buf;
    free(buf);
    return NULL;
}

bool tbf_read_search(const TbFile *f, int side, uint32_t k, uint8_t *wsym, char *err, size_t errlen)
{
    size_t len;
    uint8_t *buf = k < f->blocks ? read_block(f, TB_PART_SEARCH, side, k, &len, err, errlen) : NULL;
    if (k >= f->blocks)
        snprintf(err, errlen, "%s: no block %u", f->path, k);
    bool ok = buf && tb_decode_search(&f->model, buf, len, wsym, tbf_block_size(f, k));
    if (buf && !ok)
        snprintf(err, errlen, "%s: block %u of the search part does not decode: the file is damaged", f->path, k);
    free(buf);
    return ok;
}

/* Wins at odd distances, losses at even ones: anything else is no table's. */
static bool parities_hold(const uint8_t *wsym, const uint8_t *plies, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int c = tb_sym_class(wsym[i]);
        if ((c == TB_CLASS_WIN && !(plies[i] & 1)) || (c == TB_CLASS_LOSS && (plies[i] & 1)) || plies[i] > TB_MAX_PLIES)
            return false;
    }
    return true;
}

bool tbf_read_distance(const TbFile *f, int side, uint32_t k, const uint8_t *wsym, uint8_t *plies, char *err, size_t errlen)
{
    size_t len, n = tbf_dblock_size(f, k);
    uint8_t *buf = k < f->dblocks ? read_block(f, TB_PART_DISTANCE, side, k, &len, err, errlen) : NULL;
    if (k >= f->dblocks)
        snprintf(err, errlen, "%s: no block %u", f->path, k);
    bool ok = buf && tb_decode_distance(&f->model, buf, len, wsym, plies, n) && parities_hold(wsym, plies, n);
    if (buf && !ok)
        snprintf(err, errlen, "%s: block %u of the distances does not decode: the file is damaged", f->path, k);
    free(buf);
    return ok;
}

bool tbf_read_search_of(const TbFile *f, int side, uint32_t k, uint32_t have, const uint8_t *had, uint8_t *wsym, char *err,
                        size_t errlen)
{
    uint32_t per = 1u << (f->dblock_log2 - f->block_log2), first = k * per;
    bool ok = k < f->dblocks;
    if (!ok)
        snprintf(err, errlen, "%s: no block %u", f->path, k);
    for (uint32_t j = first; ok && j < first + per && j < f->blocks; j++) {
        uint8_t *to = wsym + ((size_t)(j - first) << f->block_log2);
        if (j == have)
            memcpy(to, had, tbf_block_size(f, j));
        else
            ok = tbf_read_search(f, side, j, to, err, errlen);
    }
    return ok;
}

/* A position's one-byte value from its search symbol and distance. */
static uint8_t value_of(uint8_t wsym, uint8_t plies)
{
    int c = tb_sym_class(wsym);
    return c == TB_CLASS_DRAW ? TB_DRAW : c == TB_CLASS_NONE ? TB_NONE : tb_value(plies);
}

/* Every block of f into t's values and flags (allocated here), a distance block and the search blocks it covers at a time. */
static bool decode_all(TbFile *f, TbTable *t, char *err, size_t errlen)
{
    uint64_t n = t->layout.size;
    size_t fbytes = t->has_flags ? (size_t)((2 * n + 3) / 4) : 0, per = (size_t)1 << f->dblock_log2;
    t->block = calloc(1, (size_t)(2 * n) + fbytes);
    uint8_t *wsym = malloc(per), *plies = malloc(per);
    bool ok = t->block && wsym && plies;
    uint8_t *flags = ok && fbytes ? (uint8_t *)t->block + 2 * n : NULL;
    if (!ok)
        snprintf(err, errlen, "%s: not enough memory", f->path);
    for (int side = 0; ok && side < 2; side++) {
        t->values[side] = (uint8_t *)t->block + (size_t)side * n;
        for (uint32_t k = 0; ok && k < f->dblocks; k++) {
            ok = tbf_read_search_of(f, side, k, UINT32_MAX, NULL, wsym, err, errlen) &&
                 tbf_read_distance(f, side, k, wsym, plies, err, errlen);
            for (size_t i = 0, first = (size_t)k * per; ok && i < tbf_dblock_size(f, k); i++) {
                t->values[side][first + i] = value_of(wsym[i], plies[i]);
                uint64_t at = (uint64_t)side * n + first + i;
                if (flags)
                    flags[at >> 2] |= (uint8_t)(tb_sym_flags(wsym[i]) << ((at & 3) * 2));
            }
        }
    }
    free(wsym);
    free(plies);
    return ok;
}

/* Marks the numbers that are no position, where the file left them to the codec. */
static bool mark_none(TbTable *t)
{
    Board *b = board_new();
    if (!b)
        return false;
    for (uint64_t i = 0; i < t->layout.size; i++) {
        int sides = tb_position_sides(&t->layout, i, b);
        for (int side = RED; side <= BLACK; side++)
            if (!(sides >> side & 1)) {
                t->values[side][i] = TB_NONE;
                if (t->flags) {
                    uint64_t at = (uint64_t)side * t->layout.size + i;
                    t->flags[at >> 2] &= (uint8_t)~(3u << ((at & 3) * 2));
                }
            }
    }
    board_free(b);
    return true;
}

bool tb_file_is_one_byte(const char *path)
{
    int fd = read_at_open(path);
    uint8_t h[TB_HEADER_BYTES];
    bool one = fd >= 0 && read_at(fd, h, sizeof h, 0) && tb_header_format(h) == TB_FORMAT_ONE_BYTE;
    if (fd >= 0)
        read_at_close(fd);
    return one;
}

static bool read_whole(TbTable *t, const char *path, const Ending *expect, RuleSet rules, bool exact, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    if (tb_file_is_one_byte(path))
        return tb_onebyte_read(t, path, expect, rules, err, errlen);
    TbFile f;
    if (!tbf_open(&f, path, expect, rules, err, errlen))
        return false;
    *t = f.head;
    bool ok = decode_all(&f, t, err, errlen);
    if (ok) {
        t->flags = t->has_flags ? (uint8_t *)t->block + 2 * t->layout.size : NULL;
        t->bytes = (size_t)f.file_bytes;
    }
    if (ok && exact && f.filled && !mark_none(t)) {
        snprintf(err, errlen, "%s: not enough memory", path);
        ok = false;
    }
    if (!ok)
        tb_file_free(t);
    tbf_close(&f);
    return ok;
}

bool tb_file_read(TbTable *t, const char *path, const Ending *expect, RuleSet rules, char *err, size_t errlen)
{
    return read_whole(t, path, expect, rules, true, err, errlen);
}

bool tb_file_read_positions(TbTable *t, const char *path, const Ending *expect, RuleSet rules, char *err, size_t errlen)
{
    return read_whole(t, path, expect, rules, false, err, errlen);
}
