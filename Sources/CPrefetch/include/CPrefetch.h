#ifndef CPREFETCH_H
#define CPREFETCH_H

/* A cache hint Swift has no portable spelling for. GCC and Clang turn
   __builtin_prefetch into PREFETCHT0 on baseline x86-64 (PREFETCHW where the target has
   it) and PRFM on aarch64; it never faults, so an address past the end of a buffer is
   harmless. */

/* Asks for the cache line holding `p`, to be written soon (the pixels of a row a few rows
   ahead of the one being blended). */
static inline void panel_prefetch_write(const void *p) {
    __builtin_prefetch(p, 1, 3);
}

#endif
