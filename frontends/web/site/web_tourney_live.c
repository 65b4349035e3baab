/* The live view of a `bones tourney --live` run (docs/web.md, "Watching bones
 * tourney"): `bones serve --watch DIR` reads DIR/results.db read-only (standings and
 * results as a server tournament shows them) and DIR/live/ROUND-TABLE.bones, each game
 * in progress as the runner rewrites it after every move; boards are drawn from those
 * records. Nothing in DIR is written. */
#include "web_tourney_internal.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bones/file.h"
#include "bones/i18n.h"
#include "bones/picture.h"
#include "bones/record.h"
#include "web_table.h"

#define LIVE_GAMES 64 /* games in progress listed */
#define LIVE_SEATS BONES_TABLE_MAX_SEATS /* seats named on a live board */

/* The watched run, opened at the first look (its file from the results file's stored
 * configuration) and again when DIR/results.db is another file (the organiser moved a
 * finished run aside and started a new one in DIR); NULL while DIR has no results
 * file (err says why). */
static web_tourney_run *live_run(web_tourneys *w, char *err, size_t errcap)
{
	char path[1100];
	snprintf(path, sizeof path, "%s/results.db", w->watch);
	struct stat st;
	bool there = !stat(path, &st);
	if (w->live && there && st.st_dev == w->live_dev && st.st_ino == w->live_ino)
		return w->live;
	web_tourney_run_free(w->live);
	w->live = NULL;
	if (!there) {
		snprintf(err, errcap, _("cannot open '%s': %s"), path, strerror(errno));
		return NULL;
	}
	w->live_dev = st.st_dev;
	w->live_ino = st.st_ino;
	web_tourney_run *r = calloc(1, sizeof *r);
	bones_tourney_db_about *about = malloc(sizeof *about);
	snprintf(err, errcap, "%s", _("out of memory"));
	if (r && about && !bones_tourney_db_open_read(path, &r->db, err, errcap) &&
	    !bones_tourney_db_about_get(r->db, NULL, about) &&
	    !bones_tourney_load_text(about->name, about->config, &r->t, err, errcap)) {
		snprintf(r->id, sizeof r->id, "live");
		for (int p = 0; p < r->t->player_count; p++) /* its command stays the organiser's */
			snprintf(r->engine[p], sizeof r->engine[p], "%s",
				 r->t->players[p].engine[0] ? "external" : "");
		w->live = r;
		free(about);
		return r;
	}
	web_tourney_run_free(r);
	free(about);
	return NULL;
}

/* A game in progress: DIR/live/ROUND-TABLE.bones replayed. */
typedef struct live_game {
	int round, slot;
} live_game;

static int by_round(const void *a, const void *b)
{
	const live_game *x = a, *y = b;
	return x->round != y->round ? (x->round > y->round) - (x->round < y->round)
				    : (x->slot > y->slot) - (x->slot < y->slot);
}

static bones_session *replay(web_tourney_run *r, const char *watch, int round, int slot,
			     char *path, size_t cap, char *err, size_t errcap)
{
	bones_session *s = NULL;
	snprintf(path, cap, "%s/live/%d-%d.bones", watch, round, slot);
	if (bones_record_replay(path, r->t->reg, &s, err, errcap) && s) {
		bones_session_destroy(s); /* rewritten meanwhile, or not a record */
		s = NULL;
	}
	return s;
}

/* Seat k's name in the record at path (its Player tag), else "". */
static const char *seat_name(const char *path, int k, char *tag, size_t cap)
{
	char key[32];
	snprintf(key, sizeof key, "Player%d", k + 1);
	return bones_record_tag(path, 1, key, tag, cap) ? tag : "";
}

static void live_games(web_tourneys *w, web_tourney_run *r, web_buf *out)
{
	char dir[1100], path[1200], err[256], tag[80];
	live_game games[LIVE_GAMES];
	int n = 0;
	snprintf(dir, sizeof dir, "%s/live", w->watch);
	DIR *d = opendir(dir);
	for (struct dirent *e; d && n < LIVE_GAMES && (e = readdir(d));) {
		char extra;
		if (sscanf(e->d_name, "%d-%d.bone%c", &games[n].round, &games[n].slot, &extra) == 3 &&
		    extra == 's' && strlen(strchr(e->d_name, '.')) == 6)
			n++;
	}
	if (d)
		closedir(d);
	qsort(games, (size_t)n, sizeof *games, by_round);
	web_buf_puts(out, ",\"live_games\":[");
	bool first = true;
	for (int i = 0; i < n; i++) {
		bones_session *s = replay(r, w->watch, games[i].round, games[i].slot, path,
					  sizeof path, err, sizeof err);
		if (!s)
			continue; /* ended meanwhile */
		web_buf_printf(out, "%s{\"round\":%d,\"slot\":%d,\"moves\":%zu,\"players\":[",
			       first ? "" : ",", games[i].round, games[i].slot, bones_session_length(s));
		for (int k = 0; k < bones_session_info(s)->players; k++) {
			web_buf_puts(out, k ? "," : "");
			web_buf_json_string(out, seat_name(path, k, tag, sizeof tag));
		}
		web_buf_printf(out, "],\"picture\":\"/api/tournaments/live/%d-%d.svg\",\"record\":"
			       "\"/api/tournaments/live/%d-%d.bones\"}", games[i].round, games[i].slot,
			       games[i].round, games[i].slot);
		bones_session_destroy(s);
		first = false;
	}
	web_buf_puts(out, "]");
}

