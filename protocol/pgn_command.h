/* The `pgn` console command: game files read for a GUI that has no reader of its own (pgn_command.c). */
#ifndef CHUHAN_PGN_COMMAND_H
#define CHUHAN_PGN_COMMAND_H

#include "session.h"

/*
 * `pgn TEXT`: the games of a PGN text (its words joined by spaces, then
 * %XX-decoded, so a page sends a whole file on one line with
 * encodeURIComponent; its bytes UTF-8 or GB18030), each answered as
 * `Game: N`, `Tag: NAME VALUE` lines, `Fen:`, `Notation:`, `Moves:` (ICCS in
 * the session's ranks), `Error:` where the moves stop short, and at the end
 * `Games: N` always, after an error in the dialect's form when nothing could
 * be read. It only reads: the session's position is left as it was.
 */
void cmd_pgn(Session *s, char **tok, int n);

#endif
