#include <stddef.h>

#include "attack.h"
#include "tables.h"

/*
 * The men of the other side attacking side's general, written to out (if not
 * NULL); with `first_only` it stops at the first. Constant arguments let the
 * compiler turn this into a lean yes/no test for king_attacked().
 */
static inline __attribute__((always_inline)) int king_attackers(const Board *b, int side, uint8_t *out,
                                                                 bool first_only)
{
    int k = king_sq(b, side), them = side ^ 1, tag = side_tag(them), n = 0;
    int f = sq_file(k), r = sq_rank(k);
    const Slide *rs = &rank_slide[f][b->rank_occ[r]];
    const Slide *fs = &file_slide[r][b->file_occ[f]];

#define FOUND(s)                                                                                                       \
    do {                                                                                                               \
        if (out)                                                                                                       \
            out[n] = (uint8_t)(s);                                                                                     \
        if (++n && first_only)                                                                                         \
            return n;                                                                                                  \
    } while (0)

    for (int i = 0; i < 2; i++) {
        int s;
        if (rs->rook[i] != SLIDE_NONE) {
            if (is_type(b->sq[s = slide_sq_rank(rs->rook[i], r)], tag, ROOK))
                FOUND(s);
            if (rs->cannon[i] != SLIDE_NONE && is_type(b->sq[s = slide_sq_rank(rs->cannon[i], r)], tag, CANNON))
                FOUND(s);
        }
        if (fs->rook[i] != SLIDE_NONE) {
            int p = b->sq[s = slide_sq_file(fs->rook[i], f)];
            if (p & tag && (piece_type_of[p] == ROOK || piece_type_of[p] == KING))
                FOUND(s);
            if (fs->cannon[i] != SLIDE_NONE && is_type(b->sq[s = slide_sq_file(fs->cannon[i], f)], tag, CANNON))
                FOUND(s);
        }
    }

    for (int i = 0; i < type_count[KNIGHT]; i++) {
        int h = b->pos[piece_id(them, KNIGHT, i)];
        int leg = h ? knight_leg_delta[256 + k - h] : 0;
        if (leg && !b->sq[h + leg])
            FOUND(h);
    }

    /* The general never leaves its palace, so an enemy pawn level with it has crossed the river. */
    static const int pawn_dirs[2][3] = { { NORTH, EAST, WEST }, { SOUTH, EAST, WEST } };
    for (int i = 0; i < 3; i++)
        if (is_type(b->sq[k + pawn_dirs[side][i]], tag, PAWN))
            FOUND(k + pawn_dirs[side][i]);
#undef FOUND
    return n;
}

bool king_attacked(const Board *b, int side) { return king_attackers(b, side, NULL, true) > 0; }

int checkers(const Board *b, uint8_t out[16]) { return king_attackers(b, b->side, out, false); }
