#include <string.h>

#include "evaluate.h"
#include "nnue.h"
#include "../board/psqt.h"
#include "../board/rules.h"
#include "../board/tables.h"
#include "weights.h"

const char *const eval_term_names[TERM_NB] = { "Material", "Placement", "Mobility", "Shelter",  "Cannons",
                                               "Pawns",    "Palace",    "Horses",   "Rooks",    "Tempo" };

/* Rank counted from a side's own back rank. */
static inline int rel_rank(int side, int sq) { return side == RED ? sq_rank(sq) : 9 - sq_rank(sq); }

/* The placement weight of a side's man of a type on sq. */
static const Score *placement_of(int side, int type, int sq)
{
    return &W.placement[type][placement_row(side, sq)][placement_file(side, sq)];
}

/* n times the weight w for side us, counted in c when the caller traces the weights. */
static inline Score weigh(EvalCoeffs *c, int us, const Score *w, int n)
{
    if (c)
        c->count[us][w - (const Score *)&W] += (int16_t)n;
    return *w * n;
}

/* Material and placement, red's view: Board.psq, or man by man when traced. */
static Score psq(const Board *b, EvalCoeffs *c)
{
    if (!c)
        return b->psq;
    Score s = 0;
    for (int p = 16; p < PIECE_NB; p++) {
        int sq = b->pos[p], side = piece_side(p), type = piece_type_of[p];
        if (sq) {
            Score v = weigh(c, side, &W.piece_value[type], 1) + weigh(c, side, placement_of(side, type, sq), 1);
            s += side == RED ? v : -v;
        }
    }
    return s;
}

/* Points a rook on sq reaches: the empty runs each way plus enemy men at their ends. */
static int rook_reach(const Board *b, int sq, int tag)
{
    int f = sq_file(sq), r = sq_rank(sq);
    const Slide *rs = &rank_slide[f][b->rank_occ[r]];
    const Slide *fs = &file_slide[r][b->file_occ[f]];
    int n = rs->empty + fs->empty;
    for (int k = 0; k < 2; k++) {
        if (rs->rook[k] != SLIDE_NONE)
            n += !!(b->sq[make_sq(rs->rook[k], r)] & tag);
        if (fs->rook[k] != SLIDE_NONE)
            n += !!(b->sq[make_sq(f, fs->rook[k])] & tag);
    }
    return n;
}

/* Empty points a cannon can slide to. */
static int cannon_slides(const Board *b, int sq)
{
    return rank_slide[sq_file(sq)][b->rank_occ[sq_rank(sq)]].empty + file_slide[sq_rank(sq)][b->file_occ[sq_file(sq)]].empty;
}

/* Points a horse reaches: over each free leg, the two points beyond that hold no own man and are on the board. */
static int knight_reach(const Board *b, int sq, int tag)
{
    int blocked = tag | OFFBOARD, n = 0;
    for (int i = 0; i < 4; i++)
        if (!b->sq[sq + knight_leg_dir[i]]) {
            int t = sq + 2 * knight_leg_dir[i];
            n += !(b->sq[t + knight_side_dir[i]] & blocked) + !(b->sq[t - knight_side_dir[i]] & blocked);
        }
    return n;
}

static Score mobility(const Board *b, int us, EvalCoeffs *c)
{
    int tag = side_tag(us);
    Score s = 0;
    for (int i = 0; i < 2; i++) {
        int sq = b->pos[piece_id(us, ROOK, i)];
        if (sq)
            s += weigh(c, us, &W.rook_mobility[rook_reach(b, sq, side_tag(us ^ 1))], 1);
        if ((sq = b->pos[piece_id(us, KNIGHT, i)]))
            s += weigh(c, us, &W.knight_mobility[knight_reach(b, sq, tag)], 1);
        if ((sq = b->pos[piece_id(us, CANNON, i)]))
            s += weigh(c, us, &W.cannon_mobility_per_point, cannon_slides(b, sq));
    }
    return s;
}

