/*
 * A pass over many items split in equal shares between threads, for the
 * fitting programs (the network's trainer, the hand-written weights' tuner).
 * Each share's job is the caller's own struct, whose first member is a Share:
 * the items it takes and the loss it leaves.
 */
#ifndef CHUHAN_SHARES_H
#define CHUHAN_SHARES_H

#include <stddef.h>

typedef struct {
    size_t from, to; /* the items [from, to) */
    double loss;     /* the job's sum, written by its work */
} Share;

/*
 * Splits n items into `shares` equal shares (the last ones shorter or
 * empty), one to each job of an array (job_size bytes each, a Share first),
 * and runs work on every job as parallel_run does (shares at most
 * PARALLEL_MAX). Returns the jobs' losses summed in their order, once every
 * job is done.
 */
double shares_run(void *jobs, size_t job_size, int shares, size_t n, void *(*work)(void *));

#endif
