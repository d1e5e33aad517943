#include "movegen.h"
#include "tables.h"

/*
 * One generator for all three flavours: `caps` and `quiets` are constants at
 * each call site, so the compiler keeps only the branches each one needs.
 */
static inline __attribute__((always_inline)) int gen_moves(const Board *b, Move *list, bool caps, bool quiets)
{
    const int us = b->side, tag = side_tag(us ^ 1);
    const uint8_t *sq = b->sq;
    int n = 0;

#define ADD_STEP(from, to)                                                                                             \
    do {                                                                                                               \
        int p_ = sq[to];                                                                                               \
        if (p_ ? (caps && (p_ & tag)) : quiets)                                                                        \
            list[n++] = move_of(from, to);                                                                             \
    } while (0)

    int from = king_sq(b, us);
    for (const uint8_t *t = king_steps[from]; *t; t++)
        ADD_STEP(from, *t);

    for (int i = 0; i < 2; i++) {
        if ((from = b->pos[piece_id(us, ADVISOR, i)]))
            for (const uint8_t *t = advisor_steps[from]; *t; t++)
                ADD_STEP(from, *t);
        if ((from = b->pos[piece_id(us, BISHOP, i)]))
            for (int j = 0; bishop_steps[us][from][j]; j++)
                if (!sq[bishop_eyes[us][from][j]])
                    ADD_STEP(from, bishop_steps[us][from][j]);
        /* Leg by leg, in the order of knight_steps; a jump off the board meets OFFBOARD, which ADD_STEP refuses. */
        if ((from = b->pos[piece_id(us, KNIGHT, i)]))
            for (int j = 0; j < 4; j++)
                if (!sq[from + knight_leg_dir[j]]) {
                    int t = from + 2 * knight_leg_dir[j];
                    ADD_STEP(from, t + knight_side_dir[j]);
                    ADD_STEP(from, t - knight_side_dir[j]);
                }
    }

    for (int i = 0; i < type_count[PAWN]; i++)
        if ((from = b->pos[piece_id(us, PAWN, i)]))
            for (const uint8_t *t = pawn_steps[us][from]; *t; t++)
                ADD_STEP(from, *t);
#undef ADD_STEP

    /* Rooks and cannons: quiet moves by walking, captures by slide lookup. */
    for (int type = ROOK; type <= CANNON; type++)
        for (int i = 0; i < 2; i++) {
            if (!(from = b->pos[piece_id(us, type, i)]))
                continue;
            if (quiets) {
                static const int dirs[4] = { NORTH, SOUTH, EAST, WEST };
                for (int d = 0; d < 4; d++)
                    for (int to = from + dirs[d]; !sq[to]; to += dirs[d])
                        list[n++] = move_of(from, to);
            }
            if (caps) {
                int f = sq_file(from), r = sq_rank(from);
                const Slide *rs = &rank_slide[f][b->rank_occ[r]];
                const Slide *fs = &file_slide[r][b->file_occ[f]];
                const uint8_t *rt = type == ROOK ? rs->rook : rs->cannon;
                const uint8_t *ft = type == ROOK ? fs->rook : fs->cannon;
                for (int k = 0; k < 2; k++) {
                    int to;
                    if (rt[k] != SLIDE_NONE && (sq[to = slide_sq_rank(rt[k], r)] & tag))
                        list[n++] = move_of(from, to);
                    if (ft[k] != SLIDE_NONE && (sq[to = slide_sq_file(ft[k], f)] & tag))
                        list[n++] = move_of(from, to);
                }
            }
        }
    return n;
}

int gen_captures(const Board *b, Move *list) { return gen_moves(b, list, true, false); }
int gen_quiets(const Board *b, Move *list) { return gen_moves(b, list, false, true); }
int gen_pseudo(const Board *b, Move *list) { return gen_moves(b, list, true, true); }

