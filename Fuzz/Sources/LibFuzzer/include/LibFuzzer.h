// libFuzzer's driver, as its FuzzerInterface.h declares it: `-sanitize=fuzzer` links its runtime.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
