#include "tb_range.h"

enum { RC_TOP = 1 << 24 };

static void put(RcEncoder *e, uint8_t byte)
{
    if (e->n < e->cap)
        e->out[e->n++] = byte;
    else
        e->full = true;
}

/* Moves the top byte of low out, once no carry can change it (it and the 0xFF bytes behind it). */
static void shift_low(RcEncoder *e)
{
    if ((uint32_t)e->low < 0xFF000000u || (e->low >> 32)) {
        uint8_t carry = (uint8_t)(e->low >> 32);
        uint8_t byte = e->cache;
        do {
            put(e, (uint8_t)(byte + carry));
            byte = 0xFF;
        } while (--e->pending);
        e->cache = (uint8_t)(e->low >> 24);
    }
    e->pending++;
    e->low = (e->low & 0x00FFFFFFu) << 8;
}

void rc_encoder_init(RcEncoder *e, uint8_t *out, size_t cap, int shift)
{
    *e = (RcEncoder){ .out = out, .cap = cap, .range = 0xFFFFFFFFu, .pending = 1, .shift = shift };
}

void rc_encode(RcEncoder *e, RcProb *p, int bit)
{
    uint32_t bound = (e->range >> RC_PROB_BITS) * *p;
    if (!bit) {
        e->range = bound;
        *p += ((1 << RC_PROB_BITS) - *p) >> e->shift;
    } else {
        e->low += bound;
        e->range -= bound;
        *p -= *p >> e->shift;
    }
    while (e->range < RC_TOP) {
        e->range <<= 8;
        shift_low(e);
    }
}

size_t rc_encoder_finish(RcEncoder *e)
{
    for (int i = 0; i < 5; i++)
        shift_low(e);
    return e->full ? 0 : e->n;
}

static uint8_t next(RcDecoder *d) { return d->pos < d->n ? d->in[d->pos++] : 0; }

void rc_decoder_init(RcDecoder *d, const uint8_t *in, size_t n, int shift)
{
    *d = (RcDecoder){ .in = in, .n = n, .range = 0xFFFFFFFFu, .shift = shift };
    for (int i = 0; i < 5; i++)
        d->code = d->code << 8 | next(d);
}

int rc_decode(RcDecoder *d, RcProb *p)
{
    uint32_t bound = (d->range >> RC_PROB_BITS) * *p;
    int bit;
    if (d->code < bound) {
        d->range = bound;
        *p += ((1 << RC_PROB_BITS) - *p) >> d->shift;
        bit = 0;
    } else {
        d->code -= bound;
        d->range -= bound;
        *p -= *p >> d->shift;
        bit = 1;
    }
    while (d->range < RC_TOP) {
        d->range <<= 8;
        d->code = d->code << 8 | next(d);
    }
    return bit;
}
