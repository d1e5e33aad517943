/* ElephantEye's position keys and the mirror its books are looked up through (book_keys.c). */
#ifndef CHUHAN_BOOK_KEYS_H
#define CHUHAN_BOOK_KEYS_H

#include <stdint.h>

#include "../board/board.h"

/*
 * ElephantEye's keys: three 32-bit words (key, lock0, lock1) for the side to
 * move and for each kind of man on each point, drawn in that order from an
 * RC4 stream keyed with four zero bytes. Books use lock1 (lock0 breaks ties
 * when a book is made). Indexed by Chuhan's square.
 */
typedef struct {
    uint32_t side_lock0, side_lock1;
    uint32_t lock0[KIND_NB][SQUARE_NB], lock1[KIND_NB][SQUARE_NB];
} BookKeys;

void book_keys_init(BookKeys *k);
/* The position's locks as ElephantEye computes them, or its mirror's. */
void book_locks(const BookKeys *k, const Board *b, bool mirrored, uint32_t *lock0, uint32_t *lock1);

/* The square or move across the middle file. */
static inline int book_mirror_sq(int sq) { return (sq & 0xF0) | (14 - (sq & 15)); }
static inline Move book_mirror_move(Move m) { return move_of(book_mirror_sq(move_from(m)), book_mirror_sq(move_to(m))); }

#endif
