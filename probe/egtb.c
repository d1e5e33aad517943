#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "egtb.h"
#include "../board/movegen.h"
#include "egtb_cache.h"
#include "../base/read_at.h"

enum { TB_ENTRIES_MAX = 4096, TB_SLOTS = 8192, TB_PATH_MAX = 4096 };
/*
 * A table is opened (header and index read, a few milliseconds at most) when first probed; REFUSED: a bad file,
 * or a bad block met since; ABSENT: a place read by URL has no such table (never opened).
 */
enum { UNOPENED, OPEN, REFUSED, ABSENT };

/*
 * A table found in a folder: where, and once opened, its header and index,
 * which live in the cache's memory (tb_cache_hold), so that EGTBMemory bounds
 * them with the blocks; an entry not yet opened costs a few dozen bytes.
 */
typedef struct {
    uint64_t key;
    char *path;
    Ending ending; /* as the file's name says: the header must say the same, or its layout would misread the boards */
    RuleSet rules;
    atomic_int state;
    TbFile *file;  /* NULL until opened */
} Entry;

struct TbSet {
    Entry *entry;
    int entries, men, count[2];
    _Atomic int16_t slot[TB_SLOTS]; /* open addressing on the key: entry + 1, 0 for none; probes read it unlocked */
    char url[TB_PATH_MAX];  /* a place read by URL, asked for each ending's table when first probed */
    atomic_bool asking;     /* whether url is asked: none was given, or it stopped answering */
    size_t memory;
    TbCache *cache;         /* the decoded blocks and the open tables' indexes, bounded by memory */
    pthread_mutex_t lock;   /* over the opening of tables and the error */
    char error[TB_PATH_MAX + 128];
    bool has_error;
};

/* An ending's table under a rule set, as one number: the counts of its canonical colouring. */
static uint64_t table_key(const Ending *e, RuleSet r)
{
    Ending c = ending_is_canonical(e) ? *e : ending_swap(e);
    uint64_t k = (uint64_t)r;
    for (int side = RED; side <= BLACK; side++)
        for (int t = 0; t < PIECE_TYPE_NB; t++)
            k = k << 3 | c.count[side][t];
    return k | 1ull << 63;
}

static unsigned hash(uint64_t key) { return (unsigned)(key * 0x9E3779B97F4A7C15ull >> 51); }

/* An entry is written whole before its slot (add): a probe that sees the slot sees the entry. */
static Entry *find(TbSet *s, uint64_t key)
{
    int n;
    for (unsigned h = hash(key); (n = atomic_load_explicit(&s->slot[h], memory_order_acquire)); h = (h + 1) % TB_SLOTS)
        if (s->entry[n - 1].key == key)
            return &s->entry[n - 1];
    return NULL;
}

enum { TB_MEMORY_DEFAULT = 64 << 20 };

TbSet *tb_set_new(void)
{
    TbSet *s = calloc(1, sizeof *s);
    if (s && (!(s->entry = calloc(TB_ENTRIES_MAX, sizeof *s->entry)) || !(s->cache = tb_cache_new(TB_MEMORY_DEFAULT)))) {
        free(s->entry);
        free(s);
        return NULL;
    }
    if (s) {
        pthread_mutex_init(&s->lock, NULL);
        s->memory = TB_MEMORY_DEFAULT;
    }
    return s;
}

/* Nothing to do between searches now that tables are read block by block; kept for the engines that call it. */
void tb_set_next_search(TbSet *s) { (void)s; }

/* Closes every open table, whose memory is the cache's: before the cache is cleared or let go. */
static void close_tables(TbSet *s)
{
    for (int i = 0; i < s->entries; i++) {
        Entry *en = &s->entry[i];
        if (en->file)
            tbf_close(en->file);
        en->file = NULL;
        if (atomic_load(&en->state) == OPEN)
            atomic_store(&en->state, UNOPENED);
    }
}

static void forget(TbSet *s)
{
    close_tables(s);
    tb_cache_clear(s->cache);
    for (int i = 0; i < s->entries; i++)
        free(s->entry[i].path);
    for (int h = 0; h < TB_SLOTS; h++)
        atomic_store(&s->slot[h], 0);
    s->entries = s->men = s->count[0] = s->count[1] = 0;
    s->url[0] = 0;
    atomic_store(&s->asking, false);
}

void tb_set_free(TbSet *s)
{
    if (!s)
        return;
    forget(s);
    pthread_mutex_destroy(&s->lock);
    tb_cache_free(s->cache);
    free(s->entry);
    free(s);
}

/*
 * A new cache of the new size; where there is no memory for it the old one
 * stays. The open tables live in the old one: they are closed, to be opened
 * again in the new one when next probed. Only between searches.
 */
