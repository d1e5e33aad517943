/*
 * Endgame tables, the block cache: decoded blocks of the tables' files,
 * looked up by a key the caller makes (table, part, side, block), and the
 * open tables' indexes, all in one region of a set number of bytes. Blocks
 * fall in sets of a few ways, each set with its own lock, so that threads
 * probing different blocks seldom wait on one another; a full set gives up
 * its least recently used block. A block is decoded under its set's lock: two
 * threads that want it at once decode it once.
 *
 * One cache belongs to one set of tables (egtb.h), and so to one engine:
 * its threads share it, and a second engine in the process has its own.
 */
#ifndef CHUHAN_EGTB_CACHE_H
#define CHUHAN_EGTB_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { TB_CACHE_LOG2 = 14, TB_CACHE_BLOCK = 1 << TB_CACHE_LOG2, TB_CACHE_WAYS = 8 };
/* The least a cache is (EGTBMemory's least): the open tables' indexes fit beside a few sets of blocks. */
enum { TB_CACHE_LEAST = 1 << 20 };

typedef struct TbCache TbCache;

/* A cache of at most `bytes` (never less than TB_CACHE_LEAST), taken when first used; NULL where memory runs out. */
TbCache *tb_cache_new(size_t bytes);
void tb_cache_free(TbCache *c);
/* Forgets every block and lets go of what tb_cache_hold gave (the keys are about to mean other tables). No lookup may run beside it. */
void tb_cache_clear(TbCache *c);

/* Decodes a block into `block` (TB_CACHE_BLOCK bytes); false where it cannot. */
typedef bool (*TbCacheFill)(void *arg, uint8_t *block);

/*
 * The byte at `at` of the block `key` (never 0), filled by `fill` where it is
 * not cached. False where the fill fails; nothing is kept of it then.
 */
bool tb_cache_byte(TbCache *c, uint64_t key, size_t at, uint8_t *out, TbCacheFill fill, void *arg);

/*
 * Keeps n bytes as the block `key` where it is not cached, as the least
 * recently used of its set: a block decoded beside the one asked for (the
 * other slices of a larger block), which the next miss of the set takes
 * first unless a lookup asks for it before.
 */
void tb_cache_put(TbCache *c, uint64_t key, const uint8_t *data, size_t n);

/*
 * Memory for an open table (its header and index), taken from the cache's
 * own, so that the limit bounds all the tables' memory: the blocks on those
 * pages are dropped. Held until tb_cache_clear; NULL where it would leave
 * less than one set's worth of pages for blocks. One caller at a time, safe
 * beside lookups.
 */
void *tb_cache_hold(TbCache *c, size_t bytes);

/* Lookups that found their block, and those that had to fill it, since the cache began. */
void tb_cache_counts(TbCache *c, uint64_t *hits, uint64_t *misses);

#endif
