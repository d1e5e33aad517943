/* The program's version, and what it was built for: `chuhan --version` names both. */
#ifndef CHUHAN_VERSION_H
#define CHUHAN_VERSION_H

#define CHUHAN_VERSION "0.1"

#if defined(_WIN32)
#define CHUHAN_OS "windows"
#elif defined(__APPLE__)
#define CHUHAN_OS "macos"
#elif defined(__linux__)
#define CHUHAN_OS "linux"
#elif defined(__wasi__)
#define CHUHAN_OS "wasi"
#elif defined(__EMSCRIPTEN__)
#define CHUHAN_OS "emscripten"
#else
#define CHUHAN_OS "unknown system"
#endif

/* The processor, and the fastest instructions the compiler was allowed to use. */
#if defined(__x86_64__) && defined(__AVX2__)
#define CHUHAN_CPU "x86-64, avx2"
#elif defined(__x86_64__) && defined(__SSE4_1__)
#define CHUHAN_CPU "x86-64, sse4.1"
#elif defined(__x86_64__)
#define CHUHAN_CPU "x86-64, sse2"
#elif defined(__aarch64__) && defined(__ARM_NEON)
#define CHUHAN_CPU "aarch64, neon"
#elif defined(__aarch64__)
#define CHUHAN_CPU "aarch64"
#elif defined(__wasm__) && defined(__wasm_simd128__)
#define CHUHAN_CPU "wasm32, simd128"
#elif defined(__wasm__)
#define CHUHAN_CPU "wasm32"
#else
#define CHUHAN_CPU "portable C"
#endif

#if defined(__clang__)
#define CHUHAN_COMPILER "clang " __clang_version__
#elif defined(__GNUC__)
#define CHUHAN_COMPILER "gcc " __VERSION__
#else
#define CHUHAN_COMPILER "an unknown compiler"
#endif

#define CHUHAN_BUILD CHUHAN_OS " " CHUHAN_CPU ", " CHUHAN_COMPILER

#endif
