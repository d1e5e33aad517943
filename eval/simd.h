/*
 * The network's arithmetic on rows of int16, written for the processor's
 * vectors: AVX-512 (its BW part), AVX2, SSE2 (every x86-64), NEON (64-bit ARM), and plain C for
 * the rest (WebAssembly among them) or when built with -DCHUHAN_SCALAR.
 * Every path computes the same integers: additions wrap in int16 as the
 * scalar casts do, and the output's products and sums are exact in int32.
 * The scalar versions are always there, so that tests can hold each build's
 * vectors to them. Lengths are multiples of 64 values.
 */
#ifndef CHUHAN_SIMD_H
#define CHUHAN_SIMD_H

#include <stdint.h>

#if !defined(CHUHAN_SCALAR) && defined(__AVX512BW__)
#include <immintrin.h>
#define SIMD_AVX512 1
#elif !defined(CHUHAN_SCALAR) && defined(__AVX2__)
#include <immintrin.h>
#define SIMD_AVX2 1
#elif !defined(CHUHAN_SCALAR) && defined(__SSE2__)
#include <emmintrin.h>
#define SIMD_SSE2 1
#elif !defined(CHUHAN_SCALAR) && defined(__ARM_NEON) && defined(__aarch64__)
#include <arm_neon.h>
#define SIMD_NEON 1
#endif

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

/* acc = base + the sum of the rows `add` - the sum of the rows `sub`, wrapping in int16. */
static inline void scalar_sum_rows(int16_t *restrict acc, const int16_t *base, const int16_t *const *add, int nadd,
                                   const int16_t *const *sub, int nsub, int n)
{
    for (int j = 0; j < n; j++)
        acc[j] = base[j];
    for (int r = 0; r < nadd; r++)
        for (int j = 0; j < n; j++)
            acc[j] = (int16_t)(acc[j] + add[r][j]);
    for (int r = 0; r < nsub; r++)
        for (int j = 0; j < n; j++)
            acc[j] = (int16_t)(acc[j] - sub[r][j]);
}

/* The sum of screlu(v[j]) * w[j]. */
static inline int32_t scalar_screlu_dot(const int16_t *v, const int16_t *w, int16_t qa, int n)
{
    int32_t sum = 0;
    for (int j = 0; j < n; j++)
        sum += simd_screlu(v[j], qa) * w[j];
    return sum;
}

/* --- the processor's vectors ------------------------------------------- */

#if defined(SIMD_AVX512) || defined(SIMD_AVX2) || defined(SIMD_SSE2)

