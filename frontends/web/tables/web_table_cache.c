/* Tables in memory (web_tables.h, web_table_internal.h): the live ones, and ended or
 * idle ones only while someone holds them. A table is held by whoever found it
 * (web_tables_find .. web_tables_put), an event stream or an analysis; one that nobody
 * holds leaves memory once it is over for good (the store says so: a start does not
 * load it either) or idle, and is read back from the store the next time someone asks.
 * So memory follows what is live, not every table ever made. */
#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h> /* malloc_trim */
#endif

#include "bones/i18n.h"
#include "web_table_internal.h"

/* Append t to the tables in memory; false past WEB_MAX_TABLES. ts->lock held. */
static bool add_locked(web_tables *ts, web_table *t)
{
	t->active_at = web_clock_now(ts); /* before anyone else sees it */
	if (ts->count == WEB_MAX_TABLES)
		return false;
	if (ts->count == ts->cap) {
		size_t cap = ts->cap ? ts->cap * 2 : 64;
		web_table **a = realloc(ts->tables, cap * sizeof *a);
		if (!a)
			return false;
		ts->tables = a, ts->cap = cap;
	}
	ts->tables[ts->count++] = t;
	t->added = ++ts->added; /* its lease was taken before (web_table_lease.c) */
	return true;
}

bool web_tables_add(web_tables *ts, web_table *t)
{
	pthread_mutex_lock(&ts->lock);
	bool ok = add_locked(ts, t);
	pthread_mutex_unlock(&ts->lock);
	return ok;
}

/* The table id in memory, held once more, or NULL. ts->lock held. */
static web_table *hold_locked(web_tables *ts, const char *id)
{
	for (size_t i = 0; i < ts->count; i++) {
		web_table *t = ts->tables[i];
		if (!t->deleted && !atomic_load(&t->lost) && !strcmp(t->row.id, id)) {
			t->refs++, t->touched = web_clock_now(ts);
			return t;
		}
	}
	return NULL;
}

static web_table *held(web_tables *ts, const char *id)
{
	pthread_mutex_lock(&ts->lock);
	web_table *t = hold_locked(ts, id);
	pthread_mutex_unlock(&ts->lock);
	return t;
}

struct load {
	web_tables *ts;
	web_table *t;
};

static int rebuilt(void *user, const web_table_row *row, char **moves, size_t count,
		   const web_stored_game *done, size_t done_count, const char *unreadable)
{
	struct load *l = user;
	char why[512];
	snprintf(why, sizeof why, "%s", unreadable ? unreadable : "");
	if (!unreadable)
		l->t = web_table_rebuild(l->ts, row, moves, count, done, done_count, why,
					 sizeof why);
	if (!l->t)
		web_log("table %s: cannot be read back (kept in the database): %s", row->id, why);
	return 0;
}

/* t added and held, unless its table is in memory already: then that one, held (t is
 * freed); NULL past WEB_MAX_TABLES. */
static web_table *add_once(web_tables *ts, web_table *t)
{
	pthread_mutex_lock(&ts->lock);
	web_table *found = hold_locked(ts, t->row.id);
	bool added = !found && add_locked(ts, t);
	if (added)
		t->refs = 1, t->touched = web_clock_now(ts);
	pthread_mutex_unlock(&ts->lock);
	if (added)
		return t;
	web_table_free(t);
	return found;
}

/* Table id read back from the store, held; NULL when there is none, or when another
 * process holds its lease (*elsewhere, its address into address). Another thread may
 * have read it meanwhile: then that one is used. */
static web_table *load(web_tables *ts, const char *id, bool *elsewhere, char *address,
		       size_t cap)
{
	struct load l = {ts, NULL};
	char holder[512];
	int lease = web_store_lease_take(ts->store, id, holder, sizeof holder);
	if (lease) {
		*elsewhere = lease > 0;
		if (address)
			snprintf(address, cap, "%s", lease > 0 ? holder : "");
		return NULL;
	}
	if (web_store_load(ts->store, id, rebuilt, &l) || !l.t) {
		web_store_lease_drop(ts->store, id);
		return NULL;
	}
	if (ts->hooks.loaded)
		ts->hooks.loaded(ts->hooks.site, ts, l.t);
	web_table *t = add_once(ts, l.t);
	if (t == l.t) {
		web_table_resume(ts, t);
		web_tables_let_go(ts, web_clock_now(ts), WEB_KEEP_MS); /* past WEB_ENDED_KEPT */
	}
	return t;
}

/* Tables other processes serve, by a hash of their id: a request for one is sent
 * there without asking the store each time (its connection is the moves' too). */
#define ELSEWHERE_SLOTS 1024
struct web_elsewhere {
	char id[40];
	char address[256];
	int64_t at;          /* web_clock_now() when the store said so */
};

static size_t slot_of(const char *id)
{
	size_t h = 5381;
	for (const unsigned char *p = (const unsigned char *)id; *p; p++)
		h = h * 33 + *p;
	return h % ELSEWHERE_SLOTS;
}

/* Whether id is known to be served elsewhere (its address into address). */
static bool known_elsewhere(web_tables *ts, const char *id, char *address, size_t cap)
{
	int64_t now = web_clock_now(ts);
	bool known = false;
	pthread_mutex_lock(&ts->lock);
	struct web_elsewhere *e = ts->elsewhere ? &ts->elsewhere[slot_of(id)] : NULL;
	if (e && !strcmp(e->id, id) && now >= e->at && now - e->at < ts->lease_ms / 3) {
		known = true;
		if (address)
			snprintf(address, cap, "%s", e->address);
	}
	pthread_mutex_unlock(&ts->lock);
	return known;
}

