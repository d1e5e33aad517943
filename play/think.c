#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

#include "think.h"

/* How often the input is looked at while the engine thinks. */
enum { POLL_MS = 50 };

typedef struct {
    Engine *engine;
    Board board;
    UndoStack undo; /* the search reads the position it was given until it returns */
    SearchLimits limits;
    SearchResult result;
    atomic_bool done;
} Job;

static void *search_thread(void *arg)
{
    static const SearchReporter quiet = { 0 };
    Job *job = arg;
    engine_search(job->engine, &job->board, &job->limits, &quiet, &job->result);
    atomic_store(&job->done, true);
    return NULL;
}

/* A search in the caller's thread, where no other can be had, watches the input through its poll. */
typedef struct {
    Engine *engine;
    Input *in;
    char **line;
    bool typed;
} Watch;

static void watch_input(void *ctx)
{
    Watch *w = ctx;
    if (!w->in || w->typed)
        return;
    InputStatus got = input_read(w->in, 0, w->line);
    if (got == INPUT_LINE) {
        w->typed = true;
        engine_stop(w->engine);
    } else if (got == INPUT_EOF) {
        w->in = NULL;
    }
}

static bool think_here(Job *job, Input *in, SearchResult *out, char **line)
{
    Watch w = { job->engine, in, line, false };
    const SearchReporter watching = { .poll = watch_input, .ctx = &w };
    engine_search(job->engine, &job->board, &job->limits, &watching, &job->result);
    *out = job->result;
    return !w.typed;
}

bool think(Engine *e, const Board *b, const SearchLimits *limits, Input *in, SearchResult *out, char **line)
{
    static Job job;
    job.engine = e;
    board_attach(&job.board, &job.undo);
    board_copy(&job.board, b);
    job.limits = *limits;
    atomic_store(&job.done, false);
    engine_prepare(e, limits);
    pthread_t thread;
    if (pthread_create(&thread, NULL, search_thread, &job))
        return think_here(&job, in, out, line); /* no thread to be had (WASI) */
    bool finished = true;
    while (in && !atomic_load(&job.done)) {
        InputStatus got = input_read(in, POLL_MS, line);
        if (got == INPUT_LINE) {
            engine_stop(e);
            finished = false;
            break;
        }
        if (got == INPUT_EOF)
            in = NULL;
    }
    pthread_join(thread, NULL);
    *out = job.result;
    return finished;
}
