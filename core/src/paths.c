/* File-system paths the host writes to; see bones/paths.h. */
#include "bones/paths.h"

#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>

static bool make_dir(const char *path)
{
	struct stat st;
	if (mkdir(path, 0777) == 0)
		return true;
	if (errno != EEXIST)
		return false;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return true;
	errno = ENOTDIR;
	return false;
}

bool bones_make_dirs(const char *path)
{
	char buf[PATH_MAX];
	size_t len = strlen(path);
	if (len == 0 || len >= sizeof buf) {
		errno = len ? ENAMETOOLONG : ENOENT;
		return false;
	}
	memcpy(buf, path, len + 1);
	for (char *p = buf + 1; *p; p++) {
		if (*p != '/' || p[-1] == '/')
			continue;
		*p = '\0';
		bool ok = make_dir(buf);
		*p = '/';
		if (!ok)
			return false;
	}
	return make_dir(buf);
}
