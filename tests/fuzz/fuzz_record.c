/* libFuzzer: the game record reader over any bytes (bones_record_read). */
#include "fuzz_common.h"

#include <stdio.h>

#include "bones/record.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	fuzz_registry();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	FILE *f = fmemopen((void *)data, size ? size : 1, "r");
	if (!f)
		return 0;
	bones_session *s = NULL;
	char err[1024];
	bones_record_read(f, "fuzz", fuzz_registry(), &s, err, sizeof err);
	bones_session_destroy(s);
	fclose(f);
	/* and as a file of several games */
	size_t games;
	const char *path = fuzz_file(data, size, ".bones");
	if (bones_record_count(path, &games, err, sizeof err) == BONES_OK && games > 1) {
		bones_record_replay_game(path, games, fuzz_registry(), &s, err, sizeof err);
		bones_session_destroy(s);
	}
	return 0;
}
