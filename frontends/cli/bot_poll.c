/* `bones bot`'s look at the server on each wake-up (bot_poll.h). */
#include "bot_poll.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "bones/i18n.h"
#include "bot_api.h"
#include "bot_game.h"

/* Whether the bot accepts a challenge to game (a game or preset), as --accept says. */
static bool accepts(const bot_config *cfg, const char *game)
{
	size_t n = game ? strlen(game) : 0;
	if (!cfg->accept)
		return true;
	for (const char *p = cfg->accept; n && *p; p += strcspn(p, ",") + (p[strcspn(p, ",")] != 0))
		if (strcspn(p, ",") == n && !strncmp(p, game, n))
			return true;
	return false;
}

/* Games followed now and not known to be over (lock held). */
static long playing(const bot *b)
{
	long n = 0;
	for (int i = 0; i < BOT_GAMES_MAX; i++)
		n += b->games[i].used && !b->games[i].done && !b->games[i].over;
	return n;
}

/* Answer challenge k: accept or decline it as --accept says; one over --games waits. */
static void answer(bot *b, const web_json *k)
{
	const char *id = web_json_string(k, "id"), *game = web_json_string(k, "game");
	const char *from = web_json_string(k, "from"), *state = web_json_string(k, "state");
	char path[120];
	if (!id || !game || !state || strcmp(state, "open") || strlen(id) > 40)
		return;
	bool yes = accepts(b->cfg, game);
	pthread_mutex_lock(&b->lock);
	bool full = playing(b) >= b->cfg->games;
	pthread_mutex_unlock(&b->lock);
	if (yes && full)
		return;
	snprintf(path, sizeof path, "/api/challenges/%s/%s", id, yes ? "accept" : "decline");
	bot_http_reply r;
	bot_api_call(b, "POST", path, NULL, "{}", &r);
	printf(yes ? _("bones bot: challenge %s from %s (%s): accepted (%d)\n")
		   : _("bones bot: challenge %s from %s (%s): declined, not in --accept (%d)\n"),
	       id, from ? from : "?", game, r.status);
	fflush(stdout);
	bot_http_reply_release(&r);
}

static bool challenges(bot *b)
{
	bot_http_reply r;
	web_json_doc doc;
	bot_api_call(b, "GET", "/api/challenges", NULL, NULL, &r);
	bool ok = r.status == 200 && bot_api_json(&r, &doc);
	bot_http_reply_release(&r);
	if (!ok)
		return false;
	const web_json *in = web_json_get(doc.root, "incoming");
	for (const web_json *k = in && in->type == WEB_JSON_ARRAY ? in->child : NULL; k; k = k->next)
		answer(b, k);
	web_json_release(&doc);
	return true;
}

/* Whether member key of obj is true. */
static bool is_true(const web_json *obj, const char *key)
{
	const web_json *v = web_json_get(obj, key);
	return v && v->type == WEB_JSON_BOOL && v->boolean;
}

/* Table t of "my games": a running one followed (a thread started), a followed one
 * woken on the bot's turn and at its end (whoever ended it, its thread ends then).
 * Lock held. */
static void follow(bot *b, const web_json *t)
{
	const char *id = web_json_string(t, "id"), *token = web_json_string(t, "token");
	bool over = is_true(t, "over");
	int seat = (int)bot_api_number(t, "seat", 0);
	if (!id || !token || seat < 1)
		return;
	bot_game *free_slot = NULL;
	for (int i = 0; i < BOT_GAMES_MAX; i++) {
		bot_game *g = &b->games[i];
		if (g->used && !strcmp(g->id, id)) {
			g->wake |= over || is_true(t, "my_turn");
			g->over |= over;
			return;
		}
		if (!g->used && !free_slot)
			free_slot = g;
	}
	if (over || !free_slot || strlen(id) >= sizeof free_slot->id ||
	    strlen(token) >= sizeof free_slot->token)
		return;
	free_slot->bot = b, free_slot->seat = seat;
	snprintf(free_slot->id, sizeof free_slot->id, "%s", id);
	snprintf(free_slot->token, sizeof free_slot->token, "%s", token);
	bot_game_start(free_slot);
}

static bool games(bot *b)
{
	bot_http_reply r;
	web_json_doc doc;
	bot_api_call(b, "POST", "/api/mine", NULL, "{\"tables\":[]}", &r);
	bool ok = r.status == 200 && bot_api_json(&r, &doc);
	bot_http_reply_release(&r);
	if (!ok)
		return false;
	const web_json *list = web_json_get(doc.root, "tables");
	pthread_mutex_lock(&b->lock);
	for (const web_json *t = list && list->type == WEB_JSON_ARRAY ? list->child : NULL; t;
	     t = t->next)
		follow(b, t);
	pthread_cond_broadcast(&b->wake);
	pthread_mutex_unlock(&b->lock);
	web_json_release(&doc);
	return true;
}