void tb_set_memory(TbSet *s, size_t bytes)
{
    TbCache *c = tb_cache_new(bytes);
    if (!c)
        return;
    close_tables(s);
    tb_cache_free(s->cache);
    s->cache = c;
    s->memory = bytes;
}

void tb_set_counts(TbSet *s, uint64_t *hits, uint64_t *misses) { tb_cache_counts(s->cache, hits, misses); }
int tb_set_men(const TbSet *s) { return s->men; }
int tb_set_count(const TbSet *s, RuleSet r) { return s->count[r]; }

/* A new entry for the (canonical) ending's table at dir/file, unopened; NULL where the set is full. */
static Entry *add(TbSet *s, uint64_t key, const char *dir, const char *file, const Ending *e, RuleSet r)
{
    size_t len = strlen(dir) + strlen(file) + 2;
    if (s->entries == TB_ENTRIES_MAX || len > TB_PATH_MAX)
        return NULL;
    Entry *en = &s->entry[s->entries];
    if (!(en->path = malloc(len)))
        return NULL;
    en->key = key;
    en->file = NULL;
    snprintf(en->path, len, "%s/%s", dir, file);
    en->rules = r;
    en->ending = *e;
    atomic_store(&en->state, UNOPENED);
    unsigned h = hash(key);
    while (atomic_load(&s->slot[h]))
        h = (h + 1) % TB_SLOTS;
    atomic_store_explicit(&s->slot[h], (int16_t)++s->entries, memory_order_release);
    return en;
}

/* A file named ENDING.RULES.egtb whose ending is canonical: its entry (the first folder's wins). */
static void consider(TbSet *s, const char *dir, const char *file)
{
    char name[TB_NAME_MAX + 32], why[128];
    size_t len = strlen(file);
    if (len >= sizeof name || len < 6 || strcmp(file + len - 5, ".egtb"))
        return;
    memcpy(name, file, len - 5);
    name[len - 5] = 0;
    char *dot = strchr(name, '.');
    RuleSet r;
    Ending e;
    if (!dot)
        return;
    *dot = 0;
    if (!tb_rules_parse(dot + 1, &r) || !ending_parse(name, &e, why, sizeof why) || !ending_is_canonical(&e))
        return;
    uint64_t key = table_key(&e, r);
    if (find(s, key) || !add(s, key, dir, file, &e, r))
        return;
    s->count[r]++;
    if (ending_men(&e) > s->men)
        s->men = ending_men(&e);
}

static bool scan(TbSet *s, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return false;
    for (struct dirent *f; (f = readdir(d));)
        consider(s, dir, f->d_name);
    closedir(d);
    return true;
}

/* The next folder of a list: up to ';', or ':' unless it follows a lone drive letter or is a URL's (whose ends at ';'). */
static const char *next_dir(const char *p, char *out, size_t len)
{
    size_t n = 0;
    bool url = read_at_is_url(p);
    for (; *p && *p != ';' && !(*p == ':' && !url && !(n == 1 && ((p[1] == '/' || p[1] == '\\')))); p++)
        if (n + 1 < len)
            out[n++] = *p;
    out[n] = 0;
    return *p ? p + 1 : p;
}

bool tb_set_paths(TbSet *s, const char *paths, char *err, size_t errlen)
{
    forget(s);
    bool ok = true;
    char dir[TB_PATH_MAX];
    for (const char *p = paths; *p;) {
        p = next_dir(p, dir, sizeof dir);
        if (*dir && read_at_is_url(dir) && read_at_reads_urls() && !atomic_load(&s->asking)) {
            snprintf(s->url, sizeof s->url, "%s", dir);
            for (size_t n = strlen(s->url); n && s->url[n - 1] == '/';)
                s->url[--n] = 0;
            atomic_store(&s->asking, true);
        } else if (*dir && !scan(s, dir)) {
            snprintf(err, errlen, "cannot read the folder %s", dir);
            ok = false;
        }
    }
    if (atomic_load(&s->asking))
        s->men = TB_MAX_MEN; /* which tables the place has is learnt by asking */
    return ok;
}

static void note_error(TbSet *s, const char *why)
{
    snprintf(s->error, sizeof s->error, "%s", why);
    s->has_error = true;
}

bool tb_set_error(TbSet *s, char *out, size_t len)
{
    pthread_mutex_lock(&s->lock);
    bool had = s->has_error;
    if (had)
        snprintf(out, len, "%s", s->error);
    s->has_error = false;
    pthread_mutex_unlock(&s->lock);
    return had;
}

