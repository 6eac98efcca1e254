#ifndef CHOTPATH_H
#define CHOTPATH_H

/* What the renderer's hot loops need and Swift has no spelling for. All are
   `static inline`, so Swift inlines them like its own code. */

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* A cache hint. GCC and Clang turn __builtin_prefetch into PREFETCHT0 on baseline x86-64
   (PREFETCHW where the target has it) and PRFM on aarch64; it never faults, so an address
   past the end of a buffer is harmless.
   Asks for the cache line holding `p`, to be written soon (the pixels of a row a few rows
   ahead of the one being blended). */
static inline void panel_prefetch_write(const void *p) {
    __builtin_prefetch(p, 1, 3);
}

/* `x` truncated toward zero, as Swift's `UInt32(x)` does, without its range checks (three
   compares and branches, which cost the road rows 9 %: a row converts six coverages).
   The caller guarantees 0 <= x < 2^31 and not NaN; outside that the C conversion is
   undefined. One instruction: CVTTSS2SI on x86-64, FCVTZS on aarch64. */
static inline unsigned int panel_truncate_float(float x) {
    return (unsigned int)(int)x;
}

/* `x` truncated toward zero, as Swift's `Int(x)` does, without its range checks. The
   caller guarantees |x| < 2^63 and not NaN (the rasterizer's coordinates are below 1e7). */
static inline long panel_truncate_double(double x) {
    return (long)x;
}

/* Swift's SIMD8<UInt16> and SIMD16<UInt8>. */
typedef unsigned short panel_u16x8 __attribute__((ext_vector_type(8)));
typedef unsigned char panel_u8x16 __attribute__((ext_vector_type(16)));

/* The low byte of each lane of `lo` then of `hi`, in order: Swift's
   `SIMD8<UInt8>(truncatingIfNeeded:)` of both, for lanes the caller guarantees to be at most
   255. On x86-64 that truncation costs a mask of each input before the one saturating pack
   SSE2 has; with the guarantee the pack alone gives the same bytes (a pixel blend's
   narrowing: 2 of its 13 operations per four pixels). On aarch64 and elsewhere the plain
   conversion, which is already one instruction there (UZP1). */
static inline panel_u8x16 panel_narrow_bytes(panel_u16x8 lo, panel_u16x8 hi) {
#if defined(__SSE2__)
    return (panel_u8x16)_mm_packus_epi16((__m128i)lo, (__m128i)hi);
#else
    return __builtin_convertvector(__builtin_shufflevector(lo, hi, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                                   panel_u8x16);
#endif
}

#if defined(__x86_64__)
/* `n` copies of the pixel `v` from `d` in one `rep stosl`. For long runs only (from 2 KiB,
   where glibc's memset switches to the string store too): the CPU's fast-string path writes
   whole cache lines without reading them first, which makes the drawer's body (one run of
   648 whole rows at 1920x1080) about 6 % faster than the 16-byte stores of the vectorized
   loop, and a full-width row (a gradient's, a rounded top corner's) 3-20 % faster; its
   start-up costs more than a short run saves. The ABI keeps the direction flag clear at
   calls, so the run goes forward. x86-64 only; other targets keep the loop
   (`RowOps.fillPixels`). */
static inline void panel_fill_long_run(unsigned int *d, unsigned int v, unsigned long n) {
    __asm__ volatile("rep stosl" : "+D"(d), "+c"(n) : "a"(v) : "memory");
}
#endif

#endif
