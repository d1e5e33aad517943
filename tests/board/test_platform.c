#include <criterion/criterion.h>

#include "../../base/platform.h"
#include "../common.h"

TestSuite(platform);

Test(platform, the_portable_high_product_equals_the_128_bit_one)
{
    static const uint64_t edges[] = { 0, 1, 0xFFFFFFFFull, 0x100000000ull, UINT64_MAX, UINT64_MAX - 1, 1ull << 63 };
    for (size_t i = 0; i < sizeof edges / sizeof *edges; i++)
        for (size_t j = 0; j < sizeof edges / sizeof *edges; j++)
            cr_assert_eq(mul_hi64_portable(edges[i], edges[j]), (uint64_t)(((unsigned __int128)edges[i] * edges[j]) >> 64));
    uint64_t seed = 7;
    for (int k = 0; k < 100000; k++) {
        uint64_t a = test_random(&seed), b = test_random(&seed);
        cr_assert_eq(mul_hi64_portable(a, b), (uint64_t)(((unsigned __int128)a * b) >> 64), "%llx * %llx",
                     (unsigned long long)a, (unsigned long long)b);
    }
}

Test(platform, aligned_blocks_are_aligned_and_freed)
{
    for (size_t align = 64; align <= 2 * 1024 * 1024; align *= 64) {
        void *p = aligned_block(align, 1000);
        cr_assert(p && (uintptr_t)p % align == 0, "alignment %zu", align);
        aligned_block_free(p);
    }
}
