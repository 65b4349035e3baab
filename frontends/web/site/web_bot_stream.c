/* A bot's own event stream (web_bot_stream.h): each look takes the account's open
 * challenges (as GET /api/challenges gives them), its games (the seats of "my games")
 * and a digest of the open seeks, and writes the differences from the last look. */
#include "web_bot_stream.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"
#include "web_table.h"

#define WATCH_CHALLENGES WEB_CHALLENGES_MAX /* open challenges to one bot followed */

struct watch_game {
	char id[40];
	int seat;          /* from 1 */
	bool over, turn;
	bool finished;     /* over for good (a match's last game too): not read again */
	size_t length;     /* the history's length when it last was the bot's turn */
};

struct web_bot_watch {
	web_site *site;
	char name[WEB_NAME_MAX + 1];
	char open[WATCH_CHALLENGES][24]; /* the open challenges to the bot, last look */
	int open_count;
	struct watch_game games[WEB_MINE_MAX];
	int game_count;
	uint64_t seeks;    /* a digest of the open seeks' ids, last look */
};

web_result web_bot_watch_create(web_site *site, const char *session, web_bot_watch **out)
{
	char name[WEB_NAME_MAX + 1];
	*out = NULL;
	if (!web_site_person(site, session, name, sizeof name))
		return web_result_of(401, NULL, "%s", _("bot stream: log in as the bot first"));
	if (!web_bots_is(web_site_bots(site), name))
		return web_result_of(403, NULL, _("bot stream: '%s' is not a bot account (one "
						  "created with \"bot\": true)"), name);
	web_bot_watch *w = calloc(1, sizeof *w);
	if (!w)
		return web_result_of(500, NULL, "%s", _("out of memory"));
	w->site = site;
	snprintf(w->name, sizeof w->name, "%s", name);
	*out = w;
	return web_result_of(200, NULL, "ok");
}

void web_bot_watch_destroy(web_bot_watch *w)
{
	free(w);
}

static void event(web_buf *out, const char *name, const char *key, const char *id,
		  const char *more)
{
	web_buf_printf(out, "event: %s\ndata: {\"%s\":", name, key);
	web_buf_json_string(out, id);
	web_buf_printf(out, "%s}\n\n", more);
}

/* The open challenges to the bot: new ones told, gone ones told with their state. */
static void challenges(web_bot_watch *w, web_buf *out)
{
	web_buf list;
	web_json_doc doc;
	char err[200], was[WATCH_CHALLENGES][24];
	int was_count = w->open_count;
	memcpy(was, w->open, sizeof was);
	web_buf_init(&list);
	web_challenges_handle(web_site_challenges(w->site), "GET", "/api/challenges", w->name,
			      NULL, &list);
	bool ok = !list.failed && web_json_parse(&doc, list.data, list.len, err, sizeof err);
	web_buf_release(&list);
	if (!ok)
		return;
	const web_json *in = web_json_get(doc.root, "incoming");
	w->open_count = 0;
	for (const web_json *k = in && in->type == WEB_JSON_ARRAY ? in->child : NULL; k;
	     k = k->next) {
		const char *id = web_json_string(k, "id"), *state = web_json_string(k, "state");
		bool open = id && state && !strcmp(state, "open") && strlen(id) < 24;
		bool known = false;
		for (int i = 0; open && i < was_count && !known; i++)
			if (!strcmp(was[i], id))
				known = true, was[i][0] = '\0';
		if (open && w->open_count < WATCH_CHALLENGES)
			snprintf(w->open[w->open_count++], 24, "%s", id);
		if (open && !known) {
			web_buf more;
			web_buf_init(&more);
			web_buf_puts(&more, ",\"from\":");
			const char *from = web_json_string(k, "from"), *game = web_json_string(k, "game");
			web_buf_json_string(&more, from ? from : "");
			web_buf_puts(&more, ",\"game\":");
			web_buf_json_string(&more, game ? game : "");
			event(out, "challenge", "id", id, more.failed ? "" : more.data);
			web_buf_release(&more);
		} else if (!open && id) { /* ended since: its state now */
			for (int i = 0; i < was_count; i++)
				if (!strcmp(was[i], id)) {
					was[i][0] = '\0';
					web_buf more;
					web_buf_init(&more);
					web_buf_puts(&more, ",\"state\":");
					web_buf_json_string(&more, state ? state : "");
					event(out, "challenge_gone", "id", id,
					      more.failed ? "" : more.data);
					web_buf_release(&more);
				}
		}
	}
	for (int i = 0; i < was_count; i++) /* forgotten by the server: expired */
		if (was[i][0])
			event(out, "challenge_gone", "id", was[i], ",\"state\":\"expired\"");
	web_json_release(&doc);
}

