/*
 * ElephantEye's position keys, computed as ElephantEye computes them, so that
 * its books can be read and books it reads can be written. Its tables are an
 * RC4 keystream: the key schedule run on four zero bytes, then each 32-bit
 * word taken from four output bytes, the first the lowest. The words come in
 * threes (key, lock0, lock1): first the side to move's, then each kind's
 * (red general, advisor, elephant, horse, rook, cannon, pawn, then black's)
 * for each of its 256 frame points in order.
 */
#include <string.h>

#include "book_keys.h"

typedef struct {
    uint8_t s[256];
    uint8_t x, y;
} Rc4;

static void rc4_init_zero_key(Rc4 *r)
{
    for (int i = 0; i < 256; i++)
        r->s[i] = (uint8_t)i;
    /* Every key byte is zero, so the schedule adds only the table itself. */
    for (int i = 0, j = 0; i < 256; i++) {
        j = (j + r->s[i]) & 255;
        uint8_t t = r->s[i];
        r->s[i] = r->s[j];
        r->s[j] = t;
    }
    r->x = r->y = 0;
}

static uint8_t rc4_byte(Rc4 *r)
{
    r->x = (uint8_t)(r->x + 1);
    r->y = (uint8_t)(r->y + r->s[r->x]);
    uint8_t t = r->s[r->x];
    r->s[r->x] = r->s[r->y];
    r->s[r->y] = t;
    return r->s[(uint8_t)(r->s[r->x] + r->s[r->y])];
}

static uint32_t rc4_word(Rc4 *r)
{
    uint32_t w = 0;
    for (int i = 0; i < 4; i++)
        w |= (uint32_t)rc4_byte(r) << (8 * i);
    return w;
}

void book_keys_init(BookKeys *k)
{
    Rc4 r;
    rc4_init_zero_key(&r);
    (void)rc4_word(&r); /* the side's key word: books never use it */
    k->side_lock0 = rc4_word(&r);
    k->side_lock1 = rc4_word(&r);
    for (int kind = 0; kind < KIND_NB; kind++)
        for (int ee = 0; ee < SQUARE_NB; ee++) {
            (void)rc4_word(&r);
            /* ElephantEye's point ee is Chuhan's ee ^ 0xF0 (ranks counted from the other side). */
            k->lock0[kind][ee ^ 0xF0] = rc4_word(&r);
            k->lock1[kind][ee ^ 0xF0] = rc4_word(&r);
        }
}

void book_locks(const BookKeys *k, const Board *b, bool mirrored, uint32_t *lock0, uint32_t *lock1)
{
    uint32_t l0 = 0, l1 = 0;
    if (b->side == BLACK) {
        l0 = k->side_lock0;
        l1 = k->side_lock1;
    }
    for (int piece = 16; piece < PIECE_NB; piece++) {
        int sq = b->pos[piece];
        if (!sq)
            continue;
        if (mirrored)
            sq = book_mirror_sq(sq);
        int kind = piece_kind_of[piece];
        l0 ^= k->lock0[kind][sq];
        l1 ^= k->lock1[kind][sq];
    }
    *lock0 = l0;
    *lock1 = l1;
}
