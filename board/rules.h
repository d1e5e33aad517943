/*
 * Game-ending rules beyond mate: repetition verdicts under the Asian rules
 * (perpetual check, perpetual chase), the 60-move natural limit, dead draws.
 */
#ifndef CHUHAN_RULES_H
#define CHUHAN_RULES_H

#include "board.h"

/*
 * Whose rules the engine plays by. Arbiters differ: Chinese GUIs and league
 * referees apply the Asian rules (perpetual check and chase lose, 120 plies
 * without a capture draw, checks beyond a side's tenth not counted), while
 * cutechess and most chess-derived managers draw every repetition and draw
 * after 100 plies without a capture, checks or not. An engine that expects a
 * rule win the arbiter will not give throws away won games.
 */
typedef enum { RULES_ASIAN, RULES_REPETITION_DRAW } RuleSet;

/* A board carries the rule set of its game (Board.rules); the search and the evaluation judge by it. */

/* Counted plies at which the natural limit draws the game: 120 (Asian, 60 moves) or 100. */
enum { NATURAL_LIMIT_ASIAN = 120, NATURAL_LIMIT_REPETITION_DRAW = 100, FREE_CHECKS = 10 };
int natural_limit(RuleSet r);

/*
 * Plies counted towards the natural limit: plies since the last capture,
 * under the Asian rules less two (the check and its reply) for every check a
 * side gave beyond its tenth since that capture.
 */
int natural_count(const Board *b);
bool natural_limit_reached(const Board *b);

/* Neither side has a rook, horse, cannon or pawn: nobody can ever mate. */
bool dead_draw(const Board *b);

/* A rule verdict, for the side to move. */
typedef enum { VERDICT_NONE, VERDICT_DRAW, VERDICT_WIN, VERDICT_LOSS } Verdict;

/*
 * The verdict on the current position if it repeats an earlier one (same side
 * to move, no capture or null move in between). A repetition of a position
 * reached at or after `root_hply` is judged at once; one that goes back into
 * the game before it only when the position occurs for the third time. Under
 * RULES_REPETITION_DRAW every repetition is a draw; otherwise judge_cycle().
 */
Verdict repetition_verdict(Board *b, int root_hply);

/*
 * Judges the cycle of the last n plies, which leads back to the current
 * position:
 *  1. A side that checked with every one of its moves in the cycle loses,
 *     unless the other side did too (draw).
 *  2. Otherwise a side that chased the same enemy man with every one of its
 *     moves (none of them a check) loses, unless the other side did too
 *     (draw). See chased_men(). The other side's occasional checks do not
 *     excuse a chase: one check one idle move is allowed, a perpetual chase
 *     is not, as ElephantEye's league referee judges it.
 *  3. Everything else is a draw: one check one chase, idle moves.
 */
Verdict judge_cycle(Board *b, int n);

/*
 * The enemy men (bit i for piece identity 16 + i) that `side` chases in the
 * current position. A chase is an attack by a rook, horse, cannon, advisor or
 * elephant (generals and pawns may attack freely) that could be carried out
 * legally (a pinned man attacks only along its pin) on any man but the
 * general, and on a pawn only once it has crossed the river. It counts:
 *  - always, for a horse or cannon on a rook, or an advisor or elephant on a
 *    rook, horse or cannon;
 *  - otherwise only if the target is unprotected: after the capture the
 *    other side has no legal recapture on that point;
 *  - never when two men of the same type attack each other (an offer to
 *    trade), unless the target cannot legally take back (it is pinned, or a
 *    horse whose leg is blocked the other way).
 * Only attacks the move creates count towards a perpetual chase: the men in
 * this set after the move that were not in it before.
 */
uint32_t chased_men(Board *b, int side);

/* How a game stands after its last move, by the board's rules. */
typedef enum {
    END_NONE,       /* play goes on */
    END_MATE,       /* the side to move is checkmated */
    END_STALEMATE,  /* the side to move has no legal move, not in check: it loses too */
    END_PERPETUAL,  /* a side checked or chased with every move of a repetition */
    END_REPETITION, /* a repetition that neither side loses */
    END_NATURAL,    /* the natural limit without a capture */
    END_DEAD,       /* neither side has a man left that can mate */
} EndKind;

typedef struct {
    EndKind kind;
    int winner;     /* RED or BLACK; -1 for a draw or while play goes on */
    bool by_check;  /* END_PERPETUAL: the loser checked (else it chased) */
} GameEnd;

/*
 * The end the position calls for, in order: no legal move, a repetition
 * verdict, the natural limit, a dead draw. Repetitions before the current
 * game's history count from its start (b->hply as the root).
 */
GameEnd game_end_of(Board *b);

#endif
