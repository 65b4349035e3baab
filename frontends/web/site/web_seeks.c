/* Seeks (web_seeks.h). One lock guards the list; a table is made under it, so that two
 * people asking at once never both pair with a third. */
#include "web_seeks.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bones/i18n.h"
#include "web_pairing.h"
#include "web_token.h"

#define PREFIX "/api/seeks"

enum seek_state { SEEK_FREE, SEEK_OPEN, SEEK_PAIRED };

struct seek {
	enum seek_state state;
	char id[24];
	char name[WEB_NAME_MAX + 1];
	web_pairing_ask ask;
	char key[2400];      /* what a seek it pairs with shares (web_pairing_players) */
	int players;
	int64_t at;          /* when it was made (ms) */
	char table[40];      /* paired: the table, and the owner's seat's link */
	char link[160];
};

struct web_seeks {
	web_tables *ts;
	web_accounts *a;
	pthread_mutex_t lock;
	struct seek seeks[WEB_SEEKS_MAX];
};

web_seeks *web_seeks_create(web_tables *ts, web_accounts *a)
{
	web_seeks *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->ts = ts, s->a = a;
	pthread_mutex_init(&s->lock, NULL);
	return s;
}

void web_seeks_destroy(web_seeks *s)
{
	if (!s)
		return;
	pthread_mutex_destroy(&s->lock);
	free(s);
}

bool web_seeks_route(const char *path)
{
	return !strncmp(path, PREFIX, strlen(PREFIX)) &&
	       (!path[strlen(PREFIX)] || path[strlen(PREFIX)] == '/');
}

/* Seeks past WEB_SEEK_MS are forgotten. Lock held. */
static void expire(web_seeks *s, int64_t now)
{
	for (int i = 0; i < WEB_SEEKS_MAX; i++)
		if (s->seeks[i].state != SEEK_FREE && now - s->seeks[i].at >= WEB_SEEK_MS)
			s->seeks[i].state = SEEK_FREE;
}

static struct seek *find(web_seeks *s, const char *id)
{
	for (int i = 0; i < WEB_SEEKS_MAX; i++)
		if (s->seeks[i].state != SEEK_FREE && !strcmp(s->seeks[i].id, id))
			return &s->seeks[i];
	return NULL;
}

/* One seek as JSON; with its table and link for its owner. */
static void seek_json(const web_seeks *s, const struct seek *k, bool owner, web_buf *out)
{
	int waiting = 0;
	for (int i = 0; i < WEB_SEEKS_MAX; i++)
		waiting += s->seeks[i].state == SEEK_OPEN && !strcmp(s->seeks[i].key, k->key);
	web_buf_puts(out, "{\"id\":");
	web_buf_json_string(out, k->id);
	web_buf_puts(out, ",\"name\":");
	web_buf_json_string(out, k->name);
	if (web_bots_is(web_accounts_bots(s->a), k->name)) /* a bot account's seek */
		web_buf_puts(out, ",\"bot\":true");
	web_buf_puts(out, ",\"game\":");
	web_buf_json_string(out, k->ask.game);
	web_buf_printf(out, ",\"options\":%s,\"time\":%s,\"players\":%d,\"waiting\":%d,"
		       "\"state\":\"%s\"", k->ask.options[0] ? k->ask.options : "{}",
		       k->ask.time[0] ? k->ask.time : "{}", k->players, waiting,
		       k->state == SEEK_OPEN ? "open" : "paired");
	if (owner && k->state == SEEK_PAIRED) {
		web_buf_puts(out, ",\"table\":");
		web_buf_json_string(out, k->table);
		web_buf_puts(out, ",\"link\":");
		web_buf_json_string(out, k->link);
	}
	web_buf_puts(out, "}");
}

static struct seek *free_slot(web_seeks *s)
{
	for (int i = 0; i < WEB_SEEKS_MAX; i++)
		if (s->seeks[i].state == SEEK_FREE)
			return &s->seeks[i];
	return NULL;
}

/* The open seeks of others that pair with key, `prefer` first, then the oldest, into
 * with (at most want of them, one per person); their count. Lock held. */
