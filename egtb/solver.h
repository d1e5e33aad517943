/*
 * One ending under one rule set being solved, shared by the steps of a
 * build: the first pass over every position's moves (first_pass.c), the
 * retrograde levels (retro.c; levels.c shares a level among threads), the
 * perpetual-check rule (perpetual.c) and the natural limit (build.c).
 */
#ifndef CHUHAN_EGTB_SOLVER_H
#define CHUHAN_EGTB_SOLVER_H

#include "../probe/egtb_cfile.h"
#include "unmove.h"

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

/*
 * A position as the passes walk it: its men, number, each group's rank and
 * which man stands on each square, so that a move's or a move back's number
 * changes only the moving man's group.
 */
typedef struct {
    TbPos p;
    uint64_t index, rest; /* rest: the number less the generals' pair, index % king_stride */
    bool plain;           /* neither general on the middle file twice over: numbers change group by group */
    int64_t rank[2 * PIECE_TYPE_NB];
    uint64_t mirror_index;                   /* where not plain: the number read through the mirror */
    int64_t mirror_rank[2 * PIECE_TYPE_NB];  /* and its groups' ranks */
    uint8_t man_at[SQUARE_NB]; /* by walker_set_men only */
} Walker;

void walker_set(const Solver *s, Walker *w, uint64_t index, int side);
/* The same with man_at too, for the passes that move men forward on a board (the walks back need it not). */
void walker_set_men(const Solver *s, Walker *w, uint64_t index, int side);
/* The number after man m moves to sq (its group's rank changed, or the whole number where it must be). */
uint64_t walker_index_after(const Solver *s, const Walker *w, int m, int sq);
/* The same, with the commonest case (a lone man, no mirror: one digit from a table) inline. */
static inline uint64_t walker_after(const Solver *s, const Walker *w, int m, int sq)
{
    if (w->plain && s->lone[m])
        return w->index - s->term[m][w->p.sq[m]] + s->term[m][sq];
    return walker_index_after(s, w, m, sq);
}

/* The distinct positions one move of `mover` that took nothing back from w's; returns how many. */
int moves_back(const Solver *s, const Walker *w, int mover, uint64_t out[TB_MAX_MEN * UNMOVE_MAX]);
/* Sorts numbers and drops repeats; returns how many are left. */
int dedupe_numbers(uint64_t *a, int n);

/* Appends a position to a bucket; false where it could not grow (bucket_push marks the solver out of memory then). */
bool bucket_add(Bucket *b, uint64_t i, int side);
void bucket_push(Solver *s, Bucket *b, uint64_t i, int side);
/* Sets a position's value at a distance, queueing it for that level. */
void decide(Solver *s, int side, uint64_t i, int plies);
/* Puts every position decided or won by a capture so far into the queues, then solves level by level. */
void queue_decided(Solver *s, uint8_t *const capwin[2]);
/* Takes up one decided position's predecessors, on the caller's thread alone. */
void retro(Solver *s, uint64_t i, int side, int plies);
/* Solves level by level (levels.c), a large level shared among the solver's threads. */
void solve(Solver *s, uint8_t *const capwin[2]);

/*
 * Before the rule's rounds: the undecided positions take up the captures into
 * results of the rule, and are solved with them.
 */
void take_up_rule_captures(Solver *s);
/*
 * After the rule's rounds: the positions they decided solved again from the
 * losses by the rule at distance 0 and what was decided without the rule,
 * so that each distance counts from its successors' final ones.
 */
void resolve_rule_distances(Solver *s);

/*
 * For resolve_rule_distances, with the undecided positions' counts and
 * longest losses set afresh: each takes up what its quiet successors that
 * stay decided give it, the wins these make possible (with the captures')
 * as a value in the dtm plane, so that those successors need no walk back.
 */
void take_up_kept_successors(Solver *s);
/* The first pass over every position: values of mates and captures, counts of successors. */
void first_pass(Solver *s, int threads);
/*
 * Under the Asian rules: decides the positions lost by perpetual check;
 * returns how many. The first time every undecided position is looked at,
 * later only those whose successors changed since.
 */
uint64_t perpetual_check(Solver *s, int threads, bool first);

/* A board for the solver's positions, men set anew from one position to the next. */
void board_of(const Solver *s, Board *b, const TbPos *prev, const TbPos *p);

/* The board moved on to p from the position *last it stood for (set whole while !*placed), p then remembered. */
static inline void board_follow(const Solver *s, Board *b, TbPos *last, bool *placed, const TbPos *p)
{
    board_of(s, b, *placed ? last : NULL, p);
    *last = *p, *placed = true;
}

#endif
