/*
 * A session's search runs in a thread of its own, so the input is read while
 * it thinks. Where no thread can be had (WASI) it runs in the reading thread,
 * which reads the input meanwhile through the session's poll hook.
 */
#include <pthread.h>
#include <string.h>

#include "fuzz_caps.h"
#include "session_book.h"
#include "session_state.h"
#include "search_thread.h"

/* The engine's poll, for a search in the reading thread: the loop's (every dialect's reporter has the session as its context). */
static void poll_input(void *ctx)
{
    Session *s = ctx;
    s->poll(s->poll_ctx);
}

void session_table_errors(Session *s)
{
    char why[4096 + 128]; /* a table's path and why: as long as probe/egtb.c keeps */
    if (!engine_tablebase_error(s->engine, why, sizeof why))
        return;
    if (s->dialect == DIALECT_CECP)
        out_line(&s->out, "# endgame table refused: %s", why);
    else
        out_line(&s->out, "info string error: endgame table refused: %s", why);
}

static void *search_main(void *arg)
{
    Session *s = arg;
    if (s->search.here && s->poll && !s->batch)
        s->reporter.poll = poll_input; /* no thread to be had: read the input meanwhile, unless in batch mode */
    for (bool again = true; again;) {
        SearchResult r;
        bool from_book = session_books_answer(s, &r);
        if (!from_book)
            engine_search(s->engine, &s->search_board, &s->limits, &s->reporter, &r);
        session_table_errors(s); /* before the answer, which GUIs take as the search's end */
        pthread_mutex_lock(&s->lock);
        if (!from_book)
            session_books_after_search(s, &r);
        again = s->finish(s, &r) && !s->stopping;
        if (again) {
            cap_for_fuzzing(&s->limits);
            engine_prepare(s->engine, &s->limits);
            session_books_arm(s);
        }
        pthread_mutex_unlock(&s->lock);
    }
    atomic_store(&s->active, false);
    return NULL;
}

/* Lets no follow-up search start, stops the running one (or only an open-ended one), and waits for its answer. */
static void wind_down(Session *s, bool only_open_ended)
{
    pthread_mutex_lock(&s->lock);
    s->stopping = true;
    bool open_ended = s->limits.infinite || s->limits.ponder;
    if ((s->search.live || s->search.here) && atomic_load(&s->active) && (open_ended || !only_open_ended))
        engine_stop(s->engine);
    pthread_mutex_unlock(&s->lock);
    if (s->search.here)
        return; /* asked from the poll: the search below answers when it is back */
    background_join(&s->search);
    s->stopping = false;
    if (!only_open_ended)
        s->discard = false;
}

void session_stop(Session *s) { wind_down(s, false); }
void session_end(Session *s) { wind_down(s, true); }

void session_ponderhit(Session *s)
{
    pthread_mutex_lock(&s->lock);
    if (atomic_load(&s->active) && !session_books_ponderhit(s))
        engine_ponderhit(s->engine);
    pthread_mutex_unlock(&s->lock);
}

void session_wait(Session *s) { background_join(&s->search); }

void session_go(Session *s, const SearchLimits *limits, const SearchReporter *reporter, SearchFinish finish)
{
    session_stop(s);
    s->reporter = *reporter;
    s->finish = finish;
    board_copy(&s->search_board, &s->board);
    s->limits = *limits;
    cap_for_fuzzing(&s->limits);
    engine_prepare(s->engine, &s->limits);
    session_books_arm(s);
    atomic_store(&s->active, true);
    if (!background_run(&s->search, search_main, s))
        s->stopping = s->discard = false; /* it ran here, and has answered */
    if (s->batch)
        session_wait(s);
}
