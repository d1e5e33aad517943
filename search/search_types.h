/*
 * What a search is given and gives back: its limits and options, the lines
 * it reports, its answer, and the callbacks they go through. Below the
 * search and the engine, so that the clock and the threads need neither.
 */
#ifndef CHUHAN_SEARCH_TYPES_H
#define CHUHAN_SEARCH_TYPES_H

#include <stdbool.h>
#include <stdint.h>

#include "../board/types.h"

enum { MAX_THREADS = 256, MAX_MULTIPV = 64 };

/* The Contempt option's range and default, in cp. */
enum { CONTEMPT_MAX = 200, CONTEMPT_DEFAULT = 30 };

typedef struct {
    int depth;            /* 0: no limit */
    uint64_t nodes;       /* 0: no limit */
    int64_t movetime;     /* ms, 0: none */
    int mate;             /* stop at a mate in this many moves, 0: no */
    bool infinite;        /* search until stopped */
    bool ponder;          /* the clock runs only after engine_ponderhit() */
    bool use_clock;       /* time[] and inc[] are set */
    int64_t time[2], inc[2]; /* ms by side */
    int movestogo;        /* 0: sudden death */
    int nsearchmoves;     /* restrict the root to these moves (0: all) */
    Move searchmoves[MAX_MOVES];
    int nbanmoves;        /* never play these root moves */
    Move banmoves[MAX_MOVES];
} SearchLimits;

typedef struct {
    int threads;
    int multipv;
    int64_t move_overhead; /* ms kept back for the GUI and the pipes */
    bool limit_strength;   /* play at `elo` (search/skill.h) */
    int elo;
    int randomness;        /* cp: variety among moves this close to the best; 0 plays the best */
    bool hand_eval;        /* the hand-written evaluation instead of the network */
    int contempt;          /* cp: a draw is worth this much less to us in games on the clock */
} SearchOptions;

/* One principal variation, reported after each iteration (and on long aspiration failures). */
typedef struct {
    int depth, seldepth, multipv; /* multipv counts from 1 */
    int score;                    /* side to move's view; mates as VALUE_MATE - plies */
    int bound;                    /* BOUND_EXACT, or BOUND_LOWER/BOUND_UPPER while the window fails (score.h) */
    uint64_t nodes, nps;
    int64_t time_ms;
    int hashfull;
    uint64_t tbhits;              /* positions the endgame tables valued */
    int pv_len;
    const Move *pv;
} SearchInfo;

typedef struct {
    void (*info)(void *ctx, const SearchInfo *info);
    void (*currmove)(void *ctx, int depth, Move move, int number); /* may be NULL */
    /*
     * May be NULL. Called now and then by the thread that called engine_search(),
     * while it searches and while it waits for a stop or ponderhit, so that a
     * caller with no thread to spare can read its input meanwhile and call
     * engine_stop() or engine_ponderhit() from here.
     */
    void (*poll)(void *ctx);
    void *ctx;
} SearchReporter;

typedef struct {
    Move best;   /* MOVE_NONE when there is no legal move */
    Move ponder; /* expected reply, or MOVE_NONE */
    int score;
    int depth;
    uint64_t nodes;
} SearchResult;

#endif
