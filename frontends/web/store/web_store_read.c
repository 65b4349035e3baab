/* web_store, reading back (web_store.h): the tables not ended with their moves,
 * finished games and chat, for the server's restart, and one table on demand; a table
 * whose rows cannot be read is handed over as damaged instead of stopping the start.
 * The lobby's ended tables are read as summaries, without their history. */
#include "web_store_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bones/i18n.h"

/* Why a read stopped before its end (WEB_DB_DONE), into why; true when it did. */
static bool read_failed(web_store *st, int rc, const char *what, char *why, size_t cap)
{
	if (rc == WEB_DB_DONE || rc == WEB_DB_ROW)
		return false;
	snprintf(why, cap, "%s: %s", what, web_db_errmsg(st->db));
	return true;
}

/* The table's own row (row->id set); why says what could not be read. */
static bool load_row(web_store *st, web_table_row *row, char *why, size_t cap)
{
	web_db_stmt *q = web_store_prepare(st,
			"SELECT game, preset, options, seed, created, resigned,"
			" hints, forfeited, per_move_ms, penalty, grace_ms, forfeit,"
			" damaged, unlisted, owner, per_game_ms, increment_ms, ended,"
			" forfeit_why, aborted FROM tables WHERE id = ?", row->id,
			NULL, NULL);
	int rc = q ? web_db_step(q) : WEB_DB_ERROR;
	if (rc != WEB_DB_ROW) {
		read_failed(st, rc == WEB_DB_DONE ? WEB_DB_ERROR : rc, "its row", why, cap);
		web_db_finalize(q);
		return false;
	}
	web_store_text(row->game, sizeof row->game, q, 0);
	web_store_text(row->preset, sizeof row->preset, q, 1);
	web_store_text(row->options, sizeof row->options, q, 2);
	row->seed = (uint64_t)web_db_int64(q, 3);
	row->created = web_db_int64(q, 4);
	row->resigned = web_db_int(q, 5);
	row->hints = web_db_int(q, 6);
	row->forfeited = web_db_int(q, 7);
	row->time.per_move_ms = web_db_int64(q, 8);
	row->time.penalty = web_db_double(q, 9);
	row->time.grace_ms = web_db_int64(q, 10);
	row->time.forfeit = web_db_int(q, 11) != 0;
	web_store_text(row->damaged, sizeof row->damaged, q, 12);
	row->unlisted = web_db_int(q, 13);
	web_store_text(row->owner, sizeof row->owner, q, 14);
	row->time.per_game_ms = web_db_int64(q, 15);
	row->time.increment_ms = web_db_int64(q, 16);
	row->ended = web_db_int(q, 17);
	web_store_text(row->forfeit_why, sizeof row->forfeit_why, q, 18);
	row->aborted = web_db_int(q, 19);
	web_db_finalize(q);
	return true;
}

/* The seats and the history of one table into row, *moves (malloc'd strings). */
static bool load_details(web_store *st, web_table_row *row, char ***moves, size_t *count,
			 char *why, size_t cap)
{
	*moves = NULL, *count = 0;
	web_db_stmt *q = web_store_prepare(st, "SELECT kind, agent, name, token, open, penalty,"
					    " bank_ms FROM seats WHERE table_id = ? ORDER BY seat",
					    row->id, NULL, NULL);
	int rc = q ? WEB_DB_ROW : WEB_DB_ERROR;
	while (q && (rc = web_db_step(q)) == WEB_DB_ROW && row->seat_count < WEB_MAX_SEATS) {
		web_seat_row *s = &row->seats[row->seat_count++];
		web_store_text(s->kind, sizeof s->kind, q, 0);
		web_store_text(s->agent, sizeof s->agent, q, 1);
		web_store_text(s->name, sizeof s->name, q, 2);
		web_store_text(s->token, sizeof s->token, q, 3);
		s->open = web_db_int(q, 4);
		s->penalty = web_db_double(q, 5);
		s->bank_ms = web_db_int64(q, 6);
	}
	web_db_finalize(q);
	if (read_failed(st, rc, "its seats", why, cap))
		return false;
	q = web_store_prepare(st, "SELECT text FROM moves WHERE table_id = ? ORDER BY n", row->id,
			      NULL, NULL);
	rc = q ? WEB_DB_ROW : WEB_DB_ERROR;
	size_t size = 0;
	while (q && (rc = web_db_step(q)) == WEB_DB_ROW) {
		if (*count == size) {
			size = size ? size * 2 : 64;
			char **m = realloc(*moves, size * sizeof *m);
			if (!m) {
				rc = WEB_DB_NOMEM;
				break;
			}
			*moves = m;
		}
		const char *t = web_db_text(q, 0);
		if (!((*moves)[*count] = strdup(t ? t : ""))) {
			rc = WEB_DB_NOMEM;
			break;
		}
		(*count)++;
	}
	web_db_finalize(q);
	return !read_failed(st, rc, "its moves", why, cap);
}

