/*
 * Endgame tables, the file: one ending under one rule set, a value for every
 * number of its index (egtb_index.h) and each side to move.
 *
 * A value is one byte for the side to move: 0 a draw, 255 no position (men
 * on one point, the generals facing, the side not to move in check), else
 * the distance to the end in plies plus one: odd distances are wins (the
 * side to move gives mate, or makes the last move of the rule's verdict, at
 * that ply), even ones losses (0: mated or stalemated now). Beside the
 * values, two bits a position where any is set: the result stands only by
 * the perpetual-check rule, and the result is beyond the natural limit (a
 * win the winner cannot force to a mate or a capture that keeps it within
 * the limit, or a loss the loser can stretch past it).
 *
 * Layout, all numbers little-endian: a 160-byte header (egtb_file.c), the
 * values of red to move then black to move, then the bits packed four
 * positions a byte if the header says so. The header's checksum covers the
 * header (checksum zeroed) and everything after it.
 */
#ifndef CHUHAN_EGTB_FILE_H
#define CHUHAN_EGTB_FILE_H

#include <stdio.h>

#include "egtb_index.h"
#include "../board/rules.h"

enum { TB_DRAW = 0, TB_NONE = 255, TB_MAX_PLIES = 253 };
enum { TB_FLAG_RULE = 1, TB_FLAG_LIMIT = 2 };
/* Format 1 is this file's, one byte a position; format 3 is compressed (egtb_cfile.h). */
enum { TB_FORMAT_ONE_BYTE = 1, TB_HEADER_BYTES = 160 };

static inline bool tb_decided(uint8_t v) { return v != TB_DRAW && v != TB_NONE; }
static inline int tb_plies(uint8_t v) { return v - 1; }
static inline bool tb_win(uint8_t v) { return tb_decided(v) && (tb_plies(v) & 1); }
static inline bool tb_loss(uint8_t v) { return tb_decided(v) && !(tb_plies(v) & 1); }
static inline uint8_t tb_value(int plies) { return (uint8_t)(plies + 1); }

/* What a table says of its positions, for each side to move. */
typedef struct {
    uint64_t wins[2], draws[2], losses[2], none[2];
    uint32_t longest; /* the longest distance in plies */
} TbStats;

typedef struct {
    char name[TB_NAME_MAX];
    RuleSet rules;
    TbLayout layout;
    TbStats stats;
    bool has_flags;
    uint8_t *values[2];
    uint8_t *flags;       /* two bits a position (red's numbers, then black's), or NULL */
    void *block;          /* the file as read */
    size_t bytes;
} TbTable;

static inline uint8_t tb_flags(const TbTable *t, int side, uint64_t index)
{
    if (!t->flags)
        return 0;
    uint64_t i = (uint64_t)side * t->layout.size + index;
    return (uint8_t)(t->flags[i >> 2] >> ((i & 3) * 2) & 3);
}

/* The word rules.h's rule sets go by in names and options: "asian", "repetition-draw". */
const char *tb_rules_name(RuleSet r);
bool tb_rules_parse(const char *s, RuleSet *r);
/* The file's name in a folder: "KRkaa.asian.egtb". */
void tb_file_name(const Ending *canonical, RuleSet r, char *out, size_t len);

/* The checksum of the header and the data (64-bit, word at a time). */
uint64_t tb_checksum(uint64_t h, const uint8_t *data, size_t len);
/* The header's bytes for a table; its checksum field left zero. */
void tb_header_write(const TbTable *t, uint8_t out[TB_HEADER_BYTES]);
/* Writes the checksum of header and data into the header. */
void tb_header_seal(uint8_t h[TB_HEADER_BYTES], uint64_t checksum);

static inline void tb_put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}

static inline void tb_put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}

static inline uint32_t tb_get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint64_t tb_get64(const uint8_t *p) { return (uint64_t)tb_get32(p) | (uint64_t)tb_get32(p + 4) << 32; }

/* The format version of a header that starts with the magic, 0 for none. */
uint32_t tb_header_format(const uint8_t *h);
/*
 * The fields both formats share (magic, rule set, ending, size, counts) into
 * t, or the reason the header is no table of ours or not the one expected
 * (`expect` may be NULL).
 */
const char *tb_header_read(TbTable *t, const uint8_t *h, const Ending *expect, RuleSet rules);

/*
 * Reads a one-byte table whole, checking header, size and checksum; on
 * failure says why and returns false, t left empty. `expect` (may be NULL)
 * is the ending the file must hold. egtb_cfile.h reads either format.
 */
bool tb_onebyte_read(TbTable *t, const char *path, const Ending *expect, RuleSet rules, char *err, size_t errlen);
void tb_file_free(TbTable *t);

#endif
