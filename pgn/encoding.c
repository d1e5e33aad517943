/*
 * Encodings of game files. Most Chinese game files are in GB2312 or GBK,
 * both contained in GB18030; newer ones are in UTF-8. Chinese text in GB
 * bytes is almost never valid UTF-8, so validity decides which it is.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gb18030.h"
#include "pgn.h"
#include "utf8.h"

static bool valid_utf8(const unsigned char *s, size_t n)
{
    uint32_t cp;
    for (size_t i = 0; i < n;) {
        size_t len = utf8_read_scalar(s + i, n - i, &cp);
        if (!len)
            return false;
        i += len;
    }
    return true;
}

/* A NUL-terminated copy. */
static char *copy_text(const char *text, size_t n, size_t *outlen)
{
    char *copy = malloc(n + 1);
    if (!copy)
        return NULL;
    memcpy(copy, text, n);
    copy[n] = 0;
    if (outlen)
        *outlen = n;
    return copy;
}

char *text_to_utf8(const char *bytes, size_t n)
{
    static const char bom[] = "\xEF\xBB\xBF";
    if (n >= 3 && !memcmp(bytes, bom, 3)) {
        bytes += 3;
        n -= 3;
    }
    if (valid_utf8((const unsigned char *)bytes, n))
        return copy_text(bytes, n, NULL);
    return gb18030_to_utf8(bytes, n, NULL);
}

char *utf8_to(const char *encoding, const char *text, size_t n, size_t *outlen)
{
    if (!strcasecmp(encoding, "UTF-8"))
        return valid_utf8((const unsigned char *)text, n) ? copy_text(text, n, outlen) : NULL;
    if (!strcasecmp(encoding, "GB18030"))
        return utf8_to_gb18030(text, n, outlen);
    return NULL;
}
