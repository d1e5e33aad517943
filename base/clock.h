/* Monotonic wall clock for time control and speed reports. */
#ifndef CHUHAN_CLOCK_H
#define CHUHAN_CLOCK_H

#include <stdint.h>
#include <time.h>

static inline int64_t now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static inline int64_t now_ms(void) { return now_us() / 1000; }

static inline void sleep_ms(int ms)
{
    struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000 };
    nanosleep(&ts, NULL);
}

#endif
