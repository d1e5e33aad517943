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
    search_run(job->engine, &job->board, &job->limits, &quiet, &job->result);
    atomic_store(&job->done, true);
    return NULL;
}

bool think(Engine *e, const Board *b, const SearchLimits *limits, Input *in, SearchResult *out, char **line)
{
    static Job job;
    job.engine = e;
    board_attach(&job.board, &job.undo);
    board_copy(&job.board, b);
    job.limits = *limits;
    atomic_store(&job.done, false);
    search_prepare(e, limits);
    pthread_t thread;
    if (pthread_create(&thread, NULL, search_thread, &job)) {
        search_thread(&job); /* no thread to be had: think here, deaf to the input */
        *out = job.result;
        return true;
    }
    bool finished = true;
    while (in && !atomic_load(&job.done)) {
        InputStatus got = input_read(in, POLL_MS, line);
        if (got == INPUT_LINE) {
            search_stop(e);
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
