/*
 * The node search (node.c) as the root's driver (search.c) calls it, and
 * when both take a search's limits to have ended its work.
 */
#ifndef CHUHAN_NODE_H
#define CHUHAN_NODE_H

#include <stdatomic.h>

#include "../base/clock.h"
#include "engine.h"
#include "engine_state.h"

/*
 * A stop (from the GUI, the clock or the node limit) takes effect only once
 * the main thread has finished depth 1, so even an instant stop answers with
 * a searched move and a real score.
 */
static inline bool stopped(const Engine *e)
{
    return atomic_load_explicit(&e->stop, memory_order_relaxed) && atomic_load_explicit(&e->run.armed, memory_order_relaxed);
}

/*
 * A thread also drops an iteration another thread has completed: it would
 * only redo that work. Either reason stays true until the thread is back in
 * iterate(): the values returned on the way there mean nothing.
 */
static inline bool interrupted(const Thread *t)
{
    const Engine *e = t->engine;
    return stopped(e) || atomic_load_explicit(&e->run.completed, memory_order_relaxed) >= t->root_depth;
}

static inline int64_t elapsed(const Engine *e) { return now_ms() - e->tm.start; }

/*
 * The thread's root searched to `depth` in the window (alpha, beta), from its
 * line pv_index on: each root move's score and line go into its RootMove.
 * The value means nothing once interrupted(t).
 */
int search_root(Thread *t, int alpha, int beta, int depth);

#endif