/* Attack units `them` brings against the other side's palace. */
static int attack_units(const Board *b, int them)
{
    int units = ROOK_ATTACK_UNITS * b->count[them][ROOK] + b->count[them][CANNON];
    for (int i = 0; i < 2; i++) {
        int sq = b->pos[piece_id(them, KNIGHT, i)];
        units += sq && rel_rank(them, sq) >= 4;
    }
    for (int i = 0; i < type_count[PAWN]; i++) {
        int sq = b->pos[piece_id(them, PAWN, i)];
        units += sq && rel_rank(them, sq) >= 5;
    }
    return units;
}

/* Both advisors, guarding each other: one of them on the palace centre. */
static bool advisors_connected(const Board *b, int us)
{
    int a = b->pos[piece_id(us, ADVISOR, 0)], d = b->pos[piece_id(us, ADVISOR, 1)], centre = make_sq(4, us == RED ? 1 : 8);
    return a && d && (a == centre || d == centre);
}

/* Both elephants, guarding each other: an elephant's step apart with the eye between them empty. */
static bool elephants_connected(const Board *b, int us)
{
    int a = b->pos[piece_id(us, BISHOP, 0)], e = b->pos[piece_id(us, BISHOP, 1)];
    if (!a || !e)
        return false;
    int df = sq_file(a) - sq_file(e), dr = sq_rank(a) - sq_rank(e);
    return (df == 2 || df == -2) && (dr == 2 || dr == -2) && !b->sq[(a + e) / 2];
}

/* Missing and connected advisors and elephants, each counted once per unit of enemy attack. */
static Score shelter(const Board *b, int us, EvalCoeffs *c)
{
    int missing_a = 2 - b->count[us][ADVISOR], missing_b = 2 - b->count[us][BISHOP];
    int linked_a = advisors_connected(b, us), linked_b = elephants_connected(b, us);
    if (!missing_a && !missing_b && !linked_a && !linked_b)
        return 0;
    int units = attack_units(b, us ^ 1);
    return weigh(c, us, &W.missing_advisor, -missing_a * units) + weigh(c, us, &W.missing_elephant, -missing_b * units)
           + weigh(c, us, &W.connected_advisors, linked_a * units)
           + weigh(c, us, &W.connected_elephants, linked_b * units);
}

static inline int bits_between(unsigned occ, int a, int c)
{
    int lo = a < c ? a : c, hi = a < c ? c : a;
    return __builtin_popcount(occ & ((1u << hi) - (2u << lo)));
}

/* Our cannons against the enemy general, by the men standing between. */
static Score cannons(const Board *b, int us, EvalCoeffs *c)
{
    int k = king_sq(b, us ^ 1);
    Score s = 0;
    for (int i = 0; i < 2; i++) {
        int sq = b->pos[piece_id(us, CANNON, i)];
        if (!sq)
            continue;
        if (sq_file(sq) == sq_file(k)) {
            int n = bits_between(b->file_occ[sq_file(k)], sq_rank(sq), sq_rank(k));
            if (n == 0 || n == 2)
                s += weigh(c, us, n == 0 ? &W.hollow_cannon : &W.screened_cannon, 1);
            if (sq_file(k) == 4)
                s += weigh(c, us, &W.central_cannon, 1);
        } else if (sq_rank(sq) == sq_rank(k) && !bits_between(b->rank_occ[sq_rank(k)], sq_file(sq), sq_file(k)))
            s += weigh(c, us, &W.bottom_cannon, 1);
    }
    return s;
}

/* Crossed pawns: side by side, one behind another on a file, and how many have crossed. */
static Score pawns(const Board *b, int us, EvalCoeffs *c)
{
    Score s = 0;
    int tag = side_tag(us), back = us == RED ? SOUTH : NORTH, crossed = 0;
    for (int i = 0; i < type_count[PAWN]; i++) {
        int sq = b->pos[piece_id(us, PAWN, i)];
        if (sq && rel_rank(us, sq) >= 5) {
            crossed++;
            int right = b->sq[sq + EAST], behind = b->sq[sq + back];
            if ((right & tag) && piece_type_of[right] == PAWN)
                s += weigh(c, us, &W.linked_pawns, 1);
            if ((behind & tag) && piece_type_of[behind] == PAWN)
                s += weigh(c, us, &W.backed_pawns, 1);
        }
    }
    return crossed ? s + weigh(c, us, &W.crossed_pawns[crossed - 1], 1) : s;
}

