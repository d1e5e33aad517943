#include "see.h"
#include "tables.h"

const int see_value[PIECE_TYPE_NB] = { 5000, 200, 200, 400, 900, 450, 100 };

static inline bool owns(const Board *b, int sq, int tag, int type)
{
    int p = b->sq[sq];
    return (p & tag) && piece_type_of[p] == type;
}

/* The point of side's least valuable man attacking t, or 0; its type in *type. */
static int least_attacker(const Board *b, int t, int side, int *type)
{
    int tag = side_tag(side);
    int fwd = side == RED ? NORTH : SOUTH;
    *type = PAWN;
    if (owns(b, t - fwd, tag, PAWN))
        return t - fwd;
    for (int d = -1; d <= 1; d += 2)
        if (!own_half[side][t + d] && owns(b, t + d, tag, PAWN))
            return t + d;

    if (in_palace[t]) {
        *type = ADVISOR;
        for (int i = 0; i < 4; i++)
            if (owns(b, t + diag_dir[i], tag, ADVISOR))
                return t + diag_dir[i];
    }
    if (own_half[side][t]) {
        *type = BISHOP;
        for (int i = 0; i < 4; i++)
            if (!b->sq[t + diag_dir[i]] && owns(b, t + 2 * diag_dir[i], tag, BISHOP))
                return t + 2 * diag_dir[i];
    }

    /* The side's two horses from its piece list; one that has already taken is gone from its point. */
    *type = KNIGHT;
    for (int i = 0; i < type_count[KNIGHT]; i++) {
        int id = piece_id(side, KNIGHT, i), h = b->pos[id];
        int leg = h ? knight_leg_delta[256 + t - h] : 0;
        if (leg && b->sq[h] == id && !b->sq[h + leg])
            return h;
    }

    int f = sq_file(t), r = sq_rank(t), rook = 0;
    const Slide *rs = &rank_slide[f][b->rank_occ[r]];
    const Slide *fs = &file_slide[r][b->file_occ[f]];
    *type = CANNON;
    for (int i = 0; i < 2; i++) {
        int s;
        if (rs->cannon[i] != SLIDE_NONE && owns(b, s = make_sq(rs->cannon[i], r), tag, CANNON))
            return s;
        if (fs->cannon[i] != SLIDE_NONE && owns(b, s = make_sq(f, fs->cannon[i]), tag, CANNON))
            return s;
        if (rs->rook[i] != SLIDE_NONE && owns(b, s = make_sq(rs->rook[i], r), tag, ROOK))
            rook = s;
        if (fs->rook[i] != SLIDE_NONE && owns(b, s = make_sq(f, fs->rook[i]), tag, ROOK))
            rook = s;
    }
    *type = ROOK;
    if (rook)
        return rook;

    *type = KING;
    for (const uint8_t *s = king_steps[t]; *s; s++)
        if (owns(b, *s, tag, KING))
            return *s;
    return 0;
}

static inline void lift(Board *b, int sq)
{
    b->rank_occ[sq_rank(sq)] ^= (uint16_t)(1u << sq_file(sq));
    b->file_occ[sq_file(sq)] ^= (uint16_t)(1u << sq_rank(sq));
}

bool see_ge(Board *b, Move m, int threshold)
{
    int from = move_from(m), to = move_to(m);
    int victim = b->sq[to];
    int swap = (victim ? see_value[piece_type_of[victim]] : 0) - threshold;
    if (swap < 0)
        return false;
    swap = see_value[piece_type_of[b->sq[from]]] - swap;
    if (swap <= 0)
        return true;

    /* Men that have captured leave their points; they are put back at the end. */
    uint8_t lifted_sq[32], lifted_piece[32];
    int lifted = 0, side = piece_side(b->sq[from]), res = 1, type;
    lifted_sq[lifted] = (uint8_t)from;
    lifted_piece[lifted++] = b->sq[from];
    b->sq[from] = EMPTY;
    lift(b, from);

    for (;;) {
        side ^= 1;
        int s = least_attacker(b, to, side, &type);
        if (!s)
            break;
        res ^= 1;
        if (type == KING) {
            /* The general may only take if nothing takes it back. */
            if (least_attacker(b, to, side ^ 1, &type))
                res ^= 1;
            break;
        }
        if ((swap = see_value[type] - swap) < res)
            break;
        lifted_sq[lifted] = (uint8_t)s;
        lifted_piece[lifted++] = b->sq[s];
        b->sq[s] = EMPTY;
        lift(b, s);
    }
    while (lifted--) {
        b->sq[lifted_sq[lifted]] = lifted_piece[lifted];
        lift(b, lifted_sq[lifted]);
    }
    return res;
}