/* A match's game running and its finished games, malloc'd, into row, *done. */
static bool load_match(web_store *st, web_table_row *row, web_stored_game **done,
		       size_t *count, char *why, size_t cap)
{
	*done = NULL, *count = 0;
	web_db_stmt *q = web_store_prepare(st, "SELECT games, game, target FROM matches WHERE"
					    " table_id = ?", row->id, NULL, NULL);
	int rc = q ? web_db_step(q) : WEB_DB_ERROR;
	if (rc == WEB_DB_ROW)
		row->match_games = web_db_int(q, 0),
		row->match_game = web_db_int(q, 1),
		row->match_target = web_db_int(q, 2);
	web_db_finalize(q);
	if (read_failed(st, rc, "its match", why, cap))
		return false;
	if (row->match_game <= 0)
		return true;
	q = web_store_prepare(st,
			"SELECT moves, penalties, resigned, forfeited FROM match_games WHERE"
			" table_id = ? ORDER BY game", row->id, NULL, NULL);
	*done = calloc((size_t)row->match_game, sizeof **done);
	rc = q && *done ? WEB_DB_ROW : WEB_DB_NOMEM;
	while (rc == WEB_DB_ROW && *count < (size_t)row->match_game &&
	       (rc = web_db_step(q)) == WEB_DB_ROW) {
		web_stored_game *g = &(*done)[(*count)++];
		const char *text = web_db_text(q, 0);
		char *pen = (char *)web_db_text(q, 1);
		for (int i = 0; pen && i < WEB_MAX_SEATS; i++)
			g->penalties[i] = strtod(pen, &pen);
		g->resigned = web_db_int(q, 2), g->forfeited = web_db_int(q, 3);
		for (const char *p = text; p && *p; g->count++) {
			size_t n = strcspn(p, "\n");
			char **m = realloc(g->moves, (g->count + 1) * sizeof *m);
			if (!m || !(m[g->count] = strndup(p, n))) {
				g->moves = m ? m : g->moves;
				rc = WEB_DB_NOMEM;
				break;
			}
			g->moves = m;
			p += n + (p[n] == '\n');
		}
	}
	web_db_finalize(q);
	return !read_failed(st, rc, "its match's games", why, cap);
}

static void free_games(web_stored_game *done, size_t count)
{
	for (size_t k = 0; done && k < count; k++) {
		for (size_t i = 0; i < done[k].count; i++)
			free(done[k].moves[i]);
		free(done[k].moves);
	}
	free(done);
}

struct ids {
	char (*id)[40];
	size_t count, cap;
};

static bool ids_has(const struct ids *l, const char *id)
{
	for (size_t i = 0; i < l->count; i++)
		if (!strcmp(l->id[i], id))
			return true;
	return false;
}

