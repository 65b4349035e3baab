/* Where Bones finds its files and writes its output; see bones/paths.h. */
#include "bones/paths.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef BONES_DATA_RELDIR
#define BONES_DATA_RELDIR "share/bones"
#endif
#ifndef BONES_PLUGIN_RELDIR
#define BONES_PLUGIN_RELDIR "lib/bones/plugins"
#endif

bool bones_paths_prefix(char *buf, size_t cap)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return false;
	exe[n] = '\0';
	for (int up = 0; up < 2; up++) {
		char *slash = strrchr(exe, '/');
		if (!slash)
			return false;
		*slash = '\0';
	}
	size_t len = strlen(exe);
	if (len + 1 > cap)
		return false;
	memcpy(buf, exe, len + 1);
	return true;
}

/* PREFIX/REL/SUB into buf. */
static bool under_prefix(const char *rel, const char *sub, char *buf, size_t cap)
{
	char prefix[PATH_MAX];
	if (!bones_paths_prefix(prefix, sizeof prefix))
		return false;
	int n = snprintf(buf, cap, "%s/%s%s%s", prefix, rel, *sub ? "/" : "", sub);
	return n > 0 && (size_t)n < cap;
}

bool bones_paths_data(const char *sub, char *buf, size_t cap)
{
	return under_prefix(BONES_DATA_RELDIR, sub ? sub : "", buf, cap);
}

bool bones_paths_plugins(char *buf, size_t cap)
{
	return under_prefix(BONES_PLUGIN_RELDIR, "", buf, cap);
}

bool bones_paths_each_config_dir(bool (*fn)(void *user, const char *dir, size_t len),
				 void *user)
{
	const char *env = getenv("BONES_DATA_PATH");
	while (env && *env) {
		size_t len = strcspn(env, ":");
		if (len && fn(user, env, len))
			return true;
		env += len + (env[len] == ':');
	}
	char dir[PATH_MAX];
	return bones_paths_data("configs", dir, sizeof dir) && fn(user, dir, strlen(dir));
}

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
