/*
 * The terminal, the one part of `chuhan play` that differs between systems:
 * Linux and the like read and write bytes, a Windows console wants UTF-16
 * read and its code page set to show UTF-8.
 */
#ifndef CHUHAN_PLAY_CONSOLE_H
#define CHUHAN_PLAY_CONSOLE_H

#include <stdbool.h>
#include <stddef.h>

enum { CONSOLE_STDIN = 0, CONSOLE_STDOUT = 1 }; /* the standard descriptors, on every system */

/* Whether descriptor fd (0 standard input, 1 output) is a terminal a player types at or reads. */
bool console_is_terminal(int fd);

/*
 * Makes standard output, when a terminal, show UTF-8 (Chinese) and, where
 * it can, ANSI colours; true when it is a terminal that shows the colours.
 * Called once, first. The output may be buffered whole: flush it before
 * waiting.
 */
bool console_setup_output(void);

/*
 * Blocks until fd has something and reads at most cap bytes of it (cap at
 * least 16); what is typed at a Windows console arrives as UTF-8 with CR LF.
 * Returns the bytes read, 0 at the end of the input, negative on an error.
 */
long console_read(int fd, char *buf, size_t cap);

#endif
