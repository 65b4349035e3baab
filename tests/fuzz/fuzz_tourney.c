/* libFuzzer: tournament files (bones_tourney_load: [tourney], [game.X], [player.X]). */
#include "fuzz_common.h"

#include "bones/tourney.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	/* keeps the plugins loaded for the whole run: the registries that tournaments make
	 * and destroy then never unload them (libFuzzer's counters live in them) */
	fuzz_registry();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	bones_tourney *t = NULL;
	char err[1024];
	if (bones_tourney_load(fuzz_file(data, size, ".ini"), &t, err, sizeof err) == BONES_OK)
		bones_tourney_destroy(t);
	return 0;
}
