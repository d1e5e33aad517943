#include <string.h>

#include "evaluate.h"
#include "nnue.h"
#include "psqt.h"
#include "rules.h"
#include "tables.h"
#include "weights.h"

const char *const eval_term_names[TERM_NB] = { "Material", "Placement", "Mobility", "Shelter", "Cannons", "Pawns" };

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

static Score shelter(const Board *b, int us, EvalCoeffs *c)
{
    int missing_a = 2 - b->count[us][ADVISOR], missing_b = 2 - b->count[us][BISHOP];
    if (!missing_a && !missing_b)
        return 0;
    int units = attack_units(b, us ^ 1);
    return weigh(c, us, &W.missing_advisor, -missing_a * units) + weigh(c, us, &W.missing_elephant, -missing_b * units);
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
        } else if (sq_rank(sq) == sq_rank(k) && !bits_between(b->rank_occ[sq_rank(k)], sq_file(sq), sq_file(k)))
            s += weigh(c, us, &W.bottom_cannon, 1);
    }
    return s;
}

static Score pawns(const Board *b, int us, EvalCoeffs *c)
{
    Score s = 0;
    int tag = side_tag(us);
    for (int i = 0; i < type_count[PAWN]; i++) {
        int sq = b->pos[piece_id(us, PAWN, i)];
        if (sq && rel_rank(us, sq) >= 5) {
            int right = b->sq[sq + EAST];
            if ((right & tag) && piece_type_of[right] == PAWN)
                s += weigh(c, us, &W.linked_pawns, 1);
        }
    }
    return s;
}

static int game_phase(const Board *b)
{
    int phase = 0;
    for (int type = KNIGHT; type <= CANNON; type++)
        phase += phase_weight[type] * (b->count[RED][type] + b->count[BLACK][type]);
    return phase < PHASE_MAX ? phase : PHASE_MAX;
}

static int blend(Score s, int phase)
{
    return (score_mg(s) * phase + score_eg(s) * (PHASE_MAX - phase)) / PHASE_MAX;
}

int fade_to_limit(const Board *b, int v)
{
    int left = natural_limit() - natural_count(b);
    return left < NATURAL_FADE_PLIES ? v * (left + NATURAL_FADE_FLOOR) / (NATURAL_FADE_PLIES + NATURAL_FADE_FLOOR) : v;
}

/* Side to move's view plus the tempo. */
static int side_view(const Board *b, int blended) { return (b->side == RED ? blended : -blended) + TEMPO; }

/* Every term, red's view, before blending; counting the weights into c when given. */
static Score terms(const Board *b, EvalCoeffs *c)
{
    Score s = psq(b, c);
    s += mobility(b, RED, c) - mobility(b, BLACK, c);
    s += shelter(b, RED, c) - shelter(b, BLACK, c);
    s += cannons(b, RED, c) - cannons(b, BLACK, c);
    s += pawns(b, RED, c) - pawns(b, BLACK, c);
    return s;
}

int hand_evaluate(const Board *b) { return side_view(b, blend(terms(b, NULL), game_phase(b))); }

int evaluate_coefficients(const Board *b, EvalCoeffs *c)
{
    memset(c, 0, sizeof *c);
    Score s = terms(b, c);
    c->phase = game_phase(b);
    return side_view(b, blend(s, c->phase));
}

static bool use_network = false;
void eval_use_network(bool on) { use_network = on; }
bool eval_uses_network(void) { return use_network; }

int evaluate(Board *b) { return fade_to_limit(b, use_network ? nnue_evaluate(b) : hand_evaluate(b)); }

/* The first weight of each term, as EvalWeights orders them, and the end of the last. */
static const int term_first[TERM_NB + 1] = {
    WEIGHT_INDEX(piece_value),     WEIGHT_INDEX(placement),    WEIGHT_INDEX(rook_mobility),
    WEIGHT_INDEX(missing_advisor), WEIGHT_INDEX(hollow_cannon), WEIGHT_INDEX(linked_pawns), WEIGHT_NB,
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
            sum += side == RED ? t->term[term][side] : -t->term[term][side];
        }
    t->blended = blend(sum, t->phase);
}
