/*
 * libFuzzer target for the opening book reader: the input is written as a
 * book file and opened; a book it accepts is followed from the start by its
 * heaviest moves, as a game would, and probed at every step. A damaged file
 * must be refused with a reason, never read outside its records or crash;
 * a move the book gives must be legal where it is played.
 */
#include <stdio.h>
#include <unistd.h>

#include "../board/movegen.h"
#include "../notation/notation.h"
#include "../probe/book.h"

enum { BOOK_PLIES = 24 };

static char path[64];

static bool write_input(const uint8_t *data, size_t size)
{
    if (!path[0])
        snprintf(path, sizeof path, "/tmp/chuhan-fuzz-book-%d.dat", (int)getpid());
    FILE *f = fopen(path, "wb");
    if (!f)
        return false;
    bool ok = fwrite(data, 1, size, f) == size;
    return !fclose(f) && ok;
}

static bool is_legal(Board *b, Move m)
{
    Move moves[MAX_MOVES];
    int n = gen_legal(b, moves);
    for (int i = 0; i < n; i++)
        if (moves[i] == m)
            return true;
    return false;
}

/* The book's line from the start: its heaviest move each ply, until it has none. */
static void follow(Book *bk, Board *b)
{
    uint64_t rng = 1;
    BookMove found[MAX_MOVES];
    for (int ply = 0; ply < BOOK_PLIES; ply++) {
        int n = book_probe(bk, b, found);
        for (int i = 0; i < n; i++)
            if (!is_legal(b, found[i].move))
                __builtin_trap();
        Move reply, m = book_choose(&bk, 1, b, ply & 1 ? BOOK_WEIGHTED : BOOK_BEST, &(BookFilter){ 0 }, &rng, &reply);
        if (m == MOVE_NONE)
            return;
        if (!is_legal(b, m))
            __builtin_trap();
        make_move(b, m);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!write_input(data, size))
        return 0;
    char err[512];
    Book *bk = book_open(path, err, sizeof err);
    if (!bk)
        return 0;
    Board *b = board_new();
    if (!b || !board_set_fen(b, START_FEN, err, sizeof err))
        __builtin_trap();
    follow(bk, b);
    board_free(b);
    book_free(bk);
    return 0;
}