/* Whether the span [lo, hi] of a line meets [from, to]. */
static inline bool meets(int lo, int hi, int from, int to) { return lo <= to && hi >= from; }

/* The ends of a rook's reach along a line: the first men each way, or the edges. */
static inline int reach_lo(const Slide *s) { return s->rook[0] == SLIDE_NONE ? 0 : s->rook[0]; }
static inline int reach_hi(const Slide *s, int len) { return s->rook[1] == SLIDE_NONE ? len - 1 : s->rook[1]; }

/* Whether a rook on sq attacks a point of the palace on files 3-5 and ranks low to low + 2. */
static bool rook_bears(const Board *b, int sq, int low)
{
    int f = sq_file(sq), r = sq_rank(sq);
    const Slide *rs = &rank_slide[f][b->rank_occ[r]], *fs = &file_slide[r][b->file_occ[f]];
    return (r >= low && r <= low + 2 && meets(reach_lo(rs), reach_hi(rs, FILE_NB), 3, 5))
           || (f >= 3 && f <= 5 && meets(reach_lo(fs), reach_hi(fs, RANK_NB), low, low + 2));
}

/* Whether a cannon's points beyond its screen along a line of len points, up to the man it would take, meet [from, to]. */
static bool cannon_line_meets(const Slide *s, int len, int from, int to)
{
    return (s->rook[0] != SLIDE_NONE && meets(s->cannon[0] == SLIDE_NONE ? 0 : s->cannon[0], s->rook[0] - 1, from, to))
           || (s->rook[1] != SLIDE_NONE
               && meets(s->rook[1] + 1, s->cannon[1] == SLIDE_NONE ? len - 1 : s->cannon[1], from, to));
}

static bool cannon_bears(const Board *b, int sq, int low)
{
    int f = sq_file(sq), r = sq_rank(sq);
    return (r >= low && r <= low + 2 && cannon_line_meets(&rank_slide[f][b->rank_occ[r]], FILE_NB, 3, 5))
           || (f >= 3 && f <= 5 && cannon_line_meets(&file_slide[r][b->file_occ[f]], RANK_NB, low, low + 2));
}

/* Whether a horse of us on sq jumps, over a free leg, to a point of the enemy palace. */
static bool knight_bears(const Board *b, int us, int sq)
{
    for (int i = 0; knight_steps[sq][i]; i++) {
        int t = knight_steps[sq][i];
        if (in_palace[t] && !own_half[us][t] && !b->sq[knight_legs[sq][i]])
            return true;
    }
    return false;
}

static bool pawn_bears(int us, int sq)
{
    for (const uint8_t *t = pawn_steps[us][sq]; *t; t++)
        if (in_palace[*t] && !own_half[us][*t])
            return true;
    return false;
}

/*
 * Our men bearing on a point of the enemy palace, each by its type (horse,
 * rook, cannon, pawn), and all of them together by their number; that
 * number is left in *attackers.
 */
static Score palace(const Board *b, int us, EvalCoeffs *c, int *attackers)
{
    int low = us == RED ? 7 : 0, by_type[4] = { 0 };
    for (int i = 0; i < 2; i++) {
        int sq = b->pos[piece_id(us, KNIGHT, i)];
        by_type[0] += sq && rel_rank(us, sq) >= 5 && knight_bears(b, us, sq);
        sq = b->pos[piece_id(us, ROOK, i)];
        by_type[1] += sq && rook_bears(b, sq, low);
        sq = b->pos[piece_id(us, CANNON, i)];
        by_type[2] += sq && cannon_bears(b, sq, low);
    }
    for (int i = 0; i < type_count[PAWN]; i++) {
        int sq = b->pos[piece_id(us, PAWN, i)];
        by_type[3] += sq && rel_rank(us, sq) >= 6 && pawn_bears(us, sq);
    }
    int n = *attackers = by_type[0] + by_type[1] + by_type[2] + by_type[3];
    if (!n)
        return 0;
    Score s = weigh(c, us, &W.palace_attack_count[(n < 6 ? n : 6) - 1], 1);
    for (int t = 0; t < 4; t++)
        s += weigh(c, us, &W.palace_attacker[t], by_type[t]);
    return s;
}

