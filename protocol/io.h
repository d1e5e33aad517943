/* Line input and serialized, flushed output for the protocol loop. */
#ifndef CHUHAN_IO_H
#define CHUHAN_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum { LINE_MAX_BYTES = 1 << 20 };

typedef enum { LINE_OK, LINE_EOF, LINE_TOO_LONG, LINE_BINARY } LineStatus;

/* Where lines come from; after_cr: the last line ended in a CR, and an LF right after it belongs to that line. */
typedef struct {
    FILE *in;
    bool after_cr;
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
void out_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* For output built in pieces: holds the output lock while it is built. */
void out_begin(void);
void out_text(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void out_end(void); /* ends the line, flushes, releases */
/* The stream behind out_*, for code that prints to a FILE between out_begin() and out_end(). */
FILE *out_stream(void);

/* Appends every line read and written, with its time, to path; "" stops. False (log unchanged) if it cannot be opened. */
bool io_log_open(const char *path, char *err, size_t errlen);

/* Sends output somewhere else (tests); NULL restores stdout. */
void out_redirect(FILE *f);

#endif
