/*
 * What differs between the systems and compilers Chuhan is built for, in one
 * place: aligned memory, the high half of a 64-bit product, the hint that a
 * large block wants huge pages, whether threads can be had at all, and a
 * lock taken only where it is free.
 */
#ifndef CHUHAN_PLATFORM_H
#define CHUHAN_PLATFORM_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#ifdef _WIN32
#include <malloc.h>
#endif
#ifdef __linux__
#include <sys/mman.h>
#endif

/* Windows' C library has no aligned_alloc, and its aligned blocks need a free of their own. */
static inline void *aligned_block(size_t align, size_t bytes)
{
#ifdef _WIN32
    return _aligned_malloc(bytes, align);
#else
    return aligned_alloc(align, (bytes + align - 1) / align * align);
#endif
}

static inline void aligned_block_free(void *p)
{
#ifdef _WIN32
    _aligned_free(p);
#else
    free(p);
#endif
}

/* Probes land anywhere in a large table: with 4 KB pages nearly every one also misses the TLB. */
static inline void want_huge_pages(void *p, size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    madvise(p, bytes, MADV_HUGEPAGE);
#else
    (void)p, (void)bytes;
#endif
}

/* WASI (WebAssembly) runs a program in one thread, and none can be started beside it. */
static inline bool has_threads(void)
{
#ifdef __wasi__
    return false;
#else
    return true;
#endif
}

/* A mutex taken only where nobody holds it; WASI's one thread has no trylock, and no other holder. */
static inline bool lock_if_free(pthread_mutex_t *m)
{
#ifdef __wasi__
    return pthread_mutex_lock(m) == 0;
#else
    return pthread_mutex_trylock(m) == 0;
#endif
}

/* (a * b) >> 64 from 32-bit halves, for compilers without a 128-bit type. */
static inline uint64_t mul_hi64_portable(uint64_t a, uint64_t b)
{
    uint64_t a_lo = (uint32_t)a, a_hi = a >> 32, b_lo = (uint32_t)b, b_hi = b >> 32;
    uint64_t lo_lo = a_lo * b_lo, hi_lo = a_hi * b_lo, lo_hi = a_lo * b_hi, hi_hi = a_hi * b_hi;
    uint64_t cross = (lo_lo >> 32) + (uint32_t)hi_lo + lo_hi; /* at most 2^64 - 1 */
    return hi_hi + (hi_lo >> 32) + (cross >> 32);
}

static inline uint64_t mul_hi64(uint64_t a, uint64_t b)
{
#ifdef __SIZEOF_INT128__
    return (uint64_t)(((unsigned __int128)a * b) >> 64);
#else
    return mul_hi64_portable(a, b);
#endif
}

#endif