/*
 * An ending's table asked of the place read by URL when first probed: its
 * entry, ABSENT where the place has no such file (said nowhere: most endings
 * have none). A place that does not answer is said once and asked no more.
 */
static Entry *ask(TbSet *s, const Ending *e, RuleSet r, uint64_t key)
{
    pthread_mutex_lock(&s->lock);
    Entry *en = find(s, key);
    if (!en && atomic_load(&s->asking)) {
        Ending c = ending_is_canonical(e) ? *e : ending_swap(e);
        char name[TB_NAME_MAX], file[TB_NAME_MAX + 32];
        ending_name(&c, name);
        snprintf(file, sizeof file, "%s.%s.egtb", name, tb_rules_name(r));
        if ((en = add(s, key, s->url, file, &c, r))) {
            int fd = read_at_open(en->path); /* its length is kept: the table's opening asks no more */
            if (fd >= 0)
                read_at_close(fd);
            else
                atomic_store(&en->state, ABSENT);
            if (fd < 0 && errno != ENOENT) {
                char why[TB_PATH_MAX + 128];
                snprintf(why, sizeof why, "%.*s: no answer; no more tables are asked of that place", TB_PATH_MAX, en->path);
                note_error(s, why);
                atomic_store(&s->asking, false);
            }
        }
    }
    pthread_mutex_unlock(&s->lock);
    return en;
}

static void *hold(void *cache, size_t bytes) { return tb_cache_hold(cache, bytes); }

/* Whether an entry's table is open, opening it where it is not yet. */
static bool entry_open(TbSet *s, Entry *en)
{
    int state = atomic_load_explicit(&en->state, memory_order_acquire);
    if (state != UNOPENED)
        return state == OPEN;
    pthread_mutex_lock(&s->lock);
    if (atomic_load(&en->state) == UNOPENED) {
        char why[TB_PATH_MAX + 128];
        TbFile *f = tb_cache_hold(s->cache, sizeof *f);
        bool ok = f && tbf_open_in(f, en->path, &en->ending, en->rules, hold, s->cache, why, sizeof why);
        if (!f)
            snprintf(why, sizeof why, "%.*s: EGTBMemory is too small to open another table: raise it", TB_PATH_MAX, en->path);
        if (ok)
            en->file = f;
        else
            note_error(s, why);
        atomic_store_explicit(&en->state, ok ? OPEN : REFUSED, memory_order_release);
    }
    pthread_mutex_unlock(&s->lock);
    return atomic_load_explicit(&en->state, memory_order_acquire) == OPEN;
}

/* A table whose block failed: said once, and no more of it is believed (the file stays open for probes under way). */
static void refuse(TbSet *s, Entry *en, const char *why)
{
    pthread_mutex_lock(&s->lock);
    if (atomic_load(&en->state) == OPEN)
        note_error(s, why);
    atomic_store(&en->state, REFUSED);
    pthread_mutex_unlock(&s->lock);
}

/*
 * What a cache miss decodes: one block of one part of an entry's table (of
 * a distance block larger than the cache's, the slice that holds number i),
 * and why it failed. A probe that decodes a search block keeps a copy in
 * `wsym`, so that a miss on the same numbers' distances right after does not
 * decode it again.
 */
typedef struct {
    const TbFile *f;
    int side, part;
    uint32_t k;     /* the cache's block: the part's block, or the slice of a larger one */
    uint64_t i;     /* the number probed */
    uint8_t *wsym;  /* the search block, held by the probe */
    bool have_wsym; /* wsym holds the search block of number i */
    uint8_t *dwsym, *dplies; /* a distance block larger than the cache's decoded whole, its search symbols and distances, or NULL */
    char why[TB_PATH_MAX + 128];
} Fill;

/* The slice of a distance block larger than the search part's: the search blocks it covers decoded (but the probe's), then it. */
static bool fill_slice(Fill *x, uint8_t *block)
{
    const TbFile *f = x->f;
    uint32_t kd = (uint32_t)(x->i >> f->dblock_log2), have = x->have_wsym ? (uint32_t)(x->i >> f->block_log2) : UINT32_MAX;
    size_t n = tbf_dblock_size(f, kd), from = ((size_t)x->k << TB_CACHE_LOG2) - ((size_t)kd << f->dblock_log2);
    uint8_t *wsym = malloc(n), *plies = f->dblock_log2 > TB_CACHE_LOG2 ? malloc(n) : block;
    bool ok = wsym && plies && tbf_read_search_of(f, x->side, kd, have, x->wsym, wsym, x->why, sizeof x->why) &&
              tbf_read_distance(f, x->side, kd, wsym, plies, x->why, sizeof x->why);
    if (ok && plies != block) {
        memcpy(block, plies + from, n - from < TB_CACHE_BLOCK ? n - from : TB_CACHE_BLOCK);
        x->dwsym = wsym, x->dplies = plies; /* kept for the cache once its lock is let go (keep_decoded) */
        return true;
    }
    free(wsym);
    if (plies != block)
        free(plies);
    return ok;
}

