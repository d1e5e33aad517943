/* Reading ElephantEye's book files, and finding and choosing a position's moves in them. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../base/random.h"
#include "../board/movegen.h"
#include "book.h"

/* Larger than any book of openings (ElephantEye's has 12,081 records): a file beyond it is something else. */
enum { BOOK_BYTES_MAX = 1 << 28 };

static uint32_t read_u32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static bool on_board(int sq) { return sq_file(sq) >= 0 && sq_file(sq) < FILE_NB && sq_rank(sq) >= 0 && sq_rank(sq) < RANK_NB; }

/* Whether the records are a book: a move between two points each, locks in order. False with the reason. */
static bool check_records(const BookRecord *rec, size_t n, char *err, size_t errlen)
{
    for (size_t i = 0; i < n; i++) {
        Move m = book_code_move(rec[i].code);
        if (!on_board(move_from(m)) || !on_board(move_to(m)) || move_from(m) == move_to(m)) {
            snprintf(err, errlen, "not an ElephantEye book: record %zu holds no move (%04x)", i + 1, rec[i].code);
            return false;
        }
        if (i && rec[i].lock < rec[i - 1].lock) {
            snprintf(err, errlen, "not an ElephantEye book: record %zu is out of order", i + 1);
            return false;
        }
    }
    return true;
}

/* The file's bytes (at most BOOK_BYTES_MAX), or NULL with the reason. */
static unsigned char *read_bytes(const char *path, size_t *len, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot open '%.200s': %s", path, strerror(errno));
        return NULL;
    }
    /* A device or a pipe could be endless or never end: only files are books. */
    struct stat st;
    if (fstat(fileno(f), &st) || !S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "'%.200s' is not a file", path);
        fclose(f);
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    unsigned char *data = malloc(cap);
    while (data) {
        n += fread(data + n, 1, cap - n, f);
        if (n < cap || cap >= BOOK_BYTES_MAX)
            break;
        unsigned char *more = realloc(data, cap * 2);
        if (!more)
            free(data);
        data = more;
        cap *= 2;
    }
    bool failed = ferror(f) || !data || n >= BOOK_BYTES_MAX;
    fclose(f);
    if (failed) {
        snprintf(err, errlen, "'%.200s': %s", path, !data ? "out of memory" : n >= BOOK_BYTES_MAX ? "too large for a book" : "read error");
        free(data);
        return NULL;
    }
    *len = n;
    return data;
}

/* A book from its bytes; NULL with the reason, the book named `name` in it. */
static Book *book_from_bytes(const unsigned char *data, size_t len, const char *name, char *err, size_t errlen)
{
    Book *bk = NULL;
    if (!len) {
        snprintf(err, errlen, "'%.200s' is empty", name);
    } else if (len % BOOK_RECORD_BYTES) {
        snprintf(err, errlen, "'%.200s' is corrupt or not an ElephantEye book: %zu bytes are no whole number of %d-byte records",
                 name, len, BOOK_RECORD_BYTES);
    } else if (!(bk = malloc(sizeof *bk)) || !(bk->rec = malloc(len / BOOK_RECORD_BYTES * sizeof *bk->rec))) {
        snprintf(err, errlen, "out of memory for '%.200s'", name);
        free(bk);
        bk = NULL;
    } else {
        bk->n = len / BOOK_RECORD_BYTES;
        for (size_t i = 0; i < bk->n; i++) {
            const unsigned char *p = data + i * BOOK_RECORD_BYTES;
            bk->rec[i] = (BookRecord){ read_u32(p), (uint16_t)(p[4] | p[5] << 8), (uint16_t)(p[6] | p[7] << 8) };
        }
        char why[200];
        if (!check_records(bk->rec, bk->n, why, sizeof why)) {
            snprintf(err, errlen, "'%.200s': %s", name, why);
            book_free(bk);
            bk = NULL;
        } else {
            book_keys_init(&bk->keys);
        }
    }
    return bk;
}

/* Chuhan's own book, made into an array by the build (books/chuhan.book). */
extern const unsigned char chuhan_book[];
extern const size_t chuhan_book_size;