/* Plays the move on the squares alone, asks whether the mover's general is attacked, and takes it back. */
static bool safe_after(Board *b, Move m)
{
    int from = move_from(m), to = move_to(m);
    int piece = b->sq[from], cap = b->sq[to];
    uint16_t rank_from = b->rank_occ[sq_rank(from)], file_from = b->file_occ[sq_file(from)];
    uint16_t rank_to = b->rank_occ[sq_rank(to)], file_to = b->file_occ[sq_file(to)];

    b->rank_occ[sq_rank(from)] ^= (uint16_t)(1u << sq_file(from));
    b->file_occ[sq_file(from)] ^= (uint16_t)(1u << sq_rank(from));
    b->rank_occ[sq_rank(to)] |= (uint16_t)(1u << sq_file(to));
    b->file_occ[sq_file(to)] |= (uint16_t)(1u << sq_rank(to));
    b->sq[from] = EMPTY;
    b->sq[to] = (uint8_t)piece;
    b->pos[piece] = (uint8_t)to;
    if (cap)
        b->pos[cap] = 0; /* a captured horse must not be seen as an attacker */

    bool safe = !king_attacked(b, piece_side(piece));

    if (cap)
        b->pos[cap] = (uint8_t)to;
    b->pos[piece] = (uint8_t)from;
    b->sq[to] = (uint8_t)cap;
    b->sq[from] = (uint8_t)piece;
    b->file_occ[sq_file(to)] = file_to;
    b->rank_occ[sq_rank(to)] = rank_to;
    b->file_occ[sq_file(from)] = file_from;
    b->rank_occ[sq_rank(from)] = rank_from;
    return safe;
}

/*
 * Walks one ray out from the general, counting the men in between. An enemy
 * rook or general behind exactly one man pins it, and nothing beyond matters.
 * An enemy cannon behind exactly two men pins both (either leaving makes the
 * other a screen); with nothing in between, every point before it is
 * dangerous to fill. A cannon is itself a screen for a cannon further out, so
 * the walk goes on past it. One man before a cannon, or none before a rook,
 * is a check. Past three men nothing can reach the general any more.
 */
static void scan_ray(const Board *b, int k, int dir, KingSafety *ks, uint16_t *pins, uint16_t *open, bool along_file)
{
    int tag = side_tag(b->side ^ 1), between = 0;
    uint16_t seen = 0, empty = 0;
    for (int s = k + dir; b->sq[s] != OFFBOARD && between < 3; s += dir) {
        int p = b->sq[s];
        uint16_t bit = (uint16_t)(1u << (along_file ? sq_rank(s) : sq_file(s)));
        if (!p) {
            empty |= bit;
            continue;
        }
        if (p & tag) {
            int type = piece_type_of[p];
            if (type == ROOK || type == KING) {
                if (between == 0)
                    ks->checked = true;
                else if (between == 1)
                    *pins |= seen;
                return;
            }
            if (type == CANNON) {
                if (between == 0)
                    *open |= empty;
                else if (between == 1)
                    ks->checked = true;
                else
                    *pins |= seen;
            }
        }
        between++;
        seen |= bit;
    }
}

void king_safety(const Board *b, KingSafety *ks)
{
    int us = b->side, them = us ^ 1, k = king_sq(b, us), tag = side_tag(them);
    *ks = (KingSafety){ 0 };
    scan_ray(b, k, NORTH, ks, &ks->file_pins, &ks->file_open, true);
    scan_ray(b, k, SOUTH, ks, &ks->file_pins, &ks->file_open, true);
    scan_ray(b, k, EAST, ks, &ks->rank_pins, &ks->rank_open, false);
    scan_ray(b, k, WEST, ks, &ks->rank_pins, &ks->rank_open, false);

    int legs = 0;
    for (int i = 0; i < type_count[KNIGHT]; i++) {
        int h = b->pos[piece_id(them, KNIGHT, i)];
        int leg = h ? knight_leg_delta[256 + k - h] : 0;
        if (!leg)
            continue;
        if (b->sq[h + leg])
            ks->legs[legs++] = (uint8_t)(h + leg);
        else
            ks->checked = true;
    }
    int fwd = us == RED ? NORTH : SOUTH;
    if (is_type(b->sq[k + fwd], tag, PAWN) || is_type(b->sq[k + EAST], tag, PAWN) || is_type(b->sq[k + WEST], tag, PAWN))
        ks->checked = true;
}

