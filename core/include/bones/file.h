/* Opening a file to read, the one gate every file Bones reads goes through: presets,
 * tournament files, records, plugin data files. Only a regular file of bounded size
 * passes, so a name such as /dev/zero or a FIFO (from a record or a protocol client)
 * can neither hang a reader nor make it read for ever. */
#ifndef BONES_FILE_H
#define BONES_FILE_H

#include <stdio.h>

#include "bones/plugin.h"

/* The largest text file Bones reads: presets, records, tile sets are far smaller. */
#define BONES_FILE_MAX_BYTES (64L * 1024 * 1024)

/* Open path for reading when it is a regular file of at most max_bytes. On failure
 * returns NULL with *status set (BONES_ENOTFOUND: no such file; BONES_EIO: unreadable,
 * not a regular file, or too large) and a one-line reason naming the file in err, e.g.
 * "'/dev/zero': not a regular file". The caller fcloses the result. */
FILE *bones_file_open(const char *path, long max_bytes, bones_status *status, char *err,
		      size_t errcap);

/* Whether path names a readable regular file (no message). */
bool bones_file_is_regular(const char *path);

#endif /* BONES_FILE_H */
