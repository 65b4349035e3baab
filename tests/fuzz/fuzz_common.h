/* Shared by the libFuzzer targets (tests/fuzz/fuzz_*.c): the build's plugins in one
 * registry for the whole run, and a private temporary file to hand inputs to readers
 * that take a path. */
#ifndef BONES_FUZZ_COMMON_H
#define BONES_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "bones/registry.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* The registry of the build's plugins (BONES_FUZZ_PLUGIN_DIR), made once. */
bones_registry *fuzz_registry(void);

/* Write data to this process's temporary file (suffix, e.g. ".ini"); its path. */
const char *fuzz_file(const uint8_t *data, size_t size, const char *suffix);

#endif
