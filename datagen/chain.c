#include <string.h>

#include "chain.h"

enum { BODY_START = 35, MOVE_SLOT = 0xF, MOVE_CHECK = 1 << 11, SCORE_SHIFT = 12, SCORE_LOW = 7, SCORE_MORE = 1 << 15 };

static uint32_t fnv1a(const uint8_t *p, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

static void put16(uint8_t *p, uint32_t v) { p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8); }
static void put32(uint8_t *p, uint32_t v) { put16(p, v), put16(p + 2, v >> 16); }
static uint32_t get16(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static uint32_t get32(const uint8_t *p) { return get16(p) | get16(p + 2) << 16; }

static size_t put_varint(uint8_t *p, uint32_t v)
{
    size_t n = 0;
    for (; v >= 0x80; v >>= 7)
        p[n++] = (uint8_t)(v | 0x80);
    p[n++] = (uint8_t)v;
    return n;
}

/* Reads a varint of at most three bytes (21 bits) before end; false when it runs past. */
static bool get_varint(const uint8_t **p, const uint8_t *end, uint32_t *v)
{
    *v = 0;
    for (int shift = 0; shift < 21 && *p < end; shift += 7) {
        uint8_t byte = *(*p)++;
        *v |= (uint32_t)(byte & 0x7F) << shift;
        if (!(byte & 0x80))
            return true;
    }
    return false;
}

static uint32_t zigzag(int32_t v) { return v < 0 ? ((uint32_t)-(v + 1) << 1) | 1 : (uint32_t)v << 1; }
static int32_t unzigzag(uint32_t v) { return v & 1 ? -(int32_t)(v >> 1) - 1 : (int32_t)(v >> 1); }

/* The slot of the man on point, or -1. */
static int slot_on(const Record *r, int point)
{
    for (int i = 0; i < 32; i++)
        if (r->point[i] == point)
            return i;
    return -1;
}

void chain_next(const Record *r, Record *next)
{
    int from = r->move / POINT_NB, to = r->move % POINT_NB;
    int mover = slot_on(r, from), taken = slot_on(r, to);
    *next = *r;
    if (taken >= 0)
        next->point[taken] = RECORD_NO_POINT;
    if (mover >= 0)
        next->point[mover] = (uint8_t)to;
    next->side ^= 1;
    next->rule60 = taken >= 0 ? 0 : (uint8_t)(r->rule60 < 255 ? r->rule60 + 1 : 255);
}

bool chain_follows(const Record *a, const Record *b)
{
    Record next;
    chain_next(a, &next);
    return a->result == b->result && next.side == b->side && next.rule60 == b->rule60
        && !memcmp(next.point, b->point, sizeof next.point);
}

/* The move word of r, or -1 when its move is not one of the side to move's men to a point. */
static int32_t move_word(const Record *r)
{
    int from = r->move / POINT_NB, to = r->move % POINT_NB, slot = slot_on(r, from);
    if (r->move >= POINT_NB * POINT_NB || slot < 0 || slot / 16 != r->side || from == to)
        return -1;
    return (int32_t)(slot % 16) | to << 4 | (r->flags & RECORD_IN_CHECK ? MOVE_CHECK : 0);
}

size_t chain_encode(const Record *records, int n, uint8_t *out)
{
    if (n < 1 || n > CHAIN_MAX_POSITIONS)
        return 0;
    uint8_t *body = out + CHAIN_HEADER, *p = body + BODY_START;
    memcpy(body, records[0].point, 32);
    body[32] = records[0].side;
    body[33] = records[0].rule60;
    body[34] = records[0].result;
    p += put_varint(p, (uint32_t)n);
    int prev = 0;
    for (int i = 0; i < n; i++) {
        int32_t word = move_word(&records[i]);
        if (word < 0 || (i && !chain_follows(&records[i - 1], &records[i])))
            return 0;
        uint32_t zz = zigzag(records[i].score + prev);
        put16(p, (uint32_t)word | (zz & SCORE_LOW) << SCORE_SHIFT | (zz > SCORE_LOW ? SCORE_MORE : 0));
        p += 2;
        if (zz > SCORE_LOW)
            p += put_varint(p, zz >> 3);
        prev = records[i].score;
    }
    size_t length = (size_t)(p - body);
    out[0] = CHAIN_MAGIC;
    out[1] = CHAIN_VERSION;
    put16(out + 2, (uint32_t)length);
    put32(out + 4, fnv1a(body, length));
    return CHAIN_HEADER + length;
}

size_t chain_body_length(const uint8_t header[CHAIN_HEADER])
{
    return header[0] == CHAIN_MAGIC && header[1] == CHAIN_VERSION ? get16(header + 2) : 0;
}

int chain_decode(const uint8_t *block, Record *out, const char **err)
{
    size_t length = chain_body_length(block);
    const uint8_t *body = block + CHAIN_HEADER, *p = body + BODY_START, *end = body + length;
    uint32_t n;
    *err = "checksum mismatch";
    if (length < BODY_START || fnv1a(body, length) != get32(block + 4))
        return -1;
    *err = "bad game";
    if (!get_varint(&p, end, &n) || n < 1 || n > CHAIN_MAX_POSITIONS || body[32] > 1 || body[34] > RESULT_RED_WON)
        return -1;
    Record r = { .side = body[32], .rule60 = body[33], .result = body[34] };
    memcpy(r.point, body, 32);
    int prev = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t word, more = 0;
        if (end - p < 2)
            return -1;
        word = get16(p);
        p += 2;
        int to = (int)(word >> 4 & 0x7F), from = r.point[r.side * 16 + (word & MOVE_SLOT)];
        if (to >= POINT_NB || from == RECORD_NO_POINT || (word & SCORE_MORE && (!get_varint(&p, end, &more) || !more)))
            return -1;
        uint32_t zz = (word >> SCORE_SHIFT & SCORE_LOW) | more << 3;
        int score = (int)unzigzag(zz) - prev;
        if (score < INT16_MIN || score > INT16_MAX)
            return -1;
        r.score = (int16_t)score;
        r.move = (uint16_t)(from * POINT_NB + to);
        int taken = slot_on(&r, to);
        if (taken >= 0 && taken / 16 == r.side)
            return -1; /* onto a man of its own side */
        r.flags = (uint8_t)((word & MOVE_CHECK ? RECORD_IN_CHECK : 0) | (taken >= 0 ? RECORD_CAPTURE : 0));
        out[i] = r;
        prev = score;
        chain_next(&out[i], &r);
    }
    return p == end ? (int)n : -1;
}
