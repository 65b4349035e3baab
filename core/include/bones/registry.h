/* The plugin registry: finds game plugins, loads them with dlopen(RTLD_NOW|RTLD_LOCAL),
 * checks their ABI and keeps a one-line error for every file it refused. A broken file
 * never stops the others from loading. The only module that calls dlopen. */
#ifndef BONES_REGISTRY_H
#define BONES_REGISTRY_H

#include "bones/plugin.h"

typedef struct bones_registry bones_registry;

/* An empty registry. NULL when out of memory. */
bones_registry *bones_registry_create(void);
/* Unloads every plugin: no pointer obtained from it may be used after. NULL is a no-op. */
void bones_registry_destroy(bones_registry *reg);

/* Load every *.so in the default folders, in this order: each folder of
 * BONES_PLUGIN_PATH (colon-separated), the build's plugin folder, the install folder.
 * The first plugin with an id wins; a later one with the same id is refused as a
 * duplicate. Returns BONES_OK even when some files were refused (see errors). */
bones_status bones_registry_scan_default(bones_registry *reg);
/* Load every *.so in one folder (sorted by name). A missing folder is no error. */
bones_status bones_registry_scan_dir(bones_registry *reg, const char *dir);
/* Load one file. On failure returns the status and records the error, which reads
 * "PATH: reason", e.g. "x.so: ABI major 2, host has 1: rebuild the plugin". */
bones_status bones_registry_load(bones_registry *reg, const char *path);

/* The loaded plugins, in load order. */
size_t bones_registry_count(const bones_registry *reg);
const bones_plugin *bones_registry_get(const bones_registry *reg, size_t index);
/* The file a loaded plugin came from. */
const char *bones_registry_path(const bones_registry *reg, size_t index);
/* A plugin by id, or by the path of a .so file (loading it if needed); NULL if none. */
const bones_plugin *bones_registry_find(bones_registry *reg, const char *id_or_path);

/* The refused files, one line each ("PATH: reason"), in the order met. */
size_t bones_registry_error_count(const bones_registry *reg);
const char *bones_registry_error(const bones_registry *reg, size_t index);

#endif /* BONES_REGISTRY_H */
