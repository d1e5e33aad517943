/*
 * An adaptive binary range coder: each bit is coded with a probability that
 * learns from the bits coded with it before, so that a model (egtb_codec.c)
 * need only choose which probability a bit goes by. A probability is the
 * chance of a 0 in units of 1/4096.
 */
#ifndef CHUHAN_TB_RANGE_H
#define CHUHAN_TB_RANGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint16_t RcProb;
enum { RC_PROB_BITS = 12, RC_PROB_HALF = 1 << (RC_PROB_BITS - 1) };

static inline void rc_probs_init(RcProb *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = RC_PROB_HALF;
}

typedef struct {
    uint8_t *out;
    size_t cap, n;
    uint64_t low;
    uint32_t range;
    uint8_t cache;
    uint64_t pending; /* bytes held back while a carry may still reach them */
    bool full;        /* out had no room: the block is refused, never cut */
    int shift;
} RcEncoder;

typedef struct {
    const uint8_t *in;
    size_t n, pos;
    uint32_t range, code;
    int shift;
} RcDecoder;

/*
 * How fast a probability follows the bits, `shift`: a larger one learns
 * slower and settles closer; 3 to 5 suit these tables. Decoder and encoder
 * must use the same.
 */
void rc_encoder_init(RcEncoder *e, uint8_t *out, size_t cap, int shift);
void rc_encode(RcEncoder *e, RcProb *p, int bit);
/* Ends the stream; returns its length, or 0 where out was too small. */
size_t rc_encoder_finish(RcEncoder *e);

/* Past the stream's end the decoder reads zeros: damaged input gives wrong bits, never a read outside it. */
void rc_decoder_init(RcDecoder *d, const uint8_t *in, size_t n, int shift);
int rc_decode(RcDecoder *d, RcProb *p);

#endif
