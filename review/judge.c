/*
 * Judging a move: how far its player's expected score falls from the best
 * move's to its own, both searched from the position it was played in. The
 * expected score comes from the WDL model, so a pawn given away in an even
 * game weighs more than one given away in a won or a lost game.
 */
#include "../board/score.h"
#include "../search/wdl.h"
#include "../lang/lang.h"
#include "review.h"

enum { CP_CLIP = 1000 };

double expected_score(int score, int men)
{
    int wdl[3];
    wdl_of(score, men, wdl);
    return (wdl[0] + wdl[1] / 2.0) / 1000.0;
}

double red_expected(const PositionEval *p, int score)
{
    double e = expected_score(score, p->men);
    return p->side == RED ? e : 1 - e;
}

static int clip(int score)
{
    return score > CP_CLIP ? CP_CLIP : score < -CP_CLIP ? -CP_CLIP : score;
}

static Mark mark_of(double loss)
{
    return loss >= REVIEW_BLUNDER ? MARK_BLUNDER
         : loss >= REVIEW_MISTAKE ? MARK_MISTAKE
         : loss >= REVIEW_INACCURACY ? MARK_INACCURACY
                                     : MARK_NONE;
}

MoveVerdict judge_move(const PositionEval *p)
{
    MoveVerdict v = { 0, 0, MARK_NONE };
    double loss = expected_score(p->score, p->men) - expected_score(p->played, p->men);
    int cp_loss = clip(p->score) - clip(p->played);
    /* A move searched alone may score above the best move's search: that is noise, not a gain. */
    v.loss = loss > 0 ? loss : 0;
    v.cp_loss = cp_loss > 0 ? cp_loss : 0;
    v.mark = mark_of(v.loss);
    return v;
}

int mark_nag(Mark m)
{
    static const int nags[MARK_NB] = { 0, 6, 2, 4 };
    return nags[m];
}

const char *mark_name(Mark m)
{
    static const Msg names[MARK_NB] = { 0, MSG_INACCURACY, MSG_MISTAKE, MSG_BLUNDER };
    return m ? msg(names[m]) : "";
}
