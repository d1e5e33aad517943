/*
 * Opening books in ElephantEye's format (BOOK.DAT), the one UCCI GUIs hand to
 * engines through `bookfiles`: 8-byte records, little-endian, sorted by lock
 * (unsigned): a 32-bit lock taken from the position's key as ElephantEye
 * computes it, a move and a weight. A position and its mirror (files a..i
 * turned to i..a) share their records: a reader looks the position up, and
 * only when no record has its lock, the mirror, mirroring the moves found.
 * Layout, keys and the choice among moves: docs/book.md.
 */
#ifndef CHUHAN_BOOK_H
#define CHUHAN_BOOK_H

#include <stddef.h>
#include <stdint.h>

#include "../board/board.h"
#include "book_keys.h"

/*
 * ElephantEye numbers the points from its top-left corner (black's side) on
 * the same 16x16 frame: the same file nibble, the rank nibble turned (r to
 * 15 - r). A move is from | to << 8 in both.
 */
static inline uint16_t book_move_code(Move m) { return (uint16_t)(m ^ 0xF0F0); }
static inline Move book_code_move(uint16_t code) { return (Move)(code ^ 0xF0F0); }

enum { BOOK_RECORD_BYTES = 8, BOOK_WEIGHT_MAX = 65535 };

typedef struct {
    uint32_t lock;
    uint16_t code; /* ElephantEye's move */
    uint16_t weight;
} BookRecord;

typedef struct {
    BookKeys keys;
    BookRecord *rec;
    size_t n;
} Book;

/*
 * The name that stands for Chuhan's own book, which the executable carries,
 * wherever a book file may be named (a file of that name is not read: it
 * would be the executable itself).
 */
#define BOOK_OWN_NAME "chuhan"

/*
 * Reads a whole book file into memory, or Chuhan's own book for its name, and
 * checks that it is one: whole records, at least one, every move from one
 * point of the board to another, locks in order. NULL with the reason in err
 * (missing, empty, corrupt, or another format).
 */
Book *book_open(const char *path, char *err, size_t errlen);
void book_free(Book *bk);

/* A book move of the position. */
typedef struct {
    Move move;
    int weight;
} BookMove;

/*
 * The position's book moves, as ElephantEye finds them: the records of its
 * lock, or else of its mirror's (moves mirrored back), those that are legal
 * here, by weight (the heaviest first, ties in file order). Returns their number.
 */
int book_probe(const Book *bk, Board *b, BookMove out[MAX_MOVES]);

/* The moves' weights summed. */
long book_total(const BookMove *moves, int n);

/*
 * How a book move is chosen: at random in proportion to the weights (variety,
 * as ElephantEye plays), or the heaviest only.
 */
typedef enum { BOOK_WEIGHTED, BOOK_BEST } BookChoice;

/*
 * The move to play from the books, the first book that has the position
 * deciding: chosen as `how` says among its moves that are allowed (not
 * banned, among `only` when nonzero) and repeat no earlier position of the
 * game since its last capture (a repetition is the rules' business, never the
 * book's), drawing from the splitmix64 generator *rng (base/random.h). *reply
 * gets the heaviest book move after it, or MOVE_NONE. MOVE_NONE when out of book.
 */
typedef struct {
    const Move *banned;
    int nbanned;
    const Move *only;
    int nonly;
} BookFilter;
Move book_choose(Book *const *books, int nbooks, Board *b, BookChoice how, const BookFilter *filter, uint64_t *rng,
                 Move *reply);

#endif
