/* The runtime's bones_host table: memory, logging, data files, INI; see bones/host.h. */
#include "bones/host.h"

#include "bones/file.h"
#include "bones/i18n.h"
#include "bones/ini.h"
#include "bones/paths.h"
#include "bones/translate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void *host_alloc(const bones_host *host, size_t size)
{
	(void)host;
	return malloc(size ? size : 1);
}

static void *host_realloc(const bones_host *host, void *ptr, size_t size)
{
	(void)host;
	return realloc(ptr, size ? size : 1);
}

static void host_free(const bones_host *host, void *ptr)
{
	(void)host;
	free(ptr);
}

static void host_log(const bones_host *host, int level, const char *message)
{
	/* TRANSLATORS: the level of a message a game plugin logs, as in "warning: ..." */
	static const char *const names[] = {N_("error"), N_("warning"), N_("info"), N_("debug")};
	(void)host;
	if (level < BONES_LOG_ERROR || level > BONES_LOG_DEBUG)
		level = BONES_LOG_INFO;
	fprintf(stderr, "%s: %s\n", _(names[level]), message);
}

/* DIR/NAME into buf when it exists; *irregular notes one that is no regular file. */
static bool try_path(const char *dir, size_t dirlen, const char *name, char *buf,
		     size_t cap, bool *irregular)
{
	int n = snprintf(buf, cap, "%.*s%s%s", (int)dirlen, dir, dirlen ? "/" : "", name);
	if (n <= 0 || (size_t)n >= cap || access(buf, F_OK) != 0)
		return false;
	if (bones_file_is_regular(buf))
		return true;
	*irregular = true;
	return false;
}

struct find_file {
	const char *name;
	char *buf;
	size_t cap;
	bool irregular;
};

static bool find_in_dir(void *user, const char *dir, size_t len)
{
	struct find_file *f = user;
	return try_path(dir, len, f->name, f->buf, f->cap, &f->irregular);
}

bones_status bones_host_find_file(const char *name, char *buf, size_t cap)
{
	if (!name || !*name)
		return BONES_EINVAL;
	struct find_file f = {name, buf, cap, false};
	bool explicit = name[0] == '/' || !strncmp(name, "./", 2) || !strncmp(name, "../", 3);
	if (find_in_dir(&f, "", 0) || (!explicit && bones_paths_each_config_dir(find_in_dir, &f)))
		return BONES_OK;
	return f.irregular ? BONES_EIO : BONES_ENOTFOUND;
}

bones_status bones_host_find_config_file(const char *name, char *buf, size_t cap)
{
	if (!name || !*name)
		return BONES_EINVAL;
	struct find_file f = {name, buf, cap, false};
	if (bones_paths_each_config_dir(find_in_dir, &f))
		return BONES_OK;
	return f.irregular ? BONES_EIO : BONES_ENOTFOUND;
}

static bones_status host_find_file(const bones_host *host, const char *name, char *buf,
				   size_t cap)
{
	(void)host;
	return bones_host_find_file(name, buf, cap);
}

static bones_status host_ini_parse(const bones_host *host, const char *path,
				   bones_ini_handler handler, void *user, int *error_line)
{
	(void)host;
	return bones_ini_parse(path, handler, user, error_line);
}

static const void *host_get_service(const bones_host *host, const char *id)
{
	(void)host;
	if (id && !strcmp(id, BONES_TRANSLATE_SERVICE))
		return bones_i18n_service();
	return NULL;
}

void bones_host_init(bones_host *host)
{
	memset(host, 0, sizeof *host);
	host->abi_major = BONES_ABI_MAJOR;
	host->abi_minor = BONES_ABI_MINOR;
	host->size = sizeof *host;
	host->alloc = host_alloc;
	host->realloc = host_realloc;
	host->free = host_free;
	host->log = host_log;
	host->find_file = host_find_file;
	host->ini_parse = host_ini_parse;
	host->get_service = host_get_service;
}
