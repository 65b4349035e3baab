/* web_store, the ratings' rows (web_store.h): Glicko-2 standings by player and game and
 * by player, game and preset, every rated game's result by player (the mark that the
 * game is rated), and the ladders, pages and records read from them. The statements of
 * web_ratings.c, which does the arithmetic and the JSON. */
#include "web_store_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bones/i18n.h"

/* ---- rating a game ---------------------------------------------------------------- */

static bool already_rated(web_store *st, const web_rated_game *g)
{
	web_db_stmt *q = web_store_prepare(st,
			"SELECT 1 FROM results WHERE table_id = ? AND game_no = ?",
			g->table_id, NULL, NULL);
	if (!q)
		return true; /* a failing query rates nothing */
	web_db_bind_int64(q, 2, g->game_no);
	bool found = web_db_step(q) != WEB_DB_DONE;
	web_db_finalize(q);
	return found;
}

static const char *const standing_sql[WEB_RATING_SCOPES] = {
	"SELECT rating, deviation, volatility, games FROM ratings WHERE player = ? AND game = ?",
	"SELECT rating, deviation, volatility, games FROM preset_ratings WHERE player = ? AND"
	" game = ? AND preset = ?"};

/* A player's standing in one scope into s (games 0, rating NAN: a newcomer's). */
static void standing(web_store *st, const web_rated_game *g, int scope, const char *name,
		     web_standing *s)
{
	web_db_stmt *q = web_store_prepare(st, standing_sql[scope], name, g->game,
					    scope == WEB_BY_PRESET ? g->preset : NULL);
	*s = (web_standing){.rating = NAN};
	if (q && web_db_step(q) == WEB_DB_ROW)
		*s = (web_standing){web_db_double(q, 0), web_db_double(q, 1),
				    web_db_double(q, 2), web_db_int(q, 3)};
	web_db_finalize(q);
}

#define STANDING_SET "rating = excluded.rating, deviation = excluded.deviation," \
	" volatility = excluded.volatility, games = excluded.games"

static const char *const store_sql[WEB_RATING_SCOPES] = {
	"INSERT INTO ratings VALUES(?,?,?,?,?,?) ON CONFLICT(player, game) DO UPDATE SET"
	" " STANDING_SET,
	"INSERT INTO preset_ratings(player, game, rating, deviation, volatility, games, preset)"
	" VALUES(?,?,?,?,?,?,?) ON CONFLICT(player, game, preset) DO UPDATE SET " STANDING_SET};

static bool store_standing(web_store *st, const web_rated_game *g, int scope,
			   const char *name, const web_standing *s)
{
	web_db_stmt *q = web_store_prepare(st, store_sql[scope], name, g->game, NULL);
	if (!q)
		return false;
	web_db_bind_double(q, 3, s->rating);
	web_db_bind_double(q, 4, s->deviation);
	web_db_bind_double(q, 5, s->volatility);
	web_db_bind_int64(q, 6, s->games);
	if (scope == WEB_BY_PRESET)
		web_db_bind_text(q, 7, g->preset);
	bool ok = web_db_step(q) == WEB_DB_DONE;
	web_db_finalize(q);
	return ok;
}

static bool store_result(web_store *st, const web_rated_game *g, int i, const web_standing *s,
			 double score)
{
	int64_t game_no = g->game_no, at = g->at;
	const void *args[] = {g->table_id, &game_no, g->names[i], g->game, g->preset, &score,
			      &s->rating, &s->deviation, &at};
	char err[256]; /* web_store_rate says why, from the database's last error */
	return !web_store_run(st, "INSERT INTO results VALUES(?,?,?,?,?,?,?,?,?)", "titttdddi",
			      args, err, sizeof err);
}

/* The standings before, fn's after, and the results written. st->lock held, in the
 * transaction. */
static bool rate_locked(web_store *st, const web_rated_game *g, web_rate_fn fn, void *user)
{
	web_standing before[WEB_RATING_SCOPES][WEB_MAX_SEATS];
	web_standing after[WEB_RATING_SCOPES][WEB_MAX_SEATS];
	double scores[WEB_MAX_SEATS];
	for (int scope = 0; scope < WEB_RATING_SCOPES; scope++)
		for (int i = 0; i < g->players; i++)
			standing(st, g, scope, g->names[i], &before[scope][i]);
	fn(user, g->players, before, after, scores);
	for (int i = 0; i < g->players; i++)
		if (!store_standing(st, g, WEB_BY_GAME, g->names[i], &after[WEB_BY_GAME][i]) ||
		    (g->preset[0] && /* "": another variant than any preset's */
		     !store_standing(st, g, WEB_BY_PRESET, g->names[i], &after[WEB_BY_PRESET][i])) ||
		    !store_result(st, g, i, &after[WEB_BY_GAME][i], scores[i]))
			return false;
	return true;
}

