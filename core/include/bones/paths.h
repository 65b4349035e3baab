/* Where Bones finds its files and writes its output. The build tree has the layout of
 * an install (bin/, lib/bones/plugins/, share/bones/), so one rule serves both: files
 * are found relative to the running program (PREFIX/bin/bones -> PREFIX/share/bones),
 * and no absolute path of the machine that built it is compiled in. */
#ifndef BONES_PATHS_H
#define BONES_PATHS_H

#include <stdbool.h>
#include <stddef.h>

/* The prefix of the running program: the parent of the folder that holds it
 * (PREFIX/bin/bones -> PREFIX; build/tests/test_x -> build). False when unknown. */
bool bones_paths_prefix(char *buf, size_t cap);

/* PREFIX/share/bones/SUB (SUB may be "" for the folder itself), whether or not it
 * exists. False when the prefix is unknown or the path does not fit. */
bool bones_paths_data(const char *sub, char *buf, size_t cap);

/* PREFIX/lib/bones/plugins (the installed or built plugins), as bones_paths_data. */
bool bones_paths_plugins(char *buf, size_t cap);

/* Calls fn for each folder that holds presets and game data, in search order: every
 * folder of BONES_DATA_PATH (colon-separated), then PREFIX/share/bones/configs. The
 * folder is not NUL-terminated: its length is len. Stops when fn returns true, and
 * returns whether one did. */
bool bones_paths_each_config_dir(bool (*fn)(void *user, const char *dir, size_t len),
				 void *user);

/* Create the folder path and any missing parents (mkdir -p). True when it exists
 * afterwards; else errno tells why. */
bool bones_make_dirs(const char *path);

#endif /* BONES_PATHS_H */