/* Game g (fresh: not seen before) as it is now: its events. */
static void game_now(struct watch_game *g, bool fresh, bool over,
		     bool turn, size_t length, web_buf *out)
{
	char seat[32];
	snprintf(seat, sizeof seat, ",\"seat\":%d", g->seat);
	if (fresh && !over) /* on the first look: each game in progress */
		event(out, "game_start", "table", g->id, seat);
	if (turn && (fresh || !g->turn || g->length != length))
		event(out, "turn", "table", g->id, seat);
	if (over && !g->over && !fresh)
		event(out, "game_over", "table", g->id, seat);
	g->over = over, g->turn = turn;
	if (turn)
		g->length = length;
}

/* The bot's games (newest first, as "my games" has them): started, its turn, over. */
static void games(web_bot_watch *w, web_buf *out)
{
	web_tables *ts = web_site_tables(w->site);
	web_seat_ref seats[WEB_MINE_MAX];
	struct watch_game now[WEB_MINE_MAX];
	size_t n = web_store_account_seats(web_tables_store(ts), w->name, seats, WEB_MINE_MAX);
	int count = 0;
	for (size_t i = 0; i < n; i++) {
		struct watch_game *g = NULL;
		for (int j = 0; j < w->game_count && !g; j++)
			if (!strcmp(w->games[j].id, seats[i].id))
				g = &w->games[j];
		if (g && g->finished) {
			now[count++] = *g;
			continue;
		}
		web_table *t = web_tables_find(ts, seats[i].id);
		int seat = t ? web_table_seat_of(t, seats[i].token) : -1;
		if (seat < 0) {
			web_tables_put(ts, t);
			continue;
		}
		pthread_mutex_lock(&t->lock);
		bool over = web_table_over(t), finished = web_table_finished(t);
		int at = web_table_seat_now(t, seat);
		bool turn = !over && at >= 0 && at == bones_session_to_move(t->s);
		size_t length = bones_session_length(t->s);
		pthread_mutex_unlock(&t->lock);
		web_tables_put(ts, t);
		struct watch_game fresh = {.seat = seat + 1};
		memcpy(fresh.id, seats[i].id, sizeof fresh.id);
		fresh.id[sizeof fresh.id - 1] = '\0';
		bool is_new = !g;
		now[count] = g ? *g : fresh;
		game_now(&now[count], is_new, over, turn, length, out);
		now[count].finished = finished;
		count++;
	}
	memcpy(w->games, now, (size_t)count * sizeof now[0]);
	w->game_count = count;
}

/* "seeks" when the open seeks changed (and some are open). */
static void seeks(web_bot_watch *w, web_buf *out)
{
	web_buf list;
	web_json_doc doc;
	char err[200];
	web_buf_init(&list);
	web_seeks_handle(web_site_seeks(w->site), "GET", "/api/seeks", w->name, NULL, &list);
	bool ok = !list.failed && web_json_parse(&doc, list.data, list.len, err, sizeof err);
	web_buf_release(&list);
	if (!ok)
		return;
	const web_json *open = web_json_get(doc.root, "seeks");
	uint64_t digest = 1469598103934665603ull;
	int count = 0;
	for (const web_json *k = open && open->type == WEB_JSON_ARRAY ? open->child : NULL; k;
	     k = k->next, count++)
		for (const char *p = web_json_string(k, "id"); p && *p; p++)
			digest = (digest ^ (unsigned char)*p) * 1099511628211ull;
	if (digest != w->seeks && count)
		web_buf_printf(out, "event: seeks\ndata: {\"open\":%d}\n\n", count);
	w->seeks = digest;
	web_json_release(&doc);
}

void web_bot_watch_events(web_bot_watch *w, web_buf *out)
{
	games(w, out); /* the games first: a bot that finished one has room for the next */
	challenges(w, out);
	seeks(w, out);
}

bool web_bot_session(web_site *site, const char *session, char *name, size_t cap)
{
	return session && web_bots_any(web_site_bots(site)) &&
	       web_accounts_name_of(web_site_accounts(site), session, name, cap) &&
	       web_bots_is(web_site_bots(site), name);
}
