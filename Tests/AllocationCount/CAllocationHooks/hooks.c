// The allocation counter of the allocation-count tool (tests only; see CAllocationHooks.h).
//
// An executable that defines malloc and its kin replaces glibc's for the whole process: the
// executable comes first in the dynamic linker's search order, so the Swift runtime, Foundation
// and every C library call these definitions too (glibc documents this as "Replacing malloc").
// Each one counts, when counting is on, and calls glibc's allocator under its internal name
// (__libc_malloc and so on), so the memory and malloc_usable_size stay glibc's. This is
// swift-nio's way of counting allocations; it lives in a tool of its own so that neither the
// shipped binaries nor the ordinary test process carry it.
#define _GNU_SOURCE
#include "CAllocationHooks.h"

#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <unistd.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);
extern void *__libc_valloc(size_t);
extern void *__libc_pvalloc(size_t);

static atomic_int counting;
static atomic_llong allocations, bytes, frees;

// Call stacks of the first allocations counted, kept while `keeping` (finding where they come from).
enum { kept_max = 64, frames_max = 24 };
static atomic_int keeping;
static atomic_int kept;
static void *stacks[kept_max][frames_max];
static int depths[kept_max];
// backtrace() may allocate (the first time it loads the unwinder): not counted, not kept.
static __thread int inside;

static void counted(size_t size) {
    if (!atomic_load_explicit(&counting, memory_order_relaxed) || inside) return;
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&bytes, (long long)size, memory_order_relaxed);
    if (!atomic_load_explicit(&keeping, memory_order_relaxed)) return;
    int slot = atomic_fetch_add_explicit(&kept, 1, memory_order_relaxed);
    if (slot >= kept_max) return;
    inside = 1;
    depths[slot] = backtrace(stacks[slot], frames_max);
    inside = 0;
}

void *malloc(size_t size) {
    counted(size);
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    counted(count * size);
    return __libc_calloc(count, size);
}

void *realloc(void *p, size_t size) {
    if (p != NULL && size == 0) {
        // glibc frees here and returns NULL.
        if (atomic_load_explicit(&counting, memory_order_relaxed) && !inside)
            atomic_fetch_add_explicit(&frees, 1, memory_order_relaxed);
    } else {
        counted(size);
    }
    return __libc_realloc(p, size);
}

void free(void *p) {
    if (p != NULL && atomic_load_explicit(&counting, memory_order_relaxed) && !inside)
        atomic_fetch_add_explicit(&frees, 1, memory_order_relaxed);
    __libc_free(p);
}

void *memalign(size_t alignment, size_t size) {
    counted(size);
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    counted(size);
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    // POSIX: a power of two that is a multiple of sizeof(void *).
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    counted(size);
    void *p = __libc_memalign(alignment, size);
    if (p == NULL) return ENOMEM;
    *out = p;
    return 0;
}

void *valloc(size_t size) {
    counted(size);
    return __libc_valloc(size);
}

void *pvalloc(size_t size) {
    counted(size);
    return __libc_pvalloc(size);
}

void allocation_hooks_start(void) {
    atomic_store(&allocations, 0);
    atomic_store(&bytes, 0);
    atomic_store(&frees, 0);
    atomic_store(&kept, 0);
    atomic_store(&counting, 1);
}

void allocation_hooks_stop(void) { atomic_store(&counting, 0); }

int64_t allocation_hooks_allocations(void) { return atomic_load(&allocations); }
int64_t allocation_hooks_bytes(void) { return atomic_load(&bytes); }
int64_t allocation_hooks_frees(void) { return atomic_load(&frees); }

void allocation_hooks_keep_stacks(int on) {
    if (on) {
        // The first backtrace loads the unwinder (allocating): done now, before counting.
        void *warm[2];
        inside = 1;
        backtrace(warm, 2);
        inside = 0;
    }
    atomic_store(&keeping, on);
}

void allocation_hooks_print_stacks(void) {
    int n = atomic_load(&kept);
    if (n > kept_max) n = kept_max;
    for (int i = 0; i < n; i++) {
        dprintf(2, "allocation %d:\n", i + 1);
        for (int f = 0; f < depths[i]; f++) {
            Dl_info info;
            if (dladdr(stacks[i][f], &info) && info.dli_fname != NULL) {
                // The address within its file: `addr2line -f -e FILE 0xOFFSET` names the function.
                dprintf(2, "  %s+0x%lx\n", info.dli_fname,
                        (unsigned long)((char *)stacks[i][f] - (char *)info.dli_fbase));
            } else {
                dprintf(2, "  %p\n", stacks[i][f]);
            }
        }
    }
    atomic_store(&kept, 0);
}
