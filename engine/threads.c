#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "platform.h"
#include "threads.h"

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
    for (int i = 0; i < n; i++) {
        fresh[i].id = i;
        fresh[i].engine = engine;
        board_init(&fresh[i].board, &fresh[i].undo);
        fresh[i].board.nn = &fresh[i].nn;
    }
    return true;
}

void pool_free(Pool *p)
{
    aligned_block_free(p->threads);
    p->threads = NULL;
    p->size = 0;
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
    /* A helper the system refuses to start simply does not take part. */
    for (int i = 1; i < p->size; i++)
        p->threads[i].started = i < count && pthread_create(&p->threads[i].handle, NULL, fn, &p->threads[i]) == 0;
}

void pool_join_helpers(Pool *p)
{
    for (int i = 1; i < p->size; i++)
        if (p->threads[i].started)
            pthread_join(p->threads[i].handle, NULL);
}
