/* libFuzzer: presets (bones_preset_load, then the options against the plugin they name)
 * and option text over a plugin's schema (bones_options_apply). */
#include "fuzz_common.h"

#include "bones/preset.h"
#include "bones/options.h"

#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	fuzz_registry();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	bones_preset p;
	char err[1024];
	bones_options opts;
	if (bones_preset_load(fuzz_file(data, size, ".ini"), &p, err, sizeof err) == BONES_OK) {
		const bones_plugin *pl = bones_registry_find(fuzz_registry(), p.plugin);
		if (pl && bones_preset_options(&p, pl, &opts, err, sizeof err) == BONES_OK)
			bones_options_release(&opts);
	}
	/* the same bytes as "k=v ..." text over every plugin's schema */
	char text[4096];
	size_t n = size < sizeof text - 1 ? size : sizeof text - 1;
	memcpy(text, data, n);
	text[n] = '\0';
	bones_registry *reg = fuzz_registry();
	for (size_t i = 0; i < bones_registry_count(reg); i++) {
		if (bones_options_init(&opts, bones_registry_get(reg, i), err, sizeof err))
			continue;
		bones_options_apply(&opts, text, err, sizeof err);
		bones_options_release(&opts);
	}
	return 0;
}
