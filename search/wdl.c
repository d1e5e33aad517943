#include <math.h>

#include "../board/score.h"
#include "wdl.h"

/*
 * win = 1 / (1 + exp((a - s) / b)), loss = 1 / (1 + exp((a + s) / b)), the
 * rest a draw; a and b cubic in men / 32, highest power first. Fitted by
 * tools/wdl-fit to 508,409 quiet positions of gen10 (network 4's self-play).
 * With fewer men than five the fit has too few games: five stands for them.
 */
static const double coef_a[4] = { 1326.614, -1943.778, 266.838, 511.581 };
static const double coef_b[4] = { -831.887, 1441.241, -395.489, 151.281 };
enum { MEN_FITTED_FROM = 5 };

static double cubic(const double c[4], double x) { return ((c[0] * x + c[1]) * x + c[2]) * x + c[3]; }

void wdl_of(int score, int men, int out[3])
{
    if (is_decided_score(score)) {
        out[0] = score > 0 ? 1000 : 0;
        out[1] = 0;
        out[2] = score > 0 ? 0 : 1000;
        return;
    }
    double x = (men < MEN_FITTED_FROM ? MEN_FITTED_FROM : men > 32 ? 32 : men) / 32.0;
    double a = cubic(coef_a, x), b = cubic(coef_b, x);
    out[0] = (int)lround(1000 / (1 + exp((a - score) / b)));
    out[2] = (int)lround(1000 / (1 + exp((a + score) / b)));
    out[1] = 1000 - out[0] - out[2];
    if (out[1] < 0) { /* rounding alone can push it below zero */
        out[0] += out[1];
        out[1] = 0;
    }
}
