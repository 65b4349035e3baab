/* The tournament routes (web_tourney.h): GET and POST /api/tournaments, GET
 * /api/tournaments/ID, POST .../join and .../start, GET .../report.html and
 * .../games.bones. People act with their account's session. */
#include "web_tourney_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "bones/file.h"
#include "bones/i18n.h"
#include "bones/tourney_report.h"
#include "web_session.h"
#include "web_table.h"
#include "web_token.h"

#define PREFIX "/api/tournaments"

bool web_tourneys_route(const char *path)
{
	return !strncmp(path, PREFIX, strlen(PREFIX)) &&
	       (!path[strlen(PREFIX)] || path[strlen(PREFIX)] == '/');
}

/* The session's account into name; false without one. */
static bool who(web_tourneys *w, const char *session, char *name, size_t cap)
{
	return session && web_session_find(web_tables_store(w->ts), session, web_session_now(w->ts), name,
					   cap);
}

/* Load text with two people more (those who will join) to check it; err says why not.
 * A posted file has no person, and its engines are the operator's (by name). */
static bones_tourney *check_text(web_tourneys *w, const char *text, bool posted,
				 char *err, size_t errcap)
{
	size_t n = strlen(text);
	char *all = malloc(n + 100);
	bones_tourney *t = NULL;
	if (!all) {
		snprintf(err, errcap, "%s", _("out of memory"));
		return NULL;
	}
	snprintf(all, n + 100, "%s\n[player.person-1]\nperson = true\n[player.person-2]\n"
		 "person = true\n", text);
	web_tourney_load(w, "tournament", all, &t, err, errcap);
	free(all);
	for (int p = 0; posted && t && p < t->player_count - 2; p++) {
		const bones_tourney_player *pl = &t->players[p];
		if (pl->person) {
			snprintf(err, errcap, _("tournament:%d: %s: people join (no 'person' here)"),
				 pl->line, pl->name);
			bones_tourney_destroy(t);
			return NULL;
		}
	}
	if (t && !web_tourney_resolve(w, t, NULL, err, errcap)) {
		bones_tourney_destroy(t);
		return NULL;
	}
	return t;
}

/* The line of a plugin_path key in text (a posted file loads no plugins), else 0. */
static int plugin_path_line(const char *text)
{
	for (int line = 1; *text; line++) {
		text += strspn(text, " \t");
		if (!strncmp(text, "plugin_path", 11) && strchr(" \t=", text[11]))
			return line;
		text += strcspn(text, "\n");
		text += *text == '\n';
	}
	return 0;
}

/* Whether state is one of a tournament not finished (nor refused). */
static bool unfinished(web_tourneys *w, const char *id)
{
	char state[16] = "";
	return web_tourney_state(w, id, state, sizeof state) &&
	       (!strcmp(state, "open") || !strcmp(state, "running"));
}

/* Whether creator (from address, "" unknown) may post one more tournament:
 * WEB_TOURNEYS_PER_ACCOUNT and WEB_TOURNEYS_PER_ADDRESS. Lock held. */
static bool may_post(web_tourneys *w, const char *creator, const char *address)
{
	int mine = web_store_unfinished_tourneys(web_tables_store(w->ts), creator), here = 0;
	for (int i = 0; address[0] && i < WEB_TOURNEY_MAX; i++)
		here += !strcmp(w->posted[i].address, address) && unfinished(w, w->posted[i].id);
	return mine < WEB_TOURNEYS_PER_ACCOUNT && here < WEB_TOURNEYS_PER_ADDRESS;
}

/* POST /api/tournaments {"ini": TEXT, "start": unix seconds (0: when its creator says)}
 * from address. Lock held (the caps counted and the row stored as one). */
