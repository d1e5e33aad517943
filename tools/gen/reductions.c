/* The late-move reductions: LMR_BASE + ln(depth) ln(moves) / LMR_DIVISOR, in plies. */
#include "../../search/search_params.h"
#include "tables_make.h"

/*
 * Natural logarithm for the reduction table, computed here rather than by
 * libm's log(), whose last bits differ between C libraries: every building
 * machine then makes the same table, and the bench signature with it.
 */
static double ln(double x)
{
    double r = 0;
    while (x > 2) {
        x /= 2;
        r += 0.6931471805599453;
    }
    double y = (x - 1) / (x + 1), y2 = y * y, term = y, sum = 0;
    for (int k = 1; k < 60; k += 2) {
        sum += term / k;
        term *= y2;
    }
    return r + 2 * sum;
}

/* Depth or move 0 has no logarithm, and no reduction. */
void make_reductions(int lmr[64][64])
{
    for (int d = 0; d < 64; d++)
        for (int m = 0; m < 64; m++)
            lmr[d][m] = d && m ? (int)(LMR_BASE_100 / 100.0 + ln(d) * ln(m) / (LMR_DIVISOR_100 / 100.0)) : 0;
}
