#include <stdlib.h>
#include <string.h>

#include "egtb_file.h"

/* Header fields' offsets. */
enum {
    H_MAGIC = 0, H_FORMAT = 8, H_RULES = 12, H_NAME = 16, H_MEN = 40, H_FLAGS = 44, H_SIZE = 48,
    H_COUNTS = 56, H_LONGEST = 120, H_CHECKSUM = 128,
};
static const char magic[8] = { 'C', 'H', 'U', 'H', 'A', 'N', 'T', 'B' };

const char *tb_rules_name(RuleSet r) { return r == RULES_ASIAN ? "asian" : "repetition-draw"; }

bool tb_rules_parse(const char *s, RuleSet *r)
{
    if (!strcmp(s, "asian"))
        *r = RULES_ASIAN;
    else if (!strcmp(s, "repetition-draw"))
        *r = RULES_REPETITION_DRAW;
    else
        return false;
    return true;
}

void tb_file_name(const Ending *canonical, RuleSet r, char *out, size_t len)
{
    char name[TB_NAME_MAX];
    ending_name(canonical, name);
    snprintf(out, len, "%s.%s.egtb", name, tb_rules_name(r));
}

#define put32 tb_put32
#define put64 tb_put64
#define get32 tb_get32
#define get64 tb_get64

uint64_t tb_checksum(uint64_t h, const uint8_t *data, size_t len)
{
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        h = (h ^ get64(data + i)) * 0x9E3779B97F4A7C15ull;
        h ^= h >> 29;
    }
    for (; i < len; i++)
        h = (h ^ data[i]) * 0x100000001B3ull;
    return h;
}

static size_t flag_bytes(uint64_t size) { return (size_t)((2 * size + 3) / 4); }

void tb_header_write(const TbTable *t, uint8_t out[TB_HEADER_BYTES])
{
    memset(out, 0, TB_HEADER_BYTES);
    memcpy(out + H_MAGIC, magic, sizeof magic);
    put32(out + H_FORMAT, TB_FORMAT_ONE_BYTE);
    put32(out + H_RULES, (uint32_t)t->rules);
    memcpy(out + H_NAME, t->name, strlen(t->name));
    put32(out + H_MEN, (uint32_t)t->layout.men);
    put32(out + H_FLAGS, t->has_flags);
    put64(out + H_SIZE, t->layout.size);
    const uint64_t *counts[4] = { t->stats.wins, t->stats.draws, t->stats.losses, t->stats.none };
    for (int c = 0; c < 4; c++)
        for (int s = 0; s < 2; s++)
            put64(out + H_COUNTS + 16 * c + 8 * s, counts[c][s]);
    put32(out + H_LONGEST, t->stats.longest);
}

void tb_header_seal(uint8_t h[TB_HEADER_BYTES], uint64_t checksum) { put64(h + H_CHECKSUM, checksum); }

static bool fail(TbTable *t, char *err, size_t errlen, const char *path, const char *why)
{
    snprintf(err, errlen, "%s: %s", path, why);
    tb_file_free(t);
    return false;
}

uint32_t tb_header_format(const uint8_t *h) { return memcmp(h + H_MAGIC, magic, sizeof magic) ? 0 : get32(h + H_FORMAT); }

const char *tb_header_read(TbTable *t, const uint8_t *h, const Ending *expect, RuleSet rules)
{
    if (memcmp(h + H_MAGIC, magic, sizeof magic))
        return "not a Chuhan endgame table";
    if (get32(h + H_RULES) != (uint32_t)rules)
        return "a table of the other rule set";
    memcpy(t->name, h + H_NAME, TB_NAME_MAX - 1);
    t->name[TB_NAME_MAX - 1] = 0;
    Ending e;
    char why[128];
    if (!ending_parse(t->name, &e, why, sizeof why))
        return "the header names no ending";
    if (expect && memcmp(&e, expect, sizeof e))
        return "the header names another ending";
    tb_layout(&t->layout, &e);
    if (get64(h + H_SIZE) != t->layout.size || get32(h + H_MEN) != (uint32_t)t->layout.men)
        return "the header's size does not fit its ending";
    t->rules = rules;
    t->has_flags = get32(h + H_FLAGS) & 1;
    uint64_t *counts[4] = { t->stats.wins, t->stats.draws, t->stats.losses, t->stats.none };
    for (int c = 0; c < 4; c++)
        for (int s = 0; s < 2; s++)
            counts[c][s] = get64(h + H_COUNTS + 16 * c + 8 * s);
    t->stats.longest = get32(h + H_LONGEST);
    return NULL;
}

bool tb_onebyte_read(TbTable *t, const char *path, const Ending *expect, RuleSet rules, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    FILE *f = fopen(path, "rb");
    if (!f)
        return fail(t, err, errlen, path, "cannot be opened");
    uint8_t h[TB_HEADER_BYTES];
    const char *why = fread(h, 1, sizeof h, f) != sizeof h            ? "too short"
                      : tb_header_format(h) != TB_FORMAT_ONE_BYTE ? "not a one-byte table"
                                                                  : tb_header_read(t, h, expect, rules);
    if (why) {
        fclose(f);
        return fail(t, err, errlen, path, why);
    }
    uint64_t size = t->layout.size;
    size_t bytes = (size_t)(2 * size) + (t->has_flags ? flag_bytes(size) : 0);
    t->block = malloc(bytes + 1);
    if (!t->block) {
        fclose(f);
        return fail(t, err, errlen, path, "not enough memory");
    }
    size_t got = fread(t->block, 1, bytes + 1, f);
    fclose(f);
    if (got != bytes)
        return fail(t, err, errlen, path, got < bytes ? "truncated" : "longer than its header says");
    uint64_t sum = get64(h + H_CHECKSUM);
    put64(h + H_CHECKSUM, 0);
    if (tb_checksum(tb_checksum(0, h, sizeof h), t->block, bytes) != sum)
        return fail(t, err, errlen, path, "checksum mismatch: the file is damaged");
    t->bytes = bytes + TB_HEADER_BYTES;
    t->values[RED] = t->block;
    t->values[BLACK] = (uint8_t *)t->block + size;
    t->flags = t->has_flags ? (uint8_t *)t->block + 2 * size : NULL;
    return true;
}

void tb_file_free(TbTable *t)
{
    free(t->block);
    memset(t, 0, sizeof *t);
}
