#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "egtb_cache.h"
#include "../base/platform.h"

typedef struct {
    pthread_mutex_t lock;
    uint64_t key[TB_CACHE_WAYS];   /* 0 for an empty way */
    uint64_t stamp[TB_CACHE_WAYS]; /* the set's clock when the way was last used */
    uint64_t clock;
    uint8_t *data[TB_CACHE_WAYS];  /* a page of the region, given when first filled, or NULL */
} Set;

/*
 * All of a cache's memory is one region of `limit` bytes, taken from the
 * system when first needed: blocks' pages from its start, what the open
 * tables hold (tb_cache_hold) from its end. Nothing else is allocated, so
 * that the tables cost what the limit says and no more: pages given and
 * taken back by malloc would leave holes the heap keeps.
 */
struct TbCache {
    Set *set;
    size_t sets, pages, limit;
    uint8_t *region;       /* NULL until the first block or hold */
    _Atomic uint32_t *owner; /* for each page: 1 + its set * TB_CACHE_WAYS + way, 0 for none (read unlocked by evict) */
    pthread_mutex_t grow;  /* over region, given and first_held */
    size_t given;          /* pages below this have been given to ways (or hold tables' memory) */
    size_t first_held;     /* the first page that holds tables' memory: blocks take only pages below it */
    size_t held;           /* bytes held from the region's end */
    atomic_size_t steal;   /* the set a page is taken from next where none is left to give */
    atomic_uint_fast64_t hits, misses;
};

TbCache *tb_cache_new(size_t bytes)
{
    TbCache *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->pages = (bytes < TB_CACHE_LEAST ? TB_CACHE_LEAST : bytes) / TB_CACHE_BLOCK;
    c->sets = c->pages / TB_CACHE_WAYS;
    c->limit = c->pages * TB_CACHE_BLOCK;
    c->first_held = c->pages;
    if (!(c->set = calloc(c->sets, sizeof *c->set)) || !(c->owner = calloc(c->pages, sizeof *c->owner))) {
        free(c->set);
        free(c);
        return NULL;
    }
    for (size_t i = 0; i < c->sets; i++)
        pthread_mutex_init(&c->set[i].lock, NULL);
    pthread_mutex_init(&c->grow, NULL);
    atomic_init(&c->hits, 0);
    atomic_init(&c->misses, 0);
    atomic_init(&c->steal, 0);
    return c;
}

void tb_cache_free(TbCache *c)
{
    if (!c)
        return;
    for (size_t i = 0; i < c->sets; i++)
        pthread_mutex_destroy(&c->set[i].lock);
    pthread_mutex_destroy(&c->grow);
    free(c->region);
    free(c->owner);
    free(c->set);
    free(c);
}

void tb_cache_clear(TbCache *c)
{
    for (size_t i = 0; i < c->sets; i++)
        memset(c->set[i].key, 0, sizeof c->set[i].key);
    c->held = 0;
    c->first_held = c->pages;
}

/* The region, taken when first needed (under grow): a cache never used costs nothing. */
static bool has_region(TbCache *c)
{
    return c->region || (c->region = calloc(c->pages, TB_CACHE_BLOCK));
}

static size_t page_of(const TbCache *c, const uint8_t *p) { return (size_t)(p - c->region) / TB_CACHE_BLOCK; }
static uint32_t owner_of(const TbCache *c, const Set *s, int w) { return (uint32_t)((size_t)(s - c->set) * TB_CACHE_WAYS + (size_t)w + 1); }

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

/* The least recently used way that has a page, or TB_CACHE_WAYS. */
static int lru_with_page(const Set *s)
{
    int v = TB_CACHE_WAYS;
    for (int w = 0; w < TB_CACHE_WAYS; w++)
        if (s->data[w] && (v == TB_CACHE_WAYS || !s->key[w] || (s->key[v] && s->stamp[w] < s->stamp[v])))
            v = w;
    return v;
}

/* A page never given, for way w of s (whose lock is held), or NULL where none is left below the tables' memory. */
static uint8_t *fresh_page(TbCache *c, Set *s, int w)
{
    uint8_t *p = NULL;
    pthread_mutex_lock(&c->grow);
    if (has_region(c) && c->given < c->first_held) {
        p = c->region + c->given * TB_CACHE_BLOCK;
        c->owner[c->given++] = owner_of(c, s, w);
    }
    pthread_mutex_unlock(&c->grow);
    return p;
}

/*
 * Another set's least recently used page, for way w of s, where s has none
 * and none is left to give: tried without waiting, so that two sets that
 * take from each other never wait on each other.
 */
static uint8_t *stolen_page(TbCache *c, Set *s, int w)
{
    for (size_t tried = 0; tried < 2 * c->sets; tried++) {
        Set *t = &c->set[atomic_fetch_add(&c->steal, 1) % c->sets];
        if (t == s || !lock_if_free(&t->lock))
            continue;
        int v = lru_with_page(t);
        uint8_t *p = v < TB_CACHE_WAYS ? t->data[v] : NULL;
        if (p) {
            t->data[v] = NULL, t->key[v] = 0;
            c->owner[page_of(c, p)] = owner_of(c, s, w);
        }
        pthread_mutex_unlock(&t->lock);
        if (p)
            return p;
    }
    return NULL;
}

/*
 * The least recently used way emptied for a new block, its page there; -1
 * without one. Its stamp stays. A way without a page takes one never given,
 * else the set's oldest page, else another set's.
 */
static int claim(TbCache *c, Set *s)
{
    int w = victim(s);
    if (!s->data[w] && !(s->data[w] = fresh_page(c, s, w))) {
        int oldest = lru_with_page(s);
        if (oldest < TB_CACHE_WAYS)
            w = oldest;
        else
            s->data[w] = stolen_page(c, s, w);
    }
    s->key[w] = 0;
    return s->data[w] ? w : -1;
}

/* Page p's block, if a way holds it, dropped: the page is the tables' now. */
static void evict(TbCache *c, size_t p)
{
    uint32_t o;
    while ((o = c->owner[p])) {
        Set *s = &c->set[(o - 1) / TB_CACHE_WAYS];
        int w = (int)((o - 1) % TB_CACHE_WAYS);
        pthread_mutex_lock(&s->lock);
        if (c->owner[p] == o) {
            s->data[w] = NULL, s->key[w] = 0;
            c->owner[p] = 0;
        }
        pthread_mutex_unlock(&s->lock);
    }
}

void *tb_cache_hold(TbCache *c, size_t bytes)
{
    if (bytes > c->limit)
        return NULL;
    size_t held = (c->held + bytes + 63) & ~(size_t)63;
    size_t pages = (held + TB_CACHE_BLOCK - 1) / TB_CACHE_BLOCK;
    pthread_mutex_lock(&c->grow);
    bool fits = pages + TB_CACHE_WAYS <= c->pages && has_region(c);
    size_t from = c->first_held;
    if (fits) {
        c->first_held = c->pages - pages;
        c->held = held;
        if (c->given > c->first_held)
            c->given = c->first_held; /* the pages taken back are given again once the tables let them go */
    }
    pthread_mutex_unlock(&c->grow);
    if (!fits)
        return NULL;
    /* Pages given to blocks before are taken back; the lookups beside this take no page at or above first_held. */
    for (size_t p = c->first_held; p < from; p++)
        evict(c, p);
    return c->region + c->limit - held;
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
