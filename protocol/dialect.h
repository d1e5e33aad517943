/* The dialects a GUI may speak; the first word of its handshake chooses one. */
#ifndef CHUHAN_DIALECT_H
#define CHUHAN_DIALECT_H

#include "session.h"

typedef struct {
    const char *hello;                              /* the word that selects it */
    Dialect id;
    void (*handshake)(Session *s);                  /* the answer to `hello` */
    bool (*command)(Session *s, char **tok, int n); /* one command line; false on quit */
} DialectOps;

extern const DialectOps uci_dialect, ucci_dialect, cecp_dialect;

#endif
