#define _DEFAULT_SOURCE /* madvise() and MADV_HUGEPAGE, where the system has them */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "../base/platform.h"
#include "../board/score.h"
#include "tt.h"

/*
 * Twelve-byte entries, five to a 64-byte bucket so a probe touches one cache
 * line. The bucket comes from the key's high bits (by multiplication), the
 * check from its low 32, so a false match needs 32 + log2(buckets) bits to
 * collide.
 *
 * Threads share the table without locks, by design: each entry is three
 * words read and written with relaxed atomics (plain moves on x86; no data
 * race in the C sense, so ThreadSanitizer has nothing to report). Two threads
 * writing one entry at once can leave words of both; the check word is
 * stored XORed with the two data words, so such a torn entry fails the check
 * and reads as empty. The age byte is left out of the XOR, since a probe
 * refreshes it in place. A false match that gets through anyway can at
 * worst give a wrong move or score: every move from the table is checked
 * for legality before use.
 */
typedef struct {
    _Atomic uint32_t check; /* key's low 32 bits ^ data ^ (info without the age) */
    _Atomic uint32_t data;  /* move | score << 16 */
    _Atomic uint32_t info;  /* eval | depth << 16 | gen_bound << 24 */
} Entry;

/* The fields of an entry, as one thread read or will write them. */
typedef struct {
    uint32_t check, data, info;
} Words;

static inline Words load(const Entry *e)
{
    return (Words){ atomic_load_explicit(&e->check, memory_order_relaxed),
                    atomic_load_explicit(&e->data, memory_order_relaxed),
                    atomic_load_explicit(&e->info, memory_order_relaxed) };
}

static inline Move w_move(Words w) { return (Move)(w.data & 0xFFFF); }
static inline int w_score(Words w) { return (int16_t)(w.data >> 16); }
static inline int w_eval(Words w) { return (int16_t)(w.info & 0xFFFF); }
static inline int w_depth(Words w) { return (uint8_t)(w.info >> 16); } /* depth + DEPTH_BIAS, so quiescence depths fit */
static inline int w_gen_bound(Words w) { return (uint8_t)(w.info >> 24); } /* generation << 2 | bound */
/* The key check the entry was written for, if it was written whole. */
static inline uint32_t w_key(Words w) { return w.check ^ w.data ^ (w.info & 0xFFFFFF); }

enum { BUCKET_SIZE = 5, DEPTH_BIAS = 8, GEN_STEP = 4, GEN_MASK = 0xFC };
enum { HUGE_PAGE = 2 * 1024 * 1024 };

struct Bucket {
    Entry entry[BUCKET_SIZE];
    uint8_t pad[4];
};
typedef struct Bucket Bucket;

_Static_assert(sizeof(Bucket) == 64, "a bucket must fill one cache line");

