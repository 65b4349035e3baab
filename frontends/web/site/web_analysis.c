/* Analysis of finished tables (web_analysis.h): bones_analysis_run on the table's
 * record in a thread of its own per analysis, at most WEB_ANALYSES_RUNNING at once;
 * the result as JSON in the store's table analyses, read back by every GET. */
#include "web_analysis.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/analysis.h"
#include "bones/i18n.h"
#include "bones/record.h"
#include "web_limits.h"
#include "web_table.h"

/* One running analysis (or finished, its thread not yet joined). */
typedef struct slot {
	bool used, finished;
	char id[56];          /* the analysis' key (key_of) */
	web_table *t;
	size_t done, total;   /* moves analysed, player moves in the game */
	pthread_t thread;
	web_analyses *owner;
} slot;

struct web_analyses {
	web_tables *ts;
	char agent[256];
	pthread_mutex_t lock; /* guards slots */
	slot slots[WEB_ANALYSES_RUNNING];
};

web_analyses *web_analyses_create(web_tables *ts, char *err, size_t errcap)
{
	web_analyses *a = calloc(1, sizeof *a);
	if (!a) {
		snprintf(err, errcap, "%s", _("out of memory"));
		return NULL;
	}
	a->ts = ts;
	const char *agent = getenv("BONES_WEB_ANALYSIS_AGENT");
	snprintf(a->agent, sizeof a->agent, "%s", agent && agent[0] ? agent : WEB_ANALYSIS_AGENT);
	pthread_mutex_init(&a->lock, NULL);
	return a;
}

/* Join the finished slots' threads. a->lock held. */
static void reap(web_analyses *a)
{
	for (int i = 0; i < WEB_ANALYSES_RUNNING; i++)
		if (a->slots[i].used && a->slots[i].finished) {
			pthread_join(a->slots[i].thread, NULL);
			a->slots[i].used = false;
		}
}

void web_analyses_destroy(web_analyses *a)
{
	if (!a)
		return;
	for (int i = 0; i < WEB_ANALYSES_RUNNING; i++)
		if (a->slots[i].used) /* stops at its next move: web_tables_stopping */
			pthread_join(a->slots[i].thread, NULL);
	pthread_mutex_destroy(&a->lock);
	free(a);
}

/* The key of the analysis of the game now at t: its id, in a match's later games
 * "ID#K" (game K from 1), so that each game of a match has its own. */
static void key_of(web_table *t, char *key, size_t cap)
{
	pthread_mutex_lock(&t->lock);
	int game = bones_table_game_index(t->table);
	pthread_mutex_unlock(&t->lock);
	if (game > 0)
		snprintf(key, cap, "%s#%d", t->row.id, game + 1);
	else
		snprintf(key, cap, "%s", t->row.id);
}

/* The stored JSON of key id (malloc'ed), or NULL when none. */
static char *stored(web_analyses *a, const char *key)
{
	char *json;
	return web_store_analysis(web_tables_store(a->ts), key, &json) ? NULL : json;
}

static bool store(web_analyses *a, const char *key, const char *json)
{
	char err[300];
	if (!web_store_set_analysis(web_tables_store(a->ts), key, json, err, sizeof err))
		return true;
	web_log("%s", err);
	return false;
}

/* One move's members. */
static void move_json(const bones_session *s, const bones_analysis_move *m, web_buf *out)
{
	const bones_plugin *p = bones_session_plugin(s);
	const void *game = bones_session_game(s), *state = bones_session_state_at(s, m->index);
	char played[BONES_MOVE_TEXT_MAX] = "?", preferred[BONES_MOVE_TEXT_MAX] = "?";
	if (!p->format_move(game, state, m->played, played, sizeof played))
		snprintf(played, sizeof played, "?");
	if (!p->format_move(game, state, m->preferred, preferred, sizeof preferred))
		snprintf(preferred, sizeof preferred, "?");
	bool f = true;
	web_buf_puts(out, "{");
	web_buf_json_key(out, &f, "n");
	web_buf_printf(out, "%zu", m->index + 1);
	web_buf_json_key(out, &f, "seat");
	web_buf_printf(out, "%d", m->mover + 1);
	web_buf_json_key(out, &f, "played");
	web_buf_json_string(out, played);
	web_buf_json_key(out, &f, "preferred");
	web_buf_json_string(out, preferred);
	const char *keys[] = {"win_before", "win_after", "margin_before", "margin_after"};
	const double values[] = {m->win_before, m->win_after, m->margin_before, m->margin_after};
	for (int k = 0; k < 4; k++) {
		web_buf_json_key(out, &f, keys[k]);
		web_buf_json_number(out, values[k]);
	}
	web_buf_json_key(out, &f, "forced");
	web_buf_puts(out, m->forced ? "true" : "false");
	web_buf_json_key(out, &f, "verdict");
	web_buf_json_string(out, bones_analysis_verdict_name(m->verdict));
	web_buf_puts(out, "}");
}

