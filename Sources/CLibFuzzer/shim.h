// libFuzzer's driver, from the toolchain's compiler-rt: linked only when building with
// -sanitize=fuzzer (scripts/fuzz), so only code under `#if FUZZING` may call it.
// It parses libFuzzer's flags from argc/argv and calls `callback` with each input.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
