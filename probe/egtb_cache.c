#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "egtb_cache.h"

typedef struct {
    pthread_mutex_t lock;
    uint64_t key[TB_CACHE_WAYS];   /* 0 for an empty way */
    uint64_t stamp[TB_CACHE_WAYS]; /* the set's clock when the way was last used */
    uint64_t clock;
    uint8_t *data[TB_CACHE_WAYS];  /* allocated when first filled: a cache fills only the memory it uses */
} Set;

struct TbCache {
    Set *set;
    size_t sets;
    size_t limit;              /* bytes: the blocks' buffers and what the tables' indexes hold */
    atomic_size_t blocks;      /* buffers allocated */
    atomic_size_t reserved;    /* bytes the open tables' indexes hold, counted against the limit */
    size_t trim;               /* the set where the next trim starts */
    atomic_uint_fast64_t hits, misses;
};

TbCache *tb_cache_new(size_t bytes)
{
    TbCache *c = calloc(1, sizeof *c);
    size_t sets = bytes / ((size_t)TB_CACHE_BLOCK * TB_CACHE_WAYS);
    if (!c)
        return NULL;
    c->sets = sets ? sets : 1;
    c->limit = bytes;
    if (!(c->set = calloc(c->sets, sizeof *c->set))) {
        free(c);
        return NULL;
    }
    for (size_t i = 0; i < c->sets; i++)
        pthread_mutex_init(&c->set[i].lock, NULL);
    atomic_init(&c->blocks, 0);
    atomic_init(&c->reserved, 0);
    atomic_init(&c->hits, 0);
    atomic_init(&c->misses, 0);
    return c;
}

void tb_cache_free(TbCache *c)
{
    if (!c)
        return;
    for (size_t i = 0; i < c->sets; i++) {
        for (int w = 0; w < TB_CACHE_WAYS; w++)
            free(c->set[i].data[w]);
        pthread_mutex_destroy(&c->set[i].lock);
    }
    free(c->set);
    free(c);
}

void tb_cache_clear(TbCache *c)
{
    for (size_t i = 0; i < c->sets; i++)
        memset(c->set[i].key, 0, sizeof c->set[i].key);
}

/* The way to fill in a set: an empty one, else the least recently used. */
static int victim(const Set *s)
{
    int v = 0;
    for (int w = 0; w < TB_CACHE_WAYS; w++) {
        if (!s->key[w])
            return w;
        if (s->stamp[w] < s->stamp[v])
            v = w;
    }
    return v;
}

static Set *set_of(TbCache *c, uint64_t key)
{
    uint64_t h = key * 0x9E3779B97F4A7C15ull;
    return &c->set[(size_t)((h ^ h >> 29) % c->sets)];
}

/* The way that holds key, or TB_CACHE_WAYS. */
static int way_of(const Set *s, uint64_t key)
{
    int w = 0;
    while (w < TB_CACHE_WAYS && s->key[w] != key)
        w++;
    return w;
}

/* Whether one more buffer stays within the limit, beside the indexes; a set's worth always does (tb_cache_new). */
static bool may_allocate(const TbCache *c)
{
    size_t blocks = atomic_load(&c->blocks);
    return blocks < TB_CACHE_WAYS || (blocks + 1) * TB_CACHE_BLOCK + atomic_load(&c->reserved) <= c->limit;
}

/* The least recently used way that has a buffer, or TB_CACHE_WAYS. */
static int lru_with_buffer(const Set *s)
{
    int v = TB_CACHE_WAYS;
    for (int w = 0; w < TB_CACHE_WAYS; w++)
        if (s->data[w] && (v == TB_CACHE_WAYS || !s->key[w] || (s->key[v] && s->stamp[w] < s->stamp[v])))
            v = w;
    return v;
}

/*
 * The least recently used way emptied for a new block, its buffer there; -1
 * without the memory. Its stamp stays. At the limit a way without a buffer
 * takes the set's oldest buffer instead; a set that has none yet takes one
 * all the same, so that no table is refused for the memory its neighbours
 * hold (the limit is then passed by a block until the next trim).
 */
static int claim(TbCache *c, Set *s)
{
    int w = victim(s);
    if (!s->data[w] && !may_allocate(c)) {
        int oldest = lru_with_buffer(s);
        if (oldest < TB_CACHE_WAYS)
            w = oldest;
    }
    s->key[w] = 0;
    if (!s->data[w] && (s->data[w] = malloc(TB_CACHE_BLOCK)))
        atomic_fetch_add(&c->blocks, 1);
    return s->data[w] ? w : -1;
}

void tb_cache_reserve(TbCache *c, size_t bytes)
{
    atomic_store(&c->reserved, bytes);
    /* Buffers given back, the oldest of each set in turn, until the blocks fit beside the indexes. */
    for (size_t tried = 0; tried < c->sets && atomic_load(&c->blocks) * TB_CACHE_BLOCK + bytes > c->limit; tried++) {
        Set *s = &c->set[c->trim];
        c->trim = (c->trim + 1) % c->sets;
        pthread_mutex_lock(&s->lock);
        int w = lru_with_buffer(s);
        if (w < TB_CACHE_WAYS && atomic_load(&c->blocks) > TB_CACHE_WAYS) {
            free(s->data[w]);
            s->data[w] = NULL;
            s->key[w] = 0;
            atomic_fetch_sub(&c->blocks, 1);
            tried = 0;
        }
        pthread_mutex_unlock(&s->lock);
    }
}

void tb_cache_put(TbCache *c, uint64_t key, const uint8_t *data, size_t n)
{
    Set *s = set_of(c, key);
    pthread_mutex_lock(&s->lock);
    /* The stamp a claimed way keeps makes the block put as old as the one it replaces. */
    int w = way_of(s, key) == TB_CACHE_WAYS ? claim(c, s) : -1;
    if (w >= 0) {
        memcpy(s->data[w], data, n < TB_CACHE_BLOCK ? n : TB_CACHE_BLOCK);
        s->key[w] = key;
    }
    pthread_mutex_unlock(&s->lock);
}

bool tb_cache_byte(TbCache *c, uint64_t key, size_t at, uint8_t *out, TbCacheFill fill, void *arg)
{
    Set *s = set_of(c, key);
    pthread_mutex_lock(&s->lock);
    int w = way_of(s, key);
    bool ok = true;
    if (w < TB_CACHE_WAYS) {
        atomic_fetch_add_explicit(&c->hits, 1, memory_order_relaxed);
    } else {
        atomic_fetch_add_explicit(&c->misses, 1, memory_order_relaxed);
        w = claim(c, s);
        ok = w >= 0 && fill(arg, s->data[w]);
        if (ok)
            s->key[w] = key;
    }
    if (ok) {
        s->stamp[w] = ++s->clock;
        *out = s->data[w][at < TB_CACHE_BLOCK ? at : 0];
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

void tb_cache_counts(TbCache *c, uint64_t *hits, uint64_t *misses)
{
    *hits = atomic_load(&c->hits);
    *misses = atomic_load(&c->misses);
}
