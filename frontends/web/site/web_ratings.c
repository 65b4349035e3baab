/* Ratings (web_ratings.h): a finished game's seats as players (the account that holds
 * the seat, or "agent:SPEC"), their Glicko-2 standings by game and by preset updated
 * with the game as one rating period (each opponent a game: the better rank scores 1,
 * equal ranks 0.5), and the result kept by player, game and preset (the mark that the
 * game is rated), all in one transaction of the store (web_store_rate). */
#include "web_ratings.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bones/glicko2.h"
#include "bones/i18n.h"
#include "bones/options.h"
#include "bones/preset.h"
#include "web_table.h"

#define PLAYER_NAME 80
#define WEB_HISTORY_MAX 1000 /* rated games in a player's rating history */

/* The player at seat: its account's name, "agent:SPEC", or "" (anonymous: unrated). */
static void seat_player(web_store *st, const web_table *t, int seat, char *out, size_t cap)
{
	const web_seat_row *s = web_table_seat_row(t, seat);
	out[0] = '\0';
	if (!strcmp(s->kind, "agent")) {
		snprintf(out, cap, WEB_AGENT_PREFIX "%.60s", s->agent);
	} else if (!strcmp(s->kind, "engine")) { /* the operator's engine, "engine:NAME" */
		char name[64];
		web_engine_seat_name(s, name, sizeof name);
		snprintf(out, cap, WEB_ENGINE_PREFIX "%s", name);
	} else if (s->token[0]) {
		web_store_seat_owner(st, t->row.id, s->token, out, cap);
	}
}

/* Every seat's player into names; false when the game is not rated (an anonymous seat,
 * no account at all: agents and engines only, or one player in two seats). */
