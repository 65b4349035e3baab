/* Ratings (web_ratings.h): a finished game's seats as players (the account that holds
 * the seat, or "agent:SPEC"), their Glicko-2 standings by game and by preset updated
 * with the game as one rating period (each opponent a game: the better rank scores 1,
 * equal ranks 0.5), and the result kept by player, game and preset (the mark that the
 * game is rated), all in one transaction. */
#include "web_ratings.h"

#include <sqlite3.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "bones/glicko2.h"
#include "bones/i18n.h"
#include "web_table_internal.h"

#define PLAYER_NAME 80

/* The player at seat: its account's name, "agent:SPEC", or "" (anonymous: unrated). */
static void seat_player(sqlite3 *db, const web_table *t, int seat, char *out, size_t cap)
{
	const web_seat_row *s = web_table_seat_row(t, seat);
	out[0] = '\0';
	if (!strcmp(s->kind, "agent")) {
		snprintf(out, cap, WEB_AGENT_PREFIX "%.60s", s->agent);
		return;
	}
	if (!strcmp(s->kind, "engine")) { /* rated as the operator's engine, "engine:NAME" */
		char name[64];
		web_engine_seat_name(s, name, sizeof name);
		snprintf(out, cap, WEB_ENGINE_PREFIX "%s", name);
		return;
	}
	sqlite3_stmt *q = NULL;
	if (s->token[0] && sqlite3_prepare_v2(db, "SELECT name FROM account_seats WHERE "
					      "table_id = ? AND token = ? LIMIT 1", -1, &q,
					      NULL) == SQLITE_OK) {
		sqlite3_bind_text(q, 1, t->row.id, -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(q, 2, s->token, -1, SQLITE_TRANSIENT);
		if (sqlite3_step(q) == SQLITE_ROW)
			snprintf(out, cap, "%s", (const char *)sqlite3_column_text(q, 0));
	}
	sqlite3_finalize(q);
}

/* Every seat's player into names; false when the game is not rated (an anonymous seat,
 * no account at all: agents and engines only, or one player in two seats). */
static bool rated_players(sqlite3 *db, const web_table *t, int n, char (*names)[PLAYER_NAME])
{
	bool account = false;
	for (int i = 0; i < n; i++) {
		seat_player(db, t, i, names[i], PLAYER_NAME);
		if (!names[i][0])
			return false;
		account |= strncmp(names[i], WEB_AGENT_PREFIX, strlen(WEB_AGENT_PREFIX)) &&
			   strncmp(names[i], WEB_ENGINE_PREFIX, strlen(WEB_ENGINE_PREFIX));
		for (int j = 0; j < i; j++)
			if (!strcasecmp(names[i], names[j]))
				return false;
	}
	return account;
}

static bool already_rated(sqlite3 *db, const char *id, int game_no)
{
	sqlite3_stmt *q = NULL;
	bool found = true; /* a failing query rates nothing */
	if (sqlite3_prepare_v2(db, "SELECT 1 FROM results WHERE table_id = ? AND game_no = ?",
			       -1, &q, NULL) == SQLITE_OK) {
		sqlite3_bind_text(q, 1, id, -1, SQLITE_TRANSIENT);
		sqlite3_bind_int(q, 2, game_no);
		found = sqlite3_step(q) != SQLITE_DONE;
	}
	sqlite3_finalize(q);
	return found;
}

/* The two scopes of a rating: by game (the plugin), and by game and preset. */
enum { BY_GAME, BY_PRESET, SCOPES };

static const char *const standing_sql[SCOPES] = {
	"SELECT rating, deviation, volatility, games FROM ratings WHERE player = ? AND game = ?",
	"SELECT rating, deviation, volatility, games FROM preset_ratings WHERE player = ? AND"
	" game = ? AND preset = ?"};

/* A player's standing in t's game or preset (a newcomer's when none) and rated games. */
static void standing(sqlite3 *db, const web_table *t, int scope, const char *name,
		     bones_glicko2 *p, int *games)
{
	sqlite3_stmt *q = NULL;
	bones_glicko2_init(p);
	*games = 0;
	if (sqlite3_prepare_v2(db, standing_sql[scope], -1, &q, NULL) == SQLITE_OK) {
		sqlite3_bind_text(q, 1, name, -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(q, 2, t->row.game, -1, SQLITE_TRANSIENT);
		if (scope == BY_PRESET)
			sqlite3_bind_text(q, 3, t->row.preset, -1, SQLITE_TRANSIENT);
		if (sqlite3_step(q) == SQLITE_ROW) {
			p->rating = sqlite3_column_double(q, 0);
			p->deviation = sqlite3_column_double(q, 1);
			p->volatility = sqlite3_column_double(q, 2);
			*games = sqlite3_column_int(q, 3);
		}
	}
	sqlite3_finalize(q);
}

static const char *const store_sql[SCOPES] = {
	"INSERT OR REPLACE INTO ratings VALUES(?,?,?,?,?,?)",
	"INSERT OR REPLACE INTO preset_ratings(player, game, rating, deviation, volatility,"
	" games, preset) VALUES(?,?,?,?,?,?,?)"};

/* Store one player's new standing in t's game or preset; false on an error. */
static bool store_standing(sqlite3 *db, const web_table *t, int scope, const char *name,
			   const bones_glicko2 *p, int games)
{
	sqlite3_stmt *q = NULL;
	bool ok = sqlite3_prepare_v2(db, store_sql[scope], -1, &q, NULL) == SQLITE_OK;
	if (ok) {
		sqlite3_bind_text(q, 1, name, -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(q, 2, t->row.game, -1, SQLITE_TRANSIENT);
		sqlite3_bind_double(q, 3, p->rating);
		sqlite3_bind_double(q, 4, p->deviation);
		sqlite3_bind_double(q, 5, p->volatility);
		sqlite3_bind_int(q, 6, games);
		if (scope == BY_PRESET)
			sqlite3_bind_text(q, 7, t->row.preset, -1, SQLITE_TRANSIENT);
		ok = sqlite3_step(q) == SQLITE_DONE;
	}
	sqlite3_finalize(q);
	return ok;
}

/* Store one player's result (the game's rating after it): the mark that the game is
 * rated; false on an error. */
static bool store_result(sqlite3 *db, const web_table *t, int game_no, const char *name,
			 const bones_glicko2 *p, double score, int64_t at)
{
	sqlite3_stmt *r = NULL;
	bool ok = sqlite3_prepare_v2(db, "INSERT INTO results VALUES(?,?,?,?,?,?,?,?,?)", -1, &r,
				     NULL) == SQLITE_OK;
	if (ok) {
		sqlite3_bind_text(r, 1, t->row.id, -1, SQLITE_TRANSIENT);
		sqlite3_bind_int(r, 2, game_no);
		sqlite3_bind_text(r, 3, name, -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(r, 4, t->row.game, -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(r, 5, t->row.preset, -1, SQLITE_TRANSIENT);
		sqlite3_bind_double(r, 6, score);
		sqlite3_bind_double(r, 7, p->rating);
		sqlite3_bind_double(r, 8, p->deviation);
		sqlite3_bind_int64(r, 9, at);
		ok = sqlite3_step(r) == SQLITE_DONE;
	}
	sqlite3_finalize(r);
	return ok;
}

/* The n players' standings after the game in one scope (everyone's standing before it
 * against each opponent's), their rated games with it and their scores. */
static void rate_scope(sqlite3 *db, const web_table *t, int scope, int n,
		       char (*names)[PLAYER_NAME], const int *ranks, bones_glicko2 *after,
		       int *games, double *scores)
{
	bones_glicko2 before[WEB_MAX_SEATS];
	for (int i = 0; i < n; i++)
		standing(db, t, scope, names[i], &before[i], &games[i]);
	for (int i = 0; i < n; i++) {
		bones_glicko2_game vs[WEB_MAX_SEATS];
		double sum = 0;
		size_t k = 0;
		for (int j = 0; j < n; j++) {
			if (j == i)
				continue;
			double score = ranks[i] < ranks[j] ? 1 : ranks[i] == ranks[j] ? 0.5 : 0;
			vs[k++] = (bones_glicko2_game){before[j].rating, before[j].deviation, score};
			sum += score;
		}
		after[i] = before[i];
		bones_glicko2_update(&after[i], vs, k, BONES_GLICKO2_TAU);
		games[i]++;
		scores[i] = sum / (double)k;
	}
}

/* Rate the n seats' game by game and by preset, and store each one's result. */
static bool rate(sqlite3 *db, const web_table *t, int game_no, int n,
		 char (*names)[PLAYER_NAME], const int *ranks)
{
	bones_glicko2 after[SCOPES][WEB_MAX_SEATS];
	int games[SCOPES][WEB_MAX_SEATS];
	double scores[WEB_MAX_SEATS];
	for (int scope = 0; scope < SCOPES; scope++)
		rate_scope(db, t, scope, n, names, ranks, after[scope], games[scope], scores);
	int64_t at = web_clock_now(t->owner) / 1000; /* unix seconds: the game's end */
	for (int i = 0; i < n; i++)
		if (!store_standing(db, t, BY_GAME, names[i], &after[BY_GAME][i], games[BY_GAME][i]) ||
		    !store_standing(db, t, BY_PRESET, names[i], &after[BY_PRESET][i],
				    games[BY_PRESET][i]) ||
		    !store_result(db, t, game_no, names[i], &after[BY_GAME][i], scores[i], at))
			return false;
	return true;
}

void web_ratings_game_over(web_tables *ts, web_table *t)
{
	int n = t->row.seat_count, game_no = bones_table_game_index(t->table);
	if (!bones_table_over(t->table) || n < 2 || n > WEB_MAX_SEATS)
		return;
	double scores[WEB_MAX_SEATS];
	int ranks[WEB_MAX_SEATS];
	char names[WEB_MAX_SEATS][PLAYER_NAME];
	bones_table_result(t->table, scores, ranks);
	sqlite3 *db = web_store_lock(ts->store);
	if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) {
		web_store_unlock(ts->store);
		web_log("table %s: game %d is not rated: %s", t->row.id, game_no + 1,
			sqlite3_errmsg(db));
		return;
	}
	bool rated = false, ok = true;
	if (!already_rated(db, t->row.id, game_no) && rated_players(db, t, n, names))
		rated = ok = rate(db, t, game_no, n, names, ranks);
	if (!ok)
		web_log("table %s: game %d is not rated: %s", t->row.id, game_no + 1,
			sqlite3_errmsg(db));
	sqlite3_exec(db, rated && ok ? "COMMIT" : "ROLLBACK", NULL, NULL, NULL);
	web_store_unlock(ts->store);
	if (rated && ok)
		web_log("table %s: game %d rated", t->row.id, game_no + 1);
}

bool web_ratings_route(const char *path)
{
	return !strncmp(path, "/api/ladder/", 12);
}

static web_result fail(int code, const char *error)
{
	web_result r = {.code = code};
	snprintf(r.error, sizeof r.error, "%s", error);
	return r;
}

/* Wins, draws and losses of a row's column c (a result's score) as JSON members. */
static void wdl_json(sqlite3_stmt *q, int c, web_buf *out, bool *f)
{
	web_buf_json_key(out, f, "wins");
	web_buf_printf(out, "%d", sqlite3_column_int(q, c));
	web_buf_json_key(out, f, "draws");
	web_buf_printf(out, "%d", sqlite3_column_int(q, c + 1));
	web_buf_json_key(out, f, "losses");
	web_buf_printf(out, "%d", sqlite3_column_int(q, c + 2));
}

#define WDL_SQL "SUM(s.score > 0.5), SUM(s.score = 0.5), SUM(s.score < 0.5)"

/* A text column as a JSON member. */
static void text_json(sqlite3_stmt *q, int c, const char *key, web_buf *out, bool *f)
{
	web_buf_json_key(out, f, key);
	web_buf_json_string(out, (const char *)sqlite3_column_text(q, c));
}

/* One standing of a row: name, game or preset (column 0), rating, deviation, games. */
static void standing_json(sqlite3_stmt *q, const char *key, web_buf *out, bool *f)
{
	text_json(q, 0, key, out, f);
	web_buf_json_key(out, f, "rating");
	web_buf_printf(out, "%.0f", sqlite3_column_double(q, 1));
	web_buf_json_key(out, f, "deviation");
	web_buf_printf(out, "%.0f", sqlite3_column_double(q, 2));
	web_buf_json_key(out, f, "games");
	web_buf_printf(out, "%d", sqlite3_column_int(q, 3));
}

typedef void row_json_fn(sqlite3_stmt *q, web_buf *out, bool *f);

/* A JSON array of sql's rows (?1 bound to a, ?2 to b unless NULL), each an object of
 * row's members. */
static void rows_json(sqlite3 *db, const char *sql, const char *a, const char *b,
		      row_json_fn *row, web_buf *out)
{
	sqlite3_stmt *q = NULL;
	web_buf_puts(out, "[");
	if (sqlite3_prepare_v2(db, sql, -1, &q, NULL) == SQLITE_OK) {
		sqlite3_bind_text(q, 1, a, -1, SQLITE_TRANSIENT);
		if (b)
			sqlite3_bind_text(q, 2, b, -1, SQLITE_TRANSIENT);
		for (int i = 0; sqlite3_step(q) == SQLITE_ROW; i++) {
			bool f = true;
			web_buf_puts(out, i ? ",{" : "{");
			row(q, out, &f);
			web_buf_puts(out, "}");
		}
	}
	sqlite3_finalize(q);
	web_buf_puts(out, "]");
}

/* A ladder's row: name, standing, wins, draws and losses. */
static void ladder_row(sqlite3_stmt *q, web_buf *out, bool *f)
{
	standing_json(q, "name", out, f);
	wdl_json(q, 4, out, f);
}

/* The ladders' players: by game (?1), or by game and preset (?2). */
static const char *const ladder_sql[SCOPES] = {
	"SELECT r.player, r.rating, r.deviation, r.games, " WDL_SQL " FROM ratings r LEFT JOIN"
	" results s ON s.player = r.player AND s.game = r.game WHERE r.game = ?1"
	" GROUP BY r.player ORDER BY r.rating DESC, r.player LIMIT 200",
	"SELECT r.player, r.rating, r.deviation, r.games, " WDL_SQL " FROM preset_ratings r"
	" LEFT JOIN results s ON s.player = r.player AND s.game = r.game AND"
	" s.preset = r.preset WHERE r.game = ?1 AND r.preset = ?2"
	" GROUP BY r.player ORDER BY r.rating DESC, r.player LIMIT 200"};

/* The ladder's "presets" (the game's rated ones) and "players" members. */
static void ladder_json(sqlite3 *db, const char *game, const char *preset, web_buf *out,
			bool *f)
{
	sqlite3_stmt *q = NULL;
	web_buf_json_key(out, f, "presets");
	web_buf_puts(out, "[");
	if (sqlite3_prepare_v2(db, "SELECT DISTINCT preset FROM preset_ratings WHERE game = ?"
			       " ORDER BY preset", -1, &q, NULL) == SQLITE_OK) {
		sqlite3_bind_text(q, 1, game, -1, SQLITE_TRANSIENT);
		for (int i = 0; sqlite3_step(q) == SQLITE_ROW; i++) {
			web_buf_puts(out, i ? "," : "");
			web_buf_json_string(out, (const char *)sqlite3_column_text(q, 0));
		}
	}
	sqlite3_finalize(q);
	web_buf_puts(out, "]");
	web_buf_json_key(out, f, "players");
	rows_json(db, ladder_sql[preset ? BY_PRESET : BY_GAME], game, preset, ladder_row, out);
}

web_result web_ratings_ladder(web_tables *ts, const char *path, web_buf *out)
{
	char game[64];
	const char *slash = strchr(path, '/'), *preset = slash ? slash + 1 : NULL;
	size_t len = slash ? (size_t)(slash - path) : strlen(path);
	if (!len || len >= sizeof game)
		return fail(404, _("no such game"));
	if (preset && (!preset[0] || strlen(preset) > 63 || strchr(preset, '/')))
		return fail(404, _("no such preset"));
	snprintf(game, sizeof game, "%.*s", (int)len, path);
	web_store *st = ts->store;
	bool f = true;
	web_buf_puts(out, "{");
	web_buf_json_key(out, &f, "game");
	web_buf_json_string(out, game);
	if (preset) {
		web_buf_json_key(out, &f, "preset");
		web_buf_json_string(out, preset);
	}
	ladder_json(web_store_lock(st), game, preset, out, &f);
	web_store_unlock(st);
	web_buf_puts(out, "}");
	return (web_result){.code = 200};
}

static void game_rating_row(sqlite3_stmt *q, web_buf *out, bool *f)
{
	standing_json(q, "game", out, f);
}

static void preset_rating_row(sqlite3_stmt *q, web_buf *out, bool *f)
{
	text_json(q, 4, "game", out, f);
	standing_json(q, "preset", out, f);
}

static void record_row(sqlite3_stmt *q, web_buf *out, bool *f)
{
	text_json(q, 0, "game", out, f);
	text_json(q, 1, "preset", out, f);
	wdl_json(q, 2, out, f);
}

void web_ratings_player_json(web_store *st, const char *name, web_buf *out, bool *first)
{
	sqlite3 *db = web_store_lock(st);
	web_buf_json_key(out, first, "ratings");
	rows_json(db, "SELECT game, rating, deviation, games FROM ratings WHERE player = ?"
		  " ORDER BY game", name, NULL, game_rating_row, out);
	web_buf_json_key(out, first, "preset_ratings");
	rows_json(db, "SELECT preset, rating, deviation, games, game FROM preset_ratings"
		  " WHERE player = ? ORDER BY game, preset", name, NULL, preset_rating_row, out);
	web_buf_json_key(out, first, "records");
	rows_json(db, "SELECT s.game, s.preset, " WDL_SQL " FROM results s WHERE s.player = ?"
		  " GROUP BY s.game, s.preset ORDER BY s.game, s.preset", name, NULL, record_row,
		  out);
	web_store_unlock(st);
}

bool web_ratings_known(web_store *st, const char *name)
{
	sqlite3 *db = web_store_lock(st);
	sqlite3_stmt *q = NULL;
	bool found = false;
	if (sqlite3_prepare_v2(db, "SELECT 1 FROM results WHERE player = ? LIMIT 1", -1, &q,
			       NULL) == SQLITE_OK) {
		sqlite3_bind_text(q, 1, name, -1, SQLITE_TRANSIENT);
		found = sqlite3_step(q) == SQLITE_ROW;
	}
	sqlite3_finalize(q);
	web_store_unlock(st);
	return found;
}

/* A player's games: an account's seats (rated or not), an agent's rated games; each
 * row the table's id, game, creation and the player's score or NULL. A page anyone may
 * read: private tables are left out (their id is their link's secret). */
static const char *const games_sql[2] = {
	"SELECT s.table_id, s.game, t.created, s.score FROM results s JOIN tables t"
	" ON t.id = s.table_id WHERE s.player = ? AND t.unlisted = 0 ORDER BY s.at DESC"
	" LIMIT 100",
	"SELECT DISTINCT t.id, t.game, t.created, (SELECT AVG(r.score) FROM results r"
	" WHERE r.table_id = t.id AND r.player = s.name) FROM account_seats s JOIN tables t"
	" ON t.id = s.table_id WHERE s.name = ? AND t.unlisted = 0 ORDER BY t.created DESC"
	" LIMIT 100"};

static void game_row(sqlite3_stmt *q, web_buf *out, bool *f)
{
	text_json(q, 0, "id", out, f);
	text_json(q, 1, "game", out, f);
	web_buf_json_key(out, f, "created");
	web_buf_printf(out, "%lld", (long long)sqlite3_column_int64(q, 2));
	if (sqlite3_column_type(q, 3) != SQLITE_NULL) { /* rated: 1 won, 0 lost */
		web_buf_json_key(out, f, "score");
		web_buf_json_number(out, sqlite3_column_double(q, 3));
	}
}

void web_ratings_games_json(web_store *st, const char *name, bool account, web_buf *out,
			    bool *first)
{
	sqlite3 *db = web_store_lock(st);
	web_buf_json_key(out, first, "games");
	rows_json(db, games_sql[account], name, NULL, game_row, out);
	web_store_unlock(st);
}