static int partners(web_seeks *s, const char *name, const char *key, const char *prefer,
		    struct seek **with, int want)
{
	int n = 0;
	struct seek *p = prefer ? find(s, prefer) : NULL;
	if (p && p->state == SEEK_OPEN && !strcmp(p->key, key) && strcasecmp(p->name, name))
		with[n++] = p;
	while (n < want) {
		struct seek *oldest = NULL;
		for (int i = 0; i < WEB_SEEKS_MAX; i++) {
			struct seek *k = &s->seeks[i];
			bool taken = !strcasecmp(k->name, name);
			for (int j = 0; j < n && !taken; j++)
				taken = with[j] == k || !strcasecmp(with[j]->name, k->name);
			if (k->state == SEEK_OPEN && !taken && !strcmp(k->key, key) &&
			    (!oldest || k->at < oldest->at))
				oldest = k;
		}
		if (!oldest)
			break;
		with[n++] = oldest;
	}
	return n;
}

/* Seat the seeks with[0..n) and the new one mine in a table, in a random order. Lock
 * held. */
static web_result pair(web_seeks *s, struct seek **with, int n, struct seek *mine)
{
	struct seek *all[WEB_MAX_SEATS];
	char names[WEB_MAX_SEATS][WEB_NAME_MAX + 1];
	web_pairing_seat seats[WEB_MAX_SEATS];
	for (int i = 0; i < n; i++)
		all[i] = with[i];
	all[n++] = mine;
	for (int i = n - 1; i > 0; i--) { /* who sits first: chance, as on lichess */
		unsigned char r = 0;
		web_token_random_bytes(&r, 1);
		int j = r % (i + 1);
		struct seek *x = all[i];
		all[i] = all[j], all[j] = x;
	}
	for (int i = 0; i < n; i++)
		snprintf(names[i], sizeof names[i], "%s", all[i]->name);
	char id[40];
	web_result r = web_pairing_make(s->ts, s->a, &mine->ask, names, n, id, sizeof id, seats);
	if (r.code != 201)
		return r;
	for (int i = 0; i < n; i++) {
		all[i]->state = SEEK_PAIRED;
		snprintf(all[i]->table, sizeof all[i]->table, "%s", id);
		snprintf(all[i]->link, sizeof all[i]->link, "%s", seats[i].link);
	}
	web_log("seeks: table %s pairs %d people (%s)", id, n, mine->ask.game);
	return r;
}

/* name asks for ask (prefer: the seek clicked, or NULL). Lock held. */
static web_result post(web_seeks *s, const char *name, const web_pairing_ask *ask,
		       const char *prefer, web_buf *out)
{
	struct seek fresh = {.state = SEEK_OPEN, .ask = *ask};
	web_result r;
	fresh.players = web_pairing_players(s->ts, ask, fresh.key, sizeof fresh.key, &r);
	if (!fresh.players)
		return r;
	int64_t now = web_clock_wall(s->ts);
	expire(s, now);
	int mine = 0;
	for (int i = 0; i < WEB_SEEKS_MAX; i++) {
		struct seek *k = &s->seeks[i];
		if (k->state != SEEK_OPEN || strcasecmp(k->name, name))
			continue;
		if (!strcmp(k->key, fresh.key)) { /* asked already: that one */
			seek_json(s, k, true, out);
			return web_result_of(200, NULL, "open");
		}
		mine++;
	}
	if (mine >= WEB_SEEKS_PER_ACCOUNT)
		return web_result_of(429, NULL, _("at most %d open seeks at once: cancel one"),
				     WEB_SEEKS_PER_ACCOUNT);
	struct seek *slot = free_slot(s);
	if (!slot || !web_token_random_hex(fresh.id, sizeof fresh.id, 8))
		return web_result_of(503, NULL, "%s", _("too many seeks: try again later"));
	snprintf(fresh.name, sizeof fresh.name, "%s", name);
	fresh.at = now;
	*slot = fresh;
	struct seek *with[WEB_MAX_SEATS];
	int n = partners(s, name, fresh.key, prefer, with, fresh.players - 1);
	if (n == fresh.players - 1 && (r = pair(s, with, n, slot)).code != 201) {
		slot->state = SEEK_FREE; /* nothing made: the others stay open */
		return r;
	}
	seek_json(s, slot, true, out);
	web_tables_notify(s->ts); /* the lobby's pages hear of it */
	return web_result_of(201, NULL, "created");
}

