#define _DEFAULT_SOURCE /* madvise() and MADV_HUGEPAGE, where the system has them */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "score.h"
#include "tt.h"

/*
 * Twelve-byte entries, five to a 64-byte bucket so a probe touches one cache
 * line. The bucket comes from the key's high bits (by multiplication), the
 * check from its low 32, so a false match needs 32 + log2(buckets) bits to
 * collide. Threads read and write without locks: a torn entry can at worst
 * give a wrong move, and every move from the table is checked before use.
 */
typedef struct {
    uint32_t key;
    Move move;
    int16_t score;
    int16_t eval;
    uint8_t depth;     /* depth + DEPTH_BIAS, so quiescence depths fit */
    uint8_t gen_bound; /* generation << 2 | bound */
} Entry;

enum { BUCKET_SIZE = 5, DEPTH_BIAS = 8, GEN_STEP = 4, GEN_MASK = 0xFC };
enum { HUGE_PAGE = 2 * 1024 * 1024 };

typedef struct {
    Entry entry[BUCKET_SIZE];
    uint8_t pad[4];
} Bucket;

_Static_assert(sizeof(Bucket) == 64, "a bucket must fill one cache line");

static Bucket *table;
static size_t bucket_count;
static uint8_t generation;

bool tt_resize(size_t mb)
{
    if (mb < 1 || mb > TT_MAX_MB)
        return false;
    size_t count = mb * 1024 * 1024 / sizeof(Bucket);
    size_t bytes = (count * sizeof(Bucket) + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    Bucket *fresh = aligned_alloc(HUGE_PAGE, bytes);
    if (!fresh)
        return false;
#ifdef MADV_HUGEPAGE
    /* Probes land anywhere in the table: with 4 KB pages nearly every one also misses the TLB. */
    madvise(fresh, bytes, MADV_HUGEPAGE);
#endif
    free(table);
    table = fresh;
    bucket_count = count;
    tt_clear();
    return true;
}

size_t tt_size_mb(void) { return bucket_count * sizeof(Bucket) / (1024 * 1024); }

/* Generation 0 is never used, so an all-zero entry is always an empty one. */
void tt_clear(void)
{
    memset(table, 0, bucket_count * sizeof(Bucket));
    generation = GEN_STEP;
}

void tt_new_search(void)
{
    generation = (uint8_t)(generation + GEN_STEP);
    if (!generation)
        generation = GEN_STEP;
}

static inline Bucket *bucket_of(uint64_t key)
{
    return &table[(size_t)(((unsigned __int128)key * bucket_count) >> 64)];
}

void tt_prefetch(uint64_t key) { __builtin_prefetch(bucket_of(key)); }

/* Mate scores are stored as distance from this node, not from the root. */
static int score_to_tt(int v, int ply)
{
    return v >= VALUE_MATE_BOUND ? v + ply : v <= -VALUE_MATE_BOUND ? v - ply : v;
}

static int score_from_tt(int v, int ply)
{
    return v >= VALUE_MATE_BOUND ? v - ply : v <= -VALUE_MATE_BOUND ? v + ply : v;
}

bool tt_probe(uint64_t key, int ply, TTHit *hit)
{
    Bucket *b = bucket_of(key);
    uint32_t check = (uint32_t)key;
    for (int i = 0; i < BUCKET_SIZE; i++) {
        Entry *e = &b->entry[i];
        if (e->key != check || !e->gen_bound)
            continue;
        hit->move = e->move;
        hit->score = (int16_t)score_from_tt(e->score, ply);
        hit->eval = e->eval;
        hit->depth = (int8_t)(e->depth - DEPTH_BIAS);
        hit->bound = e->gen_bound & 3;
        /* Refresh the age so a hit entry survives this search. */
        e->gen_bound = (uint8_t)(generation | (e->gen_bound & 3));
        return true;
    }
    return false;
}

/* How much an entry is worth keeping: deep and recent beats shallow and old. */
static inline int worth(const Entry *e)
{
    int age = (uint8_t)(generation - (e->gen_bound & GEN_MASK)) / GEN_STEP;
    return e->depth - 8 * age;
}

void tt_store(uint64_t key, int ply, Move move, int score, int eval, int depth, int bound)
{
    /* A rule verdict below this node holds only on this path: keep the move, not the score. */
    if (is_rule_score(score)) {
        score = 0;
        bound = BOUND_NONE;
    }
    Bucket *b = bucket_of(key);
    uint32_t check = (uint32_t)key;
    Entry *victim = &b->entry[0];
    for (int i = 0; i < BUCKET_SIZE; i++) {
        Entry *e = &b->entry[i];
        if (e->key == check || !e->gen_bound) {
            victim = e;
            break;
        }
        if (worth(e) < worth(victim))
            victim = e;
    }
    /* Keep a deeper result for the same position unless the new one is exact or the old is stale. */
    if (victim->key == check && victim->gen_bound && bound != BOUND_EXACT
        && depth + DEPTH_BIAS + 3 < victim->depth && (victim->gen_bound & GEN_MASK) == generation)
        return;
    if (victim->key != check || move)
        victim->move = move;
    victim->key = check;
    victim->score = (int16_t)score_to_tt(score, ply);
    victim->eval = (int16_t)eval;
    victim->depth = (uint8_t)(depth + DEPTH_BIAS);
    victim->gen_bound = (uint8_t)(generation | bound);
}

int tt_hashfull(void)
{
    int used = 0;
    for (size_t i = 0; i < 200 && i < bucket_count; i++)
        for (int j = 0; j < BUCKET_SIZE; j++)
            used += table[i].entry[j].gen_bound && (table[i].entry[j].gen_bound & GEN_MASK) == generation;
    return used;
}
