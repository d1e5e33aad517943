/* The time allotment, played out over simulated games. */
#include <criterion/criterion.h>

#include "../../search/timeman.h"

static SearchLimits clock_of(int64_t left, int64_t inc, int movestogo)
{
    SearchLimits limits = { .use_clock = true, .movestogo = movestogo };
    limits.time[RED] = left;
    limits.inc[RED] = inc;
    return limits;
}

/*
 * 1 s + 10 ms, the default 30 ms overhead, and every move costing the GUI
 * 1.6 times its soft limit (an unstable search) plus 8 ms the engine's own
 * watch never sees (pipes, a loaded scheduler): the engine learns the lag
 * from the clocks it is sent, and a bank stays on the clock for 250 moves
 * (the overhead and twice the lag of eight moves, less one move's
 * overshoot), so that one slow move does not flag.
 */
Test(timeman, learns_the_lag_and_keeps_a_bank)
{
    TimeManager tm = { 0 };
    int64_t left = 1000, lowest = left;
    for (int move = 0; move < 250; move++) {
        SearchLimits limits = clock_of(left, 10, 0);
        time_init(&tm, &limits, RED, 2 * move, 30, 0);
        cr_assert(tm.soft >= 1 && tm.soft <= tm.hard && tm.hard < left);
        int64_t used = tm.soft * 16 / 10 < tm.hard ? tm.soft * 16 / 10 : tm.hard;
        time_spent(&tm, &limits, true, used);
        left -= used + 8;
        if (left < lowest)
            lowest = left;
        left += 10;
    }
    cr_expect_eq(tm.lag, 8);
    cr_expect_geq(lowest, 30 + 2 * 8 * 8 - 8, "the clock fell to %lld ms", (long long)lowest);
}

/* Before any lag is known, a full clock plans a fortieth of what is beyond the overhead and most of the increment. */
Test(timeman, full_clock_plans_about_a_fortieth)
{
    TimeManager tm = { 0 };
    SearchLimits limits = clock_of(10000, 100, 0);
    time_init(&tm, &limits, RED, 0, 30, 0);
    cr_expect_eq(tm.soft, (10000 - 30) / 40 + 75);
    cr_expect_eq(tm.hard, tm.soft * 5);
}

/* A search that does not follow our last move (a new game, a ponder miss) teaches nothing. */
Test(timeman, only_consecutive_moves_teach_the_lag)
{
    TimeManager tm = { 0 };
    SearchLimits limits = clock_of(5000, 0, 0);
    time_init(&tm, &limits, RED, 10, 30, 0);
    time_spent(&tm, &limits, true, 100);
    limits = clock_of(4000, 0, 0); /* 900 ms lost beyond the search */
    time_init(&tm, &limits, RED, 14, 30, 0);
    cr_expect_eq(tm.lag, 0, "two moves later is another game");
    time_spent(&tm, &limits, false, 100);
    limits = clock_of(3000, 0, 0);
    time_init(&tm, &limits, RED, 16, 30, 0);
    cr_expect_eq(tm.lag, 0, "the GUI's clock did not run for a ponder miss");
    time_spent(&tm, &limits, true, 100);
    limits = clock_of(2880, 0, 0);
    time_init(&tm, &limits, RED, 18, 30, 0);
    cr_expect_eq(tm.lag, 5, "20 ms beyond the search moves the average a quarter of the way");
}

/* The last move before the control may use nine tenths of what is left. */
Test(timeman, last_move_of_the_control_uses_most_of_the_clock)
{
    TimeManager tm = { 0 };
    SearchLimits limits = clock_of(5000, 0, 1);
    time_init(&tm, &limits, RED, 0, 30, 0);
    cr_expect_eq(tm.hard, (5000 - 30) * 9 / 10);
}

/*
 * 40 moves in 10 s, repeating, with the default overhead and 8 ms of lag a
 * move, every move taking 1.6 times its soft limit: no control is overrun
 * and each ends with most of its time used (less than a fifth left), the
 * last move before it taking at most nine tenths of what was left.
 */
Test(timeman, a_moves_to_go_control_is_used_up_but_never_overrun)
{
    TimeManager tm = { 0 };
    int64_t left = 10000;
    for (int move = 0; move < 200; move++) {
        int togo = 40 - move % 40;
        SearchLimits limits = clock_of(left, 0, togo);
        time_init(&tm, &limits, RED, 2 * move, 30, 0);
        cr_assert(tm.soft >= 1 && tm.soft <= tm.hard && tm.hard < left, "move %d", move);
        int64_t used = tm.soft * 16 / 10 < tm.hard ? tm.soft * 16 / 10 : tm.hard;
        time_spent(&tm, &limits, true, used);
        left -= used + 8;
        cr_assert_gt(left, 0, "move %d overran the control", move);
        if (togo == 1) {
            cr_expect_lt(left, 2000, "control %d ended with %lld ms unused", move / 40, (long long)left);
            left += 10000;
        }
    }
}