/* A cache block's key: the entry (from 1), the side, the part and the block's number in it. */
static uint64_t block_key(const TbSet *s, const Entry *en, int side, int part, uint32_t k)
{
    return (uint64_t)(en - s->entry + 1) << 34 | (uint64_t)side << 33 | (uint64_t)part << 32 | k;
}

/*
 * What a probe decoded beside its slice of a large distance block: the
 * block's other slices and search blocks, put in the cache (each under its
 * own set's lock, none held now), so that a probe of a number near it need
 * not decode the block again.
 */
static void keep_decoded(TbSet *s, const Entry *en, Fill *x)
{
    const TbFile *f = x->f;
    uint32_t kd = (uint32_t)(x->i >> f->dblock_log2), own = (uint32_t)(x->i >> f->block_log2);
    size_t n = tbf_dblock_size(f, kd);
    uint32_t slice = (uint32_t)(((uint64_t)kd << f->dblock_log2) >> TB_CACHE_LOG2);
    for (size_t at = 0; at < n; at += TB_CACHE_BLOCK, slice++)
        if (slice != x->k)
            tb_cache_put(s->cache, block_key(s, en, x->side, TB_PART_DISTANCE, slice), x->dplies + at, n - at);
    uint32_t j = (uint32_t)(((uint64_t)kd << f->dblock_log2) >> f->block_log2);
    for (size_t at = 0; at < n; at += (size_t)1 << f->block_log2, j++)
        if (j != own)
            tb_cache_put(s->cache, block_key(s, en, x->side, TB_PART_SEARCH, j), x->dwsym + at, tbf_block_size(f, j));
    free(x->dwsym);
    free(x->dplies);
    x->dwsym = x->dplies = NULL;
}

static bool fill_block(void *arg, uint8_t *block)
{
    Fill *x = arg;
    if (x->part == TB_PART_SEARCH) {
        x->have_wsym = tbf_read_search(x->f, x->side, x->k, block, x->why, sizeof x->why);
        if (x->have_wsym)
            memcpy(x->wsym, block, tbf_block_size(x->f, x->k));
        return x->have_wsym;
    }
    if (x->f->dblock_log2 > x->f->block_log2)
        return fill_slice(x, block);
    /* The distances follow the search symbols: decoded again where the probe has none, rather than taken from the cache under a second lock. */
    if (!x->have_wsym)
        x->have_wsym = tbf_read_search(x->f, x->side, x->k, x->wsym, x->why, sizeof x->why);
    return x->have_wsym && tbf_read_distance(x->f, x->side, x->k, x->wsym, block, x->why, sizeof x->why);
}

/* Numbers a cache block holds of a part: the search part's blocks, the distances' no larger than the cache's. */
static unsigned slot_log2(const TbFile *f, int part)
{
    return part == TB_PART_SEARCH ? f->block_log2 : f->dblock_log2 < TB_CACHE_LOG2 ? f->dblock_log2 : TB_CACHE_LOG2;
}

/* Byte i of a side's part of the entry's table, through the cache. */
static bool table_byte(TbSet *s, Entry *en, Fill *x, int part, uint64_t i, uint8_t *out)
{
    const TbFile *f = en->file;
    unsigned log2 = slot_log2(f, part);
    x->f = f, x->part = part, x->i = i, x->k = (uint32_t)(i >> log2), x->why[0] = 0;
    uint64_t key = block_key(s, en, x->side, part, x->k);
    size_t at = (size_t)(i & (((uint64_t)1 << log2) - 1));
    x->dwsym = x->dplies = NULL;
    bool ok = tb_cache_byte(s->cache, key, at, out, fill_block, x);
    if (x->dplies)
        keep_decoded(s, en, x);
    if (ok)
        return true;
    refuse(s, en, x->why[0] ? x->why : "not enough memory for the tables' cache");
    return false;
}

/* A probe under way: the position's entry, number and search symbol, and what a read of its distance after needs. */
typedef struct {
    Entry *en;
    uint64_t i;
    uint8_t sym;
    Fill x; /* not initialised whole: its message is written only on a failure */
    uint8_t wsym[TB_CACHE_BLOCK];
} Probe;

