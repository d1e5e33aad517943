/* Score values: packed (middlegame, endgame) pairs and the mate scale. */
#ifndef CHUHAN_SCORE_H
#define CHUHAN_SCORE_H

#include "types.h"

/*
 * A Score holds a middlegame and an endgame value in one int32 so both are
 * summed with one addition; the endgame half is stored biased by the sign of
 * the middlegame half and unpacked with rounding.
 */
typedef int32_t Score;
#define S(mg, eg) ((Score)((int32_t)((uint32_t)(eg) << 16) + (int32_t)(mg)))
static inline int score_mg(Score s) { return (int16_t)(uint16_t)(uint32_t)s; }
static inline int score_eg(Score s) { return (int16_t)(uint16_t)((uint32_t)(s + 0x8000) >> 16); }

/*
 * Search values. A mate found n plies from the root scores VALUE_MATE - n. A
 * win by the repetition rules (the other side must break off a perpetual
 * check or chase, or lose) scores VALUE_RULE - n, beyond every mate: losing
 * by rule now is worse than any line that plays on, even into a mate.
 * Everything at or beyond VALUE_MATE_BOUND is a forced result. A win the
 * endgame tables hold, scored from whether it is won alone (its distance is
 * not read), takes VALUE_TABLE - n for a table position n plies from the
 * root (a loss the negation): below every mate, whose distance is known,
 * above every evaluation, and better the nearer the table is, so that a
 * search makes progress to it. At or beyond VALUE_TABLE_BOUND the result is
 * decided either way.
 */
enum {
    VALUE_DRAW = 0,
    VALUE_MATE = 30000,
    VALUE_RULE = VALUE_MATE + MAX_PLY + 2,
    VALUE_INF = 32000,
    VALUE_NONE = 32001,
    VALUE_MATE_BOUND = VALUE_MATE - 2 * MAX_PLY,
    VALUE_TABLE = VALUE_MATE_BOUND - 1,
    VALUE_TABLE_BOUND = VALUE_TABLE - 2 * MAX_PLY,
};

/* What a search result is: an upper bound (it failed low), a lower bound (high), exact, or none. */
enum { BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT };

static inline int mate_in(int ply) { return VALUE_MATE - ply; }
static inline int mated_in(int ply) { return -VALUE_MATE + ply; }
static inline int rule_win(int ply) { return VALUE_RULE - ply; }
static inline int rule_loss(int ply) { return -VALUE_RULE + ply; }
static inline int table_win_in(int ply) { return VALUE_TABLE - ply; }
static inline int table_loss_in(int ply) { return -VALUE_TABLE + ply; }
static inline bool is_mate_score(int v) { return v >= VALUE_MATE_BOUND || v <= -VALUE_MATE_BOUND; }
/* A forced result of any kind: a mate, a rule verdict or a table's win or loss. */
static inline bool is_decided_score(int v) { return v >= VALUE_TABLE_BOUND || v <= -VALUE_TABLE_BOUND; }
static inline bool is_table_score(int v) { return is_decided_score(v) && !is_mate_score(v); }
/* Scores of rule verdicts depend on the path to them, so they never go into the table. */
static inline bool is_rule_score(int v) { return v > VALUE_MATE || v < -VALUE_MATE; }
/* Plies to the end of the game for a forced score, by mate or by rule. */
static inline int forced_plies(int v)
{
    int a = v < 0 ? -v : v;
    return a > VALUE_MATE ? VALUE_RULE - a : VALUE_MATE - a;
}

#endif
