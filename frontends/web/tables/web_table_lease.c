/* The lease thread of a process sharing its PostgreSQL with others (web_store_lease.c):
 * every third of a lease's time it renews this process's leases and its address, and
 * every half second takes over the tables whose holder let its lease expire (it died):
 * each is read back from the store as a start restores it, so it goes on here with
 * every move that was acknowledged. It also tells the others of this process's changes (NOTIFY bones,
 * a quarter second at most after them), and a second thread hears theirs (LISTEN), so
 * that the lobby's event streams here wake for a change made there. On SQLite (one
 * process) there are no such threads. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "web_table_internal.h"

#define TAKE_AT_ONCE 256 /* orphaned tables read back per round */
#define NOTIFY_MS 250    /* the other processes are told of this one's changes this often */
#define TAKE_OVER_MS 500 /* the expired leases looked for this often */

static int64_t lease_clock(void *user)
{
	return web_clock_wall(user);
}

int web_table_lease_start(web_tables *ts, char *err, size_t errcap)
{
	const char *env = getenv("BONES_WEB_LEASE_MS"); /* tests: shorter leases */
	long ttl = env && env[0] ? strtol(env, NULL, 10) : WEB_LEASE_MS;
	ts->lease_ms = ttl >= 300 && ttl <= 3600000 ? ttl : WEB_LEASE_MS;
	if (web_store_leases_start(ts->store, ts->lease_ms, lease_clock, ts, err, errcap))
		return 1;
	if (!web_store_leasing(ts->store))
		return 0;
	web_log("leases of %lld ms: this process serves the tables whose lease it holds",
		(long long)ts->lease_ms);
	return web_store_lease_free_all(ts->store, err, errcap);
}

void web_tables_advertise(web_tables *ts, const char *address)
{
	char err[512];
	pthread_mutex_lock(&ts->lock);
	snprintf(ts->address, sizeof ts->address, "%s", address);
	pthread_mutex_unlock(&ts->lock);
	if (web_store_lease_renew(ts->store, address, err, sizeof err)) /* known at once */
		web_log("the address is not registered (at the next renewal): %s", err);
}

bool web_tables_serves(web_tables *ts, const char *what, char *address, size_t cap)
{
	char holder[512] = "";
	int64_t now = web_clock_wall(ts);
	if (!ts->leasing && !web_store_leasing(ts->store))
		return true;
	pthread_mutex_lock(&ts->lock);
	int i = 0;
	while (i < WEB_SERVED_MAX && ts->served[i].what[0] && strcmp(ts->served[i].what, what))
		i++;
	bool known = i < WEB_SERVED_MAX && ts->served[i].what[0] &&
		     now - ts->served[i].at < ts->lease_ms / 3 && now >= ts->served[i].at;
	bool mine = known && ts->served[i].mine;
	if (known && !mine)
		snprintf(holder, sizeof holder, "%s", ts->served[i].address);
	pthread_mutex_unlock(&ts->lock);
	if (!known) {
		mine = web_store_lease_take(ts->store, what, holder, sizeof holder) <= 0;
		pthread_mutex_lock(&ts->lock);
		if (i < WEB_SERVED_MAX) {
			snprintf(ts->served[i].what, sizeof ts->served[i].what, "%s", what);
			snprintf(ts->served[i].address, sizeof ts->served[i].address, "%s", holder);
			ts->served[i].mine = mine, ts->served[i].at = now;
		}
		pthread_mutex_unlock(&ts->lock);
	}
	if (address)
		snprintf(address, cap, "%s", mine ? "" : holder);
	return mine;
}

static int by_id(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* The tables in memory whose lease is no longer this process's (it was paused or cut
 * off past the lease, and another took them) marked lost: their clocks stop here
 * before they could write a forfeit the other process does not know of. Only those
 * that came into memory before the leases were read (their lease was taken before). */
