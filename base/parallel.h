/*
 * Jobs on threads: fn runs once for each of n arguments (n at most
 * PARALLEL_MAX), args[0] in the caller's thread, each other in a thread of
 * its own where one can be had, else in the caller's; it returns once every
 * job has run. The tables' builder and the fitting programs' passes use it.
 */
#ifndef CHUHAN_PARALLEL_H
#define CHUHAN_PARALLEL_H

enum { PARALLEL_MAX = 64 };

void parallel_run(int n, void *(*fn)(void *), void **args);

#endif
