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
 * BONES_PLUGIN_PATH (colon-separated), then PREFIX/lib/bones/plugins beside the running
 * program (bones/paths.h; the build tree has the same layout). The first plugin with an
 * id wins; a later one with the same id is refused as a duplicate. Returns BONES_OK even
 * when some files were refused (see errors); BONES_ENOMEM only when memory ran out. */
bones_status bones_registry_scan_default(bones_registry *reg);
/* Load every *.so in one folder, sorted by name. A missing folder is no error. */
bones_status bones_registry_scan_dir(bones_registry *reg, const char *dir);
/* Scan each folder of a colon-separated list in turn (BONES_PLUGIN_PATH, an INI
 * plugin_path); empty entries are skipped. NULL or "" is no error. */
bones_status bones_registry_scan_path(bones_registry *reg, const char *folders);
/* Load one file. On failure returns the status and records the error, which reads
 * "PATH: reason" with PATH as given, e.g. "x.so: 'bones_plugin_entry' has ABI 2.0,
 * host has 1.0: ABI major differs: rebuild the plugin against this Bones".
 * Checks, in order: the file exists (BONES_ENOTFOUND); dlopen succeeds (BONES_EABI,
 * with the dlerror() text); BONES_ENTRY_SYMBOL exists; its ABI major equals the host's;
 * its size covers sizeof(bones_plugin); metadata (id of [a-z0-9_-], name, version,
 * summary, 1 <= min_players <= max_players); every required function; the option
 * schema (unique keys, ranges, choices, defaults and variants that validate through
 * bones_options); then the id is not taken (BONES_EINVAL, naming both files).
 * Loading a file already loaded (same realpath) is BONES_OK and changes nothing. */
bones_status bones_registry_load(bones_registry *reg, const char *path);

/* The loaded plugins, in load order. */
size_t bones_registry_count(const bones_registry *reg);
const bones_plugin *bones_registry_get(const bones_registry *reg, size_t index);
/* The file a loaded plugin came from. */
const char *bones_registry_path(const bones_registry *reg, size_t index);
/* A plugin by id, or by the path of a .so file (loading it if needed); NULL if none. */
const bones_plugin *bones_registry_find(bones_registry *reg, const char *id_or_path);

/* True when a scan or load ran out of memory, so a plugin that seems missing may exist:
 * say "out of memory", not "no such game". */
bool bones_registry_out_of_memory(const bones_registry *reg);

/* The refused files, one line each ("PATH: reason"), in the order met. The strings
 * are owned by the registry and live until it is destroyed. */
size_t bones_registry_error_count(const bones_registry *reg);
const char *bones_registry_error(const bones_registry *reg, size_t index);
/* The line of a refused file whose plugin id (when its entry could be read) or file
 * name without ".so" is id, so that a lookup of a game that is missing because it was
 * refused can say why; NULL when none or when a plugin of that id is loaded. Owned by the registry, like the lines above. */
const char *bones_registry_refusal(const bones_registry *reg, const char *id);

#endif /* BONES_REGISTRY_H */
