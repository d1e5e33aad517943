/* Work split over threads: fn runs once for each argument, on threads where they can be had, else here. */
#ifndef CHUHAN_EGTB_PARALLEL_H
#define CHUHAN_EGTB_PARALLEL_H

enum { PARALLEL_MAX = 64 };

void parallel_run(int n, void *(*fn)(void *), void **args);

#endif
