#include <dirent.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "egtb.h"
#include "../board/movegen.h"

enum { TB_ENTRIES_MAX = 4096, TB_SLOTS = 8192, TB_PATH_MAX = 4096 };
/* SHUT: not read for want of memory, until a new search makes room (tb_set_next_search). */
enum { UNREAD, READING, READ, REFUSED, SHUT };

/*
 * A search reads tables up to this size itself (a few milliseconds); a larger
 * one is read by a thread of its own while the search goes on without it, so
 * that entering a large ending never costs a move's time.
 */
#define TB_READ_NOW_BYTES ((off_t)8 << 20)

/* A table found in a folder: where, how large, and once read, its contents. */
typedef struct {
    uint64_t key;
    char path[TB_PATH_MAX];
    off_t bytes;
    RuleSet rules;
    TbSet *set;
    atomic_int state;
    atomic_uint used_in; /* the last search that probed it */
    TbTable table;
} Entry;

struct TbSet {
    Entry *entry;
    int entries, men, count[2];
    int16_t slot[TB_SLOTS]; /* open addressing on the key: entry + 1, 0 for none */
    size_t memory, used;
    pthread_mutex_t lock;   /* over the states, the memory used, the reads under way and the error */
    pthread_cond_t done;    /* a read has ended */
    int reading;
    unsigned search;        /* searches begun, changed only where none probes */
    bool shut;              /* a table was shut out since the last search began */
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

static Entry *find(const TbSet *s, uint64_t key)
{
    for (unsigned h = (unsigned)(key * 0x9E3779B97F4A7C15ull >> 51); s->slot[h]; h = (h + 1) % TB_SLOTS)
        if (s->entry[s->slot[h] - 1].key == key)
            return &s->entry[s->slot[h] - 1];
    return NULL;
}

TbSet *tb_set_new(void)
{
    TbSet *s = calloc(1, sizeof *s);
    if (s && !(s->entry = calloc(TB_ENTRIES_MAX, sizeof *s->entry))) {
        free(s);
        return NULL;
    }
    if (s) {
        pthread_mutex_init(&s->lock, NULL);
        pthread_cond_init(&s->done, NULL);
        s->memory = (size_t)1 << 30;
    }
    return s;
}

void tb_set_next_search(TbSet *s)
{
    pthread_mutex_lock(&s->lock);
    if (s->shut) {
        /* The tables the last search did not probe give way to those it could not read. */
        for (int i = 0; i < s->entries; i++) {
            Entry *en = &s->entry[i];
            if (atomic_load(&en->state) == READ && atomic_load(&en->used_in) != s->search) {
                s->used -= en->table.bytes;
                tb_file_free(&en->table);
                atomic_store(&en->state, UNREAD);
            }
        }
        s->shut = false;
        for (int i = 0; i < s->entries; i++) {
            Entry *en = &s->entry[i];
            if (atomic_load(&en->state) != SHUT)
                continue;
            if (s->used + (size_t)en->bytes <= s->memory)
                atomic_store(&en->state, UNREAD);
            else
                s->shut = true;
        }
    }
    s->search++;
    pthread_mutex_unlock(&s->lock);
}

void tb_set_wait(TbSet *s)
{
    pthread_mutex_lock(&s->lock);
    while (s->reading)
        pthread_cond_wait(&s->done, &s->lock);
    pthread_mutex_unlock(&s->lock);
}

static void forget(TbSet *s)
{
    tb_set_wait(s);
    for (int i = 0; i < s->entries; i++)
        tb_file_free(&s->entry[i].table);
    memset(s->slot, 0, sizeof s->slot);
    s->entries = s->men = s->count[0] = s->count[1] = 0;
    s->used = 0;
}

void tb_set_free(TbSet *s)
{
    if (!s)
        return;
    forget(s);
    pthread_cond_destroy(&s->done);
    pthread_mutex_destroy(&s->lock);
    free(s->entry);
    free(s);
}

void tb_set_memory(TbSet *s, size_t bytes) { s->memory = bytes; }
int tb_set_men(const TbSet *s) { return s->men; }
int tb_set_count(const TbSet *s, RuleSet r) { return s->count[r]; }

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
    if (find(s, key) || s->entries == TB_ENTRIES_MAX || strlen(dir) + len + 2 > TB_PATH_MAX)
        return;
    Entry *en = &s->entry[s->entries++];
    en->key = key;
    snprintf(en->path, sizeof en->path, "%s/%s", dir, file);
    struct stat st;
    en->bytes = stat(en->path, &st) ? 0 : st.st_size;
    en->rules = r;
    en->set = s;
    atomic_store(&en->state, UNREAD);
    unsigned h = (unsigned)(key * 0x9E3779B97F4A7C15ull >> 51);
    while (s->slot[h])
        h = (h + 1) % TB_SLOTS;
    s->slot[h] = (int16_t)s->entries;
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

/* The next folder of a list: up to ';', or ':' unless it follows a lone drive letter. */
static const char *next_dir(const char *p, char *out, size_t len)
{
    size_t n = 0;
    for (; *p && *p != ';' && !(*p == ':' && !(n == 1 && ((p[1] == '/' || p[1] == '\\')))); p++)
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
        if (*dir && !scan(s, dir)) {
            snprintf(err, errlen, "cannot read the folder %s", dir);
            ok = false;
        }
    }
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
 * Reads a table whose entry the caller made READING. It becomes READ; REFUSED,
 * and why (a bad file, or one larger than all the tables' memory); or SHUT
 * while the tables in memory leave no room for it (said once).
 */
static void read_claimed(TbSet *s, Entry *en)
{
    char why[TB_PATH_MAX + 128] = "";
    TbTable t;
    pthread_mutex_lock(&s->lock);
    size_t room = s->used < s->memory ? s->memory - s->used : 0;
    pthread_mutex_unlock(&s->lock);
    int state;
    if ((size_t)en->bytes > s->memory) {
        snprintf(why, sizeof why, "%.*s: not read, larger than the tables' memory (%zu MB)", TB_PATH_MAX, en->path, s->memory >> 20);
        state = REFUSED;
    } else {
        state = (size_t)en->bytes > room ? SHUT : tb_file_read(&t, en->path, NULL, en->rules, why, sizeof why) ? READ : REFUSED;
    }
    pthread_mutex_lock(&s->lock);
    if (state == READ && s->used + t.bytes > s->memory) { /* another read took the room meanwhile */
        tb_file_free(&t);
        state = SHUT;
    }
    if (state == READ) {
        s->used += t.bytes;
        en->table = t;
    }
    if (state == SHUT && !s->shut) {
        snprintf(why, sizeof why, "%.*s: not read yet, the tables' memory (%zu MB) is full", TB_PATH_MAX, en->path, s->memory >> 20);
        s->shut = true;
    }
    if (state != READ && why[0])
        note_error(s, why);
    atomic_store_explicit(&en->state, state, memory_order_release);
    s->reading--;
    pthread_cond_broadcast(&s->done);
    pthread_mutex_unlock(&s->lock);
}

static void *reader(void *arg)
{
    Entry *en = arg;
    read_claimed(en->set, en);
    return NULL;
}

/*
 * Whether an entry's table is in memory. One not yet read is read now if the
 * caller waits or it is small; else a thread of its own reads it (here all the
 * same where no thread can start) and it is not in memory yet.
 */
static bool entry_ready(TbSet *s, Entry *en, bool wait)
{
    int state = atomic_load_explicit(&en->state, memory_order_acquire);
    if (state == READ || state == REFUSED || state == SHUT)
        return state == READ;
    bool now = wait || en->bytes <= TB_READ_NOW_BYTES;
    pthread_mutex_lock(&s->lock);
    bool claimed = atomic_load(&en->state) == UNREAD;
    if (claimed) {
        atomic_store(&en->state, READING);
        s->reading++;
    }
    pthread_mutex_unlock(&s->lock);
    pthread_t th;
    if (claimed && !now && !pthread_create(&th, NULL, reader, en)) {
        pthread_detach(th);
        return false;
    }
    if (claimed) {
        read_claimed(s, en);
    } else if (now) {
        pthread_mutex_lock(&s->lock);
        while (atomic_load(&en->state) == READING)
            pthread_cond_wait(&s->done, &s->lock);
        pthread_mutex_unlock(&s->lock);
    }
    return atomic_load_explicit(&en->state, memory_order_acquire) == READ;
}

static bool probe(TbSet *s, const Board *b, TbResult *r, bool wait)
{
    if (!s->entries || board_men(b) > s->men)
        return false;
    Ending e = ending_of_board(b);
    Entry *en = find(s, table_key(&e, (RuleSet)b->rules));
    if (!en || !entry_ready(s, en, wait))
        return false;
    /* Written only when it changes: the threads of a search share the entry's cache line. */
    if (atomic_load_explicit(&en->used_in, memory_order_relaxed) != s->search)
        atomic_store_explicit(&en->used_in, s->search, memory_order_relaxed);
    const TbTable *t = &en->table;
    TbPos p;
    tb_from_board(&t->layout, b, &p);
    int64_t i = tb_index(&t->layout, &p);
    if (i < 0)
        return false;
    r->value = t->values[p.side][i];
    r->flags = tb_flags(t, p.side, (uint64_t)i);
    return r->value != TB_NONE;
}

bool tb_probe(TbSet *s, const Board *b, TbResult *r) { return probe(s, b, r, true); }
bool tb_probe_nowait(TbSet *s, const Board *b, TbResult *r) { return probe(s, b, r, false); }
static bool probe_after(TbSet *s, Board *b, Move m, bool rule, TbResult *r, bool wait)
{
    make_move(b, m);
    bool known = probe(s, b, r, wait);
    unmake_move(b);
    if (known && (r->flags & TB_FLAG_RULE) && !rule)
        r->value = TB_DRAW;
    return known;
}

bool tb_probe_after(TbSet *s, Board *b, Move m, bool rule, TbResult *r) { return probe_after(s, b, m, rule, r, true); }

/* The move that keeps the board's table result at its best distance, or MOVE_NONE. */
static Move table_move(TbSet *s, Board *b, const TbResult *r)
{
    Move list[MAX_MOVES];
    int n = gen_legal(b, list);
    for (int k = 0; k < n; k++) {
        TbResult q;
        /* A successor that needs the rule counts as a draw where this result does not: it keeps nothing. */
        bool known = probe_after(s, b, list[k], r->flags & TB_FLAG_RULE, &q, false);
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
