/* Move text in the session's notation, read and written (moves.c). */
#ifndef CHUHAN_MOVES_H
#define CHUHAN_MOVES_H

#include "session_state.h"

/* A move token in the session's notation, legal in b; MOVE_NONE otherwise. */
Move parse_legal_move(Session *s, Board *b, const char *tok);
void format_move(const Session *s, Move m, char out[MOVE_STR_MAX]);
/* A line of moves played from b, each after a space, in the session's notation (out_text). */
void print_moves(Session *s, const Board *b, const Move *moves, int n);

#endif
