/* The tournaments of `bones serve` (web_tourney.h) as one module of the site: made and
 * ended, the operator's engines read (`bones serve --engines FILE`, [engine.NAME]
 * sections with `command = ...`) and the driver's thread started. The top of the
 * tournament files: the routes are web_tourney_api.c's, the driver web_tourney_run.c's. */
#include "web_tourney_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"
#include "bones/ini.h"
#include "web_table.h"

web_tourneys *web_tourneys_create(web_tables *ts, struct web_accounts *accounts)
{
	web_tourneys *w = calloc(1, sizeof *w);
	if (!w)
		return NULL;
	w->ts = ts, w->accounts = accounts;
	pthread_mutex_init(&w->lock, NULL);
	snprintf(w->dir, sizeof w->dir, "%s/tourneys", web_store_dir(web_tables_store(ts)));
	return w;
}

void web_tourneys_destroy(web_tourneys *w)
{
	if (!w)
		return;
	pthread_mutex_lock(&w->lock);
	w->stop = true;
	pthread_mutex_unlock(&w->lock);
	if (w->driving)
		pthread_join(w->driver, NULL);
	web_tourney_engines_stop(w);
	web_tourney_run_free(w->live);
	for (int i = 0; i < w->run_count; i++)
		web_tourney_run_free(w->runs[i]);
	pthread_mutex_destroy(&w->lock);
	free(w);
}

struct engines_file {
	web_tourneys *w;
	const char *path;
	char *err;
	size_t errcap;
};

static int engine_key(void *user, const char *section, const char *key, const char *value,
		      int line)
{
	struct engines_file *f = user;
	web_tourneys *w = f->w;
	const char *name = !strncmp(section, "engine.", 7) ? section + 7 : NULL;
	if (!name || !name[0] || strlen(name) >= sizeof w->engines[0].name) {
		snprintf(f->err, f->errcap, _("%s:%d: [%s]: expected [engine.NAME]"), f->path, line,
			 section);
		return 0;
	}
	if (strcmp(key, "command")) {
		snprintf(f->err, f->errcap, _("%s:%d: %s: unknown key (known: command)"), f->path,
			 line, key);
		return 0;
	}
	int i = 0;
	while (i < w->engine_count && strcmp(w->engines[i].name, name))
		i++;
	if (i == WEB_ENGINES_MAX || strlen(value) >= sizeof w->engines[0].command || !value[0]) {
		snprintf(f->err, f->errcap, i == WEB_ENGINES_MAX
				 ? _("%s:%d: more than %d engines")
				 : _("%s:%d: command: expected a command of at most %d bytes"),
			 f->path, line, i == WEB_ENGINES_MAX ? WEB_ENGINES_MAX : 1023);
		return 0;
	}
	if (i == w->engine_count)
		w->engine_count++;
	snprintf(w->engines[i].name, sizeof w->engines[i].name, "%s", name);
	snprintf(w->engines[i].command, sizeof w->engines[i].command, "%s", value);
	return 1;
}

bool web_tourneys_start(web_tourneys *w, const char *engines, const char *watch, char *err,
			size_t errcap)
{
	snprintf(w->watch, sizeof w->watch, "%s", watch ? watch : "");
	struct engines_file f = {w, engines, err, errcap};
	int line = 0;
	err[0] = '\0';
	bones_status st = engines ? bones_ini_parse(engines, engine_key, &f, &line) : BONES_OK;
	if (st && !err[0])
		snprintf(err, errcap, st == BONES_EPARSE ? _("%s:%d: not an INI line")
							 : _("%s: cannot read it"), engines, line);
	if (st)
		return false;
	for (int i = 0; i < w->engine_count; i++)
		web_log("engine %s: %s", w->engines[i].name, w->engines[i].command);
	web_tables_engines_ready(w->ts);
	w->driving = !pthread_create(&w->driver, NULL, web_tourney_driver, w);
	return true;
}