/* GET .../live/ROUND-TABLE.svg or .bones: the game's board now, or its record so far. */
static web_result live_file(web_tourneys *w, web_tourney_run *r, const char *name,
			    web_tourney_call *call, web_buf *out)
{
	int round, slot, end = 0;
	char path[1200], err[256];
	if (sscanf(name, "/%d-%d%n", &round, &slot, &end) != 2 ||
	    (strcmp(name + end, ".svg") && strcmp(name + end, ".bones")))
		return web_result_of(404, NULL, "%s", _("no such route for this method"));
	bones_session *s = replay(r, w->watch, round, slot, path, sizeof path, err, sizeof err);
	if (!s)
		return web_result_of(404, NULL, "%s", _("that game is not in progress"));
	unsigned char *data = NULL;
	size_t size = 0;
	bool svg = !strcmp(name + end, ".svg");
	if (svg) {
		bones_picture_game pos = bones_picture_game_of(s, bones_session_length(s));
		bones_picture_request req = bones_picture_defaults();
		char tags[LIVE_SEATS][80];
		const char *names[LIVE_SEATS] = {0};
		for (int k = 0; k < pos.players && k < LIVE_SEATS; k++)
			names[k] = seat_name(path, k, tags[k], sizeof tags[k])[0] ? tags[k] : NULL;
		if (pos.players <= LIVE_SEATS)
			req.names = names; /* the participants, not "Player N" */
		if (bones_picture_encode(&pos, &req, BONES_PICTURE_SVG, &data, &size, NULL, err,
					 sizeof err))
			data = NULL;
	} else {
		bones_status st;
		FILE *f = bones_file_open(path, BONES_FILE_MAX_BYTES, &st, err, sizeof err);
		FILE *m = f ? open_memstream((char **)&data, &size) : NULL;
		char chunk[4096];
		for (size_t k; m && (k = fread(chunk, 1, sizeof chunk, f)) > 0;)
			fwrite(chunk, 1, k, m);
		if (m)
			fclose(m);
		if (f)
			fclose(f);
	}
	bones_session_destroy(s);
	if (!data)
		return web_result_of(500, NULL, "%s", svg ? err : _("out of memory"));
	web_buf_add(out, (const char *)data, size);
	free(data);
	call->type = svg ? "image/svg+xml" : "text/plain; charset=utf-8";
	return web_result_of(200, NULL, "ok");
}

/* "id", "name", "format", "state", "creator" of the watched run. */
static void live_facts(web_tourneys *w, const web_tourney_run *r, web_buf *out)
{
	char running[1100];
	snprintf(running, sizeof running, "%s/live/running", w->watch);
	bool on = !access(running, F_OK), first = true;
	const char *facts[] = {"id", "live", "name", r->t->name, "format",
			       bones_tourney_format_name(r->t->format), "state",
			       on ? "running" : "finished", "creator", "", NULL};
	for (int k = 0; facts[k]; k += 2) {
		web_buf_json_key(out, &first, facts[k]);
		web_buf_json_string(out, facts[k + 1]);
	}
	web_buf_puts(out, ",\"start\":0");
}

bool web_tourney_live_entry(web_tourneys *w, web_buf *out)
{
	char err[512];
	pthread_mutex_lock(&w->lock);
	web_tourney_run *r = w->watch[0] ? live_run(w, err, sizeof err) : NULL;
	if (r) {
		web_buf_puts(out, "{");
		live_facts(w, r, out);
		web_buf_puts(out, ",\"people\":0}");
	}
	pthread_mutex_unlock(&w->lock);
	return r;
}

web_result web_tourney_live(web_tourneys *w, const char *action, web_tourney_call *call,
			    web_buf *out)
{
	char err[512];
	if (!w->watch[0])
		return web_result_of(404, NULL, "%s", _("this server watches no `bones tourney` "
							 "run (bones serve --watch DIR)"));
	web_tourney_run *r = live_run(w, err, sizeof err);
	if (!r)
		return web_result_of(404, NULL, _("no run to watch yet: %s"), err);
	if (*action)
		return live_file(w, r, action, call, out);
	web_buf_puts(out, "{");
	live_facts(w, r, out);
	web_tourney_results_json(r, NULL, out);
	live_games(w, r, out);
	web_buf_puts(out, ",\"tables\":[]}");
	return web_result_of(200, NULL, "ok");
}
