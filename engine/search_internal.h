/*
 * What the search (search.c) and the sharing of a node's moves between
 * threads (split.c) both need: the state shared by the threads of one
 * search, the tests that end a thread's work, and searching one move of a
 * node. Nothing outside these two files includes it.
 */
#ifndef CHUHAN_SEARCH_INTERNAL_H
#define CHUHAN_SEARCH_INTERNAL_H

#include <stdatomic.h>

#include "movegen.h"
#include "movepick.h"
#include "search.h"
#include "skill.h"
#include "threads.h"
#include "timeman.h"

/* State shared by the threads of one search. */
typedef struct {
    SearchOptions opt;
    Skill skill;                 /* this search's level and variety */
    int lines;                   /* root moves searched in full: MultiPV, or a level's candidates */
    uint64_t rng;                /* the seeded generator of skill_choose */
    SearchLimits limits;
    TimeManager tm;
    const SearchReporter *rep;
    atomic_bool stop;
    atomic_bool pondering;       /* set by a ponder search until ponderhit */
    _Atomic int64_t ponderhit_at;
    bool ponder_pending;         /* main thread: the ponderhit is not yet taken into account */
    uint64_t stop_seen_at;       /* main thread: nodes when a stop before depth 1's end was seen */
    atomic_bool armed;           /* depth 1 is done: stops may now cut the search */
    _Atomic int completed;       /* deepest iteration any thread has completed */
    _Atomic int searching[MAX_PLY]; /* threads at work on each depth */
    pthread_mutex_t lock;        /* taken to act on a completed iteration */
    int stable, last_score;      /* time management state across iterations */
    Move last_best;
    Move last_reported;          /* first move of the last reported PV */
    const Board *root;           /* the position searched, for helpers coming back from split work */
    _Atomic(struct SplitPoint *) offer; /* the split point helpers may join */
    atomic_int idle;             /* threads free to join: helpers on their own, owners waiting */
} SearchShared;

extern SearchShared shared;

/*
 * Split points need a node deep enough to be worth the hand-over. Only the
 * main thread, or a thread already at split work, opens one: the search
 * then splits along the main thread's tree. Helpers with nothing to join run
 * their own iterations (Lazy SMP) and drop them when a split point is offered.
 */
enum { SPLIT_MIN_DEPTH = 5 };

/* Whether a split point still has moves to hand out. */
static inline bool joinable(SplitPoint *sp)
{
    return sp && !atomic_load_explicit(&sp->abort, memory_order_relaxed)
        && atomic_load_explicit(&sp->next, memory_order_relaxed) < atomic_load_explicit(&sp->count, memory_order_relaxed);
}

/*
 * A stop (from the GUI, the clock or the node limit) takes effect only once
 * the main thread has finished depth 1, so even an instant stop answers with
 * a searched move and a real score.
 */
static inline bool stopped(void)
{
    return atomic_load_explicit(&shared.stop, memory_order_relaxed) && atomic_load_explicit(&shared.armed, memory_order_relaxed);
}

/*
 * A thread also drops an iteration another thread has already completed: it
 * would only redo that work, so it moves on to the next depth at once. It
 * leaves split work when the split point is refuted or abandoned, and a
 * helper on its own iteration drops it for a split point it can join. Every
 * reason stays true until the thread is back where it acts on it: the values
 * returned on the way there mean nothing and must not be taken for scores.
 */
static inline bool interrupted(Thread *t)
{
    if (stopped() || atomic_load_explicit(&shared.completed, memory_order_relaxed) >= t->root_depth
        || atomic_load_explicit(&t->cut, memory_order_relaxed))
        return true;
    if (t->id && t->id < SPLIT_THREADS && !t->split && joinable(atomic_load_explicit(&shared.offer, memory_order_relaxed))) {
        atomic_store_explicit(&t->cut, true, memory_order_relaxed); /* the offer may be gone before it is back */
        return true;
    }
    return false;
}

/* Main thread only: limits that can end the search in the middle of an iteration. */
void check_limits(void);

enum { KEEP, PRUNE, PRUNE_QUIETS };
/*
 * Shallow pruning before the move is made, asked only once a move has been
 * searched so a mate is never mistaken: losing captures, late quiet moves
 * (PRUNE_QUIETS: and every quiet move after them), quiets that lose material.
 */
int prune_early(Board *b, const Node *n, Move m, bool capture, bool bad_capture, int legal);

/*
 * Makes the move and searches it with the node's window: futility (when
 * prunable), check extension, late move reduction, the null-window search
 * and the PVS re-searches. VALUE_NONE when futility drops the move.
 */
int search_move(Thread *t, const Node *n, Move m, bool capture, int hist, int legal, int alpha, int beta, bool prunable);

/* The node's state when its moves are handed out: the search so far. */
typedef struct {
    int alpha, beta, best, legal, nquiets;
    Move best_move;
    const Move *quiets;
} SplitStart;

/* Whether this thread may open a split point here: main, or a thread already at split work, with someone free. */
static inline bool can_split(const Thread *t, int depth)
{
    return depth >= SPLIT_MIN_DEPTH && (t->id == 0 || t->split) && t->id < SPLIT_THREADS
        && t->nsplits < MAX_SPLITS && atomic_load_explicit(&shared.idle, memory_order_relaxed) > 0;
}

/* Opens a split point over the moves the picker has left at this node and offers it. */
SplitPoint *split_open(Thread *t, MovePicker *mp, const KingSafety *ks, const Node *n, const SplitStart *s);
/* Searches moves of the split point until none are left, it is refuted, or the search is interrupted. */
void split_work(Thread *t, SplitPoint *sp);
/*
 * The owner, out of moves, closes its split point: it withdraws the offer,
 * calls everyone off if it was interrupted itself, and waits for the others
 * to finish, helping them meanwhile at split points they open below this
 * one (never elsewhere: another split point could outlive this one).
 */
void split_close(Thread *t, SplitPoint *sp);
/* A helper joins split points on offer until none is left, then goes back to its own iterations. */
void help(Thread *t);

#endif