static web_result create(web_tourneys *w, const char *creator, const char *address,
			 const web_json *body, web_buf *out)
{
	const char *ini = web_json_string(body, "ini");
	const web_json *start = web_json_get(body, "start");
	char err[1024], id[16];
	if (!ini)
		return web_result_of(400, "ini", "%s", _("ini: expected the tournament file's text"));
	if (start && (start->type != WEB_JSON_NUMBER || start->num < 0))
		return web_result_of(400, "start", "%s", _("start: expected unix seconds"));
	int line = plugin_path_line(ini);
	if (line)
		return web_result_of(422, "ini", _("tournament:%d: plugin_path: the server plays its own "
					 "plugins only"), line);
	if (!may_post(w, creator, address))
		return web_result_of(429, NULL, _("at most %d tournaments not finished per account "
						  "and %d per address: wait for one to finish"),
				     WEB_TOURNEYS_PER_ACCOUNT, WEB_TOURNEYS_PER_ADDRESS);
	bones_tourney *t = check_text(w, ini, true, err, sizeof err);
	if (!t)
		return web_result_of(422, "ini", "%s", err);
	if (!web_token_random_hex(id, sizeof id, 5)) {
		bones_tourney_destroy(t);
		return web_result_of(500, NULL, "%s", _("cannot read /dev/urandom"));
	}
	bool named = strcmp(t->name, "tournament");
	web_tourney_row row = {.start_at = start ? (int64_t)start->num : 0,
			       .created = (int64_t)time(NULL)};
	snprintf(row.id, sizeof row.id, "%s", id);
	snprintf(row.name, sizeof row.name, named ? "%s" : "tournament-%s", named ? t->name : id);
	snprintf(row.format, sizeof row.format, "%s", bones_tourney_format_name(t->format));
	snprintf(row.creator, sizeof row.creator, "%s", creator);
	bool ok = !web_store_add_tourney(web_tables_store(w->ts), &row, ini);
	bones_tourney_destroy(t);
	if (!ok)
		return web_result_of(500, NULL, "%s", _("the tournament cannot be stored"));
	web_log("tourney %s: created by %s", id, creator);
	snprintf(w->posted[w->posted_next].id, sizeof w->posted[0].id, "%s", id);
	snprintf(w->posted[w->posted_next].address, sizeof w->posted[0].address, "%s", address);
	w->posted_next = (w->posted_next + 1) % WEB_TOURNEY_MAX;
	web_buf_printf(out, "{\"id\":\"%s\",\"page\":\"/tournaments/%s\"}", id, id);
	return web_result_of(201, NULL, "created");
}

/* GET /api/tournaments: every tournament, newest first. */
static web_result list(web_tourneys *w, web_buf *out)
{
	web_buf_puts(out, "{\"tournaments\":[");
	int live = web_tourney_live_entry(w, out); /* the watched `bones tourney` run first */
	web_tourney_row *rows = malloc(WEB_TOURNEY_LISTED * sizeof *rows);
	size_t n = rows ? web_store_tourneys(web_tables_store(w->ts), rows, WEB_TOURNEY_LISTED) : 0;
	for (size_t i = 0; i < n; i++) {
		const web_tourney_row *r = &rows[i];
		const char *values[] = {r->id, r->name, r->format, r->state, r->creator};
		static const char *const keys[] = {"id", "name", "format", "state", "creator"};
		bool first = true;
		web_buf_puts(out, live || i ? ",{" : "{");
		for (int k = 0; k < 5; k++) {
			web_buf_json_key(out, &first, keys[k]);
			web_buf_json_string(out, values[k]);
		}
		web_buf_printf(out, ",\"start\":%lld,\"people\":%d}", (long long)r->start_at,
			       r->people);
	}
	web_buf_puts(out, "]}");
	free(rows);
	return web_result_of(200, NULL, "ok");
}

/* POST .../join: the session's account joins before the start. */
static web_result join(web_tourneys *w, const char *id, const char *name)
{
	char state[16] = "", *text = web_tourney_text(w, id), err[512];
	if (!web_tourney_state(w, id, state, sizeof state) || !text) {
		free(text);
		return web_result_of(404, NULL, "%s", _("no such tournament"));
	}
	bones_tourney *t = check_text(w, text, false, err, sizeof err); /* its names so far */
	bool clash = false;
	for (int p = 0; t && p < t->player_count - 2; p++)
		clash |= !strcasecmp(t->players[p].name, name);
	bones_tourney_destroy(t);
	free(text);
	if (strcmp(state, "open"))
		return web_result_of(409, NULL, "%s", _("the tournament has started"));
	if (clash)
		return web_result_of(409, NULL, _("'%s' plays in this tournament already"), name);
	if (web_store_add_tourney_person(web_tables_store(w->ts), id, name))
		return web_result_of(500, NULL, "%s", _("the tournament cannot be stored"));
	web_log("tourney %s: %s joined", id, name);
	return web_result_of(200, NULL, "joined");
}

/* The creator of id into name; false: no such tournament. */
static bool creator_of(web_tourneys *w, const char *id, char *name, size_t cap)
{
	web_tourney_row row;
	if (web_store_tourney(web_tables_store(w->ts), id, &row))
		return false;
	snprintf(name, cap, "%s", row.creator);
	return true;
}

