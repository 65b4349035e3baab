/* The INI reader: the only way into inih (CONTRIBUTING.md: one module per library). Higher layers (presets,
 * tournament files, plugin data files through bones_host.ini_parse) all read INI here. */
#ifndef BONES_INI_H
#define BONES_INI_H

#include <stdio.h>

#include "bones/plugin.h"

/* Parse the INI file at path, calling handler(user, section, key, value, line) for each
 * key in order. Returns BONES_OK; BONES_EIO when the file cannot be opened or is no
 * regular file of bounded size (bones/file.h: bones_file_open says why); BONES_EPARSE
 * with *error_line (if not NULL) set to the first bad line or the line where handler
 * returned 0; BONES_ENOMEM when memory for a long line ran out. Keys outside any section
 * come with section "". Comments start with ';' or '#' (inline: after whitespace, ';'
 * only); a key's line may be of any length (only a section header or a key name longer
 * than 195 characters is a syntax error); an indented line continues the previous key's
 * value (handler called again). */
bones_status bones_ini_parse(const char *path, bones_ini_handler handler, void *user,
			     int *error_line);

/* The same over a file already opened (with bones_file_open), read to its end. */
bones_status bones_ini_parse_file(FILE *file, bones_ini_handler handler, void *user,
				  int *error_line);

/* The same over a string in memory (for tests and for INI text inside records). */
bones_status bones_ini_parse_string(const char *text, bones_ini_handler handler,
				    void *user, int *error_line);

#endif /* BONES_INI_H */
