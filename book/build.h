/* Books made from game files: `chuhan book build`. */
#ifndef CHUHAN_BOOK_BUILD_H
#define CHUHAN_BOOK_BUILD_H

#include <stdio.h>

#include "../probe/book.h"

typedef struct {
    int plies;     /* positions before each of a game's first plies moves */
    int min_games; /* a position must be met in this many games */
} BookBuildOptions;

enum { BOOK_PLIES_DEFAULT = 20, BOOK_MIN_GAMES_DEFAULT = 2 };

/* One move played from one position, as a game file tells it. */
typedef struct {
    uint32_t lock1, lock0; /* the position's, or its mirror's: the smaller pair */
    uint16_t code;         /* the move, mirrored with the position */
    int8_t outcome;        /* for the mover: 1 won, 0 drawn, -1 lost, 2 unknown */
    int game;
} BookSeen;

typedef struct {
    BookKeys keys;
    BookBuildOptions opt;
    BookSeen *seen;
    size_t n, cap;
    int games;
    bool failed; /* memory ran out */
} BookBuilder;

void book_builder_init(BookBuilder *bb, const BookBuildOptions *opt);
void book_builder_free(BookBuilder *bb);
/* Adds a game from its start position b (changed, then put back), its moves and its result ("1-0", "0-1", "1/2-1/2", other). */
void book_builder_add(BookBuilder *bb, Board *b, const Move *moves, int nmoves, const char *result);

/* What a build kept. */
typedef struct {
    long positions, records;
} BookBuildCount;

/*
 * Writes the book: for each position met in at least min_games games, each
 * move with weight 3 x wins + draws - losses (the mover's) above zero,
 * capped at 65535; records in ElephantEye's order. False if writing failed.
 */
bool book_builder_write(BookBuilder *bb, FILE *out, BookBuildCount *count);

#endif