/* Add the ids sql reads to l (new ones only); the step's last result. */
static int ids_scan(web_store *st, const char *sql, struct ids *l)
{
	web_db_stmt *q = NULL;
	int rc = (q = web_db_prepare(st->db, sql)) ? WEB_DB_ROW : WEB_DB_ERROR;
	while (rc == WEB_DB_ROW && (rc = web_db_step(q)) == WEB_DB_ROW) {
		char id[40];
		web_store_text(id, sizeof id, q, 0);
		if (ids_has(l, id))
			continue;
		if (l->count == l->cap) {
			size_t cap = l->cap ? l->cap * 2 : 64;
			char (*a)[40] = realloc(l->id, cap * sizeof *a);
			if (!a) {
				rc = WEB_DB_NOMEM;
				break;
			}
			l->id = a, l->cap = cap;
		}
		memcpy(l->id[l->count++], id, sizeof id);
	}
	web_db_finalize(q);
	return rc;
}

/* One table's stored data to fn, or, where it cannot be read, its id and why. */
static int each_one(web_store *st, const char *id, web_table_row *row, web_store_fn fn,
		    void *user)
{
	char why[256] = "", **moves = NULL;
	size_t count = 0, done_count = 0;
	web_stored_game *done = NULL;
	memset(row, 0, sizeof *row);
	snprintf(row->id, sizeof row->id, "%s", id);
	row->resigned = -1;
	bool ok = load_row(st, row, why, sizeof why) &&
		  load_details(st, row, &moves, &count, why, sizeof why) &&
		  load_match(st, row, &done, &done_count, why, sizeof why);
	int rc = fn(user, row, moves, count, done, done_count, ok ? NULL : why);
	for (size_t i = 0; i < count; i++)
		free(moves[i]);
	free(moves);
	free_games(done, done_count);
	return rc;
}

