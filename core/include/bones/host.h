/* The host services table handed to plugins (bones_host), as the runtime fills it:
 * malloc-backed memory, logging to stderr, data files found in the configs folders and
 * INI parsing through the one config module. */
#ifndef BONES_HOST_H
#define BONES_HOST_H

#include "bones/plugin.h"

/* Fill *host with the runtime's services. The table holds no pointers to anything
 * but static functions, so a copy is as good as the original. */
void bones_host_init(bones_host *host);

/* Resolve a data file name the way bones_host.find_file does: an absolute or
 * ./relative path that exists is kept; otherwise the name relative to the current
 * folder, then to each config folder (bones_paths_each_config_dir) is tried. Only a
 * regular file is found: BONES_EIO when the name exists only as something else (a
 * device, a FIFO, a folder), else BONES_ENOTFOUND. */
bones_status bones_host_find_file(const char *name, char *buf, size_t cap);
/* The same in the config folders only, never the current folder: a game's or preset's
 * bare name means the shipped one, not a file that happens to lie where Bones runs. */
bones_status bones_host_find_config_file(const char *name, char *buf, size_t cap);

#endif /* BONES_HOST_H */
