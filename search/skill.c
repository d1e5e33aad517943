#include <math.h>

#include "../board/movegen.h"
#include "../base/random.h"
#include "../board/score.h"
#include "skill.h"

/*
 * The levels the Elo scale runs through: each searches more nodes than the
 * one below and spreads its choice less. Elo values between two rows take
 * budgets and spreads between theirs (geometrically for the budget). The
 * Elo column is measured: each level against the next, and against MaxQi,
 * which the scale puts at 1900 (docs/levels.md).
 */
static const struct {
    int elo;
    double nodes;
    int spread;
} levels[] = {
    { SKILL_ELO_MIN, 50, 300 }, { 1165, 200, 140 }, { 1270, 400, 100 },  { 1355, 800, 70 },
    { 1620, 1600, 50 },         { 1875, 3200, 35 }, { 2170, 6400, 25 },  { 2445, 12800, 15 },
    { 2760, 25600, 10 },        { 3050, 60000, 6 }, { SKILL_ELO_MAX, 150000, 3 },
};
enum { LEVEL_NB = sizeof levels / sizeof *levels };

/* The lowest level's search is too shallow to see a mate at all: the mate rules start above it. */
enum { MIN_DEPTH = 2, OPENING_MOVES = 10 };

Skill skill_of(bool limit, int elo, int randomness, int fullmove)
{
    /* Variety is most useful in the opening, where near-equal moves abound and games part ways. */
    int varied = fullmove <= OPENING_MOVES ? randomness : randomness / 3;
    if (!limit)
        return (Skill){ .spread = varied };
    elo = elo < SKILL_ELO_MIN ? SKILL_ELO_MIN : elo > SKILL_ELO_MAX ? SKILL_ELO_MAX : elo;
    int i = 0;
    while (i + 2 < LEVEL_NB && levels[i + 1].elo <= elo)
        i++;
    double f = (double)(elo - levels[i].elo) / (levels[i + 1].elo - levels[i].elo);
    f = f > 1 ? 1 : f;
    double nodes = levels[i].nodes * pow(levels[i + 1].nodes / levels[i].nodes, f);
    int spread = (int)lround(levels[i].spread + f * (levels[i + 1].spread - levels[i].spread));
    return (Skill){
        .limited = true,
        .lowest = elo < levels[1].elo,
        .nodes = (uint64_t)nodes,
        .min_depth = elo < levels[1].elo ? 1 : MIN_DEPTH,
        .spread = spread > varied ? spread : varied,
    };
}

bool mates(Board *b, Move m)
{
    make_move(b, m);
    bool mate = !has_legal_move(b);
    unmake_move(b);
    return mate;
}

/* The first legal move m for which test(b, m) is `want`, or MOVE_NONE. */
static Move first_move_where(Board *b, bool (*test)(Board *, Move), bool want)
{
    Move list[MAX_MOVES];
    int n = gen_legal(b, list);
    for (int i = 0; i < n; i++)
        if (test(b, list[i]) == want)
            return list[i];
    return MOVE_NONE;
}

Move mate_in_one(Board *b) { return first_move_where(b, mates, true); }

bool allows_mate_in_one(Board *b, Move m)
{
    make_move(b, m);
    bool mate = mate_in_one(b) != MOVE_NONE;
    unmake_move(b);
    return mate;
}

Move any_safe_move(Board *b) { return first_move_where(b, allows_mate_in_one, false); }

Move skill_choose(Board *b, const Candidate *c, int n, const Skill *s, uint64_t *rng)
{
    bool mate_rules = s->limited && !s->lowest;
    if (mate_rules) {
        Move mate = mate_in_one(b);
        if (mate)
            return mate;
    }
    if (s->spread <= 0 && !mate_rules)
        return c[0].move;
    double weight[SKILL_CANDIDATES * 4], total = 0;
    n = n < SKILL_CANDIDATES * 4 ? n : SKILL_CANDIDATES * 4;
    for (int i = 0; i < n; i++) {
        /* A move that walks into a mate in one is never the level's choice, if it has another. */
        bool blunder = mate_rules && allows_mate_in_one(b, c[i].move);
        double behind = s->spread > 0 ? (double)(c[0].score - c[i].score) / s->spread : i ? 99 : 0;
        weight[i] = blunder || behind > 20 ? 0 : exp(-behind);
        total += weight[i];
    }
    /* The shallow search of a low level can miss a quiet mate and rank only blunders: any safe move then. */
    if (total == 0) {
        Move safe = mate_rules ? any_safe_move(b) : MOVE_NONE;
        return safe ? safe : c[0].move;
    }
    double r = (double)(splitmix64(rng) >> 11) * 0x1p-53 * total;
    for (int i = 0; i < n; i++) {
        if (r < weight[i])
            return c[i].move;
        r -= weight[i];
    }
    return c[0].move;
}
