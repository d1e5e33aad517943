/* Time allotment for one move. */
#ifndef CHUHAN_TIMEMAN_H
#define CHUHAN_TIMEMAN_H

#include "search_types.h"

/*
 * soft: stop starting new iterations after this long (stretched or shrunk by
 * the search's stability); hard: stop searching at once. Both count from
 * `start`, which a ponderhit resets. 0 means no limit.
 *
 * lag: what the GUI's clock takes per move beyond the time the engine
 * allowed itself (pipes, a loaded scheduler, a late stop), learned from one
 * move of a game to the next by comparing the clock the GUI sends with the
 * time the engine spent.
 * time_init() keeps it and the last move's figures between searches.
 */
typedef struct {
    int64_t start;
    int64_t soft, hard;
    int64_t lag;
    struct {
        bool valid;
        int side, hply;
        int64_t clock, spent;
    } last;
} TimeManager;

/* Plans a search of the position with `hply` history entries, `side` to move. */
void time_init(TimeManager *tm, const SearchLimits *limits, int side, int hply, int64_t overhead, int64_t start);

/*
 * Notes what the search just planned took by the engine's watch, when the
 * GUI's clock ran for it (false after a ponder the opponent did not play into).
 */
void time_spent(TimeManager *tm, const SearchLimits *limits, bool counted, int64_t spent);

/*
 * How much of the soft limit to use given the search so far: more when the
 * best move keeps changing or the score falls, less when one move stays best
 * and takes nearly all the nodes.
 */
double time_scale(int stable_iterations, int score_drop, double best_move_node_share);

#endif
