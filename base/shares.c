#include "parallel.h"
#include "shares.h"

double shares_run(void *jobs, size_t job_size, int shares, size_t n, void *(*work)(void *))
{
    void *args[PARALLEL_MAX];
    size_t per = (n + (size_t)shares - 1) / (size_t)shares;
    for (int t = 0; t < shares && t < PARALLEL_MAX; t++) {
        Share *s = args[t] = (char *)jobs + job_size * (size_t)t;
        s->from = per * (size_t)t < n ? per * (size_t)t : n;
        s->to = s->from + per < n ? s->from + per : n;
        s->loss = 0;
    }
    parallel_run(shares, work, args);
    double loss = 0;
    for (int t = 0; t < shares && t < PARALLEL_MAX; t++)
        loss += ((Share *)args[t])->loss;
    return loss;
}
