/* The player's lines, read with a time limit so that a clock can fall and a search be interrupted. */
#ifndef CHUHAN_PLAY_INPUT_H
#define CHUHAN_PLAY_INPUT_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

enum { INPUT_MAX = 4096 };

/*
 * A thread of its own reads the input into buf as it comes: waiting on a
 * condition with a time limit works alike on every system, where waiting
 * on a descriptor (poll) does not. WASI, without threads, waits on the
 * descriptor, and reads only when asked.
 */
typedef struct {
    int fd;
    pthread_mutex_t lock;   /* guards eof, len and buf, shared with the reader */
    pthread_cond_t arrived; /* more input, or its end */
    pthread_cond_t room;    /* buf is full no longer */
    bool eof;
    size_t len;
    char buf[INPUT_MAX];
    char line[INPUT_MAX + 1]; /* the line handed over, with its terminating zero */
} Input;

typedef enum { INPUT_LINE, INPUT_TIMEOUT, INPUT_EOF } InputStatus;

/*
 * Starts reading descriptor fd; false when no thread could be had. The
 * reader is never stopped, and the program may end while it waits for
 * input: `in` must live until the process exits.
 */
bool input_init(Input *in, int fd);

/*
 * Waits up to timeout_ms (forever when negative) for a whole line, and
 * hands it over without its end of line (LF or CRLF); a line longer than
 * INPUT_MAX comes in pieces. Once the input has ended, what is left of it
 * comes as a last line. The text stays valid until the next call.
 */
InputStatus input_read(Input *in, int timeout_ms, char **line);

#endif
