#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "io.h"

static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;
static FILE *out_file;
static FILE *log_file; /* Debug Log File: every line in and out, under out_lock */

static FILE *out(void) { return out_file ? out_file : stdout; }

FILE *out_stream(void) { return out(); }

void out_redirect(FILE *f) { out_file = f; }

/* Starts a log line: the wall-clock time to the millisecond and the direction. */
static void log_stamp(char direction)
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
    fprintf(log_file, "%04d-%02d-%02d %02d:%02d:%02d.%03ld %c ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
            tm.tm_hour, tm.tm_min, tm.tm_sec, ts.tv_nsec / 1000000, direction);
}

bool io_log_open(const char *path, char *err, size_t errlen)
{
    FILE *fresh = NULL;
    if (*path && !(fresh = fopen(path, "a"))) {
        snprintf(err, errlen, "cannot open the log file '%.200s'", path);
        return false;
    }
    pthread_mutex_lock(&out_lock);
    if (log_file)
        fclose(log_file);
    log_file = fresh;
    pthread_mutex_unlock(&out_lock);
    return true;
}

static void log_input(const char *line)
{
    pthread_mutex_lock(&out_lock);
    if (log_file) {
        log_stamp('<');
        fprintf(log_file, "%s\n", line);
        fflush(log_file);
    }
    pthread_mutex_unlock(&out_lock);
}

static LineStatus read_raw_line(FILE *in, char **line)
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

LineStatus read_line(FILE *in, char **line)
{
    LineStatus st = read_raw_line(in, line);
    if (st == LINE_OK)
        log_input(*line);
    return st;
}

void out_begin(void)
{
    pthread_mutex_lock(&out_lock);
    if (log_file)
        log_stamp('>');
}

static void out_va(const char *fmt, va_list ap)
{
    if (log_file) {
        va_list copy;
        va_copy(copy, ap);
        vfprintf(log_file, fmt, copy);
        va_end(copy);
    }
    vfprintf(out(), fmt, ap);
}

void out_text(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    out_va(fmt, ap);
    va_end(ap);
}

void out_end(void)
{
    fputc('\n', out());
    fflush(out());
    if (log_file) {
        fputc('\n', log_file);
        fflush(log_file);
    }
    pthread_mutex_unlock(&out_lock);
}

void out_line(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    out_begin();
    out_va(fmt, ap);
    va_end(ap);
    out_end();
}
