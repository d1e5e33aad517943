/* The dialects a GUI may speak; the first word of its handshake chooses one. */
#ifndef CHUHAN_DIALECT_H
#define CHUHAN_DIALECT_H

#include "session.h"

/*
 * Where no thread can be had, the search runs in the thread that reads the
 * input, and reads it meanwhile (protocol.c). A line read then is answered at
 * once if its command only looks or signals the search (stop, ponderhit,
 * isready); one that needs the search over waits until it has answered, and
 * ends it as the command would: letting it answer, or not (CECP drops a
 * search whose move is no longer wanted). Everything read after a waiting
 * line waits behind it.
 */
typedef enum { ANSWER_AT_ONCE, AFTER_THE_ANSWER, AFTER_A_DROP } LineTiming;

/*
 * A command: its word, what answers it, and when a line of it read during a
 * search is answered (at once unless it says otherwise).
 */
typedef struct {
    const char *word;
    void (*run)(Session *s, char **args, int n); /* args: the words after `word` */
    void (*act)(Session *s);                     /* or this, for a command that reads no words */
    LineTiming timing;
    /* Where the timing depends on the line (CECP's moves), this decides instead of `timing`. */
    LineTiming (*timing_of)(const Session *s, char **args, int n);
    bool quits; /* the session ends once it has run */
    bool cecp;  /* a common command that CECP accepts too (commands.c) */
} Command;

typedef struct {
    const char *hello; /* the word that selects it */
    Dialect id;
    void (*handshake)(Session *s); /* the answer to `hello` */
    const Command *commands;       /* its own, ended by a row without a word; then the common ones (commands.c) */
    /* A line whose first word is no command: an error, or CECP's bare move; NULL timing: at once. */
    void (*other)(Session *s, char **tok, int n);
    LineTiming (*other_timing)(const Session *s, char **tok, int n);
} DialectOps;

extern const DialectOps uci_dialect, ucci_dialect, cecp_dialect;

#endif
