/*
 * The hand-written evaluation's terms and the shape of its weights: what the
 * weights (weights.h), the evaluation and the tuner share, below all three,
 * so that the weights need not include the evaluation.
 */
#ifndef CHUHAN_EVAL_TERMS_H
#define CHUHAN_EVAL_TERMS_H

#include <stddef.h>

#include "../board/score.h"
#include "../board/types.h"

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

#endif
