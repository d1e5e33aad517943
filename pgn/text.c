/* Text growing in memory, where games are written before they go to a file or are converted. */
#include <stdlib.h>
#include <string.h>

#include "pgn.h"

void pgn_text_add(PgnText *t, const char *s, size_t n)
{
    if (t->failed)
        return;
    if (n >= t->cap - t->len) {
        size_t cap = t->cap ? t->cap : 256;
        while (n >= cap - t->len && cap <= SIZE_MAX / 2)
            cap *= 2;
        char *grown = n < cap - t->len ? realloc(t->data, cap) : NULL;
        if (!grown) {
            t->failed = true;
            return;
        }
        t->data = grown;
        t->cap = cap;
    }
    memcpy(t->data + t->len, s, n);
    t->len += n;
    t->data[t->len] = 0;
}