/*
 * Out of check, a move can only expose the general by being a general's move,
 * by leaving a pinned point, by filling a point a cannon looks through, or by
 * leaving the leg of a horse aimed at the general. Only those are tried.
 */
bool move_is_safe(Board *b, Move m, const KingSafety *ks)
{
    int from = move_from(m), to = move_to(m), k = king_sq(b, b->side);
    if (ks->checked || from == k)
        return safe_after(b, m);
    bool risky = (sq_rank(from) == sq_rank(k) && (ks->rank_pins >> sq_file(from) & 1))
              || (sq_file(from) == sq_file(k) && (ks->file_pins >> sq_rank(from) & 1))
              || (sq_rank(to) == sq_rank(k) && (ks->rank_open >> sq_file(to) & 1))
              || (sq_file(to) == sq_file(k) && (ks->file_open >> sq_rank(to) & 1))
              || from == ks->legs[0] || from == ks->legs[1];
    return !risky || safe_after(b, m);
}

int gen_legal(Board *b, Move *list)
{
    Move pseudo[MAX_MOVES];
    KingSafety ks;
    king_safety(b, &ks);
    int n = gen_pseudo(b, pseudo), legal = 0;
    for (int i = 0; i < n; i++)
        if (move_is_safe(b, pseudo[i], &ks))
            list[legal++] = pseudo[i];
    return legal;
}

bool has_legal_move(Board *b)
{
    Move pseudo[MAX_MOVES];
    KingSafety ks;
    king_safety(b, &ks);
    int n = gen_pseudo(b, pseudo);
    for (int i = 0; i < n; i++)
        if (move_is_safe(b, pseudo[i], &ks))
            return true;
    return false;
}

/*
 * The first and second occupied coordinates beyond `from` on the line towards
 * `to` (same rank or file), as the slide tables give them.
 */
static void line_hits(const Board *b, int from, int to, int *first, int *second, int *target)
{
    const Slide *s;
    int dir;
    if (sq_rank(from) == sq_rank(to)) {
        s = &rank_slide[sq_file(from)][b->rank_occ[sq_rank(from)]];
        dir = to > from;
        *target = sq_file(to);
    } else {
        s = &file_slide[sq_rank(from)][b->file_occ[sq_file(from)]];
        dir = to > from;
        *target = sq_rank(to);
    }
    *first = s->rook[dir] == SLIDE_NONE ? -1 : s->rook[dir];
    *second = s->cannon[dir] == SLIDE_NONE ? -1 : s->cannon[dir];
}

static bool in_list(const uint8_t *targets, int to, int *index)
{
    for (int i = 0; targets[i]; i++)
        if (targets[i] == to) {
            *index = i;
            return true;
        }
    return false;
}

bool move_is_pseudo(const Board *b, Move m)
{
    int from = move_from(m), to = move_to(m), us = b->side;
    int piece = b->sq[from], cap = b->sq[to];
    if (!(piece & side_tag(us)) || cap == OFFBOARD || (cap & side_tag(us)))
        return false;
    int i;
    switch (piece_type_of[piece]) {
    case KING: return in_list(king_steps[from], to, &i);
    case ADVISOR: return in_list(advisor_steps[from], to, &i);
    case BISHOP: return in_list(bishop_steps[us][from], to, &i) && !b->sq[bishop_eyes[us][from][i]];
    case KNIGHT: return in_list(knight_steps[from], to, &i) && !b->sq[knight_legs[from][i]];
    case PAWN: return in_list(pawn_steps[us][from], to, &i);
    default: break;
    }
    if (sq_rank(from) != sq_rank(to) && sq_file(from) != sq_file(to))
        return false;
    int first, second, target;
    line_hits(b, from, to, &first, &second, &target);
    if (cap)
        return (piece_type_of[piece] == ROOK ? first : second) == target;
    /* A quiet slide needs nothing between: the first piece lies beyond the target. */
    return first < 0 || (to > from ? first > target : first < target);
}
