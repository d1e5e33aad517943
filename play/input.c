#include <string.h>
#include <time.h>
#ifdef __wasi__
#include <limits.h>
#include <poll.h>
#endif

#include "../base/clock.h"
#include "console.h"
#include "input.h"

/* Bytes the reader takes a read, at most. */
enum { READ_CHUNK = 1024 };

/* The first buffered line, or the rest of the input once it has ended, or a full buffer's worth. */
static bool take_line(Input *in, char **line)
{
    char *nl = memchr(in->buf, '\n', in->len);
    if (!nl && !(in->eof && in->len) && in->len < sizeof in->buf)
        return false;
    size_t n = nl ? (size_t)(nl - in->buf) : in->len, used = nl ? n + 1 : n;
    memcpy(in->line, in->buf, n);
    if (n && in->line[n - 1] == '\r')
        n--;
    in->line[n] = 0;
    memmove(in->buf, in->buf + used, in->len - used);
    in->len -= used;
    *line = in->line;
    return true;
}

#ifdef __wasi__
/*
 * WASI has no threads, and a descriptor can be waited on there: the input is
 * read as it is asked for, and poll() keeps the time limit.
 */
bool input_init(Input *in, int fd)
{
    in->fd = fd;
    in->eof = false;
    in->len = 0;
    return true;
}

/* Reads what has come within ms (none: only what is there now); false when nothing came. */
static bool fill(Input *in, int64_t ms)
{
    struct pollfd p = { .fd = in->fd, .events = POLLIN };
    /* A descriptor that cannot be watched (a file) has its next bytes, or its end, at hand. */
    if (poll(&p, 1, ms < INT_MAX ? (int)ms : INT_MAX) == 0)
        return false;
    long got = console_read(in->fd, in->buf + in->len, sizeof in->buf - in->len);
    if (got <= 0)
        in->eof = true;
    else
        in->len += (size_t)got;
    return true;
}

InputStatus input_read(Input *in, int timeout_ms, char **line)
{
    int64_t deadline = now_ms() + timeout_ms;
    for (;;) {
        if (take_line(in, line))
            return INPUT_LINE;
        if (in->eof)
            return INPUT_EOF;
        int64_t left = deadline - now_ms();
        if (!fill(in, timeout_ms < 0 ? -1 : left > 0 ? left : 0) && timeout_ms >= 0 && left <= 0)
            return INPUT_TIMEOUT;
    }
}
#else
/* Adds what was read to buf, waiting for room while the player's lines are not taken. */
static void append(Input *in, const char *data, size_t n)
{
    pthread_mutex_lock(&in->lock);
    while (n) {
        while (in->len == sizeof in->buf)
            pthread_cond_wait(&in->room, &in->lock);
        size_t part = n < sizeof in->buf - in->len ? n : sizeof in->buf - in->len;
        memcpy(in->buf + in->len, data, part);
        in->len += part;
        data += part;
        n -= part;
        pthread_cond_signal(&in->arrived);
    }
    pthread_mutex_unlock(&in->lock);
}

/*
 * The reader, never joined and never ending: exit ends it, in a read or
 * waiting. It touches nothing but `in` and the descriptor, no stdio, whose
 * locks exit takes. After the end of the input it waits for nothing rather
 * than return: under wine a thread ending while the process exits has now
 * and then got the whole process killed.
 */
static void *reader(void *arg)
{
    Input *in = arg;
    char chunk[READ_CHUNK];
    long got;
    while ((got = console_read(in->fd, chunk, sizeof chunk)) > 0)
        append(in, chunk, (size_t)got);
    pthread_mutex_lock(&in->lock);
    in->eof = true;
    pthread_cond_signal(&in->arrived);
    while (in->eof) /* for ever */
        pthread_cond_wait(&in->room, &in->lock);
    return NULL;
}

bool input_init(Input *in, int fd)
{
    in->fd = fd;
    in->eof = false;
    in->len = 0;
    pthread_mutex_init(&in->lock, NULL);
    pthread_cond_init(&in->arrived, NULL);
    pthread_cond_init(&in->room, NULL);
    pthread_t thread;
    if (pthread_create(&thread, NULL, reader, in))
        return false;
    pthread_detach(thread);
    return true;
}

/*
 * Waits for the reader up to ms. The wait is told a time of the wall clock,
 * which can be set back: waiting a second at most bounds the harm, as the
 * caller measures its time limit on the monotonic clock.
 */
static void await_input(Input *in, int64_t ms)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    ms = ms < 1000 ? ms : 1000;
    until.tv_nsec += (long)ms * 1000000;
    if (until.tv_nsec >= 1000000000) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000;
    }
    pthread_cond_timedwait(&in->arrived, &in->lock, &until);
}

/* input_read, the lock held. */
static InputStatus read_locked(Input *in, int timeout_ms, char **line)
{
    int64_t deadline = now_ms() + timeout_ms;
    for (;;) {
        if (take_line(in, line)) {
            pthread_cond_signal(&in->room);
            return INPUT_LINE;
        }
        if (in->eof)
            return INPUT_EOF;
        int64_t left = deadline - now_ms();
        if (timeout_ms < 0)
            pthread_cond_wait(&in->arrived, &in->lock);
        else if (left > 0)
            await_input(in, left);
        else
            return INPUT_TIMEOUT;
    }
}

InputStatus input_read(Input *in, int timeout_ms, char **line)
{
    pthread_mutex_lock(&in->lock);
    InputStatus got = read_locked(in, timeout_ms, line);
    pthread_mutex_unlock(&in->lock);
    return got;
}
#endif
