#include <stdlib.h>

#include "../board/score.h"
#include "outlook.h"

/* Thresholds in centipawns, and the moves a judgement must hold. */
enum {
    RESIGN_SCORE = 1500, RESIGN_MOVES = 4,
    DRAW_ACCEPT_SCORE = 50,
    DRAW_OFFER_SCORE = 10, DRAW_OFFER_MOVES = 6, DRAW_OFFER_QUIET_PLIES = 40,
};

void outlook_count(Outlook *o, int score)
{
    o->hopeless_moves = score <= -RESIGN_SCORE ? o->hopeless_moves + 1 : 0;
    o->level_moves = abs(score) <= DRAW_OFFER_SCORE ? o->level_moves + 1 : 0;
}

bool outlook_resigns(const Outlook *o, int score)
{
    return score <= -VALUE_MATE_BOUND || o->hopeless_moves >= RESIGN_MOVES;
}

bool outlook_accepts_draw(int score) { return score <= DRAW_ACCEPT_SCORE; }

bool outlook_offers_draw(const Outlook *o, int rule60)
{
    return o->level_moves >= DRAW_OFFER_MOVES && rule60 >= DRAW_OFFER_QUIET_PLIES;
}
