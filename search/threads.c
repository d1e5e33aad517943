#include <stdlib.h>
#include <string.h>

#include "../board/board.h"
#include "../base/platform.h"
#include "threads.h"

/*
 * A helper's life: it waits for a search (a new round), takes part in it if
 * the round counts it in, says it is done, and waits again, until the pool
 * is freed. Waiting threads cost nothing, and a search starts them with one
 * signal instead of creating them.
 */
static void *helper_loop(void *arg)
{
    Thread *t = arg;
    Pool *p = t->pool;
    unsigned seen = 0;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (p->round == seen && !p->closing)
            pthread_cond_wait(&p->wake, &p->lock);
        if (p->closing)
            break;
        seen = p->round;
        void *(*fn)(void *) = p->fn;
        bool counted = t->id < p->count;
        pthread_mutex_unlock(&p->lock);
        if (counted)
            fn(t);
        pthread_mutex_lock(&p->lock);
        if (--p->running == 0)
            pthread_cond_signal(&p->done);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

bool pool_resize(Pool *p, int n, struct Engine *engine)
{
    if (n < 1 || n > MAX_THREADS || (n > 1 && !has_threads()))
        return false;
    Thread *fresh = aligned_block(_Alignof(Thread), (size_t)n * sizeof *fresh);
    if (!fresh)
        return false;
    /* Touched here, not in the first search: faulting in 128 threads' pages there took seconds. */
    memset(fresh, 0, (size_t)n * sizeof *fresh);
    pool_free(p);
    p->threads = fresh;
    p->size = n;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->wake, NULL);
    pthread_cond_init(&p->done, NULL);
    p->synced = true;
    for (int i = 0; i < n; i++) {
        fresh[i].id = i;
        fresh[i].engine = engine;
        fresh[i].pool = p;
        board_init(&fresh[i].board, &fresh[i].undo);
        fresh[i].board.nn = &fresh[i].nn;
        /* A helper the system refuses to start simply does not take part. */
        fresh[i].started = i > 0 && pthread_create(&fresh[i].handle, NULL, helper_loop, &fresh[i]) == 0;
        p->helpers += fresh[i].started;
    }
    return true;
}

void pool_free(Pool *p)
{
    if (p->synced) {
        pthread_mutex_lock(&p->lock);
        p->closing = true;
        pthread_cond_broadcast(&p->wake);
        pthread_mutex_unlock(&p->lock);
        for (int i = 1; i < p->size; i++)
            if (p->threads[i].started)
                pthread_join(p->threads[i].handle, NULL);
        pthread_mutex_destroy(&p->lock);
        pthread_cond_destroy(&p->wake);
        pthread_cond_destroy(&p->done);
    }
    aligned_block_free(p->threads);
    memset(p, 0, sizeof *p);
}

uint64_t pool_nodes(const Pool *p)
{
    uint64_t n = 0;
    for (int i = 0; i < p->size; i++)
        n += atomic_load_explicit(&p->threads[i].nodes, memory_order_relaxed);
    return n;
}

uint64_t pool_tbhits(const Pool *p)
{
    uint64_t n = 0;
    for (int i = 0; i < p->size; i++)
        n += atomic_load_explicit(&p->threads[i].tbhits, memory_order_relaxed);
    return n;
}

void pool_start_helpers(Pool *p, void *(*fn)(void *), int count)
{
    if (count <= 1 || !p->helpers)
        return; /* the caller searches alone: no helper need wake */
    pthread_mutex_lock(&p->lock);
    p->fn = fn;
    p->count = count;
    p->running = p->helpers;
    p->round++;
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);
}

void pool_join_helpers(Pool *p)
{
    if (!p->synced)
        return;
    pthread_mutex_lock(&p->lock);
    while (p->running > 0)
        pthread_cond_wait(&p->done, &p->lock);
    pthread_mutex_unlock(&p->lock);
}
