/* Line input and serialized, flushed output for the protocol loop. */
#ifndef CHUHAN_IO_H
#define CHUHAN_IO_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum { LINE_MAX_BYTES = 1 << 20 };

typedef enum { LINE_OK, LINE_EOF, LINE_TOO_LONG, LINE_BINARY } LineStatus;

/*
 * Where a session's lines go, each its own: the stream (stdout, or a
 * test's), the log the Debug Log File option opens (every line in and out,
 * with its time), and the lock that keeps a line whole.
 */
typedef struct {
    pthread_mutex_t lock;
    FILE *file;
    FILE *log; /* NULL: none */
} Output;

void output_init(Output *o, FILE *file);
void output_free(Output *o); /* closes the log */

/*
 * Where lines come from; after_cr: the last line ended in a CR, and an LF
 * right after it belongs to that line. log: the output whose log records
 * each line read, or NULL.
 */
typedef struct {
    FILE *in;
    bool after_cr;
    Output *log;
} LineReader;

/* A line's text, in a buffer of its own that grows up to LINE_MAX_BYTES. */
typedef struct {
    char *text;
    size_t cap;
} LineBuf;

/*
 * Reads one line into b->text, without its end-of-line (LF, CRLF or a lone
 * CR, which ends the line at once). A longer line is read to its end and
 * thrown away (LINE_TOO_LONG); one holding a NUL byte is thrown away too
 * (LINE_BINARY).
 */
LineStatus read_line(LineReader *r, LineBuf *b);
void line_buf_free(LineBuf *b);

/*
 * Without blocking: whether input is at hand (a line, or the end of the
 * input) for a build without threads, which looks while it searches. Such a
 * line is read whole once it has begun. Builds with threads read in a thread
 * of their own and never ask: there it is always false.
 */
bool line_waiting(const LineReader *r);

/*
 * Writes one whole line and flushes it. Calls from the search thread and the
 * input thread never interleave within a line.
 */
void out_line(Output *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* For output built in pieces: holds the output lock while it is built. */
void out_begin(Output *o);
void out_text(Output *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void out_end(Output *o); /* ends the line, flushes, releases */
/* The stream behind out_*, for code that prints to a FILE between out_begin() and out_end(). */
FILE *out_stream(Output *o);

/* Appends every line read and written, with its time, to path; "" stops. False (log unchanged) if it cannot be opened. */
bool io_log_open(Output *o, const char *path, char *err, size_t errlen);

#endif
