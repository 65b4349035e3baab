/* An operator's engine at a person's table (docs/web.md, "Engines"): a seat whose kind
 * is "engine" and whose spec ("NAME MS": the operator's engine and the time per move)
 * was set by the tournament driver or named by the request that created the table (an
 * engine the operator lists; a browser never gives a command). The table sees a human
 * seat (its clock applies); the agent workers move for it (web_engine_move.c). The
 * process belongs to the table: started at the seat's first move (after a restart it
 * is told the game so far), stopped when the game ends or the table is freed. A table
 * idle for WEB_IDLE_MS (no move) stops its engines' processes; the next move of the
 * seat starts and tells it anew. This file keeps the seats: their specs, processes and
 * the operator's list; the moves are web_engine_move.c's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"
#include "bones/tourney_engine.h"
#include "web_table_internal.h"

int64_t web_engine_seat_ms(const char *spec, char *name, size_t cap)
{
	const char *sp = strrchr(spec, ' ');
	size_t n = sp ? (size_t)(sp - spec) : strlen(spec);
	snprintf(name, cap, "%.*s", (int)n, spec);
	long long ms = sp ? atoll(sp + 1) : 0;
	return ms > 0 ? ms : 10000;
}

void web_engine_seat_name(const web_seat_row *s, char *name, size_t cap)
{
	web_engine_seat_ms(s->agent, name, cap);
}

bool web_engine_seat_is(const web_table *t, int seat)
{
	return seat >= 0 && seat < t->row.seat_count &&
	       !strcmp(web_table_seat_row(t, seat)->kind, "engine");
}

struct web_engine_seat *web_engine_seat_of(web_table *t, int seat)
{
	int p = bones_table_participant(t->table, seat);
	if (!t->engines[p])
		t->engines[p] = calloc(1, sizeof *t->engines[p]);
	return t->engines[p];
}

void web_engine_seat_stop_all(web_table *t, bool free_them)
{
	for (int p = 0; p < WEB_MAX_SEATS; p++) {
		struct web_engine_seat *e = t->engines[p];
		if (!e || (e->busy && !free_them))
			continue;
		bones_tourney_engine_stop(e->proc);
		e->proc = NULL, e->told = false, e->sent = 0;
		if (free_them)
			free(e), t->engines[p] = NULL;
	}
}

void web_engine_seat_spec(const char *name, int64_t ms, char *spec, size_t cap)
{
	snprintf(spec, cap, "%.180s %lld", name, (long long)ms);
}

const char *web_engine_seat_command(web_tables *ts, const char *name, char *why, size_t cap)
{
	const char *command = ts->hooks.engine_command
				      ? ts->hooks.engine_command(ts->hooks.site, name)
				      : NULL;
	if (!command)
		snprintf(why, cap, _("'%s' is not one of the server's engines"), name);
	return command;
}

bool web_engine_seat_listed(web_tables *ts, const char *name, char *why, size_t cap)
{
	return web_engine_seat_command(ts, name, why, cap) != NULL;
}

void web_engine_seat_stop_idle(web_tables *ts, int64_t now)
{
	pthread_mutex_lock(&ts->lock);
	for (size_t i = 0; i < ts->count; i++) {
		web_table *t = ts->tables[i];
		pthread_mutex_lock(&t->lock);
		bool running = false;
		for (int p = 0; p < WEB_MAX_SEATS; p++)
			running |= t->engines[p] && t->engines[p]->proc && !t->engines[p]->busy;
		if (running && web_clock_idle(t, now)) {
			web_engine_seat_stop_all(t, false);
			web_log("table %s: no move for %d minutes: its engines stop until their "
				"next move", t->row.id, WEB_IDLE_MS / 60000);
		}
		pthread_mutex_unlock(&t->lock);
	}
	pthread_mutex_unlock(&ts->lock);
}
