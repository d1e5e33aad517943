/*
 * Making a book: every position before the first plies of each game, with
 * the move played and the result, gathered under the smaller of its own and
 * its mirror's locks (a position that is its own mirror under both, with the
 * move and its mirror), then summed per position and move.
 */
#include <stdlib.h>
#include <string.h>

#include "build.h"

void book_builder_init(BookBuilder *bb, const BookBuildOptions *opt)
{
    memset(bb, 0, sizeof *bb);
    bb->opt = *opt;
    book_keys_init(&bb->keys);
}

void book_builder_free(BookBuilder *bb)
{
    free(bb->seen);
    bb->seen = NULL;
}

static void add_seen(BookBuilder *bb, BookSeen s)
{
    if (bb->failed)
        return;
    if (bb->n == bb->cap) {
        size_t cap = bb->cap ? bb->cap * 2 : 4096;
        BookSeen *more = realloc(bb->seen, cap * sizeof *more);
        if (!more) {
            bb->failed = true;
            return;
        }
        bb->seen = more;
        bb->cap = cap;
    }
    bb->seen[bb->n++] = s;
}

/* The result for the side to move: 1 won, 0 drawn, -1 lost, 2 unknown. */
static int8_t outcome_for(const char *result, int side)
{
    int red = !strcmp(result, "1-0") ? 1 : !strcmp(result, "0-1") ? -1 : !strcmp(result, "1/2-1/2") ? 0 : 2;
    return (int8_t)(red == 2 || side == RED ? red : -red);
}

void book_builder_add(BookBuilder *bb, Board *b, const Move *moves, int nmoves, const char *result)
{
    int game = bb->games++;
    int n = nmoves < bb->opt.plies ? nmoves : bb->opt.plies;
    for (int i = 0; i < n; i++) {
        uint32_t l0, l1, m0, m1;
        book_locks(&bb->keys, b, false, &l0, &l1);
        book_locks(&bb->keys, b, true, &m0, &m1);
        int8_t outcome = outcome_for(result, b->side);
        /* As ElephantEye's book maker orders them: lock1 first, then lock0. */
        int cmp = l1 != m1 ? (l1 < m1 ? -1 : 1) : l0 != m0 ? (l0 < m0 ? -1 : 1) : 0;
        if (cmp <= 0)
            add_seen(bb, (BookSeen){ l1, l0, book_move_code(moves[i]), outcome, game });
        if (cmp >= 0)
            add_seen(bb, (BookSeen){ m1, m0, book_move_code(book_mirror_move(moves[i])), outcome, game });
        make_move(b, moves[i]);
    }
    for (int i = 0; i < n; i++)
        unmake_move(b);
}

static int cmp_seen(const void *pa, const void *pb)
{
    const BookSeen *a = pa, *b = pb;
    if (a->lock1 != b->lock1)
        return a->lock1 < b->lock1 ? -1 : 1;
    if (a->lock0 != b->lock0)
        return a->lock0 < b->lock0 ? -1 : 1;
    if (a->code != b->code)
        return a->code < b->code ? -1 : 1;
    return a->game < b->game ? -1 : a->game > b->game;
}

static bool same_position(const BookSeen *a, const BookSeen *b) { return a->lock1 == b->lock1 && a->lock0 == b->lock0; }

static int cmp_int(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

/* In how many games the position of seen[from..to) was met. */
static int games_of(const BookSeen *seen, size_t from, size_t to, int *scratch)
{
    int n = 0;
    for (size_t i = from; i < to; i++)
        scratch[n++] = seen[i].game;
    qsort(scratch, (size_t)n, sizeof *scratch, cmp_int);
    int distinct = 0;
    for (int i = 0; i < n; i++)
        distinct += !i || scratch[i] != scratch[i - 1];
    return distinct;
}

static bool write_record(FILE *out, uint32_t lock, uint16_t code, uint16_t weight)
{
    unsigned char r[BOOK_RECORD_BYTES] = { (unsigned char)lock, (unsigned char)(lock >> 8), (unsigned char)(lock >> 16),
                                           (unsigned char)(lock >> 24), (unsigned char)code, (unsigned char)(code >> 8),
                                           (unsigned char)weight, (unsigned char)(weight >> 8) };
    return fwrite(r, 1, sizeof r, out) == sizeof r;
}

/* Writes the moves of the position seen[from..to); false if writing failed. */
static bool write_position(FILE *out, const BookSeen *seen, size_t from, size_t to, long *records)
{
    for (size_t i = from; i < to;) {
        size_t j = i;
        long weight = 0;
        for (; j < to && seen[j].code == seen[i].code; j++)
            weight += seen[j].outcome == 1 ? 3 : seen[j].outcome == 0 ? 1 : seen[j].outcome == -1 ? -1 : 0;
        if (weight > 0) {
            if (!write_record(out, seen[i].lock1, seen[i].code, (uint16_t)(weight > BOOK_WEIGHT_MAX ? BOOK_WEIGHT_MAX : weight)))
                return false;
            ++*records;
        }
        i = j;
    }
    return true;
}

bool book_builder_write(BookBuilder *bb, FILE *out, BookBuildCount *count)
{
    *count = (BookBuildCount){ 0 };
    if (bb->failed)
        return false;
    qsort(bb->seen, bb->n, sizeof *bb->seen, cmp_seen);
    int *scratch = malloc((bb->n ? bb->n : 1) * sizeof *scratch);
    if (!scratch)
        return false;
    bool ok = true;
    for (size_t i = 0; i < bb->n && ok;) {
        size_t j = i + 1;
        while (j < bb->n && same_position(&bb->seen[j], &bb->seen[i]))
            j++;
        if (games_of(bb->seen, i, j, scratch) >= bb->opt.min_games) {
            long before = count->records;
            ok = write_position(out, bb->seen, i, j, &count->records);
            count->positions += count->records > before;
        }
        i = j;
    }
    free(scratch);
    return ok && fflush(out) == 0 && !ferror(out);
}
