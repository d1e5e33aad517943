/* Levels and variety: the Elo scale's budgets, the seeded choice, the mate rules. */
#include <stdio.h>
#include <string.h>

#include "../../board/score.h"
#include "../../search/skill.h"
#include "../common.h"
#include "../engine_pipe.h"

TestSuite(skill, .init = setup_tables, .timeout = 60);

static Board board;

Test(skill, higher_levels_search_more_and_spread_less)
{
    Skill last = skill_of(true, SKILL_ELO_MIN, 0, 1);
    cr_assert(last.limited && last.lowest && last.nodes == 50 && last.spread == 300);
    for (int elo = SKILL_ELO_MIN + 50; elo <= SKILL_ELO_MAX; elo += 50) {
        Skill s = skill_of(true, elo, 0, 1);
        cr_assert(s.nodes > last.nodes && s.spread <= last.spread, "Elo %d", elo);
        last = s;
    }
    last = skill_of(true, SKILL_ELO_MAX, 0, 1);
    cr_assert_eq(last.nodes, 150000);
    cr_assert_eq(last.spread, 3);
    cr_assert(!skill_of(true, SKILL_ELO_MIN + 250, 0, 1).lowest, "the mate rules hold from level 2 on");
}

Test(skill, full_strength_varies_only_with_randomness_and_most_in_the_opening)
{
    cr_assert_eq(skill_of(false, 1200, 0, 1).spread, 0, "no randomness: always the best move");
    Skill opening = skill_of(false, 1200, 30, 10), later = skill_of(false, 1200, 30, 11);
    cr_assert(!opening.limited && opening.spread == 30 && later.spread == 10);
}

Test(skill, the_seeded_choice_replays_and_keeps_to_near_moves)
{
    set_fen(&board, START_FEN);
    Move list[MAX_MOVES];
    gen_legal(&board, list);
    Candidate c[4] = { { list[0], 50 }, { list[1], 45 }, { list[2], 30 }, { list[3], -900 } };
    Skill s = skill_of(true, (SKILL_ELO_MIN + SKILL_ELO_MAX) / 2, 0, 1); /* a spread of 50 to 70 cp */
    int picked[4] = { 0 };
    for (uint64_t seed = 1; seed <= 2000; seed++) {
        uint64_t a = seed, b = seed;
        Move m = skill_choose(&board, c, 4, &s, &a);
        cr_assert_eq(m, skill_choose(&board, c, 4, &s, &b), "the same seed, the same move");
        for (int i = 0; i < 4; i++)
            picked[i] += m == c[i].move;
    }
    cr_assert(picked[0] > picked[1] && picked[1] > picked[2] && picked[2] > 0, "%d %d %d", picked[0], picked[1], picked[2]);
    cr_assert_eq(picked[3], 0, "a move 950 cp behind is never played");
}

/* Red to move: nine of its thirteen moves let the black rook mate at once. */
static const char *const BLUNDERS = "4k1r2/9/9/9/9/9/9/9/4A4/3AK3R w - - 0 1";

Test(skill, every_level_above_the_lowest_avoids_a_mate_in_one)
{
    set_fen(&board, BLUNDERS);
    Move list[MAX_MOVES];
    int n = gen_legal(&board, list), blunders = 0;
    Candidate c[MAX_MOVES];
    for (int i = 0; i < n; i++) {
        bool blunder = allows_mate_in_one(&board, list[i]);
        blunders += blunder;
        c[i] = (Candidate){ list[i], blunder ? 100 : 0 }; /* as if the search had missed the mates */
    }
    cr_assert_eq(blunders, 9);
    for (int elo = SKILL_ELO_MIN + 250; elo <= SKILL_ELO_MAX; elo += 200)
        for (uint64_t seed = 1; seed <= 50; seed++) {
            Skill s = skill_of(true, elo, 0, 1);
            Move m = skill_choose(&board, c, n < 16 ? n : 16, &s, &seed);
            cr_assert(!allows_mate_in_one(&board, m), "Elo %d", elo);
        }
}

Test(skill, every_level_above_the_lowest_takes_a_mate_in_one)
{
    set_fen(&board, "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1");
    Move mate = mate_in_one(&board);
    cr_assert(mate);
    Move list[MAX_MOVES];
    int n = gen_legal(&board, list);
    Candidate c[4];
    for (int i = 0, k = 0; i < n && k < 4; i++)
        if (list[i] != mate)
            c[k++] = (Candidate){ list[i], 0 };
    for (uint64_t seed = 1; seed <= 20; seed++) {
        Skill s = skill_of(true, SKILL_ELO_MIN + 250, 0, 1);
        cr_assert_eq(skill_choose(&board, c, 4, &s, &seed), mate);
    }
}

Test(skill, a_level_searches_its_budget_and_answers_with_a_legal_move)
{
    Engine e;
    static char line[8192], last[8192];
    engine_start(&e, "uci");
    engine_send(&e, "setoption name UCI_LimitStrength value true");
    engine_send(&e, "setoption name UCI_Elo value %d", SKILL_ELO_MIN + 250);
    engine_send(&e, "position startpos");
    engine_send(&e, "go movetime 5000");
    last[0] = 0;
    while (engine_line(&e, line, sizeof line, 5000) && strncmp(line, "bestmove", 8))
        snprintf(last, sizeof last, "%s", line);
    cr_assert(!strncmp(line, "bestmove ", 9), "%s", line);
    cr_assert(legal_after(START_FEN, "", 0, strtok(line + 9, " ")), "%s", line + 9);
    unsigned long long nodes = 0;
    const char *at = strstr(last, " nodes ");
    cr_assert(at && sscanf(at, " nodes %llu", &nodes) == 1, "%s", last);
    cr_assert_leq(nodes, 3000, "a few hundred nodes, finished to depth 2: %llu", nodes);
    engine_send(&e, "quit");
    engine_close(&e, 3000);
}
