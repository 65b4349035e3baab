/* Challenges (web_challenges.h). One lock guards the list; the table of an accepted
 * challenge is made under it, so a challenge is accepted once. */
#include "web_challenges.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bones/i18n.h"
#include "web_pairing.h"
#include "web_token.h"

#define PREFIX "/api/challenges"

enum challenge_state { CH_FREE, CH_OPEN, CH_ACCEPTED, CH_DECLINED, CH_CANCELLED };
static const char *const state_names[] = {"", N_("open"), N_("accepted"), N_("declined"),
					  N_("cancelled")};

struct challenge {
	enum challenge_state state;
	char id[24];
	char from[WEB_NAME_MAX + 1], to[WEB_NAME_MAX + 1];
	web_pairing_ask ask;
	int64_t at;               /* made, or last changed (ms) */
	char table[40];           /* accepted: the table and each side's link */
	char from_link[160], to_link[160];
};

struct web_challenges {
	web_tables *ts;
	web_accounts *a;
	pthread_mutex_t lock;
	struct challenge list[WEB_CHALLENGES_MAX];
};

web_challenges *web_challenges_create(web_tables *ts, web_accounts *a)
{
	web_challenges *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->ts = ts, c->a = a;
	pthread_mutex_init(&c->lock, NULL);
	return c;
}

void web_challenges_destroy(web_challenges *c)
{
	if (!c)
		return;
	pthread_mutex_destroy(&c->lock);
	free(c);
}

bool web_challenges_route(const char *path)
{
	return !strncmp(path, PREFIX, strlen(PREFIX)) &&
	       (!path[strlen(PREFIX)] || path[strlen(PREFIX)] == '/');
}

/* Challenges older than WEB_CHALLENGE_MS are forgotten. Lock held. */
static void expire(web_challenges *c, int64_t now)
{
	for (int i = 0; i < WEB_CHALLENGES_MAX; i++)
		if (c->list[i].state != CH_FREE && now - c->list[i].at >= WEB_CHALLENGE_MS)
			c->list[i].state = CH_FREE;
}

/* One challenge as name sees it; "from_bot" / "to_bot": true for a bot account's side. */
static void challenge_json(web_challenges *c, const struct challenge *k, const char *name,
			   web_buf *out)
{
	web_buf_puts(out, "{\"id\":");
	web_buf_json_string(out, k->id);
	web_buf_puts(out, ",\"from\":");
	web_buf_json_string(out, k->from);
	web_buf_puts(out, ",\"to\":");
	web_buf_json_string(out, k->to);
	if (web_bots_is(web_accounts_bots(c->a), k->from))
		web_buf_puts(out, ",\"from_bot\":true");
	if (web_bots_is(web_accounts_bots(c->a), k->to))
		web_buf_puts(out, ",\"to_bot\":true");
	web_buf_puts(out, ",\"game\":");
	web_buf_json_string(out, k->ask.game);
	web_buf_printf(out, ",\"options\":%s,\"time\":%s,\"state\":\"%s\"",
		       k->ask.options[0] ? k->ask.options : "{}",
		       k->ask.time[0] ? k->ask.time : "{}", state_names[k->state]);
	if (k->state == CH_ACCEPTED) {
		web_buf_puts(out, ",\"table\":");
		web_buf_json_string(out, k->table);
		web_buf_puts(out, ",\"link\":");
		web_buf_json_string(out, !strcasecmp(name, k->from) ? k->from_link : k->to_link);
	}
	web_buf_puts(out, "}");
}

/* POST /api/challenges. Lock held. */
static web_result post(web_challenges *c, const char *name, const web_json *body,
		       web_buf *out)
{
	struct challenge fresh = {.state = CH_OPEN};
	const char *to = body ? web_json_string(body, "to") : NULL;
	if (!web_accounts_exists(c->a, to, fresh.to, sizeof fresh.to))
		return web_result_of(404, "to", "%s", _("to: no player of that name"));
	if (!strcasecmp(fresh.to, name))
		return web_result_of(400, "to", "%s", _("to: you cannot challenge yourself"));
	web_result r = web_pairing_read(body, &fresh.ask);
	char key[2400];
	int players = r.code == 200 ? web_pairing_players(c->ts, &fresh.ask, key, sizeof key, &r)
				    : 0;
	if (!players)
		return r;
	if (players != 2)
		return web_result_of(422, "game", _("game: a challenge is for a game of two; "
						     "this one has %d players (seek it instead)"),
				     players);
	int64_t now = web_clock_wall(c->ts);
	expire(c, now);
	int sent = 0;
	struct challenge *slot = NULL;
	for (int i = 0; i < WEB_CHALLENGES_MAX; i++) {
		struct challenge *k = &c->list[i];
		sent += k->state == CH_OPEN && !strcasecmp(k->from, name);
		if (!slot && k->state == CH_FREE)
			slot = k;
	}
	if (sent >= WEB_CHALLENGES_PER_ACCOUNT)
		return web_result_of(429, NULL, _("at most %d open challenges at once"),
				     WEB_CHALLENGES_PER_ACCOUNT);
	if (!slot || !web_token_random_hex(fresh.id, sizeof fresh.id, 8))
		return web_result_of(503, NULL, "%s", _("too many challenges: try again later"));
	snprintf(fresh.from, sizeof fresh.from, "%s", name);
	fresh.at = now;
	*slot = fresh;
	web_log("challenge %s: %s challenges %s (%s)", slot->id, slot->from, slot->to,
		slot->ask.game);
	challenge_json(c, slot, name, out);
	web_tables_notify(c->ts);
	return web_result_of(201, NULL, "created");
}