/* GET /api/seeks. Lock held. */
static void list(web_seeks *s, const char *name, web_buf *out)
{
	expire(s, web_clock_wall(s->ts));
	web_buf_puts(out, "{\"seeks\":[");
	bool first = true;
	for (int i = 0; i < WEB_SEEKS_MAX; i++)
		if (s->seeks[i].state == SEEK_OPEN) {
			web_buf_puts(out, first ? "" : ",");
			seek_json(s, &s->seeks[i], false, out);
			first = false;
		}
	web_buf_puts(out, "],\"mine\":[");
	first = true;
	for (int i = 0; name && i < WEB_SEEKS_MAX; i++)
		if (s->seeks[i].state != SEEK_FREE && !strcasecmp(s->seeks[i].name, name)) {
			web_buf_puts(out, first ? "" : ",");
			seek_json(s, &s->seeks[i], true, out);
			first = false;
		}
	web_buf_puts(out, "]}");
}

/* POST /api/seeks/ID/accept and /cancel, GET /api/seeks/ID. Lock held. */
static web_result one(web_seeks *s, const char *method, const char *rest, const char *name,
		      web_buf *out)
{
	char id[24];
	size_t n = strcspn(rest, "/");
	const char *action = rest[n] ? rest + n + 1 : "";
	if (n == 0 || n >= sizeof id)
		return web_result_of(404, NULL, "%s", _("no such seek"));
	memcpy(id, rest, n), id[n] = '\0';
	expire(s, web_clock_wall(s->ts));
	struct seek *k = find(s, id);
	if (!k)
		return web_result_of(404, NULL, "%s", _("no such seek"));
	bool owner = !strcasecmp(k->name, name);
	if (!strcmp(method, "GET") && !action[0]) {
		seek_json(s, k, owner, out);
		return web_result_of(200, NULL, "ok");
	}
	if (strcmp(method, "POST"))
		return web_result_of(405, NULL, "%s", _("no such route for this method"));
	if (!strcmp(action, "cancel")) {
		if (!owner || k->state != SEEK_OPEN)
			return web_result_of(409, NULL, "%s", _("only its owner cancels an open seek"));
		k->state = SEEK_FREE;
		web_tables_notify(s->ts);
		web_buf_puts(out, "{\"ok\":true}");
		return web_result_of(200, NULL, "cancelled");
	}
	if (strcmp(action, "accept"))
		return web_result_of(404, NULL, "%s", _("no such route"));
	if (owner || k->state != SEEK_OPEN)
		return web_result_of(409, NULL, "%s", owner ? _("that is your own seek")
							    : _("that seek is no longer open"));
	web_pairing_ask ask = k->ask;
	return post(s, name, &ask, id, out);
}

web_result web_seeks_handle(web_seeks *s, const char *method, const char *path,
			    const char *name, const web_json *body, web_buf *out)
{
	const char *rest = path + strlen(PREFIX);
	bool get = !strcmp(method, "GET");
	if (!name && !(get && !rest[0]))
		return web_result_of(401, NULL, "%s", _("seeks: log in first"));
	web_result r;
	pthread_mutex_lock(&s->lock);
	if (!rest[0] && get) {
		list(s, name, out);
		r = web_result_of(200, NULL, "ok");
	} else if (!rest[0] && !strcmp(method, "POST")) {
		web_pairing_ask ask;
		r = web_pairing_read(body, &ask);
		if (r.code == 200)
			r = post(s, name, &ask, NULL, out);
	} else if (!rest[0]) {
		r = web_result_of(405, NULL, "%s", _("no such route for this method"));
	} else {
		r = one(s, method, rest + 1, name, out);
	}
	pthread_mutex_unlock(&s->lock);
	return r;
}
