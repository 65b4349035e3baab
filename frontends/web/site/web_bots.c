/* Bot accounts (web_bots.h): their names under a lock, read once at the start and
 * grown as bots are created (an account is never deleted). */
#include "web_bots.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bones/i18n.h"
#include "web_table.h"

struct web_bots {
	web_store *st;
	pthread_mutex_t lock;    /* guards names and count */
	char (*names)[64];       /* owned */
	size_t count;
	int games;               /* the cap of each bot's games at once */
};

web_bots *web_bots_create(web_store *st)
{
	web_bots *b = calloc(1, sizeof *b);
	size_t n = web_store_bot_names(st, NULL, 0);
	if (!b || (n && !(b->names = calloc(n, sizeof *b->names)))) {
		free(b);
		return NULL;
	}
	web_store_bot_names(st, b->names, n); /* at the start: nobody adds one meanwhile */
	b->st = st, b->count = n, b->games = WEB_BOT_GAMES;
	pthread_mutex_init(&b->lock, NULL);
	return b;
}

void web_bots_destroy(web_bots *b)
{
	if (!b)
		return;
	pthread_mutex_destroy(&b->lock);
	free(b->names);
	free(b);
}

bool web_bots_is(web_bots *b, const char *name)
{
	bool found = false;
	pthread_mutex_lock(&b->lock);
	for (size_t i = 0; name && !found && i < b->count; i++)
		found = !strcasecmp(b->names[i], name);
	pthread_mutex_unlock(&b->lock);
	return found;
}

bool web_bots_any(web_bots *b)
{
	pthread_mutex_lock(&b->lock);
	bool any = b->count > 0;
	pthread_mutex_unlock(&b->lock);
	return any;
}

bool web_bots_add(web_bots *b, const char *name)
{
	pthread_mutex_lock(&b->lock);
	char (*more)[64] = realloc(b->names, (b->count + 1) * sizeof *b->names);
	if (more) {
		b->names = more;
		snprintf(b->names[b->count++], sizeof *b->names, "%s", name);
	}
	pthread_mutex_unlock(&b->lock);
	return more != NULL;
}

void web_bots_view_json(web_bots *b, const web_table *t, web_buf *out, bool *first)
{
	char owner[64];
	bool any = false;
	for (int i = 0; i < t->row.seat_count; i++) {
		const web_seat_row *row = web_table_seat_row(t, i);
		if (strcmp(row->kind, "human") || !row->token[0] || !web_bots_is(b, row->name))
			continue; /* the store is asked only about a seat named as a bot */
		web_store_seat_owner(b->st, t->row.id, row->token, owner, sizeof owner);
		if (strcasecmp(owner, row->name))
			continue;
		if (!any)
			web_buf_json_key(out, first, "bots");
		web_buf_printf(out, "%s%d", any ? "," : "[", i + 1);
		any = true;
	}
	if (any)
		web_buf_puts(out, "]");
}

void web_bots_set_games(web_bots *b, int games)
{
	b->games = games > 0 ? games : 1;
}

int web_bots_playing(web_bots *b, web_tables *ts, const char *name)
{
	web_seat_ref seats[WEB_MINE_MAX];
	size_t n = web_store_account_seats(b->st, name, seats, WEB_MINE_MAX);
	int playing = 0;
	for (size_t i = 0; i < n; i++) {
		web_table *t = web_tables_find(ts, seats[i].id);
		if (!t)
			continue;
		if (!web_table_ended(t)) {
			pthread_mutex_lock(&t->lock);
			playing += !web_table_finished(t) && web_table_seat_of(t, seats[i].token) >= 0;
			pthread_mutex_unlock(&t->lock);
		}
		web_tables_put(ts, t);
	}
	return playing;
}

/* 409 when bot name (a bot account's, any case) plays as many games as it may. */
static web_result full(web_bots *b, web_tables *ts, const char *name, const char *field)
{
	int playing = web_bots_playing(b, ts, name);
	if (playing < b->games)
		return web_result_of(200, NULL, "ok");
	return web_result_of(409, field, _("'%s' is a bot playing %d games, as many as a bot "
					   "may at once on this server (bones serve --bot-games "
					   "%d): try again when one is over"), name, playing, b->games);
}

web_result web_bots_may_find(web_bots *b, web_tables *ts, const char *method,
			     const char *path, const char *account, const web_json *body)
{
	const char *to = body ? web_json_string(body, "to") : NULL;
	size_t n = strlen(path);
	bool create = !strcmp(path, "/api/challenges") || !strcmp(path, "/api/seeks");
	bool accept = n > 7 && !strcmp(path + n - 7, "/accept");
	web_result r = web_result_of(200, NULL, "ok");
	if (strcmp(method, "POST") || !account)
		return r;
	if (!strcmp(path, "/api/challenges") && to && web_bots_is(b, to))
		r = full(b, ts, to, "to");
	if (r.code == 200 && (create || accept) && web_bots_is(b, account))
		r = full(b, ts, account, create && path[5] == 's' ? "game" : NULL);
	return r;
}