int web_store_each(web_store *st, web_store_fn fn, void *user, char *err, size_t errcap)
{
	struct ids l = {0};
	int rc = 0;
	err[0] = '\0';
	if (!strcmp(st->fault, "hang-restore")) { /* a test's hang: only a signal ends it */
		fprintf(stderr, "bones serve: BONES_WEB_FAULT=hang-restore: restoring forever\n");
		for (;;)
			pause();
	}
	pthread_mutex_lock(&st->lock);
	/* creation order; after a damaged page, the tables the id index still names */
	char sql[200], mine[120] = "";
	if (st->server) /* leasing: this process's tables only (web_store_lease_free_all) */
		snprintf(mine, sizeof mine, " AND id IN (SELECT table_id FROM leases WHERE"
			 " server = %lld)", (long long)st->server);
	snprintf(sql, sizeof sql, "SELECT id FROM tables WHERE ended = 0%s ORDER BY rowid", mine);
	int scan = ids_scan(st, sql, &l);
	if (scan != WEB_DB_DONE) {
		snprintf(err, errcap, "the list of tables is damaged after %zu: %s", l.count,
			 web_db_errmsg(st->db));
		snprintf(sql, sizeof sql, "SELECT id FROM tables WHERE ended = 0%s ORDER BY id",
			 mine);
		ids_scan(st, sql, &l);
	}
	web_table_row *row = malloc(sizeof *row);
	if (!row)
		rc = 1, snprintf(err, errcap, "%s", _("out of memory"));
	for (size_t i = 0; !rc && i < l.count; i++)
		rc = each_one(st, l.id[i], row, fn, user);
	free(row);
	free(l.id);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

int web_store_load(web_store *st, const char *id, web_store_fn fn, void *user)
{
	web_table_row *row = malloc(sizeof *row);
	if (!row)
		return 1;
	pthread_mutex_lock(&st->lock);
	web_db_stmt *q = web_store_prepare(st, "SELECT 1 FROM tables WHERE id = ?", id, NULL,
					    NULL);
	bool found = q && web_db_step(q) == WEB_DB_ROW;
	web_db_finalize(q);
	int rc = found ? each_one(st, id, row, fn, user) : 1;
	pthread_mutex_unlock(&st->lock);
	free(row);
	return rc;
}

/* The summary of the row q is on (id, game, preset, created, moves), unless it is the
 * one before; then its seat (kind, name). */
static void add_summary_row(web_db_stmt *q, web_table_summary *out, size_t *count)
{
	const char *id = web_db_text(q, 0);
	web_table_summary *s = *count ? &out[*count - 1] : NULL;
	if (!s || strcmp(s->id, id ? id : "")) {
		s = &out[(*count)++];
		web_store_text(s->id, sizeof s->id, q, 0);
		web_store_text(s->game, sizeof s->game, q, 1);
		web_store_text(s->preset, sizeof s->preset, q, 2);
		s->created = web_db_int64(q, 3), s->moves = web_db_int64(q, 4);
		s->live = web_db_int(q, 8) == 0;
	}
	if (s->seat_count < WEB_MAX_SEATS && !web_db_null(q, 5)) {
		web_store_text(s->seats[s->seat_count].kind, sizeof s->seats[0].kind, q, 5);
		s->seats[s->seat_count].open = web_db_int(q, 7) != 0;
		web_store_text(s->seats[s->seat_count++].name, sizeof s->seats[0].name, q, 6);
	}
}

int web_store_ended(web_store *st, size_t limit, web_table_summary **out, size_t *count,
		    char *err, size_t errcap)
{
	*count = 0;
	if (!(*out = calloc(limit ? limit : 1, sizeof **out))) {
		snprintf(err, errcap, "%s", _("out of memory"));
		return 1;
	}
	pthread_mutex_lock(&st->lock);
	/* leasing: also the tables in play that another process serves, their moves counted
	 * as history entries (the ended ones' column is written at their end) */
	web_db_stmt *q = web_db_prepare(st->db,
		"SELECT t.id, t.game, t.preset, t.created, CASE WHEN t.ended = 1 THEN t.moves ELSE"
		" (SELECT count(*) FROM moves AS m WHERE m.table_id = t.id) END, s.kind, s.name,"
		" s.open, t.ended FROM"
		" (SELECT rowid AS r, * FROM tables WHERE (ended = 1 OR id IN (SELECT table_id"
		"  FROM leases WHERE server <> ?2 AND ?2 <> 0)) AND unlisted = 0"
		"  ORDER BY created DESC, rowid DESC LIMIT ?1) AS t"
		" LEFT JOIN seats AS s ON s.table_id = t.id"
		" ORDER BY t.created DESC, t.r DESC, s.seat");
	int rc = q ? WEB_DB_ROW : WEB_DB_ERROR;
	if (q) {
		web_db_bind_int64(q, 1, (int64_t)limit);
		web_db_bind_int64(q, 2, st->server);
	}
	while (rc == WEB_DB_ROW && (rc = web_db_step(q)) == WEB_DB_ROW) /* <= limit tables */
		add_summary_row(q, *out, count);
	web_db_finalize(q);
	rc = rc == WEB_DB_DONE || rc == WEB_DB_ROW ? 0
		: web_store_fail(st, _("cannot read the ended tables"), err, errcap);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

int web_store_chat_of(web_store *st, const char *id, web_store_chat_fn fn, void *user,
		      char *err, size_t errcap)
{
	pthread_mutex_lock(&st->lock);
	web_db_stmt *q = web_store_prepare(st, "SELECT n, seat, name, text, at FROM chat"
					    " WHERE table_id = ? ORDER BY n", id, NULL, NULL);
	int rc = q ? WEB_DB_ROW : WEB_DB_ERROR;
	while (q && (rc = web_db_step(q)) == WEB_DB_ROW) {
		web_chat_row c = {.n = web_db_int(q, 0), .seat = web_db_int(q, 1),
				  .at = web_db_int64(q, 4)};
		web_store_text(c.name, sizeof c.name, q, 2);
		web_store_text(c.text, sizeof c.text, q, 3);
		if (fn(user, &c))
			break;
	}
	rc = rc == WEB_DB_ROW || rc == WEB_DB_DONE ? 0
		: web_store_fail(st, _("cannot read the chat"), err, errcap);
	web_db_finalize(q);
	pthread_mutex_unlock(&st->lock);
	return rc;
}
