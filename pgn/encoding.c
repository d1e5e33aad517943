/*
 * Encodings of game files. Most Chinese game files are in GB2312 or GBK,
 * both contained in GB18030; newer ones are in UTF-8. Chinese text in GB
 * bytes is almost never valid UTF-8, so validity decides which it is.
 */
#include <iconv.h>
#include <stdlib.h>
#include <string.h>

#include "pgn.h"

/* Whether the bytes are well-formed UTF-8 (no overlong forms, surrogates or points beyond U+10FFFF). */
static bool valid_utf8(const unsigned char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        unsigned c = s[i];
        size_t len = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
        if (!len || i + len > n || (len == 2 && c < 0xC2) || c > 0xF4)
            return false;
        for (size_t k = 1; k < len; k++)
            if ((s[i + k] & 0xC0) != 0x80)
                return false;
        if ((c == 0xE0 && s[i + 1] < 0xA0) || (c == 0xED && s[i + 1] > 0x9F) || (c == 0xF0 && s[i + 1] < 0x90)
            || (c == 0xF4 && s[i + 1] > 0x8F))
            return false;
        i += len;
    }
    return true;
}

/*
 * Converts n bytes between encodings into a fresh buffer. Any character
 * takes at most twice its bytes in the other encoding (UTF-8 to GB18030:
 * two bytes to four at worst), so one buffer always suffices.
 */
static char *convert(const char *from, const char *to, const char *in, size_t n, size_t *outlen)
{
    iconv_t cd = iconv_open(to, from);
    if (cd == (iconv_t)-1)
        return NULL;
    size_t cap = 2 * n + 16, left = cap;
    char *out = malloc(cap + 1), *ip = (char *)in, *op = out;
    size_t r = out ? iconv(cd, &ip, &n, &op, &left) : (size_t)-1;
    iconv_close(cd);
    if (r == (size_t)-1) {
        free(out);
        return NULL;
    }
    *op = 0;
    if (outlen)
        *outlen = (size_t)(op - out);
    return out;
}

char *text_to_utf8(const char *bytes, size_t n)
{
    static const char bom[] = "\xEF\xBB\xBF";
    if (n >= 3 && !memcmp(bytes, bom, 3)) {
        bytes += 3;
        n -= 3;
    }
    if (!valid_utf8((const unsigned char *)bytes, n))
        return convert("GB18030", "UTF-8", bytes, n, NULL);
    char *copy = malloc(n + 1);
    if (copy) {
        memcpy(copy, bytes, n);
        copy[n] = 0;
    }
    return copy;
}

char *utf8_to(const char *encoding, const char *text, size_t n, size_t *outlen)
{
    return convert("UTF-8", encoding, text, n, outlen);
}