static void find_lost(web_tables *ts)
{
	char (*mine)[40] = NULL;
	pthread_mutex_lock(&ts->lock);
	uint64_t before = ts->added;
	pthread_mutex_unlock(&ts->lock);
	size_t n = web_store_lease_mine(ts->store, &mine);
	if (n == (size_t)-1)
		return;
	if (n)
		qsort(mine, n, sizeof *mine, by_id);
	pthread_mutex_lock(&ts->lock);
	for (size_t i = 0; i < ts->count; i++) {
		web_table *t = ts->tables[i];
		if (t->added > before || t->deleted || atomic_load(&t->lost) ||
		    (n && bsearch(t->row.id, mine, n, sizeof *mine, by_id)))
			continue;
		atomic_store(&t->lost, true);
		web_log("table %s: another process serves it now (its lease was lost)", t->row.id);
	}
	pthread_mutex_unlock(&ts->lock);
	free(mine);
}

/* One round: the leases renewed, the lost ones found. */
static void lease_round(web_tables *ts)
{
	char address[sizeof ts->address], err[512];
	pthread_mutex_lock(&ts->lock);
	memcpy(address, ts->address, sizeof address);
	pthread_mutex_unlock(&ts->lock);
	if (web_store_lease_renew(ts->store, address, err, sizeof err))
		web_log("the leases are not renewed: %s", err);
	else
		find_lost(ts);
}

/* The tables whose holder let its lease expire taken over and read back here. */
static void take_over(web_tables *ts, char (*ids)[40])
{
	size_t n = web_store_lease_orphans(ts->store, ids, TAKE_AT_ONCE);
	for (size_t i = 0; i < n && !web_tables_stopping(ts); i++) {
		if (ids[i][0] == '~')
			continue; /* not a table (web_tables_serves): taken when asked for */
		web_table *t = web_tables_take_over(ts, ids[i]);
		if (t)
			web_log("table %s: taken over (its process's lease expired)", ids[i]);
		web_tables_put(ts, t);
	}
}

/* The changes made here (not heard of) since told: the others told (NOTIFY), at most
 * one NOTIFY per NOTIFY_MS for any number of changes. */
static void tell(web_tables *ts, uint64_t *told)
{
	pthread_mutex_lock(&ts->elock);
	uint64_t own = ts->changes - ts->heard;
	pthread_mutex_unlock(&ts->elock);
	if (own != *told && !web_store_notify(ts->store))
		*told = own;
}

void *web_table_lease_run(void *arg)
{
	web_tables *ts = arg;
	char (*ids)[40] = malloc(TAKE_AT_ONCE * sizeof *ids);
	int64_t every = ts->lease_ms / 3, slept = every, since_told = 0, since_taken = 0;
	uint64_t told = 0;
	while (ids && !web_tables_stopping(ts)) {
		if (slept >= every) {
			lease_round(ts);
			slept = 0;
		}
		if (since_taken >= TAKE_OVER_MS) { /* one SELECT: often, so a dead process's
						    * tables go on soon after its leases expire */
			take_over(ts, ids);
			since_taken = 0;
		}
		if (since_told >= NOTIFY_MS) {
			tell(ts, &told);
			since_told = 0;
		}
		struct timespec pause = {0, 50000000L}; /* 50 ms: a stop is noticed soon */
		nanosleep(&pause, NULL);
		slept += 50, since_told += 50, since_taken += 50;
	}
	free(ids);
	return NULL;
}

void *web_table_lease_listen(void *arg)
{
	web_tables *ts = arg;
	while (!web_tables_stopping(ts)) {
		int heard = web_store_heard(ts->store, 250);
		if (heard > 0) {
			pthread_mutex_lock(&ts->elock);
			ts->changes++, ts->heard++;
			pthread_cond_broadcast(&ts->echanged);
			pthread_mutex_unlock(&ts->elock);
		}
		for (int i = 0; heard < 0 && i < 20 && !web_tables_stopping(ts); i++) {
			struct timespec pause = {0, 50000000L}; /* lost: again in a second */
			nanosleep(&pause, NULL);
		}
	}
	return NULL;
}
