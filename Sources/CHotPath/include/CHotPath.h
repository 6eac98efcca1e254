#ifndef CHOTPATH_H
#define CHOTPATH_H

/* What the renderer's hot loops need and Swift has no spelling for. Both are
   `static inline`, so Swift inlines them like its own code. */

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

#endif
