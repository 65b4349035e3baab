/* A shared object that exports a function but no bones_plugin_entry: the registry
 * must refuse it as having no entry symbol. */
#include "bones/plugin.h"

BONES_EXPORT int bones_plugin_entry_misspelt(void);

BONES_EXPORT int bones_plugin_entry_misspelt(void)
{
	return 42;
}
