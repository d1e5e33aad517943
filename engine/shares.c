#include <pthread.h>
#include <stdbool.h>

#include "shares.h"

/* Jobs beyond this many run in the caller's thread. */
enum { SHARE_THREADS_MAX = 256 };

double shares_run(void *jobs, size_t job_size, int shares, size_t n, void *(*work)(void *))
{
    char *job = jobs;
    size_t per = (n + (size_t)shares - 1) / (size_t)shares;
    for (int t = 0; t < shares; t++) {
        Share *s = (Share *)(job + job_size * (size_t)t);
        s->from = per * (size_t)t < n ? per * (size_t)t : n;
        s->to = s->from + per < n ? s->from + per : n;
        s->loss = 0;
    }
    pthread_t handle[SHARE_THREADS_MAX];
    bool started[SHARE_THREADS_MAX] = { false };
    for (int t = 1; t < shares; t++) {
        void *arg = job + job_size * (size_t)t;
        bool threaded = t < SHARE_THREADS_MAX && !pthread_create(&handle[t], NULL, work, arg);
        if (threaded)
            started[t] = true;
        else
            work(arg);
    }
    work(job);
    double loss = 0;
    for (int t = 0; t < shares; t++) {
        if (t < SHARE_THREADS_MAX && started[t])
            pthread_join(handle[t], NULL);
        loss += ((Share *)(job + job_size * (size_t)t))->loss;
    }
    return loss;
}