/* The stored JSON of a done analysis, or of a failed one (error set). */
static void result_json(const web_analyses *a, const bones_session *s, const bones_analysis *an,
			const char *error, web_buf *out)
{
	bool f = true;
	web_buf_puts(out, "{");
	web_buf_json_key(out, &f, "state");
	web_buf_json_string(out, error ? "failed" : "done");
	web_buf_json_key(out, &f, "agent");
	web_buf_json_string(out, a->agent);
	if (error) {
		web_buf_json_key(out, &f, "error");
		web_buf_json_string(out, error);
	} else {
		web_buf_json_key(out, &f, "moves");
		web_buf_puts(out, "[");
		for (size_t i = 0; i < an->count; i++) {
			if (i)
				web_buf_puts(out, ",");
			move_json(s, &an->moves[i], out);
		}
		web_buf_puts(out, "]");
	}
	web_buf_puts(out, "}");
}

static void progress(void *ctx, const bones_analysis_move *m)
{
	(void)m;
	slot *sl = ctx;
	pthread_mutex_lock(&sl->owner->lock);
	sl->done++;
	pthread_mutex_unlock(&sl->owner->lock);
}

static bool cancelled(void *ctx)
{
	const slot *sl = ctx;
	return web_tables_stopping(sl->owner->ts);
}

/* The game at t replayed from its record into *s. */
static bool replay(web_analyses *a, web_table *t, bones_session **s, char *err, size_t errcap)
{
	pthread_mutex_lock(&t->lock);
	char *text = web_table_record_text(t);
	pthread_mutex_unlock(&t->lock);
	FILE *f = text ? fmemopen(text, strlen(text), "r") : NULL;
	if (!f) {
		free(text);
		snprintf(err, errcap, "%s", _("the record cannot be written"));
		return false;
	}
	bones_registry *reg = web_tables_lock_registry(a->ts); /* its lookups */
	bones_status st = bones_record_read(f, t->row.id, reg, s, err, errcap);
	web_tables_unlock_registry(a->ts);
	fclose(f);
	free(text);
	if (st && *s) {
		bones_session_destroy(*s);
		*s = NULL;
	}
	return !st;
}

static size_t player_moves(const bones_session *s)
{
	size_t n = 0;
	for (size_t i = 0; i < bones_session_length(s); i++)
		n += bones_session_mover_at(s, i) >= 0;
	return n;
}

static void *worker(void *arg)
{
	slot *sl = arg;
	web_analyses *a = sl->owner;
	bones_session *s = NULL;
	bones_analysis an = {0};
	char err[512] = "";
	bool ok = replay(a, sl->t, &s, err, sizeof err);
	if (ok) {
		pthread_mutex_lock(&a->lock);
		sl->total = player_moves(s);
		pthread_mutex_unlock(&a->lock);
		bones_analysis_options o = {.agent = a->agent, .seconds = WEB_AGENT_SECONDS,
					    .seed = 1, .progress = progress, .ctx = sl,
					    .cancelled = cancelled};
		bones_status st = bones_analysis_run(&an, s, &o, err, sizeof err);
		ok = !st;
		if (st == BONES_ERANGE) /* the server stops: nothing stored, asked again later */
			goto out;
	}
	web_buf json;
	web_buf_init(&json);
	result_json(a, s, &an, ok ? NULL : err, &json);
	if (json.failed || !store(a, sl->id, json.data))
		web_log("table %s: the analysis cannot be stored", sl->id);
	web_buf_release(&json);
out:
	bones_analysis_release(&an);
	if (s)
		bones_session_destroy(s);
	pthread_mutex_lock(&a->lock);
	sl->finished = true;
	pthread_mutex_unlock(&a->lock);
	pthread_mutex_lock(&sl->t->lock);
	web_table_bump(sl->t); /* the event streams tell the pages */
	pthread_mutex_unlock(&sl->t->lock);
	web_tables_put(a->ts, sl->t);
	return NULL;
}

