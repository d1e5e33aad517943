/* Debugging commands shared by the dialects: d, eval, perft, bench (debug.c). */
#ifndef CHUHAN_DEBUG_H
#define CHUHAN_DEBUG_H

#include "session.h"

/* Debugging commands shared by both dialects. */
void cmd_display(Session *s);
void cmd_eval(Session *s);
void cmd_perft(Session *s, int depth);
void cmd_bench(Session *s, char **tok, int n);

#endif