/* The table of k, its challenger first. Lock held. */
static web_result accept(web_challenges *c, struct challenge *k, const char *name,
			 web_buf *out)
{
	char names[2][WEB_NAME_MAX + 1], id[40];
	web_pairing_seat seats[2];
	snprintf(names[0], sizeof names[0], "%s", k->from);
	snprintf(names[1], sizeof names[1], "%s", k->to);
	web_result r = web_pairing_make(c->ts, c->a, &k->ask, names, 2, id, sizeof id, seats);
	if (r.code != 201)
		return r;
	k->state = CH_ACCEPTED, k->at = web_clock_wall(c->ts);
	snprintf(k->table, sizeof k->table, "%s", id);
	snprintf(k->from_link, sizeof k->from_link, "%s", seats[0].link);
	snprintf(k->to_link, sizeof k->to_link, "%s", seats[1].link);
	web_log("challenge %s: accepted: table %s", k->id, id);
	web_buf_puts(out, "{\"table\":");
	web_buf_json_string(out, id);
	web_buf_puts(out, ",\"link\":");
	web_buf_json_string(out, !strcasecmp(name, k->from) ? k->from_link : k->to_link);
	web_buf_puts(out, "}");
	web_tables_notify(c->ts);
	return web_result_of(200, NULL, "accepted");
}

/* POST /api/challenges/ID/ACTION. Lock held. */
static web_result act(web_challenges *c, const char *rest, const char *name, web_buf *out)
{
	char id[24];
	size_t n = strcspn(rest, "/");
	const char *action = rest[n] ? rest + n + 1 : "";
	struct challenge *k = NULL;
	if (n && n < sizeof id) {
		memcpy(id, rest, n), id[n] = '\0';
		for (int i = 0; !k && i < WEB_CHALLENGES_MAX; i++)
			if (c->list[i].state != CH_FREE && !strcmp(c->list[i].id, id))
				k = &c->list[i];
	}
	if (!k || (strcasecmp(k->from, name) && strcasecmp(k->to, name)))
		return web_result_of(404, NULL, "%s", _("no such challenge"));
	bool mine = !strcasecmp(k->from, name); /* sent, not received */
	if (k->state != CH_OPEN)
		return web_result_of(409, NULL, _("the challenge is %s"),
				     _(state_names[k->state]));
	if (!strcmp(action, "accept") || !strcmp(action, "decline")) {
		if (mine)
			return web_result_of(409, NULL, "%s", _("only the one challenged answers"));
		if (action[0] == 'a')
			return accept(c, k, name, out);
		k->state = CH_DECLINED;
	} else if (!strcmp(action, "cancel")) {
		if (!mine)
			return web_result_of(409, NULL, "%s", _("only the challenger cancels"));
		k->state = CH_CANCELLED;
	} else {
		return web_result_of(404, NULL, "%s", _("no such route"));
	}
	k->at = web_clock_wall(c->ts);
	web_log("challenge %s: %s", k->id, state_names[k->state]);
	challenge_json(c, k, name, out);
	web_tables_notify(c->ts);
	return web_result_of(200, NULL, "ok");
}

static void list(web_challenges *c, const char *name, web_buf *out)
{
	for (int pass = 0; pass < 2; pass++) {
		web_buf_puts(out, pass ? "],\"outgoing\":[" : "{\"incoming\":[");
		bool first = true;
		for (int i = 0; i < WEB_CHALLENGES_MAX; i++) {
			const struct challenge *k = &c->list[i];
			if (k->state == CH_FREE || strcasecmp(pass ? k->from : k->to, name))
				continue;
			web_buf_puts(out, first ? "" : ",");
			challenge_json(c, k, name, out);
			first = false;
		}
	}
	web_buf_puts(out, "]}");
}

web_result web_challenges_handle(web_challenges *c, const char *method, const char *path,
				 const char *name, const web_json *body, web_buf *out)
{
	const char *rest = path + strlen(PREFIX);
	if (!name)
		return web_result_of(401, NULL, "%s", _("challenges: log in first"));
	web_result r = web_result_of(200, NULL, "ok");
	pthread_mutex_lock(&c->lock);
	expire(c, web_clock_wall(c->ts));
	if (!rest[0] && !strcmp(method, "GET"))
		list(c, name, out);
	else if (!rest[0] && !strcmp(method, "POST"))
		r = post(c, name, body, out);
	else if (rest[0] && !strcmp(method, "POST"))
		r = act(c, rest + 1, name, out);
	else
		r = web_result_of(405, NULL, "%s", _("no such route for this method"));
	pthread_mutex_unlock(&c->lock);
	return r;
}