/* Whether a pawn of `them` stands on sq's file nearer their own side: the only pawns that can ever take on sq there. */
static bool pawn_above(const Board *b, int them, int sq)
{
    for (int i = 0; i < type_count[PAWN]; i++) {
        int p = b->pos[piece_id(them, PAWN, i)];
        if (p && sq_file(p) == sq_file(sq) && rel_rank(them, p) < rel_rank(them, sq))
            return true;
    }
    return false;
}

/*
 * Horses across the river: on an outpost no enemy pawn can ever attack, and
 * on the enemy palace centre, counted once per other man of ours bearing on
 * the palace.
 */
static Score horses(const Board *b, int us, EvalCoeffs *c, int attackers)
{
    Score s = 0;
    int centre = make_sq(4, us == RED ? 8 : 1);
    for (int i = 0; i < 2; i++) {
        int sq = b->pos[piece_id(us, KNIGHT, i)];
        if (!sq || rel_rank(us, sq) < 5)
            continue;
        if (!pawn_above(b, us ^ 1, sq))
            s += weigh(c, us, &W.knight_outpost, 1);
        if (sq == centre)
            s += weigh(c, us, &W.knight_palace_centre, attackers);
    }
    return s;
}

/* Files holding a side's pawns, a bit each. */
static unsigned pawn_files(const Board *b, int side)
{
    unsigned files = 0;
    for (int i = 0; i < type_count[PAWN]; i++) {
        int sq = b->pos[piece_id(side, PAWN, i)];
        files |= sq ? 1u << sq_file(sq) : 0;
    }
    return files;
}

/* Rooks on a file without pawns (open), or with enemy pawns only (half-open). */
static Score rooks(const Board *b, int us, EvalCoeffs *c)
{
    if (!b->count[us][ROOK])
        return 0;
    unsigned ours = pawn_files(b, us), theirs = pawn_files(b, us ^ 1);
    Score s = 0;
    for (int i = 0; i < 2; i++) {
        int sq = b->pos[piece_id(us, ROOK, i)];
        unsigned file = sq ? 1u << sq_file(sq) : 0;
        if (file && !(ours & file))
            s += weigh(c, us, theirs & file ? &W.rook_half_open_file : &W.rook_open_file, 1);
    }
    return s;
}

/*
 * Which known drawn material `strong` has against the other side's
 * defenders, if any (DRAWISH_NB): material that cannot win keeps only a
 * share of the endgame half when it is ahead there.
 */
static int drawish_material(const Board *b, int strong)
{
    const uint8_t *us = b->count[strong], *them = b->count[strong ^ 1];
    int minors = us[KNIGHT] + us[CANNON];
    if (us[ROOK] + minors + us[PAWN] > 2)
        return DRAWISH_NB;
    bool full = them[ADVISOR] == 2 && them[BISHOP] == 2;
    if (!us[ROOK] && minors == 1 && us[PAWN] <= 1 && full)
        return us[PAWN] ? DRAWISH_MINOR_PAWN : DRAWISH_MINOR;
    if (us[ROOK] == 1 && !minors && !us[PAWN] && full)
        return DRAWISH_ROOK;
    if (!us[ROOK] && !minors && us[PAWN] == 1 && them[ADVISOR] == 2)
        return DRAWISH_PAWN;
    return DRAWISH_NB;
}

static int scale_of(int drawish) { return drawish < DRAWISH_NB ? drawish_scale[drawish] : SCALE_ONE; }

static int game_phase(const Board *b)
{
    int phase = 0;
    for (int type = KNIGHT; type <= CANNON; type++)
        phase += phase_weight[type] * (b->count[RED][type] + b->count[BLACK][type]);
    return phase < PHASE_MAX ? phase : PHASE_MAX;
}

/* The middlegame and endgame halves weighed by the phase, the endgame half scaled by scale / SCALE_ONE. */
static int blend(Score s, int phase, int scale)
{
    return (score_mg(s) * phase + score_eg(s) * scale / SCALE_ONE * (PHASE_MAX - phase)) / PHASE_MAX;
}

