/*
 * What an engine holds: its table, threads, options, network and tables,
 * and the state its threads share during a search. Set by the owner's calls
 * (engine.c) and read by the search (search.c, node.c); nothing else sees it.
 */
#ifndef CHUHAN_ENGINE_STATE_H
#define CHUHAN_ENGINE_STATE_H

#include <pthread.h>
#include <stdatomic.h>

#include "../probe/book.h"
#include "../probe/egtb.h"
#include "../eval/nnue.h"
#include "search_types.h"
#include "skill.h"
#include "threads.h"
#include "timeman.h"
#include "tt.h"

/*
 * What one search keeps from its start to its answer: set afresh, all of it,
 * by one assignment when a search starts (start_search), while no helper runs.
 */
typedef struct {
    SearchLimits limits;
    const SearchReporter *rep;
    Skill skill;                 /* this search's level and variety */
    int lines;                   /* root moves searched in full: MultiPV, or a level's candidates */
    bool ponder_pending;         /* main thread: the ponderhit is not yet taken into account */
    uint64_t stop_seen_at;       /* main thread: nodes when a stop before depth 1's end was seen */
    atomic_bool armed;           /* depth 1 is done: stops may now cut the search */
    _Atomic int completed;       /* deepest iteration any thread has completed */
    _Atomic int searching[MAX_PLY]; /* threads at work on each depth */
    int stable, last_score;      /* time management state across iterations */
    Move last_best;
    Move last_reported;          /* first move of the last reported PV */
    int last_reported_score;     /* and its score, VALUE_NONE when the line was a bound */
} SearchRun;

enum { ENGINE_BOOKS_MAX = 8 };

struct Engine {
    TT tt;
    Pool pool;
    SearchOptions opt;
    Network *own_net;            /* one loaded from a file, or NULL: the built-in one */
    TbSet *tables;               /* endgame tables, or NULL */
    int table_men;               /* the most men of any of them: more, and no probe is tried */
    Book *books[ENGINE_BOOKS_MAX]; /* opening books, consulted in order */
    int nbooks;
    uint64_t rng;                /* the seeded generator of skill_choose and the books' choice */
    TimeManager tm;              /* kept between searches: the lag it learns from one move to the next */
    /* Set by the owner's thread (engine_arm, engine_stop, engine_ponderhit) at any time. */
    atomic_bool stop;
    atomic_bool pondering;       /* set by a ponder search until ponderhit */
    _Atomic int64_t ponderhit_at;
    pthread_mutex_t lock;        /* taken to act on a completed iteration */
    SearchRun run;
};

#endif
