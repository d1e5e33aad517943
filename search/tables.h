/*
 * The endgame tables as the search scores their positions (tables.c): the
 * node search's value of a table position, the root's, and the score a root
 * line is shown with.
 */
#ifndef CHUHAN_SEARCH_TABLES_H
#define CHUHAN_SEARCH_TABLES_H

#include "engine.h"
#include "engine_state.h"

/*
 * The tables' value of a node below the root, its distance read only where it
 * matters: a draw, or a result the natural limit undoes, is a draw score; a
 * win or loss out of the limit's reach a table score, at this ply. The
 * distance is read (table_value) near the root (TABLE_DISTANCE_PLY), for a
 * result of the perpetual-check rule (whose score, beyond the mates, goes by
 * its distance) and where the limit may meet the result.
 */
bool table_score(Thread *t, int ply, int *v);

/*
 * The endgame tables' value of the thread's position at `ply`, if they hold
 * it and can say it exactly: a draw (or a result the natural limit undoes) as
 * a draw, a mate as a mate score, a result of the perpetual-check rule as a
 * rule score. Where the plies already counted towards the natural limit may
 * end the game first, or the distance is past what scores hold, they say
 * nothing (the probe's result is in *out whenever they hold the position).
 */
bool table_value(Thread *t, int ply, int *v, TbResult *out);

/*
 * A root line's score as the user is shown it: where the search scored a
 * table position in it without the distance (a table score), the mate or
 * rule score the distance there gives; the score as it was where the line
 * does not reach that position or the distance cannot be scored so.
 */
int table_line_score(Thread *t, const Move *line, int len, int score);

/*
 * In a position the endgame tables hold, only the root moves that keep its
 * best result: the shortest mate, the longest resistance, a drawing move;
 * returns how many. All of them where a successor is one the tables cannot
 * value exactly.
 */
int table_root_moves(Thread *t, Move *moves, int n);

#endif