/* GET .../report.html or .../games.bones of a finished tournament. Lock held. */
static web_result download(web_tourneys *w, const char *id, bool html, web_tourney_call *call,
			   web_buf *out)
{
	char state[16] = "", err[512], path[1200];
	if (!web_tourney_state(w, id, state, sizeof state))
		return web_result_of(404, NULL, "%s", _("no such tournament"));
	if (strcmp(state, "finished"))
		return web_result_of(409, NULL, "%s", _("the report is written when the tournament is over"));
	web_tourney_run *r = web_tourney_open(w, id, err, sizeof err);
	if (!r)
		return web_result_of(500, NULL, "%s", err);
	char *buf = NULL;
	size_t len = 0;
	if (html) {
		bones_tourney_report *rep;
		FILE *f = open_memstream(&buf, &len);
		if (!f || bones_tourney_report_create(r->db, r->t->name, &rep)) {
			if (f)
				fclose(f);
			free(buf);
			return web_result_of(500, NULL, "%s", _("out of memory"));
		}
		bones_tourney_report_html(rep, f);
		bones_tourney_report_destroy(rep);
		fclose(f);
		call->type = "text/html; charset=utf-8";
	} else {
		snprintf(path, sizeof path, "%s/%s.bones", w->dir, id);
		if (bones_tourney_db_write_records(r->db, r->t->name, path, err, sizeof err))
			return web_result_of(500, NULL, "%s", err);
		bones_status st;
		FILE *f = bones_file_open(path, BONES_FILE_MAX_BYTES, &st, err, sizeof err);
		if (f) {
			FILE *m = open_memstream(&buf, &len);
			char chunk[4096];
			size_t n;
			while (m && (n = fread(chunk, 1, sizeof chunk, f)) > 0)
				fwrite(chunk, 1, n, m);
			if (m)
				fclose(m);
			fclose(f);
		}
		call->type = "text/plain; charset=utf-8";
	}
	if (!buf)
		return web_result_of(500, NULL, "%s", _("out of memory"));
	web_buf_add(out, buf, len);
	free(buf);
	return web_result_of(200, NULL, "ok");
}

web_result web_tourneys_handle(web_tourneys *w, web_tourney_call *call, const web_json *body,
			       web_buf *out)
{
	const char *rest = call->path + strlen(PREFIX);
	bool get = !strcmp(call->method, "GET"), post = !strcmp(call->method, "POST");
	char me[64] = "", id[24] = "", creator[64];
	bool in = who(w, call->session, me, sizeof me);
	call->type = "application/json";
	if (!*rest && get)
		return list(w, out);
	if (!*rest && post && (!in || !body))
		return !in ? web_result_of(401, NULL, "%s", _("log in to create a tournament"))
			   : web_result_of(400, NULL, "%s", _("expected a JSON object"));
	if (!*rest && post) {
		pthread_mutex_lock(&w->lock);
		web_result r = create(w, me, call->client ? call->client : "", body, out);
		pthread_mutex_unlock(&w->lock);
		return r;
	}
	size_t n = strcspn(rest + 1, "/");
	if (!n || n >= sizeof id)
		return web_result_of(404, NULL, "%s", _("no such tournament"));
	memcpy(id, rest + 1, n);
	const char *action = rest + 1 + n;
	web_result r;
	pthread_mutex_lock(&w->lock);
	if (!strcmp(id, "live") && get)
		r = web_tourney_live(w, action, call, out);
	else if (!*action && get)
		r = web_tourney_show(w, id, in ? me : NULL, out);
	else if (!strcmp(action, "/report.html") && get)
		r = download(w, id, true, call, out);
	else if (!strcmp(action, "/games.bones") && get)
		r = download(w, id, false, call, out);
	else if ((!strcmp(action, "/join") || !strcmp(action, "/start")) && post && !in)
		r = web_result_of(401, NULL, "%s", _("log in first"));
	else if (!strcmp(action, "/join") && post)
		r = join(w, id, me);
	else if (!strcmp(action, "/start") && post && !creator_of(w, id, creator, sizeof creator))
		r = web_result_of(404, NULL, "%s", _("no such tournament"));
	else if (!strcmp(action, "/start") && post && strcasecmp(creator, me))
		r = web_result_of(403, NULL, "%s", _("only the tournament's creator starts it"));
	else if (!strcmp(action, "/start") && post)
		r = web_tourney_start_now(w, id);
	else
		r = web_result_of(get || post ? 404 : 405, NULL, "%s", _("no such route for this method"));
	pthread_mutex_unlock(&w->lock);
	if (r.code == 200 && out->len == 0)
		web_buf_printf(out, "{\"ok\":true,\"id\":\"%s\"}", id);
	return r;
}
