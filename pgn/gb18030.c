/*
 * GB18030, the Chinese national encoding that contains GB2312 and GBK. A
 * character takes one byte (ASCII), two (lead 0x81-0xFE, trail 0x40-0x7E or
 * 0x80-0xFE) or four (0x81-0xFE, 0x30-0x39, 0x81-0xFE, 0x30-0x39). The two-
 * byte codes are listed in pgn/gb18030.bin (tools/gb18030-table). The four-
 * byte codes need no list: numbered in order from 81 30 81 30, those up to
 * 84 31 A4 39 stand in order for the points of the Basic Multilingual Plane
 * from U+0080 that no two-byte code takes (surrogates aside), and those from
 * 90 30 81 30 for U+10000 onwards.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gb18030.h"
#include "utf8.h"

/* Made from pgn/gb18030.bin by the build: a little-endian point for each two-byte code. */
extern const unsigned char gb18030_table[];
extern const size_t gb18030_table_size;

enum {
    TRAILS = 190,
    TWO_BYTE_CODES = 126 * TRAILS,
    SURROGATES = 0xE000 - 0xD800,
    FOUR_BYTE_BMP = 0x10000 - 0x80 - SURROGATES - TWO_BYTE_CODES, /* 39,420 */
    FOUR_BYTE_LEAD = 10 * 126 * 10,                               /* four-byte codes to a first byte */
    FOUR_BYTE_SUPPLEMENTARY = (0x90 - 0x81) * FOUR_BYTE_LEAD,     /* the number of 90 30 81 30 */
    NOT_YET = UINT16_MAX,
};

/*
 * What the table does not give directly, made for each conversion that
 * needs it (in well under a millisecond) so that no state is shared between
 * threads or engines. `number` places each BMP point from U+0080 (surrogates
 * aside) among the codes, two-byte ones first: below TWO_BYTE_CODES the index
 * of its two-byte code, from there TWO_BYTE_CODES plus its four-byte number.
 * `point` is the point of each four-byte number below FOUR_BYTE_BMP.
 */
typedef struct {
    uint16_t *number;
    uint16_t *point;
    bool failed;
} Maps;

static uint32_t two_byte_point(unsigned index)
{
    return gb18030_table[2 * index] | (uint32_t)gb18030_table[2 * index + 1] << 8;
}

/*
 * The points no two-byte code takes are numbered in order. A table that
 * leaves other than FOUR_BYTE_BMP of them (a point taken twice, or one below
 * U+0080 or among the surrogates) is refused.
 */
static bool fill_maps(Maps *m)
{
    memset(m->number, 0xFF, 0x10000 * sizeof *m->number);
    for (unsigned i = 0; i < TWO_BYTE_CODES; i++)
        m->number[two_byte_point(i)] = (uint16_t)i;
    unsigned count = 0;
    for (uint32_t cp = 0x80; cp < 0x10000; cp++) {
        if ((cp >= 0xD800 && cp < 0xE000) || m->number[cp] != NOT_YET)
            continue;
        if (count == FOUR_BYTE_BMP)
            return false;
        m->number[cp] = (uint16_t)(TWO_BYTE_CODES + count);
        m->point[count++] = (uint16_t)cp;
    }
    return count == FOUR_BYTE_BMP;
}

static bool need_maps(Maps *m)
{
    if (m->number || m->failed)
        return !m->failed;
    m->number = malloc(0x10000 * sizeof *m->number);
    m->point = malloc(FOUR_BYTE_BMP * sizeof *m->point);
    m->failed = !m->number || !m->point || !fill_maps(m);
    return !m->failed;
}

/* The four-byte code's number: its bytes as digits of bases 10, 126 and 10. */
static uint32_t four_byte_number(const unsigned char *s)
{
    return (((uint32_t)(s[0] - 0x81) * 10 + (s[1] - 0x30)) * 126 + (s[2] - 0x81)) * 10 + (s[3] - 0x30);
}

