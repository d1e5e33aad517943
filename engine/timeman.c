#include "timeman.h"

void time_init(TimeManager *tm, const SearchLimits *limits, int side, int64_t overhead, int64_t start)
{
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
    /* What we may spend without touching the reserve for latency. */
    int64_t usable = left - overhead;
    if (usable < 1)
        usable = 1;
    int mtg = limits->movestogo > 0 ? (limits->movestogo < 40 ? limits->movestogo : 40) : 30;

    int64_t soft = usable / mtg + inc * 3 / 4;
    int64_t hard = limits->movestogo == 1 ? usable * 9 / 10 : soft * 5;
    /* Never plan to use more than a fraction of what is left on one move. */
    int64_t cap = limits->movestogo == 1 ? usable * 9 / 10 : usable / 4 + inc / 2;
    if (cap > usable)
        cap = usable;
    if (hard > cap)
        hard = cap;
    if (soft > hard)
        soft = hard;
    tm->soft = soft > 1 ? soft : 1;
    tm->hard = hard > 1 ? hard : 1;
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