int fade_to_limit(const Board *b, int v)
{
    int left = natural_limit(b->rules) - natural_count(b);
    return left < NATURAL_FADE_PLIES ? v * (left + NATURAL_FADE_FLOOR) / (NATURAL_FADE_PLIES + NATURAL_FADE_FLOOR) : v;
}

/* Side to move's view plus the tempo, blended on its own and never scaled. */
static int side_view(const Board *b, int blended, int phase)
{
    return (b->side == RED ? blended : -blended) + blend(W.tempo, phase, SCALE_ONE);
}

/* Every term but the tempo, red's view, before blending; counting the weights into c when given. */
static Score terms(const Board *b, EvalCoeffs *c)
{
    int attackers[2];
    Score s = psq(b, c);
    s += mobility(b, RED, c) - mobility(b, BLACK, c);
    s += shelter(b, RED, c) - shelter(b, BLACK, c);
    s += cannons(b, RED, c) - cannons(b, BLACK, c);
    s += pawns(b, RED, c) - pawns(b, BLACK, c);
    s += palace(b, RED, c, &attackers[RED]) - palace(b, BLACK, c, &attackers[BLACK]);
    s += horses(b, RED, c, attackers[RED]) - horses(b, BLACK, c, attackers[BLACK]);
    s += rooks(b, RED, c) - rooks(b, BLACK, c);
    return s;
}

/* The side ahead in the endgame half of s, whose material the endgame scale judges. */
static int eg_leader(Score s) { return score_eg(s) >= 0 ? RED : BLACK; }

int hand_evaluate(const Board *b)
{
    Score s = terms(b, NULL);
    int phase = game_phase(b);
    return side_view(b, blend(s, phase, scale_of(drawish_material(b, eg_leader(s)))), phase);
}

int evaluate_coefficients(const Board *b, EvalCoeffs *c)
{
    memset(c, 0, sizeof *c);
    Score s = terms(b, c);
    weigh(c, b->side, &W.tempo, 1);
    c->phase = game_phase(b);
    c->drawish[RED] = drawish_material(b, RED);
    c->drawish[BLACK] = drawish_material(b, BLACK);
    return side_view(b, blend(s, c->phase, scale_of(c->drawish[eg_leader(s)])), c->phase);
}

int evaluate(Board *b) { return fade_to_limit(b, b->nn ? nnue_evaluate(b) : hand_evaluate(b)); }

int evaluate_with(const Board *b, const Network *net)
{
    return fade_to_limit(b, net ? nnue_evaluate_once(net, b) : hand_evaluate(b));
}

/* The first weight of each term, as EvalWeights orders them, and the end of the last. */
static const int term_first[TERM_NB + 1] = {
    WEIGHT_INDEX(piece_value),     WEIGHT_INDEX(placement),       WEIGHT_INDEX(rook_mobility),
    WEIGHT_INDEX(missing_advisor), WEIGHT_INDEX(hollow_cannon),   WEIGHT_INDEX(linked_pawns),
    WEIGHT_INDEX(palace_attacker), WEIGHT_INDEX(knight_outpost),  WEIGHT_INDEX(rook_open_file),
    WEIGHT_INDEX(tempo),           WEIGHT_NB,
};

void evaluate_trace(const Board *b, EvalTrace *t)
{
    EvalCoeffs c;
    *t = (EvalTrace){ 0 };
    t->total = fade_to_limit(b, evaluate_coefficients(b, &c));
    t->phase = c.phase;
    const Score *w = (const Score *)&W;
    Score sum = 0;
    for (int side = RED; side <= BLACK; side++)
        for (int term = 0; term < TERM_NB; term++) {
            for (int i = term_first[term]; i < term_first[term + 1]; i++)
                t->term[term][side] += w[i] * c.count[side][i];
            if (term != TERM_TEMPO)
                sum += side == RED ? t->term[term][side] : -t->term[term][side];
        }
    t->scale = scale_of(c.drawish[eg_leader(sum)]);
    t->blended = blend(sum, t->phase, t->scale);
}
