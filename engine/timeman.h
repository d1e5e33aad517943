/* Time allotment for one move. */
#ifndef CHUHAN_TIMEMAN_H
#define CHUHAN_TIMEMAN_H

#include "search.h"

/*
 * soft: stop starting new iterations after this long (stretched or shrunk by
 * the search's stability); hard: stop searching at once. Both count from
 * `start`, which a ponderhit resets. 0 means no limit.
 */
typedef struct {
    int64_t start;
    int64_t soft, hard;
} TimeManager;

void time_init(TimeManager *tm, const SearchLimits *limits, int side, int64_t overhead, int64_t start);

/*
 * How much of the soft limit to use given the search so far: more when the
 * best move keeps changing or the score falls, less when one move stays best
 * and takes nearly all the nodes.
 */
double time_scale(int stable_iterations, int score_drop, double best_move_node_share);

#endif
