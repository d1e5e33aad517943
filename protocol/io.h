/* Line input and serialized, flushed output for the protocol loop. */
#ifndef CHUHAN_IO_H
#define CHUHAN_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum { LINE_MAX_BYTES = 1 << 20 };

typedef enum { LINE_OK, LINE_EOF, LINE_TOO_LONG, LINE_BINARY } LineStatus;

/*
 * Reads one line from `in` into a buffer that grows up to LINE_MAX_BYTES,
 * without its end-of-line (LF, CRLF or a lone CR). A longer line is read to
 * its end and thrown away (LINE_TOO_LONG); one holding a NUL byte is thrown
 * away too (LINE_BINARY). The returned text stays valid until the next call.
 */
LineStatus read_line(FILE *in, char **line);

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
