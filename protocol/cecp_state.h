/* What CECP keeps of a session between commands: a session's own, so two sessions in one process do not share it. */
#ifndef CHUHAN_CECP_STATE_H
#define CHUHAN_CECP_STATE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "../search/engine.h"

typedef struct {
    bool force;        /* the engine plays neither side */
    int engine_side;   /* the side it plays otherwise */
    atomic_bool post;  /* thinking output on */
    bool analyzing;
    int mps;           /* level: moves per session (0: all the game) */
    int64_t base_ms, inc_ms, st_ms;
    int sd;
    int64_t time_ms, otim_ms; /* the clocks as XBoard last sent them (-1: not yet) */
    bool computer;     /* the opponent is an engine: an arbiter judges the game by rules of its own */
    /* Written by the search thread too, under the session's lock (xb_info, xb_finish): see seen_by_search. */
    Move pondered;     /* the reply a ponder search is running on, or MOVE_NONE */
    bool game_over;
    int last_score;
    SearchInfo last;   /* the latest report, for `.` in analysis */
} CecpState;

#endif
