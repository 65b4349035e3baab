/* libFuzzer: Geominos' tile and board data files, read by the plugin's configure with
 * tiles=FILE and then board=FILE holding the input. */
#include "fuzz_common.h"

#include "bones/host.h"
#include "bones/options.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	fuzz_registry();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const bones_plugin *p = bones_registry_find(fuzz_registry(), "geominos");
	if (!p)
		return 0;
	const char *path = fuzz_file(data, size, ".ini");
	for (int k = 0; k < 2; k++) {
		bones_options opts;
		char err[512];
		if (bones_options_init(&opts, p, err, sizeof err))
			return 0;
		if (bones_options_set(&opts, k ? "board" : "tiles", path, err, sizeof err) ==
		    BONES_OK) {
			bones_host host;
			bones_game_info info = {sizeof info, 0, 0, 0};
			void *game = NULL;
			bones_host_init(&host);
			if (p->configure(&host, opts.values, &game, &info, err, sizeof err) ==
			    BONES_OK)
				p->destroy_game(game);
		}
		bones_options_release(&opts);
	}
	return 0;
}
