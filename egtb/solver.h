/*
 * One ending under one rule set being solved, shared by the steps of a
 * build: the positions walked (walker.c), the first pass over every
 * position's moves (first_pass.c), the retrograde levels (retro.c; levels.c
 * shares a level among threads), the perpetual-check rule (perpetual.c, with
 * the solves around its rounds in rule_rounds.c) and the natural limit
 * (build.c).
 */
#ifndef CHUHAN_EGTB_SOLVER_H
#define CHUHAN_EGTB_SOLVER_H

#include "../probe/egtb_cfile.h"

/*
 * A capture is reckoned three ways: with every result of the table it leads
 * to (ALL), with the results that stand only by the perpetual-check rule
 * counted as draws (NO_RULE: the first solve, before the rule is played), and
 * by the natural limit's reckoning (LIMIT). Working bits of a position:
 */
enum {
    B_ESCAPE_ALL = 1,       /* a capture escapes a loss, by every result */
    B_ESCAPE_LIMIT = 2,     /* a capture escapes a loss, by the natural limit's reckoning */
    B_FRONTIER = 4,         /* already taken up as a level's frontier */
    B_RULE_CANDIDATE = 8,   /* to be looked at by the perpetual-check rule */
    B_BY_RULE = 16,         /* decided by that rule */
    B_CHECKS_ONLY = 32,     /* no escape but checks (stays true as more is decided) */
    B_SUCC_NEWLY_WON = 64,  /* a successor newly won for the other side: maybe a new candidate */
    B_ESCAPE_NO_RULE = 128, /* a capture escapes a loss, with the rule's results as draws */
};

/* Positions to take up at one level: number << 1 | side to move. */
typedef struct {
    uint32_t *item;
    size_t n, cap;
} Bucket;

/*
 * Per position and side to move, one byte in each plane: the value so far (0
 * undecided); while solving, the successors not yet known won for the other
 * side (distinct positions after moves that take nothing) and the longest
 * loss known among them and the captures, as a value; kept from the first
 * pass for the later solves, the number of those successors and each
 * reckoning's longest capture loss and shortest capture win. The first solve
 * starts longest_loss from the NO_RULE capture losses, later ones take up
 * capture_loss; the natural limit's solve swaps in capture_loss_limit.
 */
typedef struct {
    TbLayout lay;
    RuleSet rules;
    uint64_t n;
    uint8_t *val[2], *bits[2], *dtm[2];
    uint8_t *unwon[2], *longest_loss[2];     /* while solving */
    uint8_t *successors[2];                  /* the first pass's count of them, to start each solve from */
    uint8_t *capture_loss[2], *capture_win[2];                 /* ALL */
    uint8_t *capture_win_no_rule[2];                           /* NO_RULE (its losses start longest_loss) */
    uint8_t *capture_loss_limit[2], *capture_win_limit[2];     /* LIMIT */
    uint8_t *block;
    TbTable child[2][PIECE_TYPE_NB]; /* the table after a man of this side and type is taken */
    uint8_t man_side[TB_MAX_MEN], man_type[TB_MAX_MEN], man_group[TB_MAX_MEN], man_piece[TB_MAX_MEN];
    /* A man alone in his group: his digit on each square times the group's stride (0 off his points). */
    bool lone[TB_MAX_MEN];
    uint32_t term[TB_MAX_MEN][SQUARE_NB];
    uint8_t escape;  /* B_ESCAPE_ALL, _NO_RULE or _LIMIT: which reckoning the solve runs */
    /* Whether a solve marks B_SUCC_NEWLY_WON: only the rule's sweeps read it, so not after the last. */
    bool newly_won;
    int max_level, phase;
    int threads; /* for the first pass, the levels and the rule's sweep */
    bool overflow, out_of_memory;
    Bucket level[TB_MAX_PLIES + 2];   /* positions decided at each distance */
    Bucket capture[TB_MAX_PLIES + 2]; /* positions a capture wins at each distance, if nothing shorter */
    uint8_t empty_board[SQUARE_NB];   /* the board without men (OFFBOARD round it), to copy */
} Solver;

/* The longer of two losses (or the larger of two values) as a byte of the planes. */
static inline uint8_t umax(uint8_t a, uint8_t b) { return a > b ? a : b; }

/* Every level a bucket was filled at must be walked: solve() stops at the highest. */
static inline void raise_level(Solver *s, int plies)
{
    if (plies > s->max_level)
        s->max_level = plies;
}

#endif
