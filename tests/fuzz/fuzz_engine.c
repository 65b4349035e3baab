/* libFuzzer: the engine protocol's line handler, one engine over every line of the
 * input (bones_engine_command): one reply per line, never a crash. */
#include "fuzz_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/engine.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	fuzz_registry();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	bones_engine *e = bones_engine_create(fuzz_registry());
	char *text = malloc(size + 1);
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	if (!e || !text || !f)
		abort();
	/* a small repair budget: every path of a repair (the search, its giving up, the
	 * position of the engine's own) runs as with the default, but a move no deal
	 * allows (a lead of 1-2 in the draw game) costs 20,000 entries, not 4 million,
	 * which took over libFuzzer's 20 s a unit in the instrumented build */
	bones_engine_set_repair_budget(e, 20000);
	memcpy(text, data, size);
	text[size] = '\0';
	int lines = 0;
	for (char *line = text, *next; line && lines < 200; line = next, lines++) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (!bones_engine_command(e, line, f))
			break;
	}
	fclose(f);
	free(out);
	free(text);
	bones_engine_destroy(e);
	return 0;
}
