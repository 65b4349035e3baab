/* File-system paths the host writes to. */
#ifndef BONES_PATHS_H
#define BONES_PATHS_H

#include <stdbool.h>

/* Create the folder path and any missing parents (mkdir -p). True when it exists
 * afterwards; else errno tells why. */
bool bones_make_dirs(const char *path);

#endif /* BONES_PATHS_H */
