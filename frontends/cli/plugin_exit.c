/* The exit watch of plugin_exit.h: an on_exit handler, registered once, that speaks only
 * while a command is running plugin code. The call is found by unwinding the exiting
 * thread: the outermost frame whose function is one of the plugins' entry functions is
 * the call the host made. The one piece of process state it needs lives here, in the
 * program, not in core. */
#define _GNU_SOURCE /* on_exit */
#include "plugin_exit.h"

#include "bones/i18n.h"

#include <dlfcn.h>
#include <execinfo.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <unwind.h>

static struct {
	bool registered; /* on_exit done */
	volatile bool armed;
	volatile bool loading; /* armed by main for the whole command: speaks only when a
				  plugin file's code is on the exiting stack */
	char command[32], who[512], when[64];
	const bones_plugin **plugins; /* every plugin a command may call (engine: all) */
	size_t count;
} watch;

/* The entry's functions a host calls, by name. */
static const struct {
	const char *name;
	size_t offset;
} calls[] = {
#define CALL(f) {#f, offsetof(bones_plugin, f)}
	CALL(configure),   CALL(destroy_game), CALL(init_state),  CALL(to_move),
	CALL(legal_moves), CALL(apply),        CALL(format_move), CALL(parse_move),
	CALL(scores),      CALL(ranks),        CALL(breakdown),   CALL(observation),
	CALL(resample),    CALL(move_visible), CALL(render_text), CALL(get_extension),
	CALL(sample_move),
#undef CALL
};

/* The call of one of the watched plugins whose code starts at fn, or NULL. */
static const char *call_at(const void *fn, const bones_plugin **plugin)
{
	for (size_t i = 0; fn && i < watch.count; i++)
		for (size_t k = 0; k < sizeof calls / sizeof *calls; k++) {
			const void *f;
			if (calls[k].offset + sizeof f > watch.plugins[i]->size)
				continue; /* past an older entry's end */
			memcpy(&f, (const char *)watch.plugins[i] + calls[k].offset, sizeof f);
			if (f == fn) {
				*plugin = watch.plugins[i];
				return calls[k].name;
			}
		}
	return NULL;
}

/* The file of a plugin whose code is on the stack (a constructor, or a call the entries
 * do not name): the innermost frame in a NAME.so that is no system library (libc.so.6,
 * libX.so), or NULL. */
static const char *plugin_file(void *const *frames, int n)
{
	for (int i = 0; i < n; i++) {
		Dl_info info;
		if (!dladdr(frames[i], &info) || !info.dli_fname)
			continue;
		const char *base = strrchr(info.dli_fname, '/');
		base = base ? base + 1 : info.dli_fname;
		size_t len = strlen(base);
		if (len > 3 && !strcmp(base + len - 3, ".so") && strncmp(base, "lib", 3))
			return info.dli_fname;
	}
	return NULL;
}

/* A plugin that exits with status 0 must not make the command read as a success. */
static void exit_status(int status)
{
	if (status == 0) {
		fflush(NULL);
		_exit(1);
	}
}

static void on_plugin_exit(int status, void *arg)
{
	(void)arg;
	if (!watch.armed && !watch.loading)
		return;
	void *frames[128];
	int n = backtrace(frames, 128);
	if (!watch.armed) { /* only the loading watch: a plugin's code, or the command's */
		const char *file = plugin_file(frames, n);
		if (!file)
			return;
		watch.loading = false;
		fprintf(stderr, _("%s: the game plugin '%s' exited with status %d while it was "
				  "loaded: a plugin must not call exit (move it off the plugin "
				  "path)\n"), watch.command, file, status);
		exit_status(status);
		return;
	}
	watch.armed = watch.loading = false;
	const char *call = NULL;
	const bones_plugin *plugin = NULL;
	for (int i = 0; i < n; i++) { /* innermost first: the last found is the outermost */
		const bones_plugin *p = NULL;
		const char *c = call_at(_Unwind_FindEnclosingFunction(frames[i]), &p);
		if (c)
			call = c, plugin = p;
	}
	char who[600];
	if (plugin)
		snprintf(who, sizeof who, _("the game plugin '%s'"), plugin->id);
	if (call)
		/* TRANSLATORS: "bones match: the game plugin 'x' exited with status 3 in apply
		 * during the match: ..."; the second %s is "the game plugin 'x'", the last
		 * one "the match" */
		fprintf(stderr, _("%s: %s exited with status %d in %s during %s: a plugin must "
				  "not call exit\n"), watch.command, who, status, call, watch.when);
	else
		/* TRANSLATORS: as above, where the plugin's call is not known */
		fprintf(stderr, _("%s: %s exited with status %d during %s: a plugin must not "
				  "call exit\n"), watch.command, watch.who, status, watch.when);
	exit_status(status);
}

void cli_plugin_exit_watch_loading(const char *command)
{
	snprintf(watch.command, sizeof watch.command, "%s", command);
	if (!watch.registered)
		watch.registered = on_exit(on_plugin_exit, NULL) == 0;
	watch.loading = true;
}

void cli_plugin_exit_watch(const char *command, const char *who, const char *when,
			   const bones_plugin *const *plugins, size_t n)
{
	watch.armed = false;
	snprintf(watch.command, sizeof watch.command, "%s", command);
	snprintf(watch.who, sizeof watch.who, "%s", who);
	snprintf(watch.when, sizeof watch.when, "%s", when);
	free(watch.plugins); /* out of memory: the message names no call, as for none */
	watch.count = 0;
	watch.plugins = n ? malloc(n * sizeof *watch.plugins) : NULL;
	for (size_t i = 0; watch.plugins && i < n; i++)
		if (plugins[i])
			watch.plugins[watch.count++] = plugins[i];
	if (!watch.registered)
		watch.registered = on_exit(on_plugin_exit, NULL) == 0;
	watch.armed = true;
}

void cli_plugin_exit_unwatch(void)
{
	watch.armed = false;
}
