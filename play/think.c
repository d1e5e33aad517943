#include <stdatomic.h>
#include <string.h>

#include "../base/background.h"
#include "think.h"

/* How often the input is looked at while the engine thinks. */
enum { POLL_MS = 50 };

/* A search in the caller's thread, where no other can be had, watches the input through its poll. */
typedef struct {
    Engine *engine;
    Input *in;
    char **line;
    bool typed;
} Watch;

typedef struct {
    Engine *engine;
    Board board;
    UndoStack undo; /* the search reads the position it was given until it returns */
    SearchLimits limits;
    SearchResult result;
    atomic_bool done;
    Background thinking;
    Watch watch;
} Job;

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

static void *search_job(void *arg)
{
    Job *job = arg;
    const SearchReporter quiet = { 0 }, watching = { .poll = watch_input, .ctx = &job->watch };
    engine_search(job->engine, &job->board, &job->limits, job->thinking.here ? &watching : &quiet, &job->result);
    atomic_store(&job->done, true);
    return NULL;
}

/* The caller's side while the search runs in its thread: a line typed stops it. */
static bool wait_reading(Job *job, Input *in, char **line)
{
    bool finished = true;
    while (in && !atomic_load(&job->done)) {
        InputStatus got = input_read(in, POLL_MS, line);
        if (got == INPUT_LINE) {
            engine_stop(job->engine);
            finished = false;
            break;
        }
        if (got == INPUT_EOF)
            in = NULL;
    }
    background_join(&job->thinking);
    return finished;
}

bool think(Engine *e, const Board *b, const SearchLimits *limits, Input *in, SearchResult *out, char **line)
{
    Job job = { .engine = e, .limits = *limits, .watch = { e, in, line, false } };
    board_attach(&job.board, &job.undo);
    board_copy(&job.board, b);
    atomic_init(&job.done, false);
    engine_prepare(e, limits);
    bool finished = background_run(&job.thinking, search_job, &job) ? wait_reading(&job, in, line) : !job.watch.typed;
    *out = job.result;
    return finished;
}
