/*
 * A session's life (session.c): made and freed, its settings recomputed
 * from the options, its position set; an error in the dialect's form. What
 * a session holds is in session_state.h.
 */
#ifndef CHUHAN_SESSION_H
#define CHUHAN_SESSION_H

#include "../text/words.h"
#include "session_state.h"

/*
 * The start position, an engine and no search, its lines going to `out`; the
 * options' values come from options_reset(). False if memory is short.
 */
bool session_init(Session *s, FILE *out);
/* Ends a search in progress, frees the engine and closes the log. */
void session_free(Session *s);
/*
 * Recomputes what follows from the dialect and the options: the move
 * notation, and the rules the engine plays by (stopping a search first when
 * they change).
 */
void session_update_settings(Session *s);

/*
 * `position [startpos | fen FEN...] [moves M...]` (tok starts after the
 * keyword "position", or at "fen"/"startpos"). All or nothing: on any error
 * the message goes to err and the position stays as it was.
 */
bool session_position(Session *s, char **tok, int n, char *err, size_t errlen);
/* The same parse into a board of the caller's, leaving the session alone (for UCCI probe). */
bool parse_position(Session *s, char **tok, int n, Board *out, char *err, size_t errlen);

enum { TIME_MAX = 1000000000 }; /* ms: eleven days is as good as forever */

/* An error in the dialect's form: "info string error: ..." (UCI, UCCI), "Error (...): command" (CECP). */
void report_error(Session *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
