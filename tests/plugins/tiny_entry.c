/* A plugin whose entry symbol is a 4-byte integer, smaller than even the version
 * header: the registry must refuse it without reading past the symbol. */
#include "bones/plugin.h"

BONES_EXPORT const uint32_t bones_plugin_entry = BONES_ABI_MAJOR;
