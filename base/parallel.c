#include <pthread.h>
#include <stdbool.h>

#include "parallel.h"

void parallel_run(int n, void *(*fn)(void *), void **args)
{
    pthread_t h[PARALLEL_MAX];
    bool started[PARALLEL_MAX] = { false };
    for (int t = 1; t < n && t < PARALLEL_MAX; t++)
        started[t] = pthread_create(&h[t], NULL, fn, args[t]) == 0;
    fn(args[0]);
    for (int t = 1; t < n && t < PARALLEL_MAX; t++) {
        if (started[t])
            pthread_join(h[t], NULL);
        else
            fn(args[t]);
    }
}
