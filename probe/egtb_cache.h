/*
 * Endgame tables, the block cache: decoded blocks of the tables' files, at
 * most a set number of bytes of them, looked up by a key the caller makes
 * (table, part, side, block). Blocks fall in sets of a few ways, each set
 * with its own lock, so that threads probing different blocks seldom wait on
 * one another; a full set gives up its least recently used block. A block is
 * decoded under its set's lock: two threads that want it at once decode it
 * once.
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

typedef struct TbCache TbCache;

/* A cache of at most `bytes` of blocks (never less than one set's); NULL where memory runs out. */
TbCache *tb_cache_new(size_t bytes);
void tb_cache_free(TbCache *c);
/* Forgets every block (the keys are about to mean other tables). No lookup may run beside it. */
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
 * The bytes the open tables' indexes hold now, counted against the cache's
 * limit, so that the limit bounds all the tables' memory: buffers are given
 * back until the blocks fit beside them (safe beside lookups: each set is
 * trimmed under its lock; one caller at a time).
 */
void tb_cache_reserve(TbCache *c, size_t bytes);

/* Lookups that found their block, and those that had to fill it, since the cache began. */
void tb_cache_counts(TbCache *c, uint64_t *hits, uint64_t *misses);

#endif