/* The search symbol of the board's position; false where no table holds it or a read failed. */
static bool probe_search(TbSet *s, const Board *b, Probe *p)
{
    if (board_men(b) > s->men)
        return false;
    Ending e = ending_of_board(b);
    uint64_t key = table_key(&e, (RuleSet)b->rules);
    p->en = find(s, key);
    if (!p->en && atomic_load_explicit(&s->asking, memory_order_relaxed))
        p->en = ask(s, &e, (RuleSet)b->rules, key);
    if (!p->en || !entry_open(s, p->en))
        return false;
    const TbLayout *l = &p->en->file->head.layout;
    TbPos pos;
    tb_from_board(l, b, &pos);
    int64_t i = tb_index(l, &pos);
    p->i = (uint64_t)i;
    p->x.side = pos.side, p->x.wsym = p->wsym, p->x.have_wsym = false;
    return i >= 0 && table_byte(s, p->en, &p->x, TB_PART_SEARCH, p->i, &p->sym) && tb_sym_class(p->sym) != TB_CLASS_NONE;
}

static bool probe(TbSet *s, const Board *b, TbResult *r)
{
    Probe p;
    uint8_t plies = 0;
    if (!probe_search(s, b, &p))
        return false;
    int c = tb_sym_class(p.sym);
    if ((c == TB_CLASS_WIN || c == TB_CLASS_LOSS) && !table_byte(s, p.en, &p.x, TB_PART_DISTANCE, p.i, &plies))
        return false;
    r->value = c == TB_CLASS_DRAW ? TB_DRAW : tb_value(plies);
    r->flags = (uint8_t)tb_sym_flags(p.sym);
    return true;
}

bool tb_probe_wdl(TbSet *s, const Board *b, TbWdl *r)
{
    Probe p;
    if (!probe_search(s, b, &p))
        return false;
    int c = tb_sym_class(p.sym);
    r->wdl = (int8_t)(c == TB_CLASS_WIN ? 1 : c == TB_CLASS_LOSS ? -1 : 0);
    r->flags = (uint8_t)tb_sym_flags(p.sym);
    r->longest = (uint8_t)p.en->file->head.stats.longest;
    return true;
}

bool tb_probe(TbSet *s, const Board *b, TbResult *r) { return probe(s, b, r); }

void tb_result_text(const TbResult *r, char *out, size_t len)
{
    const char *rule = r->flags & TB_FLAG_RULE ? " rule" : "", *limit = r->flags & TB_FLAG_LIMIT ? " limit" : "";
    if (tb_win(r->value))
        snprintf(out, len, "win %d%s%s", (tb_plies(r->value) + 1) / 2, rule, limit);
    else if (tb_loss(r->value))
        snprintf(out, len, "loss %d%s%s", tb_plies(r->value) / 2, rule, limit);
    else
        snprintf(out, len, "draw%s%s", rule, limit);
}
bool tb_probe_nowait(TbSet *s, const Board *b, TbResult *r) { return probe(s, b, r); }
static bool probe_after(TbSet *s, Board *b, Move m, bool rule, TbResult *r)
{
    make_move(b, m);
    bool known = probe(s, b, r);
    unmake_move(b);
    if (known && (r->flags & TB_FLAG_RULE) && !rule)
        r->value = TB_DRAW;
    return known;
}

bool tb_probe_after(TbSet *s, Board *b, Move m, bool rule, TbResult *r) { return probe_after(s, b, m, rule, r); }

/* The move that keeps the board's table result at its best distance, or MOVE_NONE. */
static Move table_move(TbSet *s, Board *b, const TbResult *r)
{
    Move list[MAX_MOVES];
    int n = gen_legal(b, list);
    for (int k = 0; k < n; k++) {
        TbResult q;
        /* A successor that needs the rule counts as a draw where this result does not: it keeps nothing. */
        bool known = probe_after(s, b, list[k], r->flags & TB_FLAG_RULE, &q);
        bool keeps = tb_win(r->value) ? tb_loss(q.value) : tb_win(q.value);
        if (known && keeps && tb_plies(q.value) + 1 == tb_plies(r->value))
            return list[k];
    }
    return MOVE_NONE;
}

int tb_extend_line(TbSet *s, const Board *root, Move *line, int len, int max)
{
    Board *b = board_new();
    if (!b)
        return len;
    board_copy(b, root);
    for (int i = 0; i < len; i++)
        make_move(b, line[i]);
    TbResult r;
    while (len < max && tb_probe_nowait(s, b, &r) && tb_decided(r.value) && tb_plies(r.value) > 0) {
        Move m = table_move(s, b, &r);
        if (!m)
            break;
        line[len++] = m;
        make_move(b, m);
    }
    board_free(b);
    return len;
}