/* Join the threads of the games that ended. */
static void reap(bot *b)
{
	for (int i = 0; i < BOT_GAMES_MAX; i++) {
		bot_game *g = &b->games[i];
		pthread_mutex_lock(&b->lock);
		bool ended = g->used && g->done;
		pthread_mutex_unlock(&b->lock);
		if (ended)
			bot_game_join(g);
	}
}

/* POST path {"game": game} or {} (game NULL), said on stdout as what. */
static void seek_call(bot *b, const char *path, const char *game, const char *what,
		      const char *name)
{
	bot_http_reply r;
	if (game)
		bot_api_post(b, path, NULL, "game", game, &r);
	else
		bot_api_call(b, "POST", path, NULL, "{}", &r);
	printf(what, name, r.status, r.status < 300 ? "" : r.body);
	fflush(stdout);
	bot_http_reply_release(&r);
}

/* --seek: a seek of each game kept open while the bot has room; --take-seeks: the
 * open seeks of others to a game of --accept taken while it has room. */
static bool seeks(bot *b)
{
	bot_http_reply r;
	web_json_doc doc;
	char path[120];
	if (!b->cfg->seek_count && !b->cfg->take_seeks)
		return true;
	bot_api_call(b, "GET", "/api/seeks", NULL, NULL, &r);
	bool ok = r.status == 200 && bot_api_json(&r, &doc);
	bot_http_reply_release(&r);
	if (!ok)
		return false;
	const web_json *mine = web_json_get(doc.root, "mine"), *open = web_json_get(doc.root, "seeks");
	pthread_mutex_lock(&b->lock);
	long room = b->cfg->games - playing(b);
	pthread_mutex_unlock(&b->lock);
	for (const web_json *k = mine && mine->type == WEB_JSON_ARRAY ? mine->child : NULL; k;
	     k = k->next) {
		const char *state = web_json_string(k, "state");
		room -= state && !strcmp(state, "open");
	}
	for (int i = 0; i < b->cfg->seek_count && room > 0; i++) {
		bool have = false;
		for (const web_json *k = mine && mine->type == WEB_JSON_ARRAY ? mine->child : NULL;
		     k && !have; k = k->next) {
			const char *game = web_json_string(k, "game"), *state = web_json_string(k, "state");
			have = game && state && !strcmp(state, "open") && !strcmp(game, b->cfg->seeks[i]);
		}
		if (!have) {
			seek_call(b, "/api/seeks", b->cfg->seeks[i], _("bones bot: a seek of %s: %d %s\n"),
				  b->cfg->seeks[i]);
			room--;
		}
	}
	for (const web_json *k = open && open->type == WEB_JSON_ARRAY ? open->child : NULL;
	     k && b->cfg->take_seeks && room > 0; k = k->next) {
		const char *id = web_json_string(k, "id"), *name = web_json_string(k, "name");
		if (!id || !name || strlen(id) > 40 || !strcasecmp(name, b->cfg->name) ||
		    !accepts(b->cfg, web_json_string(k, "game")))
			continue;
		snprintf(path, sizeof path, "/api/seeks/%s/accept", id);
		seek_call(b, path, NULL, _("bones bot: the seek of %s taken: %d %s\n"), name);
		room--;
	}
	web_json_release(&doc);
	return true;
}

bool bot_poll(bot *b)
{
	reap(b);
	/* the games first: one that ended frees a place */
	return games(b) && challenges(b) && seeks(b);
}

bool bot_poll_wake(bot *b, const char *id)
{
	bool found = false;
	pthread_mutex_lock(&b->lock);
	for (int i = 0; i < BOT_GAMES_MAX && !found; i++) {
		bot_game *g = &b->games[i];
		if (g->used && !g->done && !strcmp(g->id, id))
			found = g->wake = true;
	}
	if (found)
		pthread_cond_broadcast(&b->wake);
	pthread_mutex_unlock(&b->lock);
	return found;
}

void bot_poll_join(bot *b)
{
	char path[160];
	for (int i = 0; i < b->cfg->tourney_count; i++) {
		bot_http_reply r;
		snprintf(path, sizeof path, "/api/tournaments/%.100s/join", b->cfg->tourneys[i]);
		bot_api_call(b, "POST", path, NULL, "{}", &r);
		printf(_("bones bot: tournament %s: %d %s\n"), b->cfg->tourneys[i], r.status,
		       r.body ? r.body : "");
		fflush(stdout);
		bot_http_reply_release(&r);
	}
}
