/*
 * The Emscripten build's standard input. A page has no standard input, and
 * Emscripten's own asks the page synchronously, which a thread cannot wait
 * on; so the page posts its lines (chuhan_post, from its own thread) into a
 * queue here, and the protocol loop's thread waits on the queue as a native
 * program waits on a pipe.
 */
#define _GNU_SOURCE /* fopencookie */
#include <emscripten.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "input.h"

/* Bytes posted and not yet read: text[0..len), room for cap. */
static struct {
    pthread_mutex_t lock;
    pthread_cond_t posted;
    char *text;
    size_t len, cap;
    int closed;
} queue = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, 0, 0, 0 };

/*
 * Called by the page with a line and its end; the page's thread may not wait,
 * and only spins for the lock while a reader copies bytes out. Returns 0, or
 * -1 when memory is short (the page then reports it).
 */
EMSCRIPTEN_KEEPALIVE int chuhan_post(const char *bytes, int n)
{
    int status = 0;
    pthread_mutex_lock(&queue.lock);
    if (queue.len + (size_t)n > queue.cap) {
        size_t cap = (queue.len + (size_t)n) * 2;
        char *fresh = realloc(queue.text, cap);
        if (fresh) {
            queue.text = fresh;
            queue.cap = cap;
        } else {
            status = -1;
        }
    }
    if (status == 0) {
        memcpy(queue.text + queue.len, bytes, (size_t)n);
        queue.len += (size_t)n;
        pthread_cond_signal(&queue.posted);
    }
    pthread_mutex_unlock(&queue.lock);
    return status;
}

/* The end of the input: the loop answers what it has, then returns as at the end of a pipe. */
EMSCRIPTEN_KEEPALIVE void chuhan_close(void)
{
    pthread_mutex_lock(&queue.lock);
    queue.closed = 1;
    pthread_cond_broadcast(&queue.posted);
    pthread_mutex_unlock(&queue.lock);
}

static ssize_t read_posted(void *cookie, char *buf, size_t size)
{
    (void)cookie;
    pthread_mutex_lock(&queue.lock);
    while (queue.len == 0 && !queue.closed)
        pthread_cond_wait(&queue.posted, &queue.lock);
    size_t n = queue.len < size ? queue.len : size;
    memcpy(buf, queue.text, n);
    memmove(queue.text, queue.text + n, queue.len - n);
    queue.len -= n;
    pthread_mutex_unlock(&queue.lock);
    return (ssize_t)n;
}

FILE *posted_input(void)
{
    return fopencookie(NULL, "r", (cookie_io_functions_t){ .read = read_posted });
}
