/*
 * How far the marks can be trusted: each move judged again by a second
 * engine searching a few plies deeper than the review's own search went,
 * with a table of its own, and the two marks counted against each other.
 */
#include "review.h"

void agreement_judge(Agreement *a, Board *b, const PositionEval *p, Move played, Mark mark)
{
    PositionEval deeper;
    const SearchLimits limits = { .depth = p->depth + a->plies };
    analyse_position(a->engine, b, &limits, played, &deeper);
    a->table[mark][judge_move(&deeper).mark]++;
    a->depth_sum += p->depth;
    a->moves++;
}

void agreement_print(const Agreement *a, FILE *out)
{
    static const char *const names[MARK_NB] = { "none", "inaccuracy", "mistake", "blunder" };
    fprintf(out, "marks against a search %d plies deeper (%d moves, the review's own depth %.1f on average):\n", a->plies,
            a->moves, a->moves ? (double)a->depth_sum / a->moves : 0.0);
    fprintf(out, "%12s", "review\\deeper");
    for (int j = 0; j < MARK_NB; j++)
        fprintf(out, " %10s", names[j]);
    fputc('\n', out);
    int same = 0;
    for (int i = 0; i < MARK_NB; i++) {
        fprintf(out, "%12s ", names[i]);
        for (int j = 0; j < MARK_NB; j++)
            fprintf(out, " %10d", a->table[i][j]);
        fputc('\n', out);
        same += a->table[i][i];
    }
    fprintf(out, "the same mark: %d of %d (%.1f%%)\n", same, a->moves, a->moves ? 100.0 * same / a->moves : 0.0);
}
