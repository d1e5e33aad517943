#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "io.h"

static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;
static FILE *out_file;

static FILE *out(void) { return out_file ? out_file : stdout; }

FILE *out_stream(void) { return out(); }

void out_redirect(FILE *f) { out_file = f; }

LineStatus read_line(FILE *in, char **line)
{
    static char *buf;
    static size_t cap;
    size_t len = 0;
    bool too_long = false, binary = false;
    int c;
    while ((c = getc(in)) != EOF && c != '\n') {
        if (c == '\r') {
            /* A lone CR ends the line too; CR LF counts once. */
            int next = getc(in);
            if (next != '\n' && next != EOF)
                ungetc(next, in);
            break;
        }
        if (c == 0)
            binary = true;
        if (too_long)
            continue;
        if (len + 1 >= cap) {
            size_t grown = cap ? cap * 2 : 256;
            char *fresh = grown <= LINE_MAX_BYTES ? realloc(buf, grown) : NULL;
            if (!fresh) {
                too_long = true;
                continue;
            }
            buf = fresh;
            cap = grown;
        }
        buf[len++] = (char)c;
    }
    if (c == EOF && len == 0 && !too_long && !binary)
        return LINE_EOF;
    if (!buf) {
        buf = malloc(1);
        cap = buf ? 1 : 0;
        if (!buf)
            return LINE_TOO_LONG;
    }
    buf[too_long ? 0 : len] = 0;
    *line = buf;
    return too_long ? LINE_TOO_LONG : binary ? LINE_BINARY : LINE_OK;
}

void out_begin(void) { pthread_mutex_lock(&out_lock); }

void out_text(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(out(), fmt, ap);
    va_end(ap);
}

void out_end(void)
{
    fputc('\n', out());
    fflush(out());
    pthread_mutex_unlock(&out_lock);
}

void out_line(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pthread_mutex_lock(&out_lock);
    vfprintf(out(), fmt, ap);
    fputc('\n', out());
    fflush(out());
    pthread_mutex_unlock(&out_lock);
    va_end(ap);
}
