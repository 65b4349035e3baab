/* The registry and temporary file of a fuzzing run; see fuzz_common.h. A fuzzer is one
 * process: these are made once and live until it exits. */
#include "fuzz_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bones_registry *reg;
static char paths[4][64];

bones_registry *fuzz_registry(void)
{
	if (!reg) {
		reg = bones_registry_create();
		if (!reg)
			abort();
		bones_registry_scan_dir(reg, BONES_FUZZ_PLUGIN_DIR);
	}
	return reg;
}

const char *fuzz_file(const uint8_t *data, size_t size, const char *suffix)
{
	int k = !strcmp(suffix, ".ini") ? 0 : !strcmp(suffix, ".bones") ? 1 : 2;
	if (!paths[k][0])
		snprintf(paths[k], sizeof paths[k], "/tmp/bones-fuzz-%d%s", (int)getpid(), suffix);
	FILE *f = fopen(paths[k], "wb");
	if (!f)
		abort();
	fwrite(data, 1, size, f);
	fclose(f);
	return paths[k];
}