/* The running slot of table id, or NULL. a->lock held. */
static slot *running(web_analyses *a, const char *id)
{
	for (int i = 0; i < WEB_ANALYSES_RUNNING; i++)
		if (a->slots[i].used && !a->slots[i].finished && !strcmp(a->slots[i].id, id))
			return &a->slots[i];
	return NULL;
}

static void running_json(const slot *sl, web_buf *out)
{
	web_buf_printf(out, "{\"state\":\"running\",\"done\":%zu,\"total\":%zu}", sl->done,
		       sl->total);
}

web_result web_analysis_json(web_analyses *a, web_table *t, web_buf *out)
{
	web_result r = {.code = 200};
	char key[56];
	key_of(t, key, sizeof key);
	pthread_mutex_lock(&a->lock);
	slot *sl = running(a, key);
	if (sl)
		running_json(sl, out);
	pthread_mutex_unlock(&a->lock);
	if (sl)
		return r;
	char *json = stored(a, key);
	web_buf_puts(out, json ? json : "{\"state\":\"none\"}");
	free(json);
	return r;
}

/* Start the thread of a free slot for t's game key; 429 when none is free. a->lock
 * held. */
static web_result start(web_analyses *a, web_table *t, const char *key, web_buf *out)
{
	web_result r = {.code = 202};
	reap(a);
	slot *sl = NULL;
	for (int i = 0; i < WEB_ANALYSES_RUNNING && !sl; i++)
		if (!a->slots[i].used)
			sl = &a->slots[i];
	if (!sl) {
		r.code = 429;
		snprintf(r.field, sizeof r.field, "busy");
		snprintf(r.error, sizeof r.error, "%s",
			 _("the server analyses other games now: try again in a minute"));
		return r;
	}
	*sl = (slot){.used = true, .t = t, .owner = a};
	snprintf(sl->id, sizeof sl->id, "%s", key);
	web_table_hold(a->ts, t); /* given back as the thread ends */
	if (pthread_create(&sl->thread, NULL, worker, sl)) {
		web_tables_put(a->ts, t);
		sl->used = false;
		r.code = 500;
		snprintf(r.error, sizeof r.error, "%s", _("cannot start the analysis' thread"));
		return r;
	}
	running_json(sl, out);
	return r;
}

web_result web_analysis_start(web_analyses *a, web_table *t, web_buf *out)
{
	web_result r = {.code = 200};
	pthread_mutex_lock(&t->lock);
	bool over = web_table_over(t);
	pthread_mutex_unlock(&t->lock);
	if (!over) {
		r.code = 409;
		snprintf(r.error, sizeof r.error, "%s",
			 _("a game is analysed when it is over"));
		return r;
	}
	char key[56];
	key_of(t, key, sizeof key);
	char *json = stored(a, key);
	bool done = json && strstr(json, "\"state\":\"done\"");
	free(json);
	if (done)
		return web_analysis_json(a, t, out);
	pthread_mutex_lock(&a->lock);
	slot *sl = running(a, key);
	if (sl)
		running_json(sl, out);
	else
		r = start(a, t, key, out);
	pthread_mutex_unlock(&a->lock);
	return r;
}

web_result web_analysis_ghost_svg(web_table *t, int seat, long at, const char *move,
				  int width, int height, web_buf *out)
{
	web_result r = {.code = 200};
	pthread_mutex_lock(&t->lock);
	seat = web_table_seat_now(t, seat);
	if (!web_table_over(t)) {
		r.code = 409;
		snprintf(r.error, sizeof r.error, "%s",
			 _("a game is analysed when it is over"));
	} else if (at < 0 || (size_t)at >= bones_session_length(t->s)) {
		r.code = 422;
		snprintf(r.error, sizeof r.error, _("at: the game has no move %ld"), at + 1);
	} else {
		web_view_ghost_encode(t, seat, (size_t)at, move, width, height,
				      _("ghost: '%.60s' is no legal move there"), out, &r);
	}
	pthread_mutex_unlock(&t->lock);
	return r;
}
