/*
 * Playing below full strength, and variety. A level searches a budget of
 * nodes that grows with it, then picks among its best few moves with a
 * spread that shrinks as it rises, drawn from a seeded generator; any level
 * above the lowest takes a mate in one and never plays into one. Variety at
 * full strength picks among moves within a few centipawns of the best, most
 * of all in the opening.
 */
#ifndef CHUHAN_SKILL_H
#define CHUHAN_SKILL_H

#include <stdbool.h>
#include <stdint.h>

#include "../board/board.h"

/* Candidates a limited or varied search keeps open (its MultiPV). */
enum { SKILL_CANDIDATES = 4 };

/* The Elo scale (MaxQi at 1900): the lowest level and the highest below full strength. */
enum { SKILL_ELO_MIN = 975, SKILL_ELO_MAX = 3320 };

/* The widest variety asked for, in cp. */
enum { RANDOMNESS_MAX = 100 };

typedef struct {
    bool limited;      /* false: full strength */
    bool lowest;       /* the lowest level: no mate rules */
    uint64_t nodes;    /* the search ends after the first iteration past this many (limited only) */
    int min_depth;     /* and not before this depth */
    int spread;        /* cp: a candidate this far below the best is e times less likely */
} Skill;

/* Whether the search picks its move by skill_choose rather than playing its best line. */
static inline bool skill_chooses(const Skill *s) { return s->limited || s->spread > 0; }

/* The skill of an Elo (UCI_Elo), with `limit` false for full strength; randomness in cp adds variety. */
Skill skill_of(bool limit, int elo, int randomness, int fullmove);

typedef struct {
    Move move;
    int score;
} Candidate;

/*
 * The move to play from candidates sorted best first (n >= 1), scored from
 * the side to move's view in board b's position; rng is the seeded
 * generator's state. b is restored before returning.
 */
Move skill_choose(Board *b, const Candidate *c, int n, const Skill *s, uint64_t *rng);

/* Whether after m the opponent has no legal move: a mate, or a stalemate, which loses as well. */
bool mates(Board *b, Move m);

/* A move after which the opponent has no legal move (a mate in one), or MOVE_NONE. */
Move mate_in_one(Board *b);

/* Whether after m the opponent can mate in one. */
bool allows_mate_in_one(Board *b, Move m);

/* A legal move that does not walk into a mate in one, or MOVE_NONE when every move does. */
Move any_safe_move(Board *b);

#endif
