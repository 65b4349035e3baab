/* Bot accounts (web_bots.h): their names under a lock, read once at the start and
 * grown as bots are created (an account is never deleted). */
#include "web_bots.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "web_table.h"

struct web_bots {
	web_store *st;
	pthread_mutex_t lock;    /* guards names and count */
	char (*names)[64];       /* owned */
	size_t count;
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
	b->st = st, b->count = n;
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
