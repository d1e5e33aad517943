/*
 * The grammar the dialects share: a line's command found in its dialect's
 * table or among the commands UCI and UCCI (and in part CECP) accept alike,
 * and the `go` keywords of UCI and UCCI parsed once with the few real
 * differences passed in.
 */
#ifndef CHUHAN_COMMANDS_H
#define CHUHAN_COMMANDS_H

#include "dialect.h"

/* What a dialect's `go` differs in. */
typedef struct {
    int time_unit;      /* ms per unit of UCCI's time, increment and opptime (1000 without usemillisec) */
    bool depth0_static; /* UCCI: `go depth 0` asks for the static value, not a search */
} GoGrammar;

typedef struct {
    SearchLimits limits;
    int perft;          /* `go perft N`: a move-path count instead of a search (0: none) */
    bool draw_offered;  /* UCCI `go draw` */
    bool static_only;   /* UCCI `go depth 0` */
} GoRequest;

/*
 * Parses the words after `go`: UCI's wtime btime winc binc movestogo depth
 * nodes movetime mate infinite ponder searchmoves perft, and UCCI's time
 * increment opptime oppincrement oppmovestogo draw `depth infinite`. A bare
 * `go` searches until stopped; UCCI's `time T` alone is the time for this
 * move. A bad value or an unknown word is reported and left out, and the
 * search still runs, so that no GUI waits for a move that never comes: when
 * every limit it gave was bad, for BAD_GO_MOVETIME. False only for a bad
 * `go perft`, after reporting it.
 */
enum { BAD_GO_MOVETIME = 1000 };
bool parse_go(Session *s, char **tok, int n, const GoGrammar *g, GoRequest *out);

/* Answers one command line in dialect d; false on quit. */
bool dialect_answer(const DialectOps *d, Session *s, char **tok, int n);
/* When a command line read during a search is answered. */
LineTiming dialect_timing(const DialectOps *d, const Session *s, char **tok, int n);

/* The error for a line whose first word UCI and UCCI know no command by. */
void unknown_command(Session *s, char **tok, int n);

/* Joins tokens with single spaces into out. */
void join_tokens(char **tok, int n, char *out, size_t cap);

#endif