static bool rated_players(web_store *st, const web_table *t, int n,
			  char (*names)[PLAYER_NAME])
{
	bool account = false;
	for (int i = 0; i < n; i++) {
		seat_player(st, t, i, names[i], PLAYER_NAME);
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

static bones_glicko2 glicko_of(const web_standing *s)
{
	bones_glicko2 p;
	bones_glicko2_init(&p); /* a newcomer's */
	if (!isnan(s->rating))
		p = (bones_glicko2){s->rating, s->deviation, s->volatility};
	return p;
}

/* web_rate_fn: each player's standing after the game against every opponent's before
 * it, in both scopes; user: the ranks. */
static void rate(void *user, int n, const web_standing (*before)[WEB_MAX_SEATS],
		 web_standing (*after)[WEB_MAX_SEATS], double *scores)
{
	const int *ranks = user;
	for (int scope = 0; scope < WEB_RATING_SCOPES; scope++) {
		for (int i = 0; i < n; i++) {
			bones_glicko2_game vs[WEB_MAX_SEATS];
			double sum = 0;
			size_t k = 0;
			for (int j = 0; j < n; j++) {
				if (j == i)
					continue;
				bones_glicko2 o = glicko_of(&before[scope][j]);
				double score = ranks[i] < ranks[j] ? 1 : ranks[i] == ranks[j] ? 0.5 : 0;
				vs[k++] = (bones_glicko2_game){o.rating, o.deviation, score};
				sum += score;
			}
			bones_glicko2 p = glicko_of(&before[scope][i]);
			bones_glicko2_update(&p, vs, k, BONES_GLICKO2_TAU);
			after[scope][i] = (web_standing){p.rating, p.deviation, p.volatility,
							 before[scope][i].games + 1};
			scores[i] = sum / (double)k;
		}
	}
}

/* Whether t plays its preset as the preset says, but for the number of players (a
 * table's seats, a tournament's pairing): options another variant's count for the
 * game's ladder, not the preset's. The preset is read from its file with the table's
 * own plugin, never through the tables' registry: that lock is taken before a table's
 * (the ticker's order), and t->lock is held here. */
static bool as_preset(const web_table *t)
{
	bones_preset *preset = malloc(sizeof *preset);
	bones_options opts;
	char err[300], text[sizeof t->row.options], path[1024];
	bool same = false, ok = false;
	if (preset && !bones_preset_find(t->row.preset, path, sizeof path))
		ok = !bones_preset_load(path, preset, err, sizeof err) &&
		     !strcmp(preset->plugin, t->plugin->id);
	else if (preset && !strcmp(t->row.preset, t->plugin->id)) /* the game itself */
		bones_preset_default(preset, t->plugin), ok = true;
	if (ok && !bones_preset_options(preset, t->plugin, &opts, err, sizeof err)) {
		const char *players = strstr(t->row.options, "players=");
		if (players && (players == t->row.options || players[-1] == ' ')) {
			char value[16];
			snprintf(value, sizeof value, "%.*s", (int)strcspn(players + 8, " "),
				 players + 8);
			bones_options_set(&opts, "players", value, err, sizeof err);
		}
		same = bones_options_format(&opts, true, text, sizeof text) < sizeof text &&
		       !strcmp(text, t->row.options);
		bones_options_release(&opts);
	}
	free(preset);
	return same;
}

void web_ratings_game_over(web_tables *ts, web_table *t)
{
	int n = t->row.seat_count, game_no = bones_table_game_index(t->table);
	if (!bones_table_over(t->table) || bones_table_aborted(t->table) || n < 2 ||
	    n > WEB_MAX_SEATS)
		return; /* an aborted game is never rated */
	double scores[WEB_MAX_SEATS];
	int ranks[WEB_MAX_SEATS];
	char names[WEB_MAX_SEATS][PLAYER_NAME], err[300];
	bones_table_result(t->table, scores, ranks);
	if (!rated_players(web_tables_store(ts), t, n, names))
		return;
	web_rated_game g = {.table_id = t->row.id, .game_no = game_no, .game = t->row.game,
			    .preset = as_preset(t) ? t->row.preset : "",
			    .at = web_clock_now(ts) / 1000, .players = n};
	for (int i = 0; i < n; i++)
		g.names[i] = names[i];
	bool rated;
	if (web_store_rate(web_tables_store(ts), &g, rate, ranks, &rated, err, sizeof err))
		web_log("table %s: game %d is not rated: %s", t->row.id, game_no + 1, err);
	else if (rated)
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

/* Which members a row gives: standings under a key, wins/draws/losses, game, preset,
 * "bot": true for a bot account's. */
enum { ROW_STANDING = 1, ROW_WDL = 2, ROW_GAME = 4, ROW_PRESET = 8, ROW_BOT = 16 };

/* One row as a JSON object; a standing's key (r->name) is the member key. bots: with
 * ROW_BOT. */
static void row_json(const web_rating_row *r, const char *key, int members, web_bots *bots,
		     web_buf *out)
{
	bool f = true;
	web_buf_puts(out, "{");
	if (members & ROW_GAME) {
		web_buf_json_key(out, &f, "game");
		web_buf_json_string(out, r->game);
	}
	if (members & ROW_PRESET) {
		web_buf_json_key(out, &f, "preset");
		web_buf_json_string(out, r->preset);
	}
	if (members & ROW_STANDING) {
		web_buf_json_key(out, &f, key);
		web_buf_json_string(out, r->name);
		web_buf_json_key(out, &f, "rating");
		web_buf_printf(out, "%.0f", r->rating);
		web_buf_json_key(out, &f, "deviation");
		web_buf_printf(out, "%.0f", r->deviation);
		web_buf_json_key(out, &f, "games");
		web_buf_printf(out, "%d", r->games);
	}
	if ((members & ROW_BOT) && web_bots_is(bots, r->name)) {
		web_buf_json_key(out, &f, "bot");
		web_buf_puts(out, "true");
	}
	if (members & ROW_WDL) {
		web_buf_json_key(out, &f, "wins");
		web_buf_printf(out, "%d", r->wins);
		web_buf_json_key(out, &f, "draws");
		web_buf_printf(out, "%d", r->draws);
		web_buf_json_key(out, &f, "losses");
		web_buf_printf(out, "%d", r->losses);
	}
	web_buf_puts(out, "}");
}

static void rows_json(const web_rating_row *rows, size_t n, const char *key, int members,
		      web_bots *bots, web_buf *out)
{
	web_buf_puts(out, "[");
	for (size_t i = 0; i < n; i++) {
		web_buf_puts(out, i ? "," : "");
		row_json(&rows[i], key, members, bots, out);
	}
	web_buf_puts(out, "]");
}

web_result web_ratings_ladder(web_tables *ts, web_bots *bots, const char *path, web_buf *out)
{
	char game[64];
	const char *slash = strchr(path, '/'), *preset = slash ? slash + 1 : NULL;
	size_t len = slash ? (size_t)(slash - path) : strlen(path);
	if (!len || len >= sizeof game)
		return fail(404, _("no such game"));
	if (preset && (!preset[0] || strlen(preset) > 63 || strchr(preset, '/')))
		return fail(404, _("no such preset"));
	snprintf(game, sizeof game, "%.*s", (int)len, path);
	web_rating_row *rows = malloc(WEB_LADDER_MAX * sizeof *rows);
	if (!rows)
		return fail(500, _("out of memory"));
	bool f = true;
	web_buf_puts(out, "{");
	web_buf_json_key(out, &f, "game");
	web_buf_json_string(out, game);
	if (preset) {
		web_buf_json_key(out, &f, "preset");
		web_buf_json_string(out, preset);
	}
	size_t n = web_store_rated_presets(web_tables_store(ts), game, rows, WEB_LADDER_MAX);
	web_buf_json_key(out, &f, "presets");
	web_buf_puts(out, "[");
	for (size_t i = 0; i < n; i++) {
		web_buf_puts(out, i ? "," : "");
		web_buf_json_string(out, rows[i].preset);
	}
	web_buf_puts(out, "]");
	n = web_store_ladder(web_tables_store(ts), game, preset, rows, WEB_LADDER_MAX);
	web_buf_json_key(out, &f, "players");
	rows_json(rows, n, "name", ROW_STANDING | ROW_WDL | ROW_BOT, bots, out);
	web_buf_puts(out, "}");
	free(rows);
	return (web_result){.code = 200};
}

/* The player's "history": [{"game", "at", "rating", "deviation"}] by game, oldest
 * first: the rating after each rated game (the page's graph per ladder). */
static void history_json(web_store *st, const char *name, web_buf *out, bool *first)
{
	web_rating_point *points = malloc(WEB_HISTORY_MAX * sizeof *points);
	size_t n = points ? web_store_rating_history(st, name, points, WEB_HISTORY_MAX) : 0;
	web_buf_json_key(out, first, "history");
	web_buf_puts(out, "[");
	for (size_t i = 0; i < n; i++) {
		web_buf_puts(out, i ? ",{" : "{");
		bool f = true;
		web_buf_json_key(out, &f, "game");
		web_buf_json_string(out, points[i].game);
		web_buf_json_key(out, &f, "at");
		web_buf_printf(out, "%lld", (long long)points[i].at);
		web_buf_json_key(out, &f, "rating");
		web_buf_printf(out, "%.0f", points[i].rating);
		web_buf_json_key(out, &f, "deviation");
		web_buf_printf(out, "%.0f", points[i].deviation);
		web_buf_puts(out, "}");
	}
	web_buf_puts(out, "]");
	free(points);
}

void web_ratings_player_json(web_store *st, const char *name, web_buf *out, bool *first)
{
	static const struct {
		const char *member, *key;
		int members;
	} kinds[WEB_PLAYER_ROWS] = {
		[WEB_PLAYER_RATINGS] = {"ratings", "game", ROW_STANDING},
		[WEB_PLAYER_PRESET_RATINGS] = {"preset_ratings", "preset", ROW_GAME | ROW_STANDING},
		[WEB_PLAYER_RECORDS] = {"records", "", ROW_GAME | ROW_PRESET | ROW_WDL}};
	web_rating_row *rows = malloc(WEB_LADDER_MAX * sizeof *rows);
	for (int k = 0; k < WEB_PLAYER_ROWS; k++) {
		size_t n = rows ? web_store_player_rows(st, name, k, rows, WEB_LADDER_MAX) : 0;
		web_buf_json_key(out, first, kinds[k].member);
		rows_json(rows, n, kinds[k].key, kinds[k].members, NULL, out);
	}
	free(rows);
	history_json(st, name, out, first);
}

bool web_ratings_known(web_store *st, const char *name)
{
	return web_store_rated_player(st, name);
}

void web_ratings_games_json(web_store *st, const char *name, bool account, web_buf *out,
			    bool *first)
{
	web_player_game *games = malloc(100 * sizeof *games);
	size_t n = games ? web_store_player_games(st, name, account, games, 100) : 0;
	web_buf_json_key(out, first, "games");
	web_buf_puts(out, "[");
	for (size_t i = 0; i < n; i++) {
		bool f = true;
		web_buf_puts(out, i ? ",{" : "{");
		web_buf_json_key(out, &f, "id");
		web_buf_json_string(out, games[i].id);
		web_buf_json_key(out, &f, "game");
		web_buf_json_string(out, games[i].game);
		web_buf_json_key(out, &f, "created");
		web_buf_printf(out, "%lld", (long long)games[i].created);
		if (!isnan(games[i].score)) { /* rated: 1 won, 0 lost */
			web_buf_json_key(out, &f, "score");
			web_buf_json_number(out, games[i].score);
		}
		char opponents[WEB_MAX_SEATS][64];
		size_t k = web_store_opponents(st, games[i].id, name, account, opponents,
					       WEB_MAX_SEATS);
		web_buf_json_key(out, &f, "opponents");
		web_buf_puts(out, "[");
		for (size_t j = 0; j < k; j++) {
			web_buf_puts(out, j ? "," : "");
			web_buf_json_string(out, opponents[j]);
		}
		web_buf_puts(out, "]}");
	}
	web_buf_puts(out, "]");
	free(games);
}
