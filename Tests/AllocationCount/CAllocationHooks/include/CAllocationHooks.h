// Counts the heap allocations of the process it is linked into (the allocation-count tool's
// only): glibc's malloc, calloc, realloc, free and the aligned allocators are replaced by
// definitions that count and then call glibc's own (__libc_malloc and the like).
#ifndef C_ALLOCATION_HOOKS_H
#define C_ALLOCATION_HOOKS_H

#include <stdint.h>

/// Sets the counts to zero and starts counting (every thread).
void allocation_hooks_start(void);
/// Stops counting; the counts stay until the next start.
void allocation_hooks_stop(void);
/// Allocations counted: malloc, calloc, realloc (each call that may hand out memory),
/// posix_memalign, aligned_alloc, memalign, valloc, pvalloc.
int64_t allocation_hooks_allocations(void);
/// Bytes those allocations asked for.
int64_t allocation_hooks_bytes(void);
/// free calls (of a non-null pointer) counted.
int64_t allocation_hooks_frees(void);
/// With a nonzero `on`, each counted allocation's call stack (return addresses) is kept, the
/// first few of them, for `allocation_hooks_print_stacks`.
void allocation_hooks_keep_stacks(int on);
/// Writes the kept call stacks to stderr, a frame a line as "file+0xoffset" (the offset
/// within the file, for addr2line), and forgets them.
void allocation_hooks_print_stacks(void);

#endif
