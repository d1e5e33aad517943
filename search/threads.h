/* Search threads: the per-thread state and the pool that runs them. */
#ifndef CHUHAN_THREADS_H
#define CHUHAN_THREADS_H

#include <pthread.h>
#include <stdatomic.h>

#include "history.h"
#include "../eval/nnue.h"
#include "search_types.h"

typedef struct {
    Move move;
    int score, prev_score;
    int seldepth;
    uint64_t nodes; /* spent below this move in the current iteration */
    int pv_len;
    Move pv[MAX_PLY];
} RootMove;

typedef struct {
    Move move;       /* the move that led to this ply */
    int static_eval; /* VALUE_NONE in check */
    Move excluded;   /* skipped while the node tests whether this move is singular, else MOVE_NONE */
} Frame;

typedef struct {
    int id;
    struct Engine *engine;    /* whose search it takes part in */
    struct Pool *pool;        /* the pool it waits in between searches */
    pthread_t handle;
    bool started;
    Board board;
    UndoStack undo;           /* the board's: the game's moves and the search path */
    History history;
    Frame stack[MAX_PLY + 4]; /* ply p at index p + 2 */
    Move pv[MAX_PLY + 1][MAX_PLY + 1];
    int pv_len[MAX_PLY + 1];
    RootMove root[MAX_MOVES];
    int nroot, pv_index;
    int root_hply; /* history length at the root: repetitions before it need a third occurrence */
    int draw[2];   /* a draw's value to the side to move, by side: 0, or the contempt against us */
    int seldepth, root_depth, completed_depth;
    NNUEStack nn;             /* the accumulators of `board` */
    /*
     * Its own cache line, and so every Thread starts on a fresh one: the main
     * thread reads this counter while the thread counts, and the next thread's
     * board must not share a line with it (that cost both threads a tenth of
     * their speed).
     */
    _Alignas(64) _Atomic uint64_t nodes;
    _Atomic uint64_t tbhits;
} Thread;

/*
 * An engine's threads; thread 0 is the caller's own, the helpers wait in the
 * pool between searches. A search is a round: it hands the helpers a
 * function and how many of them take part, and waits for all to be done.
 * All zero is an empty pool.
 */
typedef struct Pool {
    Thread *threads;
    int size;
    int helpers;              /* started: they take part in rounds */
    pthread_mutex_t lock;
    pthread_cond_t wake, done;
    bool synced, closing;     /* the lock and conditions are set up; the helpers are to end */
    unsigned round;
    void *(*fn)(void *);
    int count;                /* threads 0 to count - 1 search in this round */
    int running;              /* helpers not yet done with this round */
} Pool;

/*
 * Sets the number of threads (1..MAX_THREADS), each serving `engine`, the
 * helpers started to wait for searches; false, the pool unchanged, if memory
 * is short or the system has no threads to give beyond the caller's. Their
 * histories start empty.
 */
bool pool_resize(Pool *p, int n, struct Engine *engine);
void pool_free(Pool *p);
uint64_t pool_nodes(const Pool *p);
uint64_t pool_tbhits(const Pool *p);

/* Wakes threads 1 to count - 1 to run fn, in the background; pool_join_helpers() waits for them. */
void pool_start_helpers(Pool *p, void *(*fn)(void *), int count);
void pool_join_helpers(Pool *p);

#endif