Book *book_open(const char *path, char *err, size_t errlen)
{
    if (!strcmp(path, BOOK_OWN_NAME))
        return book_from_bytes(chuhan_book, chuhan_book_size, path, err, errlen);
    size_t len;
    unsigned char *data = read_bytes(path, &len, err, errlen);
    if (!data)
        return NULL;
    Book *bk = book_from_bytes(data, len, path, err, errlen);
    free(data);
    return bk;
}

void book_free(Book *bk)
{
    if (bk)
        free(bk->rec);
    free(bk);
}

/* The first record with this lock, or bk->n when there is none. */
static size_t find_lock(const Book *bk, uint32_t lock)
{
    size_t lo = 0, hi = bk->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (bk->rec[mid].lock < lock)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < bk->n && bk->rec[lo].lock == lock ? lo : bk->n;
}

int book_probe(const Book *bk, Board *b, BookMove out[MAX_MOVES])
{
    for (int mirrored = 0; mirrored < 2; mirrored++) {
        uint32_t lock0, lock1;
        book_locks(&bk->keys, b, mirrored, &lock0, &lock1);
        size_t i = find_lock(bk, lock1);
        if (i == bk->n)
            continue;
        /* The lock is found: its records decide, even if none is legal here (a lock shared by chance). */
        int n = 0;
        for (; i < bk->n && bk->rec[i].lock == lock1 && n < MAX_MOVES; i++) {
            Move m = book_code_move(bk->rec[i].code);
            if (mirrored)
                m = book_mirror_move(m);
            if (!move_is_pseudo(b, m) || !move_is_legal(b, m))
                continue;
            /* Insertion keeps ties in file order, as ElephantEye's sort does. */
            int k = n++;
            for (; k > 0 && out[k - 1].weight < bk->rec[i].weight; k--)
                out[k] = out[k - 1];
            out[k] = (BookMove){ m, bk->rec[i].weight };
        }
        return n;
    }
    return 0;
}

long book_total(const BookMove *moves, int n)
{
    long total = 0;
    for (int i = 0; i < n; i++)
        total += moves[i].weight;
    return total;
}

static bool in_list(Move m, const Move *list, int n)
{
    for (int i = 0; i < n; i++)
        if (list[i] == m)
            return true;
    return false;
}

/* Whether m leads back to a position of the game since its last capture. */
static bool repeats(Board *b, Move m)
{
    make_move(b, m);
    bool seen = false;
    for (int i = b->hply - 1; i >= 0 && !seen; i--) {
        seen = b->hist[i].key == b->key;
        if (b->hist[i].captured)
            break;
    }
    unmake_move(b);
    return seen;
}

static bool allowed(Board *b, Move m, const BookFilter *f)
{
    if (f && in_list(m, f->banned, f->nbanned))
        return false;
    if (f && f->nonly && !in_list(m, f->only, f->nonly))
        return false;
    return !repeats(b, m);
}

static Move pick(const BookMove *moves, int n, BookChoice how, uint64_t *rng)
{
    long total = book_total(moves, n);
    if (how == BOOK_BEST || total <= 0)
        return moves[0].move;
    long r = (long)(splitmix64(rng) % (uint64_t)total);
    int i = 0;
    while ((r -= moves[i].weight) >= 0)
        i++;
    return moves[i].move;
}

Move book_choose(Book *const *books, int nbooks, Board *b, BookChoice how, const BookFilter *filter, uint64_t *rng,
                 Move *reply)
{
    *reply = MOVE_NONE;
    for (int k = 0; k < nbooks; k++) {
        BookMove found[MAX_MOVES];
        int n = book_probe(books[k], b, found), kept = 0;
        if (!n)
            continue;
        for (int i = 0; i < n; i++)
            if (allowed(b, found[i].move, filter))
                found[kept++] = found[i];
        if (!kept)
            return MOVE_NONE; /* this book knows the position; what it offers is not to be played */
        Move m = pick(found, kept, how, rng);
        make_move(b, m);
        BookMove next[MAX_MOVES];
        if (book_probe(books[k], b, next))
            *reply = next[0].move;
        unmake_move(b);
        return m;
    }
    return MOVE_NONE;
}
