/* A session's search: started in a thread of its own where one can be had, stopped, waited for (search_thread.c). */
#ifndef CHUHAN_SEARCH_THREAD_H
#define CHUHAN_SEARCH_THREAD_H

#include "session_state.h"

/*
 * Stops any search still running, then starts one of the current position
 * in its own thread, reporting through `reporter` and answering with
 * `finish`. Where no thread can be had it searches here and now, reading
 * the input meanwhile through s->poll (unless in UCCI's batch mode), and
 * returns once it has answered.
 */
void session_go(Session *s, const SearchLimits *limits, const SearchReporter *reporter, SearchFinish finish);
/* engine_ponderhit(), ordered with a follow-up search that may be starting. */
void session_ponderhit(Session *s);
/*
 * Stops a running search and waits until it has answered; no-op when idle.
 * Called from s->poll, for a search running below, it only asks: the search
 * ends and answers once it is back in control.
 */
void session_stop(Session *s);
/* Waits for a running search to finish by itself. */
void session_wait(Session *s);
/*
 * Input has ended: a search that ends by itself may finish and answer, an
 * open-ended one (infinite, pondering) is stopped, and none follows. From
 * s->poll it only asks, as session_stop() does.
 */
void session_end(Session *s);
static inline bool session_searching(const Session *s) { return atomic_load(&s->active); }
/*
 * A table the engine refused since the last time (a cut or damaged file, a
 * place that stopped answering), said once as an error line of the dialect:
 * the engine goes on without it. From any thread.
 */
void session_table_errors(Session *s);

#endif
