/* Names of the server's files and agents within its caps, as a client may ask for them
 * (web_limits.h). A name is judged by where the core would find it, so that nothing
 * outside the configs folders is opened for a client, nor told to exist. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "web_limits.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/agent.h"
#include "bones/host.h"
#include "bones/i18n.h"
#include "bones/paths.h"
#include "bones/preset.h"

bool web_plain_name(const char *name)
{
	if (!name[0] || strlen(name) > 60)
		return false;
	for (const char *p = name; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || *p == '-' || *p == '_'))
			return false;
	return true;
}

/* Relative and without a ".." part: no path out of the folder it is read in. */
static bool relative_inside(const char *value)
{
	if (!value[0] || value[0] == '/' || value[0] == '~')
		return false;
	for (const char *p = value; (p = strstr(p, "..")); p += 2)
		if ((p == value || p[-1] == '/') && (p[2] == '\0' || p[2] == '/'))
			return false;
	return true;
}

struct under_dir {
	const char *real; /* the file, resolved */
};

static bool holds(void *user, const char *dir, size_t len)
{
	const struct under_dir *u = user;
	char name[PATH_MAX], real[PATH_MAX];
	if (len >= sizeof name)
		return false;
	memcpy(name, dir, len);
	name[len] = '\0';
	if (!realpath(name, real))
		return false;
	size_t n = strlen(real);
	return !strncmp(u->real, real, n) && u->real[n] == '/';
}

/* Whether path (as found) lies inside a configs folder, links resolved. */
static bool in_configs(const char *path)
{
	char real[PATH_MAX];
	struct under_dir u = {real};
	return realpath(path, real) && bones_paths_each_config_dir(holds, &u);
}

bool web_game_name(const char *name, bones_registry *reg)
{
	char path[PATH_MAX];
	if (!web_plain_name(name))
		return false;
	if (bones_preset_find(name, path, sizeof path) == BONES_OK)
		return in_configs(path);
	return bones_registry_find(reg, name) != NULL;
}

bool web_data_name(const char *value)
{
	char path[PATH_MAX];
	return relative_inside(value) && strncmp(value, "./", 2) &&
	       bones_host_find_file(value, path, sizeof path) == BONES_OK && in_configs(path);
}

bool web_agent_within_caps(const char *spec, const bones_plugin *plugin, const void *game,
			   char *err, size_t errcap)
{
	bones_agent_needs n;
	bones_status st = bones_agent_measure(spec, plugin, game, &n, err, errcap);
	if (st == BONES_ENOTFOUND && !plugin)
		return true; /* not a built-in kind: a plugin's agent (one thread) or refused
			      * by the loader that knows the game */
	if (st)
		return false;
	if (n.threads > WEB_AGENT_THREADS) {
		snprintf(err, errcap, _("agent '%s': threads: %d, at most %d on this server"), spec,
			 n.threads, WEB_AGENT_THREADS);
		return false;
	}
	if (n.pool_bytes > (uint64_t)WEB_AGENT_POOL_MB << 20) {
		snprintf(err, errcap, _("agent '%s': nodes, memory_mb: a node pool of %llu MiB, at "
					"most %d MiB on this server"), spec,
			 (unsigned long long)((n.pool_bytes + (1u << 20) - 1) >> 20), WEB_AGENT_POOL_MB);
		return false;
	}
	return true;
}
