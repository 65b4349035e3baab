/* The tournament API of `bones serve` (web_tourney.h): create, list, show, join,
 * start, and the finished tournament's report and records. The store keeps each
 * tournament's file, state and people; the results file DIR/tourneys/ID.sqlite keeps
 * its games, as `bones tourney` keeps them. */
#include "web_tourney_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bones/i18n.h"
#include "web_session.h"
#include "web_table.h"

void web_tourney_run_free(web_tourney_run *r)
{
	if (!r)
		return;
	bones_tourney_db_close(r->db);
	bones_tourney_destroy(r->t);
	free(r);
}

bool web_tourney_state(web_tourneys *w, const char *id, char *state, size_t cap)
{
	web_tourney_row row;
	if (web_store_tourney(web_tables_store(w->ts), id, &row))
		return false;
	snprintf(state, cap, "%s", row.state);
	return true;
}

bool web_tourney_set_state(web_tourneys *w, const char *id, const char *state)
{
	return !web_store_set_tourney(web_tables_store(w->ts), id, state, 0);
}

char *web_tourney_text(web_tourneys *w, const char *id)
{
	char (*people)[64];
	size_t count;
	char *ini = web_store_tourney_file(web_tables_store(w->ts), id, &people, &count);
	web_buf b;
	web_buf_init(&b);
	if (ini)
		web_buf_puts(&b, ini);
	for (size_t i = 0; i < count; i++) /* the people's sections, appended */
		web_buf_printf(&b, "\n[player.%s]\nperson = true\n", people[i]);
	free(ini);
	free(people);
	if (!ini || b.failed) {
		web_buf_release(&b);
		return NULL;
	}
	return b.data;
}

web_tourney_run *web_tourney_open(web_tourneys *w, const char *id, char *err, size_t errcap)
{
	for (int i = 0; i < w->run_count; i++)
		if (!strcmp(w->runs[i]->id, id))
			return w->runs[i];
	if (w->run_count == WEB_TOURNEY_MAX) {
		snprintf(err, errcap, "%s", _("too many tournaments running"));
		return NULL;
	}
	char *text = web_tourney_text(w, id), name[64], path[1200], state[16] = "";
	web_tourney_run *r = calloc(1, sizeof *r);
	snprintf(name, sizeof name, "tournament-%s", id);
	snprintf(path, sizeof path, "%s/%s.sqlite", w->dir, id);
	web_tourney_state(w, id, state, sizeof state);
	if (!text || !r) {
		snprintf(err, errcap, "%s", _("out of memory"));
	} else if (mkdir(w->dir, 0700) && errno != EEXIST) { /* made by the first one */
		snprintf(err, errcap, _("cannot create '%s': %s"), w->dir, strerror(errno));
	} else if (strcmp(state, "finished") && !web_tourney_check(w, name, text, err, errcap)) {
		/* stored by an older server that let it in: it would never make a table */
		if (!strcmp(state, "running") && web_tourney_set_state(w, id, "refused"))
			web_log("tourney %s: refused: %s", id, err);
	} else if (!bones_tourney_load_text(name, text, &r->t, err, errcap) &&
		   web_tourney_resolve(w, r->t, r->engine, err, errcap) &&
		   !bones_tourney_db_open(path, r->t, true, &r->db, err, errcap)) {
		snprintf(r->id, sizeof r->id, "%s", id);
		w->runs[w->run_count++] = r;
		free(text);
		return r;
	}
	web_tourney_run_free(r);
	free(text);
	return NULL;
}

const char *web_tourneys_engine_command(const web_tourneys *w, const char *name)
{
	for (int i = 0; w && i < w->engine_count; i++) /* read-only once the server runs */
		if (!strcmp(w->engines[i].name, name))
			return w->engines[i].command;
	return NULL;
}

web_result web_tourney_start_now(web_tourneys *w, const char *id)
{
	char state[16] = "", err[1024];
	snprintf(err, sizeof err, "%s", _("out of memory"));
	if (!web_tourney_state(w, id, state, sizeof state))
		return web_result_of(404, NULL, "%s", _("no such tournament"));
	if (strcmp(state, "open"))
		return web_result_of(409, NULL, "%s", _("the tournament has started"));
	char *text = web_tourney_text(w, id), name[64];
	bones_tourney *t = NULL;
	snprintf(name, sizeof name, "tournament-%s", id);
	bool ok = text && web_tourney_load(w, name, text, &t, err, sizeof err);
	free(text);
	bones_tourney_destroy(t);
	if (!ok)
		return web_result_of(409, NULL, _("the tournament cannot start: %s"), err);
	web_tourney_set_state(w, id, "running");
	if (!web_tourney_open(w, id, err, sizeof err)) {
		web_tourney_set_state(w, id, "open");
		return web_result_of(500, NULL, "%s", err);
	}
	web_log("tourney %s: started", id);
	return web_result_of(200, NULL, "started");
}

void web_tourney_due(web_tourneys *w)
{
	char ids[16][24];
	size_t n = web_store_tourney_ids(web_tables_store(w->ts), WEB_TOURNEYS_DUE, web_session_now(w->ts),
					 ids, 16);
	for (size_t i = 0; i < n; i++) {
		pthread_mutex_lock(&w->lock);
		web_result r = web_tourney_start_now(w, ids[i]);
		pthread_mutex_unlock(&w->lock);
		if (r.code != 200) { /* too few people: it waits for its creator */
			web_log("tourney %s: %s", ids[i], r.error);
			web_store_set_tourney(web_tables_store(w->ts), ids[i], NULL, 0);
		}
	}
}

bool web_tourneys_view_json(web_tables *ts, const web_table *t, web_buf *out, bool *first)
{
	char id[24];
	int round;
	if (web_store_table_tourney(web_tables_store(ts), t->row.id, id, sizeof id, &round))
		return false;
	web_buf_json_key(out, first, "tournament");
	web_buf_puts(out, "{\"id\":");
	web_buf_json_string(out, id);
	web_buf_printf(out, ",\"round\":%d,\"link\":\"/tournaments/%s\"}", round + 1, id);
	return true;
}
