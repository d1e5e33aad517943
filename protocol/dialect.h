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

typedef struct {
    const char *hello;                              /* the word that selects it */
    Dialect id;
    void (*handshake)(Session *s);                  /* the answer to `hello` */
    bool (*command)(Session *s, char **tok, int n); /* one command line; false on quit */
    LineTiming (*timing)(const Session *s, char **tok, int n); /* a command line read during a search */
} DialectOps;

extern const DialectOps uci_dialect, ucci_dialect, cecp_dialect;

#endif
