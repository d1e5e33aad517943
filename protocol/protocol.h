/* The command loop: reads GUI commands, answers in the dialect the GUI chose. */
#ifndef CHUHAN_PROTOCOL_H
#define CHUHAN_PROTOCOL_H

#include <stdio.h>

#include "session.h"

/* Runs until quit or end of input; returns the exit status. */
int protocol_loop(FILE *in);

/* Each dialect: the handshake, and one command (false on quit). */
void uci_handshake(Session *s);
bool uci_command(Session *s, char **tok, int n);
void ucci_handshake(Session *s);
bool ucci_command(Session *s, char **tok, int n);

/* Commands both dialects accept alike; false if tok[0] is none of them. */
bool common_command(Session *s, char **tok, int n);

/* Joins tokens with single spaces into out. */
void join_tokens(char **tok, int n, char *out, size_t cap);

#endif
