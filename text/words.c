#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>

#include "words.h"

int split_words(char *line, Words *w)
{
    size_t n = 0;
    char *p = line;
    for (;;) {
        while (*p && (unsigned char)*p <= ' ')
            p++;
        if (!*p)
            break;
        if (n == w->cap) {
            size_t grown = w->cap ? w->cap * 2 : 64;
            char **fresh = realloc(w->word, grown * sizeof *fresh);
            if (!fresh)
                break;
            w->word = fresh;
            w->cap = grown;
        }
        w->word[n++] = p;
        while (*p && (unsigned char)*p > ' ')
            p++;
        if (*p)
            *p++ = 0;
    }
    return (int)n;
}

void words_free(Words *w)
{
    free(w->word);
    w->word = NULL;
    w->cap = 0;
}

bool parse_number(const char *s, long long lo, long long hi, bool clamp, long long *out)
{
    const char *p = s;
    bool neg = *p == '-';
    if (*p == '-' || *p == '+')
        p++;
    if (!isdigit((unsigned char)*p))
        return false;
    long long v = 0;
    bool huge = false;
    for (; isdigit((unsigned char)*p); p++) {
        if (v > (INT64_MAX - 9) / 10)
            huge = true;
        else
            v = v * 10 + (*p - '0');
    }
    if (*p)
        return false;
    if (neg)
        v = -v;
    if (huge)
        v = neg ? INT64_MIN : INT64_MAX;
    if (v < lo || (v > hi && !clamp))
        return false;
    if (v > hi)
        v = hi;
    *out = v;
    return true;
}