/* Reads the code at s (n > 0 bytes left) into *cp and returns its length; 0 when it is no code, or the maps cannot be made. */
static size_t gb18030_read(const unsigned char *s, size_t n, Maps *m, uint32_t *cp)
{
    if (s[0] < 0x80) {
        *cp = s[0];
        return 1;
    }
    if (s[0] == 0x80 || s[0] == 0xFF || n < 2)
        return 0;
    unsigned b = s[1];
    if (b >= 0x40 && b <= 0xFE && b != 0x7F) {
        *cp = two_byte_point((s[0] - 0x81u) * TRAILS + b - (b < 0x7F ? 0x40 : 0x41));
        return 2;
    }
    if (b < 0x30 || b > 0x39 || n < 4 || s[2] < 0x81 || s[2] == 0xFF || s[3] < 0x30 || s[3] > 0x39)
        return 0;
    uint32_t number = four_byte_number(s);
    if (number < FOUR_BYTE_BMP && need_maps(m))
        *cp = m->point[number];
    else if (number >= FOUR_BYTE_SUPPLEMENTARY && number - FOUR_BYTE_SUPPLEMENTARY <= 0x10FFFF - 0x10000)
        *cp = 0x10000 + number - FOUR_BYTE_SUPPLEMENTARY;
    else
        return 0;
    return 4;
}

static size_t write_four_bytes(uint32_t number, unsigned char *out)
{
    out[3] = (unsigned char)(0x30 + number % 10);
    number /= 10;
    out[2] = (unsigned char)(0x81 + number % 126);
    number /= 126;
    out[1] = (unsigned char)(0x30 + number % 10);
    out[0] = (unsigned char)(0x81 + number / 10);
    return 4;
}

/* Writes the code of a scalar and returns its length, or 0 when the maps cannot be made. */
static size_t gb18030_write(uint32_t cp, Maps *m, unsigned char *out)
{
    if (cp < 0x80) {
        out[0] = (unsigned char)cp;
        return 1;
    }
    if (cp >= 0x10000)
        return write_four_bytes(FOUR_BYTE_SUPPLEMENTARY + cp - 0x10000, out);
    if (!need_maps(m))
        return 0;
    unsigned number = m->number[cp];
    if (number >= TWO_BYTE_CODES)
        return write_four_bytes(number - TWO_BYTE_CODES, out);
    unsigned trail = number % TRAILS;
    out[0] = (unsigned char)(0x81 + number / TRAILS);
    out[1] = (unsigned char)(trail + (trail < 0x7F - 0x40 ? 0x40 : 0x41));
    return 2;
}

/*
 * One scalar at a time, read in one encoding and written in the other. No
 * character takes more than twice its bytes in the other encoding (two UTF-8
 * bytes become four at worst), so one buffer suffices.
 */
static char *convert(const char *in, size_t n, bool to_gb18030, size_t *outlen)
{
    if (gb18030_table_size != 2 * TWO_BYTE_CODES || n > (SIZE_MAX - 1) / 2)
        return NULL;
    const unsigned char *s = (const unsigned char *)in;
    unsigned char *out = malloc(2 * n + 1);
    Maps maps = { 0 };
    size_t i = 0, o = 0;
    while (out && i < n) {
        uint32_t cp;
        size_t read = to_gb18030 ? utf8_read_scalar(s + i, n - i, &cp) : gb18030_read(s + i, n - i, &maps, &cp);
        size_t wrote = !read ? 0 : to_gb18030 ? gb18030_write(cp, &maps, out + o) : utf8_write_scalar(cp, out + o);
        if (!wrote) {
            free(out);
            out = NULL;
        }
        i += read;
        o += wrote;
    }
    free(maps.number);
    free(maps.point);
    if (!out)
        return NULL;
    out[o] = 0;
    if (outlen)
        *outlen = o;
    return (char *)out;
}

char *gb18030_to_utf8(const char *in, size_t n, size_t *outlen)
{
    return convert(in, n, false, outlen);
}

char *utf8_to_gb18030(const char *in, size_t n, size_t *outlen)
{
    return convert(in, n, true, outlen);
}
