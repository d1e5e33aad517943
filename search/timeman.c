#include "timeman.h"

/* A single move's lag counts up to this much: a GUI that paused once should not starve the rest of the game. */
enum { LAG_SAMPLE_MAX = 200 };

/* A clock is planned over at most this many moves, and without moves to go over exactly this many. */
enum { HORIZON_MOVES = 40 };

/* The bank kept on the clock: twice the lag of this many moves (beyond the overhead). */
enum { BANK_MOVES = 8 };

/*
 * When this search follows our last move of the same game, the GUI's clock
 * tells what that move cost it: the clock then, plus the increment, less
 * the clock now. What is beyond the time we allowed ourselves (our own
 * watch's, or the hard limit when stopping took longer) goes into the
 * moving average.
 */
static void learn_lag(TimeManager *tm, const SearchLimits *limits, int side, int hply)
{
    bool follows = tm->last.valid && tm->last.side == side && tm->last.hply + 2 == hply;
    tm->last.valid = false;
    if (!follows || !limits->use_clock)
        return;
    int64_t cost = tm->last.clock + limits->inc[side] - limits->time[side];
    if (cost < 0) /* a new time control refilled the clock */
        return;
    int64_t lag = cost - tm->last.spent;
    lag = lag < 0 ? 0 : lag > LAG_SAMPLE_MAX ? LAG_SAMPLE_MAX : lag;
    tm->lag = (tm->lag * 3 + lag + 3) / 4; /* rounded up, so that a steady lag is reached */
}

void time_init(TimeManager *tm, const SearchLimits *limits, int side, int hply, int64_t overhead, int64_t start)
{
    learn_lag(tm, limits, side, hply);
    tm->last.side = side;
    tm->last.hply = hply;
    tm->last.clock = limits->time[side];
    tm->start = start;
    tm->soft = tm->hard = 0;
    if (limits->movetime) {
        /* A fixed time is used whole: no soft limit to stop early at. */
        int64_t t = limits->movetime - overhead;
        tm->hard = t > 1 ? t : 1;
        return;
    }
    if (!limits->use_clock)
        return;

    int64_t left = limits->time[side], inc = limits->inc[side];
    int mtg = limits->movestogo > 0 && limits->movestogo < HORIZON_MOVES ? limits->movestogo : HORIZON_MOVES;
    /*
     * The plan is a share of the clock beyond a reserve, plus most of the
     * increment; a move may stretch it up to a quarter of the clock beyond
     * the reserve plus the increment less the lag. The reserve is the
     * overhead and twice the lag of a few moves: below it both shares turn
     * negative and eat into the increment, so that every move costs the GUI
     * less than the increment brings and the clock climbs back, instead of
     * draining to the last few milliseconds. The more lag, the more it
     * varies, the larger the bank; a larger one sits unused all game.
     */
    int64_t bank_moves = mtg < BANK_MOVES ? mtg : BANK_MOVES;
    int64_t beyond = left - overhead - 2 * tm->lag * bank_moves;
    int64_t soft = beyond / mtg + inc * 3 / 4;
    if (soft < 1)
        soft = 1;
    int64_t usable = left - overhead;
    if (usable < 1)
        usable = 1;
    int64_t hard = limits->movestogo == 1 ? usable * 9 / 10 : soft * 5;
    int64_t cap = limits->movestogo == 1 ? usable * 9 / 10 : beyond / 4 + inc - tm->lag;
    if (cap > usable)
        cap = usable;
    if (hard > cap)
        hard = cap;
    if (soft > hard)
        soft = hard;
    tm->soft = soft > 1 ? soft : 1;
    tm->hard = hard > 1 ? hard : 1;
}

void time_spent(TimeManager *tm, const SearchLimits *limits, bool counted, int64_t spent)
{
    tm->last.valid = counted && limits->use_clock;
    tm->last.spent = tm->hard && spent > tm->hard ? tm->hard : spent;
}

double time_scale(int stable_iterations, int score_drop, double best_move_node_share)
{
    double scale = 1.0;
    if (stable_iterations < 2)
        scale *= 1.6;
    else if (stable_iterations > 6)
        scale *= 0.7;
    if (score_drop > 0)
        scale *= 1.0 + (score_drop > 100 ? 100 : score_drop) / 100.0;
    if (best_move_node_share > 0.9)
        scale *= 0.6;
    return scale;
}
