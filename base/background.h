/*
 * Work that runs while its caller reads the input: in a thread of its own
 * where one can be had; where none can (WASI without threads, or none left),
 * in the caller's thread, below the call that started it, which then reads
 * the input from within the work (a search through its reporter's poll).
 * The session's search and the terminal game's both think this way.
 */
#ifndef CHUHAN_BACKGROUND_H
#define CHUHAN_BACKGROUND_H

#include <pthread.h>
#include <stdbool.h>

typedef struct {
    pthread_t thread;
    bool live; /* a thread runs the work, not yet joined */
    bool here; /* the work runs in the caller's thread: it must poll the input itself */
} Background;

/*
 * Starts work(arg) in a thread of its own and returns true; where no thread
 * can be had, runs it here and now with `here` set and returns false once
 * it has returned.
 */
bool background_run(Background *bg, void *(*work)(void *), void *arg);
/* Waits for the work's thread to end; returns at once when none runs. */
void background_join(Background *bg);

#endif
