/* The command loop: reads GUI commands, answers in the dialect the GUI chose. */
#ifndef CHUHAN_PROTOCOL_H
#define CHUHAN_PROTOCOL_H

#include <stdio.h>

/* Reads commands from `in` and answers to `out` until quit or end of input; returns the exit status. */
int protocol_loop(FILE *in, FILE *out);

#endif