static void remember_elsewhere(web_tables *ts, const char *id, const char *address)
{
	if (!address || !address[0] || strlen(address) >= sizeof ts->elsewhere->address)
		return;
	pthread_mutex_lock(&ts->lock);
	if (!ts->elsewhere)
		ts->elsewhere = calloc(ELSEWHERE_SLOTS, sizeof *ts->elsewhere);
	if (ts->elsewhere) {
		struct web_elsewhere *e = &ts->elsewhere[slot_of(id)];
		snprintf(e->id, sizeof e->id, "%s", id);
		snprintf(e->address, sizeof e->address, "%s", address);
		e->at = web_clock_now(ts);
	}
	pthread_mutex_unlock(&ts->lock);
}

web_table *web_tables_find_at(web_tables *ts, const char *id, bool *elsewhere,
			      char *address, size_t cap)
{
	char holder[512];
	*elsewhere = false;
	web_table *t = held(ts, id);
	if (t || web_tables_stopping(ts) || web_tables_damaged(ts, id))
		return t;
	if (known_elsewhere(ts, id, address, cap))
		return *elsewhere = true, NULL;
	t = load(ts, id, elsewhere, holder, sizeof holder);
	if (*elsewhere)
		remember_elsewhere(ts, id, holder);
	if (address)
		snprintf(address, cap, "%s", *elsewhere ? holder : "");
	return t;
}

web_table *web_tables_take_over(web_tables *ts, const char *id)
{
	bool elsewhere = false;
	web_table *t = held(ts, id);
	return t || web_tables_stopping(ts) ? t : load(ts, id, &elsewhere, NULL, 0);
}

web_table *web_tables_find(web_tables *ts, const char *id)
{
	bool elsewhere;
	return web_tables_find_at(ts, id, &elsewhere, NULL, 0);
}

void web_table_hold(web_tables *ts, web_table *t)
{
	pthread_mutex_lock(&ts->lock);
	t->refs++, t->touched = web_clock_now(ts);
	pthread_mutex_unlock(&ts->lock);
}

void web_tables_put(web_tables *ts, web_table *t)
{
	if (t)
		web_tables_put_each(ts, &t, 1);
}

void web_tables_put_each(web_tables *ts, web_table *const *list, size_t n)
{
	int64_t now = web_clock_now(ts);
	pthread_mutex_lock(&ts->lock);
	for (size_t i = 0; i < n; i++)
		list[i]->refs--, list[i]->touched = now;
	pthread_mutex_unlock(&ts->lock);
}

/* Whether t may leave memory now, nobody holding it. Both locks held. */
static bool may_go(const web_table *t, int64_t now, int64_t keep_ms)
{
	if (t->queued || t->hinting)
		return false;
	if (t->deleted || atomic_load(&t->lost))
		return true;
	if (web_table_ended(t))
		return now - t->touched >= keep_ms;
	return !web_table_over(t) && !bones_time_control_on(&t->row.time) &&
	       web_clock_idle(t, now) && now - t->touched >= WEB_KEEP_MS;
}

/* Move the tables that may go from ts->tables to gone (*n of them); past
 * WEB_ENDED_KEPT ended ones, the first (least recently added) go too. ts->lock held. */
static void pick(web_tables *ts, int64_t now, int64_t keep_ms, web_table **gone, size_t *n)
{
	size_t ended = 0, kept = 0;
	for (size_t i = 0; i < ts->count; i++)
		ended += web_table_ended(ts->tables[i]);
	for (size_t i = 0; i < ts->count; i++) {
		web_table *t = ts->tables[i];
		bool go = false;
		if (!t->refs) {
			pthread_mutex_lock(&t->lock);
			go = may_go(t, now, ended > WEB_ENDED_KEPT ? 0 : keep_ms);
			pthread_mutex_unlock(&t->lock);
		}
		if (go)
			gone[(*n)++] = t, ended -= web_table_ended(t);
		else
			ts->tables[kept++] = t;
	}
	ts->count = kept;
}

void web_tables_let_go(web_tables *ts, int64_t now, int64_t keep_ms)
{
	pthread_mutex_lock(&ts->lock);
	web_table **gone = malloc((ts->count ? ts->count : 1) * sizeof *gone);
	size_t n = 0, left = 0;
	if (gone)
		pick(ts, now, keep_ms, gone, &n);
	left = ts->count;
	pthread_mutex_unlock(&ts->lock);
	for (size_t i = 0; i < n; i++) { /* nobody can find them now */
		if (!gone[i]->deleted && !atomic_load(&gone[i]->lost))
			web_store_lease_drop(ts->store, gone[i]->row.id);
		web_table_free(gone[i]);
	}
	free(gone);
	if (!n)
		return;
#ifdef __GLIBC__
	malloc_trim(0); /* the freed tables' memory back to the system, not kept in arenas */
#endif
	web_log("%zu tables left memory (kept in the database), %zu in memory", n, left);
}

void web_table_resume(web_tables *ts, web_table *t)
{
	web_result r;
	pthread_mutex_lock(&t->lock);
	bones_table_resolve_chance(t->table);
	if (!web_table_commit(ts, t, &r))
		web_log("table %s: %s", t->row.id, r.error);
	web_table_commit_advance(ts, t); /* marks a table over for good as ended */
	web_table_queue_add(ts, t);
	pthread_mutex_unlock(&t->lock);
}
