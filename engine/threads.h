/* Search threads: the per-thread state, split points, and the pool that runs the threads. */
#ifndef CHUHAN_THREADS_H
#define CHUHAN_THREADS_H

#include <pthread.h>
#include <stdatomic.h>

#include "history.h"
#include "search.h"

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
} Frame;

/* What every move of a node shares, whichever thread searches it. */
typedef struct {
    int depth, ply, root_depth;
    bool pv_node, cut_node, checked, improving;
    Move killer[2], counter;
    int cont[2];
} Node;

/*
 * A node whose remaining moves several threads share (young brothers wait:
 * only once its first move is searched). Its owner opens it; other threads
 * join while moves are left. The window, best value and line are shared.
 */
enum { MAX_SPLITS = 8, SPLIT_THREADS = 64 }; /* open per thread; threads that take part */

typedef struct SplitPoint {
    _Alignas(64) pthread_mutex_t lock; /* other threads write here: not on a line of its owner's own fields */
    struct SplitPoint *parent; /* where its owner was working when it opened this one */
    int owner;                 /* the id of the thread that holds it */
    Board board;               /* the node's position */
    Frame frames[3];           /* the node's frame and the two before it */
    Node node;
    int beta;
    Move moves[MAX_MOVES];     /* legal moves, in the picker's order */
    bool bad[MAX_MOVES];       /* from the losing captures */
    atomic_int next, count;    /* next move to hand out, moves in all */
    int legal, alpha, best, nquiets, pv_len;
    Move best_move;
    Move quiets[64];           /* quiet moves searched without a cutoff */
    Move pv[MAX_PLY + 1];      /* the best line, entries ply .. pv_len - 1 */
    uint64_t workers;          /* threads at work here, a bit per id */
    bool open;                 /* moves may still be handed out */
    atomic_bool abort;         /* refuted or abandoned: everyone leaves */
} SplitPoint;

typedef struct {
    int id;
    pthread_t handle;
    bool started;
    Board board;
    History history;
    Frame stack[MAX_PLY + 4]; /* ply p at index p + 2 */
    Move pv[MAX_PLY + 1][MAX_PLY + 1];
    int pv_len[MAX_PLY + 1];
    RootMove root[MAX_MOVES];
    int nroot, pv_index;
    int root_hply; /* history length at the root: repetitions before it need a third occurrence */
    int seldepth, root_depth, completed_depth;
    SplitPoint *split;        /* the split point it works at, NULL when on its own */
    int nsplits;              /* of splits[], open now */
    atomic_bool cut;          /* leave the split work at once: the split point is refuted or abandoned */
    SplitPoint splits[MAX_SPLITS];
    NNUEStack nn;             /* the accumulators of `board` */
    /*
     * Its own cache line, and so every Thread starts on a fresh one: the main
     * thread reads this counter while the thread counts, and the next thread's
     * board must not share a line with it (that cost both threads a tenth of
     * their speed).
     */
    _Alignas(64) _Atomic uint64_t nodes;
} Thread;

/* Sets the number of threads (1..MAX_THREADS); false if memory is short. Their histories start empty. */
bool threads_resize(int n);
int threads_count(void);
Thread *thread_at(int i);
uint64_t threads_nodes(void);

/* Starts fn on threads 1 to count - 1, in the background; threads_join_helpers() waits for them. */
void threads_start_helpers(void *(*fn)(void *), int count);
void threads_join_helpers(void);

#endif
