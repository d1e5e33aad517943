/* The player's lines, read with a time limit so that a clock can fall and a search be interrupted. */
#ifndef CHUHAN_PLAY_INPUT_H
#define CHUHAN_PLAY_INPUT_H

#include <stdbool.h>
#include <stddef.h>

enum { INPUT_MAX = 4096 };

typedef struct {
    int fd;
    bool eof;
    size_t len;
    char buf[INPUT_MAX];
    char line[INPUT_MAX];
} Input;

typedef enum { INPUT_LINE, INPUT_TIMEOUT, INPUT_EOF } InputStatus;

void input_init(Input *in, int fd);

/*
 * Waits up to timeout_ms (forever when negative) for a whole line, and
 * hands it over without its end of line (LF or CRLF); a line longer than
 * INPUT_MAX comes in pieces. The text stays valid until the next call.
 */
InputStatus input_read(Input *in, int timeout_ms, char **line);

#endif