bool tt_resize(TT *tt, size_t mb)
{
    if (mb < 1 || mb > TT_MAX_MB)
        return false;
    size_t count = mb * 1024 * 1024 / sizeof(Bucket);
    size_t bytes = (count * sizeof(Bucket) + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    Bucket *fresh = aligned_block(HUGE_PAGE, bytes);
    if (!fresh)
        return false;
    want_huge_pages(fresh, bytes);
    aligned_block_free(tt->table);
    tt->table = fresh;
    tt->bucket_count = count;
    tt_clear(tt);
    return true;
}

void tt_free(TT *tt)
{
    aligned_block_free(tt->table);
    tt->table = NULL;
    tt->bucket_count = 0;
}

size_t tt_size_mb(const TT *tt) { return tt->bucket_count * sizeof(Bucket) / (1024 * 1024); }

/* Generation 0 is never used, so an all-zero entry is always an empty one. */
void tt_clear(TT *tt)
{
    memset(tt->table, 0, tt->bucket_count * sizeof(Bucket));
    tt->generation = GEN_STEP;
}

void tt_new_search(TT *tt)
{
    tt->generation = (uint8_t)(tt->generation + GEN_STEP);
    if (!tt->generation)
        tt->generation = GEN_STEP;
}

static inline Bucket *bucket_of(const TT *tt, uint64_t key)
{
    return &tt->table[(size_t)mul_hi64(key, tt->bucket_count)];
}

void tt_prefetch(const TT *tt, uint64_t key) { __builtin_prefetch(bucket_of(tt, key)); }

/* Forced scores (mates, tables' wins) are stored as distance from this node, not from the root. */
static int score_to_tt(int v, int ply)
{
    return v >= VALUE_TABLE_BOUND ? v + ply : v <= -VALUE_TABLE_BOUND ? v - ply : v;
}

static int score_from_tt(int v, int ply)
{
    return v >= VALUE_TABLE_BOUND ? v - ply : v <= -VALUE_TABLE_BOUND ? v + ply : v;
}

bool tt_probe(const TT *tt, uint64_t key, int ply, TTHit *hit)
{
    Bucket *b = bucket_of(tt, key);
    uint32_t check = (uint32_t)key;
    for (int i = 0; i < BUCKET_SIZE; i++) {
        Entry *e = &b->entry[i];
        Words w = load(e);
        if (w_key(w) != check || !w_gen_bound(w))
            continue;
        hit->move = w_move(w);
        hit->score = (int16_t)score_from_tt(w_score(w), ply);
        hit->eval = (int16_t)w_eval(w);
        hit->depth = (int8_t)(w_depth(w) - DEPTH_BIAS);
        hit->bound = (uint8_t)(w_gen_bound(w) & 3);
        /* Refresh the age so a hit entry survives this search. */
        uint32_t info = (w.info & 0x03FFFFFF) | (uint32_t)tt->generation << 24;
        atomic_store_explicit(&e->info, info, memory_order_relaxed);
        return true;
    }
    return false;
}

/* How much an entry is worth keeping: deep and recent beats shallow and old. */
static inline int worth(const TT *tt, Words w)
{
    int age = (uint8_t)(tt->generation - (w_gen_bound(w) & GEN_MASK)) / GEN_STEP;
    return w_depth(w) - 8 * age;
}

void tt_store(TT *tt, uint64_t key, int ply, Move move, int score, int eval, int depth, int bound)
{
    /* A rule verdict below this node holds only on this path: keep the move, not the score. */
    if (is_rule_score(score)) {
        score = 0;
        bound = BOUND_NONE;
    }
    Bucket *b = bucket_of(tt, key);
    uint32_t check = (uint32_t)key;
    Entry *victim = &b->entry[0];
    Words old = load(victim);
    for (int i = 0; i < BUCKET_SIZE; i++) {
        Words w = load(&b->entry[i]);
        if (w_key(w) == check || !w_gen_bound(w)) {
            victim = &b->entry[i];
            old = w;
            break;
        }
        if (worth(tt, w) < worth(tt, old)) {
            victim = &b->entry[i];
            old = w;
        }
    }
    bool same = w_key(old) == check && w_gen_bound(old);
    /* Keep a deeper result for the same position unless the new one is exact or the old is stale. */
    if (same && bound != BOUND_EXACT && depth + DEPTH_BIAS + 3 < w_depth(old)
        && (w_gen_bound(old) & GEN_MASK) == tt->generation)
        return;
    if (same && !move)
        move = w_move(old);
    uint32_t data = move | (uint32_t)(uint16_t)score_to_tt(score, ply) << 16;
    uint32_t info = (uint16_t)eval | (uint32_t)(uint8_t)(depth + DEPTH_BIAS) << 16 | (uint32_t)(tt->generation | bound) << 24;
    atomic_store_explicit(&victim->data, data, memory_order_relaxed);
    atomic_store_explicit(&victim->info, info, memory_order_relaxed);
    atomic_store_explicit(&victim->check, check ^ data ^ (info & 0xFFFFFF), memory_order_relaxed);
}

int tt_hashfull(const TT *tt)
{
    int used = 0;
    for (size_t i = 0; i < 200 && i < tt->bucket_count; i++)
        for (int j = 0; j < BUCKET_SIZE; j++) {
            int gb = w_gen_bound(load(&tt->table[i].entry[j]));
            used += gb && (gb & GEN_MASK) == tt->generation;
        }
    return used;
}
