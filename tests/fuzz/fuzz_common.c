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

/* At exit: the files are the fuzzer's own, gone with it (a crash keeps its input in
 * libFuzzer's crash file, not here). */
static void remove_files(void)
{
	for (int k = 0; k < 4; k++)
		if (paths[k][0])
			unlink(paths[k]);
}

const char *fuzz_file(const uint8_t *data, size_t size, const char *suffix)
{
	int k = !strcmp(suffix, ".ini") ? 0 : !strcmp(suffix, ".bones") ? 1 : 2;
	static bool removed_at_exit;
	if (!removed_at_exit)
		removed_at_exit = atexit(remove_files) == 0;
	if (!paths[k][0]) {
		const char *dir = getenv("TMPDIR");
		snprintf(paths[k], sizeof paths[k], "%s/bones-fuzz-%d%s",
			 dir && *dir && strlen(dir) < 32 ? dir : "/tmp", (int)getpid(), suffix);
	}
	FILE *f = fopen(paths[k], "wb");
	if (!f)
		abort();
	fwrite(data, 1, size, f);
	fclose(f);
	return paths[k];
}
