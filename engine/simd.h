/*
 * The network's arithmetic on rows of int16: additions wrap in int16, the
 * output's products and sums are exact in int32. Lengths are multiples of
 * 64 values.
 */
#ifndef CHUHAN_SIMD_H
#define CHUHAN_SIMD_H

#include <stdint.h>

/* The activation of one accumulator value: clipped to [0, qa], squared, scaled back by 256. */
static inline int32_t simd_screlu(int16_t v, int16_t qa)
{
    int32_t c = v < 0 ? 0 : v > qa ? qa : v;
    return (c * c) >> 8;
}

/* --- plain C: the reference ---------------------------------------------- */

/* to = from + add - sub (sub2 too when not NULL), each value wrapping in int16. */
static inline void scalar_add_sub(int16_t *restrict to, const int16_t *from, const int16_t *add, const int16_t *sub,
                                  const int16_t *sub2, int n)
{
    for (int j = 0; j < n; j++) {
        int v = from[j] + add[j] - sub[j] - (sub2 ? sub2[j] : 0);
        to[j] = (int16_t)v;
    }
}

/* acc = bias + the sum of the rows, wrapping in int16. */
static inline void scalar_sum_rows(int16_t *restrict acc, const int16_t *bias, const int16_t *const *rows, int nrows,
                                   int n)
{
    for (int j = 0; j < n; j++)
        acc[j] = bias[j];
    for (int r = 0; r < nrows; r++)
        for (int j = 0; j < n; j++)
            acc[j] = (int16_t)(acc[j] + rows[r][j]);
}

/* The sum of screlu(v[j]) * w[j]. */
static inline int32_t scalar_screlu_dot(const int16_t *v, const int16_t *w, int16_t qa, int n)
{
    int32_t sum = 0;
    for (int j = 0; j < n; j++)
        sum += simd_screlu(v[j], qa) * w[j];
    return sum;
}

/* --- what the network calls ------------------------------------------------ */

#define simd_add_sub scalar_add_sub
#define simd_sum_rows scalar_sum_rows
#define simd_screlu_dot scalar_screlu_dot

#endif