int web_store_rate(web_store *st, const web_rated_game *g, web_rate_fn fn, void *user,
		   bool *rated, char *err, size_t errcap)
{
	*rated = false;
	pthread_mutex_lock(&st->lock);
	int rc = web_db_begin(st->db);
	if (!rc && !already_rated(st, g)) {
		rc = !rate_locked(st, g, fn, user);
		*rated = !rc;
	}
	if (rc)
		web_store_fail(st, _("cannot rate the game"), err, errcap);
	web_db_exec(st->db, *rated ? "COMMIT" : "ROLLBACK");
	pthread_mutex_unlock(&st->lock);
	return rc;
}

/* ---- reading ---------------------------------------------------------------------- */

#define WDL_SQL "SUM(CASE WHEN s.score > 0.5 THEN 1 ELSE 0 END)," \
	" SUM(CASE WHEN s.score = 0.5 THEN 1 ELSE 0 END)," \
	" SUM(CASE WHEN s.score < 0.5 THEN 1 ELSE 0 END)"

/* The rows of q (its columns as `columns` says, in that order) into out; how many. */
static size_t rating_rows(web_db_stmt *q, const char *columns, web_rating_row *out,
			  size_t cap)
{
	size_t n = 0;
	while (q && n < cap && web_db_step(q) == WEB_DB_ROW) {
		web_rating_row *r = &out[n++];
		memset(r, 0, sizeof *r);
		for (int c = 0; columns[c]; c++) {
			switch (columns[c]) {
			case 'n': web_store_text(r->name, sizeof r->name, q, c); break;
			case 'g': web_store_text(r->game, sizeof r->game, q, c); break;
			case 'p': web_store_text(r->preset, sizeof r->preset, q, c); break;
			case 'r': r->rating = web_db_double(q, c); break;
			case 'd': r->deviation = web_db_double(q, c); break;
			case 'c': r->games = web_db_int(q, c); break;
			case 'w': r->wins = web_db_int(q, c); break;
			case '=': r->draws = web_db_int(q, c); break;
			case 'l': r->losses = web_db_int(q, c); break;
			}
		}
	}
	web_db_finalize(q);
	return n;
}

static const char *const ladder_sql[WEB_RATING_SCOPES] = {
	"SELECT r.player, r.rating, r.deviation, r.games, " WDL_SQL " FROM ratings r LEFT JOIN"
	" results s ON s.player = r.player AND s.game = r.game WHERE r.game = ?1"
	" GROUP BY r.player, r.game ORDER BY r.rating DESC, r.player LIMIT 200",
	"SELECT r.player, r.rating, r.deviation, r.games, " WDL_SQL " FROM preset_ratings r"
	" LEFT JOIN results s ON s.player = r.player AND s.game = r.game AND"
	" s.preset = r.preset WHERE r.game = ?1 AND r.preset = ?2"
	" GROUP BY r.player, r.game, r.preset ORDER BY r.rating DESC, r.player LIMIT 200"};

size_t web_store_ladder(web_store *st, const char *game, const char *preset,
			web_rating_row *out, size_t cap)
{
	pthread_mutex_lock(&st->lock);
	web_db_stmt *q = web_store_prepare(st, ladder_sql[preset ? WEB_BY_PRESET : WEB_BY_GAME],
					    game, preset, NULL);
	size_t n = rating_rows(q, "nrdcw=l", out, cap);
	pthread_mutex_unlock(&st->lock);
	return n;
}

size_t web_store_rated_presets(web_store *st, const char *game, web_rating_row *out,
			       size_t cap)
{
	pthread_mutex_lock(&st->lock);
	web_db_stmt *q = web_store_prepare(st,
			"SELECT DISTINCT preset FROM preset_ratings WHERE game = ?"
			" ORDER BY preset", game, NULL, NULL);
	size_t n = rating_rows(q, "p", out, cap);
	pthread_mutex_unlock(&st->lock);
	return n;
}

static const char *const player_sql[WEB_PLAYER_ROWS] = {
	"SELECT game, rating, deviation, games FROM ratings WHERE player = ? ORDER BY game",
	"SELECT preset, rating, deviation, games, game FROM preset_ratings WHERE player = ?"
	" ORDER BY game, preset",
	"SELECT s.game, s.preset, " WDL_SQL " FROM results s WHERE s.player = ?"
	" GROUP BY s.game, s.preset ORDER BY s.game, s.preset"};
static const char *const player_columns[WEB_PLAYER_ROWS] = {"nrdc", "nrdcg", "gpw=l"};

