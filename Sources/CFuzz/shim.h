#ifndef CFUZZ_SHIM_H
#define CFUZZ_SHIM_H
// libFuzzer's entry for programs that have their own main (our test runner). Declared weak so
// the ordinary build links without libFuzzer: there the symbol is null and the fuzz test
// skips. scripts/fuzz links libclang_rt.fuzzer_no_main and forces the symbol in (-u).
#include <stddef.h>
#include <stdint.h>

extern int LLVMFuzzerRunDriver(int *argc, char ***argv,
                               int (*callback)(const uint8_t *data, size_t size)) __attribute__((weak));

static inline int panel_kiosk_fuzzer_linked(void) { return LLVMFuzzerRunDriver != 0; }

static inline int panel_kiosk_fuzzer_run(int *argc, char ***argv,
                                         int (*callback)(const uint8_t *data, size_t size)) {
    return LLVMFuzzerRunDriver(argc, argv, callback);
}
#endif