#if defined(SIMD_AVX512)
typedef __m512i vec16;
enum { VEC_LANES = 32 };
#define vload(p) _mm512_loadu_si512((const void *)(p))
#define vstore(p, x) _mm512_storeu_si512((void *)(p), (x))
#define vadd16 _mm512_add_epi16
#define vsub16 _mm512_sub_epi16
#define vmax16 _mm512_max_epi16
#define vmin16 _mm512_min_epi16
#define vmul16 _mm512_mullo_epi16
#define vshr16 _mm512_srli_epi16
#define vmadd16 _mm512_madd_epi16
#define vadd32 _mm512_add_epi32
#define vset16 _mm512_set1_epi16
#define vzero _mm512_setzero_si512
#define vsum32 _mm512_reduce_add_epi32
#elif defined(SIMD_AVX2)
typedef __m256i vec16;
enum { VEC_LANES = 16 };
#define vload(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define vstore(p, x) _mm256_storeu_si256((__m256i *)(void *)(p), (x))
#define vadd16 _mm256_add_epi16
#define vsub16 _mm256_sub_epi16
#define vmax16 _mm256_max_epi16
#define vmin16 _mm256_min_epi16
#define vmul16 _mm256_mullo_epi16
#define vshr16 _mm256_srli_epi16
#define vmadd16 _mm256_madd_epi16
#define vadd32 _mm256_add_epi32
#define vset16 _mm256_set1_epi16
#define vzero _mm256_setzero_si256
static inline int32_t vsum32(__m256i x)
{
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(x), _mm256_extracti128_si256(x, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
    return _mm_cvtsi128_si32(s);
}
#else
typedef __m128i vec16;
enum { VEC_LANES = 8 };
#define vload(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define vstore(p, x) _mm_storeu_si128((__m128i *)(void *)(p), (x))
#define vadd16 _mm_add_epi16
#define vsub16 _mm_sub_epi16
#define vmax16 _mm_max_epi16
#define vmin16 _mm_min_epi16
#define vmul16 _mm_mullo_epi16
#define vshr16 _mm_srli_epi16
#define vmadd16 _mm_madd_epi16
#define vadd32 _mm_add_epi32
#define vset16 _mm_set1_epi16
#define vzero _mm_setzero_si128
static inline int32_t vsum32(__m128i s)
{
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
    return _mm_cvtsi128_si32(s);
}
#endif

/*
 * `to` is deliberately not restrict: told that no store can touch the rows,
 * GCC loads all of them ahead of the first store, runs out of vector
 * registers and spills them to the stack (2% of bench speed when the network
 * became a pointer). Without it loads and stores go tile by tile.
 */
static inline void simd_add_sub(int16_t *to, const int16_t *from, const int16_t *add, const int16_t *sub,
                                const int16_t *sub2, int n)
{
    if (sub2)
        for (int j = 0; j < n; j += VEC_LANES)
            vstore(to + j, vsub16(vsub16(vadd16(vload(from + j), vload(add + j)), vload(sub + j)), vload(sub2 + j)));
    else
        for (int j = 0; j < n; j += VEC_LANES)
            vstore(to + j, vsub16(vadd16(vload(from + j), vload(add + j)), vload(sub + j)));
}

/* A tile of 8 vectors stays in registers while every row is added to it or taken from it. */
static inline void simd_sum_rows(int16_t *restrict acc, const int16_t *base, const int16_t *const *add, int nadd,
                                 const int16_t *const *sub, int nsub, int n)
{
    enum { TILE = 8 * VEC_LANES };
    for (int t = 0; t < n; t += TILE) {
        vec16 r[8];
        for (int k = 0; k < 8; k++)
            r[k] = vload(base + t + k * VEC_LANES);
        for (int i = 0; i < nadd; i++)
            for (int k = 0; k < 8; k++)
                r[k] = vadd16(r[k], vload(add[i] + t + k * VEC_LANES));
        for (int i = 0; i < nsub; i++)
            for (int k = 0; k < 8; k++)
                r[k] = vsub16(r[k], vload(sub[i] + t + k * VEC_LANES));
        for (int k = 0; k < 8; k++)
            vstore(acc + t + k * VEC_LANES, r[k]);
    }
}

/*
 * c * c is at most 255 * 255 = 65025: its low 16 bits, shifted as unsigned,
 * are the activation, 0..254; madd sums two activations times weights in int32.
 */
static inline int32_t simd_screlu_dot(const int16_t *v, const int16_t *w, int16_t qa, int n)
{
    vec16 lo = vzero(), hi = vset16(qa), s0 = vzero(), s1 = vzero();
    for (int j = 0; j < n; j += 2 * VEC_LANES) {
        vec16 c0 = vmin16(vmax16(vload(v + j), lo), hi), c1 = vmin16(vmax16(vload(v + j + VEC_LANES), lo), hi);
        s0 = vadd32(s0, vmadd16(vshr16(vmul16(c0, c0), 8), vload(w + j)));
        s1 = vadd32(s1, vmadd16(vshr16(vmul16(c1, c1), 8), vload(w + j + VEC_LANES)));
    }
    return vsum32(vadd32(s0, s1));
}

#elif defined(SIMD_NEON)

static inline void simd_add_sub(int16_t *restrict to, const int16_t *from, const int16_t *add, const int16_t *sub,
                                const int16_t *sub2, int n)
{
    if (sub2)
        for (int j = 0; j < n; j += 8)
            vst1q_s16(to + j, vsubq_s16(vsubq_s16(vaddq_s16(vld1q_s16(from + j), vld1q_s16(add + j)),
                                                  vld1q_s16(sub + j)),
                                        vld1q_s16(sub2 + j)));
    else
        for (int j = 0; j < n; j += 8)
            vst1q_s16(to + j, vsubq_s16(vaddq_s16(vld1q_s16(from + j), vld1q_s16(add + j)), vld1q_s16(sub + j)));
}

/* A tile of 16 vectors (of the 32) stays in registers while every row is added to it or taken from it. */
static inline void simd_sum_rows(int16_t *restrict acc, const int16_t *base, const int16_t *const *add, int nadd,
                                 const int16_t *const *sub, int nsub, int n)
{
    for (int t = 0; t < n; t += 128) {
        int16x8_t r[16];
        for (int k = 0; k < 16; k++)
            r[k] = vld1q_s16(base + t + 8 * k);
        for (int i = 0; i < nadd; i++)
            for (int k = 0; k < 16; k++)
                r[k] = vaddq_s16(r[k], vld1q_s16(add[i] + t + 8 * k));
        for (int i = 0; i < nsub; i++)
            for (int k = 0; k < 16; k++)
                r[k] = vsubq_s16(r[k], vld1q_s16(sub[i] + t + 8 * k));
        for (int k = 0; k < 16; k++)
            vst1q_s16(acc + t + 8 * k, r[k]);
    }
}

static inline int32_t simd_screlu_dot(const int16_t *v, const int16_t *w, int16_t qa, int n)
{
    int16x8_t lo = vdupq_n_s16(0), hi = vdupq_n_s16(qa);
    int32x4_t s0 = vdupq_n_s32(0), s1 = vdupq_n_s32(0);
    for (int j = 0; j < n; j += 8) {
        int16x8_t c = vminq_s16(vmaxq_s16(vld1q_s16(v + j), lo), hi);
        int16x8_t a = vreinterpretq_s16_u16(vshrq_n_u16(vreinterpretq_u16_s16(vmulq_s16(c, c)), 8));
        int16x8_t wj = vld1q_s16(w + j);
        s0 = vmlal_s16(s0, vget_low_s16(a), vget_low_s16(wj));
        s1 = vmlal_high_s16(s1, a, wj);
    }
    return vaddvq_s32(vaddq_s32(s0, s1));
}

#else

#define simd_add_sub scalar_add_sub
#define simd_sum_rows scalar_sum_rows
#define simd_screlu_dot scalar_screlu_dot

#endif

#endif