size_t web_store_player_rows(web_store *st, const char *name, int kind, web_rating_row *out,
			     size_t cap)
{
	pthread_mutex_lock(&st->lock);
	web_db_stmt *q = web_store_prepare(st, player_sql[kind], name, NULL, NULL);
	size_t n = rating_rows(q, player_columns[kind], out, cap);
	pthread_mutex_unlock(&st->lock);
	return n;
}

bool web_store_rated_player(web_store *st, const char *name)
{
	pthread_mutex_lock(&st->lock);
	web_db_stmt *q = web_store_prepare(st, "SELECT 1 FROM results WHERE player = ? LIMIT 1",
					    name, NULL, NULL);
	bool found = q && web_db_step(q) == WEB_DB_ROW;
	web_db_finalize(q);
	pthread_mutex_unlock(&st->lock);
	return found;
}

/* A player's games: an account's seats (rated or not), an agent's rated games; the
 * table's id, game, creation and the player's score or NULL. Private tables are left
 * out (their id is their link's secret). */
static const char *const games_sql[2] = {
	"SELECT s.table_id, s.game, t.created, s.score FROM results s JOIN tables t"
	" ON t.id = s.table_id WHERE s.player = ? AND t.unlisted = 0 ORDER BY s.at DESC"
	" LIMIT 100",
	"SELECT DISTINCT t.id, t.game, t.created, (SELECT AVG(r.score) FROM results r"
	" WHERE r.table_id = t.id AND r.player = s.name) FROM account_seats s JOIN tables t"
	" ON t.id = s.table_id WHERE s.name = ? AND t.unlisted = 0 ORDER BY t.created DESC"
	" LIMIT 100"};

size_t web_store_player_games(web_store *st, const char *name, bool account,
			      web_player_game *out, size_t cap)
{
	size_t n = 0;
	pthread_mutex_lock(&st->lock);
	web_db_stmt *q = web_store_prepare(st, games_sql[account], name, NULL, NULL);
	while (q && n < cap && web_db_step(q) == WEB_DB_ROW) {
		web_player_game *g = &out[n++];
		web_store_text(g->id, sizeof g->id, q, 0);
		web_store_text(g->game, sizeof g->game, q, 1);
		g->created = web_db_int64(q, 2);
		g->score = web_db_null(q, 3) ? NAN
								    : web_db_double(q, 3);
	}
	web_db_finalize(q);
	pthread_mutex_unlock(&st->lock);
	return n;
}

/* The seats that are not the player's: an account's by its seats' tokens, an agent's
 * ("agent:SPEC") by its spec. */
static const char *const opponents_sql[2] = {
	"SELECT name FROM seats WHERE table_id = ?1 AND NOT (kind = 'agent' AND"
	" 'agent:' || agent = ?2) ORDER BY seat",
	"SELECT name FROM seats WHERE table_id = ?1 AND token NOT IN (SELECT token FROM"
	" account_seats WHERE table_id = ?1 AND name = ?2) ORDER BY seat"};

size_t web_store_opponents(web_store *st, const char *table_id, const char *name,
			   bool account, char (*out)[64], size_t cap)
{
	size_t n = 0;
	pthread_mutex_lock(&st->lock);
	web_db_stmt *q = web_store_prepare(st, opponents_sql[account], table_id, name, NULL);
	while (q && n < cap && web_db_step(q) == WEB_DB_ROW)
		web_store_text(out[n++], sizeof *out, q, 0);
	web_db_finalize(q);
	pthread_mutex_unlock(&st->lock);
	return n;
}

size_t web_store_rating_history(web_store *st, const char *name, web_rating_point *out,
				size_t cap)
{
	size_t n = 0;
	char limit[24];
	snprintf(limit, sizeof limit, "%zu", cap);
	pthread_mutex_lock(&st->lock);
	web_db_stmt *q = web_store_prepare(st,
			"SELECT game, at, rating, deviation FROM (SELECT game, at, rating,"
			" deviation, table_id, game_no FROM results WHERE player = ?1 ORDER BY"
			" at DESC, table_id DESC, game_no DESC LIMIT CAST(?2 AS BIGINT)) h"
			" ORDER BY game, at, table_id, game_no", name, limit, NULL);
	while (q && n < cap && web_db_step(q) == WEB_DB_ROW) {
		web_rating_point *p = &out[n++];
		web_store_text(p->game, sizeof p->game, q, 0);
		p->at = web_db_int64(q, 1);
		p->rating = web_db_double(q, 2);
		p->deviation = web_db_double(q, 3);
	}
	web_db_finalize(q);
	pthread_mutex_unlock(&st->lock);
	return n;
}
