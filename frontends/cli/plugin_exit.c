/* The exit watch of plugin_exit.h: an on_exit handler, registered once, that speaks only
 * while a command is running plugin code. The one piece of process state it needs lives
 * here, in the program, not in core. */
#define _GNU_SOURCE /* on_exit */
#include "plugin_exit.h"

#include "bones/i18n.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

static struct {
	bool registered; /* on_exit done */
	volatile bool armed;
	char command[32], who[512], when[64];
} watch;

static void on_plugin_exit(int status, void *arg)
{
	(void)arg;
	if (!watch.armed)
		return;
	watch.armed = false;
	/* TRANSLATORS: "bones match: the game plugin 'x' exited with status 3 during the
	 * match: ..."; the second %s is a phrase like "the game plugin 'x'", the last
	 * one "the match" */
	fprintf(stderr, _("%s: %s exited with status %d during %s: a plugin must not call "
			  "exit\n"), watch.command, watch.who, status, watch.when);
}

void cli_plugin_exit_watch(const char *command, const char *who, const char *when)
{
	watch.armed = false;
	snprintf(watch.command, sizeof watch.command, "%s", command);
	snprintf(watch.who, sizeof watch.who, "%s", who);
	snprintf(watch.when, sizeof watch.when, "%s", when);
	if (!watch.registered)
		watch.registered = on_exit(on_plugin_exit, NULL) == 0;
	watch.armed = true;
}

void cli_plugin_exit_unwatch(void)
{
	watch.armed = false;
}
