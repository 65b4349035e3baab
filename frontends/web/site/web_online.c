/* Who is online (web_online.h): a small table of accounts and when each was last seen,
 * in memory only (a restart forgets it: everyone is seen again at their next request). */
#include "web_online.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "web_accounts.h"

struct web_online {
	pthread_mutex_t lock;
	struct seen {
		char name[WEB_NAME_MAX + 1];
		int64_t at;
	} seen[WEB_ONLINE_KEPT];
};

web_online *web_online_create(void)
{
	web_online *o = calloc(1, sizeof *o);
	if (o)
		pthread_mutex_init(&o->lock, NULL);
	return o;
}

void web_online_destroy(web_online *o)
{
	if (!o)
		return;
	pthread_mutex_destroy(&o->lock);
	free(o);
}

void web_online_seen(web_online *o, const char *name, int64_t now)
{
	pthread_mutex_lock(&o->lock);
	struct seen *slot = &o->seen[0];
	for (int i = 0; i < WEB_ONLINE_KEPT; i++) {
		struct seen *s = &o->seen[i];
		if (!strcasecmp(s->name, name)) {
			slot = s;
			break;
		}
		if (s->at < slot->at) /* empty slots (at 0) first, then the longest unseen */
			slot = s;
	}
	snprintf(slot->name, sizeof slot->name, "%s", name);
	slot->at = now;
	pthread_mutex_unlock(&o->lock);
}

static int newest_first(const void *a, const void *b)
{
	const struct seen *x = a, *y = b;
	return x->at < y->at ? 1 : x->at > y->at ? -1 : strcmp(x->name, y->name);
}

void web_online_json(web_online *o, web_bots *bots, int64_t now, web_buf *out)
{
	struct seen *list = malloc(sizeof o->seen);
	size_t n = 0;
	pthread_mutex_lock(&o->lock);
	for (int i = 0; list && i < WEB_ONLINE_KEPT; i++)
		if (o->seen[i].name[0] && now - o->seen[i].at < WEB_ONLINE_MS)
			list[n++] = o->seen[i];
	pthread_mutex_unlock(&o->lock);
	if (n)
		qsort(list, n, sizeof *list, newest_first);
	web_buf_puts(out, "{\"players\":[");
	for (size_t i = 0; i < n && i < WEB_ONLINE_LISTED; i++) {
		web_buf_puts(out, i ? ",{\"name\":" : "{\"name\":");
		web_buf_json_string(out, list[i].name);
		if (web_bots_is(bots, list[i].name))
			web_buf_puts(out, ",\"bot\":true");
		web_buf_printf(out, ",\"seen\":%lld}", (long long)((now - list[i].at) / 1000));
	}
	web_buf_puts(out, "]}");
	free(list);
}

bool web_online_is(web_online *o, const char *name, int64_t now)
{
	bool on = false;
	pthread_mutex_lock(&o->lock);
	for (int i = 0; i < WEB_ONLINE_KEPT && !on; i++)
		on = !strcasecmp(o->seen[i].name, name) && now - o->seen[i].at < WEB_ONLINE_MS;
	pthread_mutex_unlock(&o->lock);
	return on;
}
