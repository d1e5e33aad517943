#include <stdlib.h>
#include <string.h>

#include "platform.h"
#include "threads.h"

static Thread *pool;
static int pool_size;

bool threads_resize(int n)
{
    if (n < 1 || n > MAX_THREADS)
        return false;
    Thread *fresh = aligned_block(_Alignof(Thread), (size_t)n * sizeof *fresh);
    if (!fresh)
        return false;
    /* Touched here, not in the first search: faulting in 128 threads' pages there took seconds. */
    memset(fresh, 0, (size_t)n * sizeof *fresh);
    aligned_block_free(pool);
    pool = fresh;
    pool_size = n;
    for (int i = 0; i < n; i++) {
        pool[i].id = i;
        pool[i].board.nn = &pool[i].nn;
    }
    return true;
}

int threads_count(void) { return pool_size; }
Thread *thread_at(int i) { return &pool[i]; }

uint64_t threads_nodes(void)
{
    uint64_t n = 0;
    for (int i = 0; i < pool_size; i++)
        n += atomic_load_explicit(&pool[i].nodes, memory_order_relaxed);
    return n;
}

void threads_start_helpers(void *(*fn)(void *), int count)
{
    /* A helper the system refuses to start simply does not take part. */
    for (int i = 1; i < pool_size; i++)
        pool[i].started = i < count && pthread_create(&pool[i].handle, NULL, fn, &pool[i]) == 0;
}

void threads_join_helpers(void)
{
    for (int i = 1; i < pool_size; i++)
        if (pool[i].started)
            pthread_join(pool[i].handle, NULL);
}
