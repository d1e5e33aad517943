#include "evaluate.h"
#include "nnue.h"
#include "rules.h"
#include "tables.h"
#include "weights.h"

Score psq_table[KIND_NB][SQUARE_NB];

const char *const eval_term_names[TERM_NB] = { "Material", "Placement", "Mobility", "Shelter", "Cannons", "Pawns" };

/* Rank counted from a side's own back rank. */
static inline int rel_rank(int side, int sq) { return side == RED ? sq_rank(sq) : 9 - sq_rank(sq); }

void psq_init(void)
{
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        if (!in_board[sq])
            continue;
        for (int side = RED; side <= BLACK; side++)
            for (int type = KING; type < PIECE_TYPE_NB; type++) {
                /* Black reads the tables turned half a circle: its own back rank at the bottom. */
                int row = 9 - rel_rank(side, sq), file = side == RED ? sq_file(sq) : 8 - sq_file(sq);
                int p = placement[type][row][file];
                Score v = piece_value[type] + S(p, p * endgame_placement[type] / 4);
                psq_table[make_kind(side, type)][sq] = side == RED ? v : -v;
            }
    }
}

Score board_compute_psq(const Board *b)
{
    Score s = 0;
    for (int p = 16; p < PIECE_NB; p++)
        if (b->pos[p])
            s += psq_table[piece_kind_of[p]][b->pos[p]];
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

static Score mobility(const Board *b, int us)
{
    int tag = side_tag(us);
    Score s = 0;
    for (int i = 0; i < 2; i++) {
        int sq = b->pos[piece_id(us, ROOK, i)];
        if (sq)
            s += rook_mobility[rook_reach(b, sq, side_tag(us ^ 1))];
        if ((sq = b->pos[piece_id(us, KNIGHT, i)]))
            s += knight_mobility[knight_reach(b, sq, tag)];
        if ((sq = b->pos[piece_id(us, CANNON, i)]))
            s += cannon_mobility_per_point * cannon_slides(b, sq);
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

static Score shelter(const Board *b, int us)
{
    int missing_a = 2 - b->count[us][ADVISOR], missing_b = 2 - b->count[us][BISHOP];
    if (!missing_a && !missing_b)
        return 0;
    return -(missing_advisor * missing_a + missing_elephant * missing_b) * attack_units(b, us ^ 1);
}

static inline int bits_between(unsigned occ, int a, int c)
{
    int lo = a < c ? a : c, hi = a < c ? c : a;
    return __builtin_popcount(occ & ((1u << hi) - (2u << lo)));
}

/* Our cannons against the enemy general, by the men standing between. */
static Score cannons(const Board *b, int us)
{
    int k = king_sq(b, us ^ 1);
    Score s = 0;
    for (int i = 0; i < 2; i++) {
        int c = b->pos[piece_id(us, CANNON, i)];
        if (!c)
            continue;
        if (sq_file(c) == sq_file(k)) {
            int n = bits_between(b->file_occ[sq_file(k)], sq_rank(c), sq_rank(k));
            s += n == 0 ? hollow_cannon : n == 2 ? screened_cannon : 0;
        } else if (sq_rank(c) == sq_rank(k) && !bits_between(b->rank_occ[sq_rank(k)], sq_file(c), sq_file(k)))
            s += bottom_cannon;
    }
    return s;
}

static Score pawns(const Board *b, int us)
{
    Score s = 0;
    int tag = side_tag(us);
    for (int i = 0; i < type_count[PAWN]; i++) {
        int sq = b->pos[piece_id(us, PAWN, i)];
        if (sq && rel_rank(us, sq) >= 5) {
            int right = b->sq[sq + EAST];
            if ((right & tag) && piece_type_of[right] == PAWN)
                s += linked_pawns;
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

typedef Score (*SideTerm)(const Board *, int);
static const SideTerm side_terms[TERM_NB] = {
    [TERM_MOBILITY] = mobility, [TERM_SHELTER] = shelter, [TERM_CANNONS] = cannons, [TERM_PAWNS] = pawns,
};

int fade_to_limit(const Board *b, int v)
{
    int left = natural_limit() - natural_count(b);
    return left < NATURAL_FADE_PLIES ? v * (left + NATURAL_FADE_FLOOR) / (NATURAL_FADE_PLIES + NATURAL_FADE_FLOOR) : v;
}

/* Side to move's view plus the tempo. */
static int side_view(const Board *b, int blended) { return (b->side == RED ? blended : -blended) + TEMPO; }

int hand_evaluate(const Board *b)
{
    Score s = b->psq;
    s += mobility(b, RED) - mobility(b, BLACK);
    s += shelter(b, RED) - shelter(b, BLACK);
    s += cannons(b, RED) - cannons(b, BLACK);
    s += pawns(b, RED) - pawns(b, BLACK);
    return side_view(b, blend(s, game_phase(b)));
}

static bool use_network = false;
void eval_use_network(bool on) { use_network = on; }
bool eval_uses_network(void) { return use_network; }

int evaluate(Board *b) { return fade_to_limit(b, use_network ? nnue_evaluate(b) : hand_evaluate(b)); }

void evaluate_trace(const Board *b, EvalTrace *t)
{
    *t = (EvalTrace){ 0 };
    for (int p = 16; p < PIECE_NB; p++)
        if (b->pos[p])
            t->term[TERM_MATERIAL][piece_side(p)] += piece_value[piece_type_of[p]];
    Score sum = b->psq;
    for (int side = RED; side <= BLACK; side++) {
        Score own = 0;
        for (int p = side_tag(side); p < side_tag(side) + 16; p++)
            if (b->pos[p])
                own += psq_table[piece_kind_of[p]][b->pos[p]] * (side == RED ? 1 : -1);
        t->term[TERM_PLACEMENT][side] = own - t->term[TERM_MATERIAL][side];
        for (int term = TERM_MOBILITY; term < TERM_NB; term++) {
            t->term[term][side] = side_terms[term](b, side);
            sum += side == RED ? t->term[term][side] : -t->term[term][side];
        }
    }
    t->phase = game_phase(b);
    t->blended = blend(sum, t->phase);
    t->total = fade_to_limit(b, side_view(b, t->blended));
}
