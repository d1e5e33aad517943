/*
 * POSIX threads for WASI (WebAssembly), which has none: `make wasm` puts this
 * directory first on the include path, and nothing else sees it. A program
 * there runs in one thread, so a lock is never contended and needs no work,
 * and starting a thread always fails, as pthread_create may anywhere: every
 * caller already copes (a search helper does not take part, a session or the
 * terminal game searches in the calling thread, tune runs each share in
 * turn). Waiting on a condition would wait for
 * ever, as nobody else could signal it: the code built for WASI never does
 * (a pool without helpers never waits for them); conditions are set up and
 * signalled for nobody.
 */
#ifndef CHUHAN_WASI_PTHREAD_H
#define CHUHAN_WASI_PTHREAD_H

#include <errno.h>

typedef struct { int unused; } pthread_t;
typedef struct { int unused; } pthread_attr_t;
typedef struct { int unused; } pthread_mutex_t;
typedef struct { int unused; } pthread_mutexattr_t;
typedef struct { int unused; } pthread_cond_t;
typedef struct { int unused; } pthread_condattr_t;

#define PTHREAD_MUTEX_INITIALIZER { 0 }

static inline int pthread_create(pthread_t *t, const pthread_attr_t *attr, void *(*fn)(void *), void *arg)
{
    (void)t, (void)attr, (void)fn, (void)arg;
    return EAGAIN;
}

/* No thread was ever started, so there is none to join or detach. */
static inline int pthread_join(pthread_t t, void **result)
{
    (void)t, (void)result;
    return ESRCH;
}

static inline int pthread_detach(pthread_t t)
{
    (void)t;
    return ESRCH;
}

static inline int pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *attr)
{
    (void)m, (void)attr;
    return 0;
}

static inline int pthread_mutex_destroy(pthread_mutex_t *m)
{
    (void)m;
    return 0;
}

static inline int pthread_mutex_lock(pthread_mutex_t *m)
{
    (void)m;
    return 0;
}

static inline int pthread_mutex_unlock(pthread_mutex_t *m)
{
    (void)m;
    return 0;
}

static inline int pthread_cond_init(pthread_cond_t *c, const pthread_condattr_t *attr)
{
    (void)c, (void)attr;
    return 0;
}

static inline int pthread_cond_destroy(pthread_cond_t *c)
{
    (void)c;
    return 0;
}

static inline int pthread_cond_signal(pthread_cond_t *c)
{
    (void)c;
    return 0;
}

static inline int pthread_cond_broadcast(pthread_cond_t *c)
{
    (void)c;
    return 0;
}

/* Nobody could signal: never called here (see above), and it says so rather than return at once. */
static inline int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m)
{
    (void)c, (void)m;
    return EDEADLK;
}

#endif
