/* The engine's search, in a thread of its own while the player's input is watched. */
#ifndef CHUHAN_PLAY_THINK_H
#define CHUHAN_PLAY_THINK_H

#include "../search/engine.h"
#include "input.h"

/*
 * Searches b within the limits. With `in`, a line typed meanwhile stops the
 * search: the function then returns false with the line in *line, and *out
 * holds the best move found so far. Returns true when the search ended by
 * itself. Without `in` it only waits.
 */
bool think(Engine *e, const Board *b, const SearchLimits *limits, Input *in, SearchResult *out, char **line);

#endif
