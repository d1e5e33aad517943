/* Static evaluation. */
#ifndef CHUHAN_EVALUATE_H
#define CHUHAN_EVALUATE_H

#include "board.h"
#include "score.h"


/*
 * The position's value for the side to move, in centipawns: the network's
 * or the hand-written evaluation's, faded as the natural limit nears (an
 * edge that cannot be turned into a capture soon is worth less).
 */
int evaluate_with(const Board *b, const Network *net);
/* In a search: the network of the board's accumulators when it carries them (an engine's choice), else hand-written. */
int evaluate(Board *b);
/* The hand-written evaluation alone, unfaded: side to move's view with the tempo. */
int hand_evaluate(const Board *b);
int fade_to_limit(const Board *b, int v);

/* Engines evaluate with the network unless told otherwise (SearchOptions.hand_eval). */
enum { EVAL_NETWORK_BY_DEFAULT = 1 };

enum EvalTerm {
    TERM_MATERIAL,   /* base values */
    TERM_PLACEMENT,  /* placement tables */
    TERM_MOBILITY,
    TERM_SHELTER,    /* missing and connected advisors and elephants against attackers */
    TERM_CANNONS,    /* hollow, screened, bottom and central cannons */
    TERM_PAWNS,
    TERM_PALACE,     /* men bearing on the enemy palace */
    TERM_HORSES,     /* outposts and the enemy palace centre */
    TERM_ROOKS,      /* open and half-open files */
    TERM_TEMPO,
    TERM_NB
};

/* The middlegame share of a position runs from 0 (endgame) to PHASE_MAX. */
enum { PHASE_MAX = 16 };

/*
 * The endgame half of the evaluation is scaled by n / SCALE_ONE for known
 * drawn material of the side ahead in it (drawish_scale in weights.h).
 */
enum { SCALE_ONE = 64 };
enum Drawish {
    DRAWISH_MINOR,      /* one horse or cannon, no rook, no pawn, against both advisors and elephants */
    DRAWISH_ROOK,       /* one rook alone against both advisors and elephants */
    DRAWISH_PAWN,       /* one pawn alone against both advisors */
    DRAWISH_MINOR_PAWN, /* one horse or cannon and one pawn against both advisors and elephants */
    DRAWISH_NB
};

/*
 * The hand-written evaluation's weights (weights.h), grouped by term in the
 * order of enum EvalTerm. The evaluation is linear in them: each weight
 * counts some whole number of times for each side, and the blend of red's
 * sum less black's, its endgame half scaled, turned to the side to move's
 * view, plus the tempo blended on its own, is hand_evaluate(). A weight's
 * index is its place in the struct.
 */
typedef struct {
    Score piece_value[PIECE_TYPE_NB];
    Score placement[PIECE_TYPE_NB][RANK_NB][FILE_NB]; /* drawn from red's side, rank 9 at the top */
    Score rook_mobility[18], knight_mobility[9], cannon_mobility_per_point;
    Score missing_advisor, missing_elephant, connected_advisors, connected_elephants;
    Score hollow_cannon, screened_cannon, bottom_cannon, central_cannon;
    Score linked_pawns, backed_pawns, crossed_pawns[5];
    Score palace_attacker[4], palace_attack_count[6];
    Score knight_outpost, knight_palace_centre;
    Score rook_open_file, rook_half_open_file;
    Score tempo;
} EvalWeights;

enum { WEIGHT_NB = sizeof(EvalWeights) / sizeof(Score) };
#define WEIGHT_INDEX(field) ((int)(offsetof(EvalWeights, field) / sizeof(Score)))

/*
 * How many times each weight counts for each side in a position, for the
 * tuner: the tempo once for the side to move. drawish[side] is that side's
 * known drawn material (enum Drawish, DRAWISH_NB for none), whose scale
 * applies when that side is ahead in the endgame half.
 */
typedef struct {
    int16_t count[2][WEIGHT_NB];
    int phase;
    int drawish[2];
} EvalCoeffs;

/* Fills c for b and returns hand_evaluate(b). */
int evaluate_coefficients(const Board *b, EvalCoeffs *c);

/* The evaluation broken down by term and side (red's view, before blending), for the `eval` command. */
typedef struct {
    Score term[TERM_NB][2];
    int phase;
    int scale;   /* the endgame scale applied, SCALE_ONE for none */
    int blended; /* red's view, after blending and scaling, before the tempo */
    int total;   /* the hand-written evaluation as evaluate() gives it */
} EvalTrace;

void evaluate_trace(const Board *b, EvalTrace *t);
extern const char *const eval_term_names[TERM_NB];

#endif
