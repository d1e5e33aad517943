#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __wasi__
#include <poll.h>
#include <stdio_ext.h>
#endif

#include "io.h"

void output_init(Output *o, FILE *file)
{
    pthread_mutex_init(&o->lock, NULL);
    o->file = file;
    o->log = NULL;
}

void output_free(Output *o)
{
    if (o->log)
        fclose(o->log);
    o->log = NULL;
    pthread_mutex_destroy(&o->lock);
}

FILE *out_stream(Output *o) { return o->file; }

/* Starts a log line: the wall-clock time to the millisecond and the direction. */
static void log_stamp(FILE *log, char direction)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    struct tm tm;
    time_t sec = ts.tv_sec;
#ifdef _WIN32
    localtime_s(&tm, &sec);
#else
    localtime_r(&sec, &tm);
#endif
    fprintf(log, "%04d-%02d-%02d %02d:%02d:%02d.%03ld %c ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
            tm.tm_hour, tm.tm_min, tm.tm_sec, ts.tv_nsec / 1000000, direction);
}

bool io_log_open(Output *o, const char *path, char *err, size_t errlen)
{
    FILE *fresh = NULL;
    if (*path && !(fresh = fopen(path, "a"))) {
        snprintf(err, errlen, "cannot open the log file '%.200s'", path);
        return false;
    }
    pthread_mutex_lock(&o->lock);
    if (o->log)
        fclose(o->log);
    o->log = fresh;
    pthread_mutex_unlock(&o->lock);
    return true;
}

static void log_input(Output *o, const char *line)
{
    pthread_mutex_lock(&o->lock);
    if (o->log) {
        log_stamp(o->log, '<');
        fprintf(o->log, "%s\n", line);
        fflush(o->log);
    }
    pthread_mutex_unlock(&o->lock);
}

static LineStatus read_raw_line(LineReader *r, LineBuf *b)
{
    size_t len = 0;
    bool too_long = false, binary = false;
    int c = getc(r->in);
    if (r->after_cr && c == '\n')
        c = getc(r->in); /* the LF of a CR LF */
    r->after_cr = false;
    for (; c != EOF && c != '\n'; c = getc(r->in)) {
        if (c == '\r') {
            /* A lone CR ends the line too, without waiting to see what follows. */
            r->after_cr = true;
            break;
        }
        if (c == 0)
            binary = true;
        if (too_long)
            continue;
        if (len + 1 >= b->cap) {
            size_t grown = b->cap ? b->cap * 2 : 256;
            char *fresh = grown <= LINE_MAX_BYTES ? realloc(b->text, grown) : NULL;
            if (!fresh) {
                too_long = true;
                continue;
            }
            b->text = fresh;
            b->cap = grown;
        }
        b->text[len++] = (char)c;
    }
    if (c == EOF && len == 0 && !too_long && !binary)
        return LINE_EOF;
    if (!b->text) {
        b->text = malloc(1);
        b->cap = b->text ? 1 : 0;
        if (!b->text)
            return LINE_TOO_LONG;
    }
    b->text[too_long ? 0 : len] = 0;
    return too_long ? LINE_TOO_LONG : binary ? LINE_BINARY : LINE_OK;
}

LineStatus read_line(LineReader *r, LineBuf *b)
{
    LineStatus st = read_raw_line(r, b);
    if (st == LINE_OK && r->log)
        log_input(r->log, b->text);
    return st;
}

void line_buf_free(LineBuf *b)
{
    free(b->text);
    b->text = NULL;
    b->cap = 0;
}

#ifdef __wasi__
bool line_waiting(const LineReader *r)
{
    /* Bytes stdio has read already, then the descriptor: one that cannot be watched (a file) has its next byte at hand. */
    if (__freadahead(r->in) > 0)
        return true;
    struct pollfd p = { .fd = fileno(r->in), .events = POLLIN };
    return poll(&p, 1, 0) != 0;
}
#else
bool line_waiting(const LineReader *r)
{
    (void)r;
    return false;
}
#endif

void out_begin(Output *o)
{
    pthread_mutex_lock(&o->lock);
    if (o->log)
        log_stamp(o->log, '>');
}

static void out_va(Output *o, const char *fmt, va_list ap)
{
    if (o->log) {
        va_list copy;
        va_copy(copy, ap);
        vfprintf(o->log, fmt, copy);
        va_end(copy);
    }
    vfprintf(o->file, fmt, ap);
}

void out_text(Output *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    out_va(o, fmt, ap);
    va_end(ap);
}

void out_end(Output *o)
{
    fputc('\n', o->file);
    fflush(o->file);
    if (o->log) {
        fputc('\n', o->log);
        fflush(o->log);
    }
    pthread_mutex_unlock(&o->lock);
}

void out_line(Output *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    out_begin(o);
    out_va(o, fmt, ap);
    va_end(ap);
    out_end(o);
}
