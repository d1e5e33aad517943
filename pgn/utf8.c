/* UTF-8 scalars, read strictly: a file that is not well-formed UTF-8 is taken for GB18030. */
#include "utf8.h"

size_t utf8_read_scalar(const unsigned char *s, size_t n, uint32_t *cp)
{
    /* Each length's lowest point: anything below it has a shorter, canonical form. */
    static const uint32_t least[5] = { 0, 0, 0x80, 0x800, 0x10000 };
    unsigned c = s[0];
    size_t len = c < 0x80 ? 1 : c < 0xC0 ? 0 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : c < 0xF8 ? 4 : 0;
    if (!len || len > n)
        return 0;
    uint32_t point = len == 1 ? c : c & (0x7Fu >> len);
    for (size_t k = 1; k < len; k++) {
        if ((s[k] & 0xC0) != 0x80)
            return 0;
        point = point << 6 | (s[k] & 0x3Fu);
    }
    if (point < least[len] || point > 0x10FFFF || (point >= 0xD800 && point <= 0xDFFF))
        return 0;
    *cp = point;
    return len;
}

size_t utf8_write_scalar(uint32_t cp, unsigned char *out)
{
    if (cp < 0x80) {
        out[0] = (unsigned char)cp;
        return 1;
    }
    static const unsigned char lead[5] = { 0, 0, 0xC0, 0xE0, 0xF0 };
    size_t len = cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    for (size_t k = len - 1; k > 0; k--, cp >>= 6)
        out[k] = (unsigned char)(0x80 | (cp & 0x3F));
    out[0] = (unsigned char)(lead[len] | cp);
    return len;
}
