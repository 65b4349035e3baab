/* The lease thread of a process sharing its PostgreSQL with others (web_store_lease.c):
 * every third of a lease's time it renews this process's leases and its address, and
 * takes over the tables whose holder let its lease expire (it died): each is read back
 * from the store as a start restores it, so it goes on here with every move that was
 * acknowledged. On SQLite (one process) there is no such thread. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "web_table_internal.h"

#define TAKE_AT_ONCE 256 /* orphaned tables read back per round */

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

/* One round: the leases renewed, the orphaned tables taken over. */
static void lease_round(web_tables *ts, char (*ids)[40])
{
	char address[sizeof ts->address], err[512];
	pthread_mutex_lock(&ts->lock);
	memcpy(address, ts->address, sizeof address);
	pthread_mutex_unlock(&ts->lock);
	if (web_store_lease_renew(ts->store, address, err, sizeof err))
		web_log("the leases are not renewed: %s", err);
	size_t n = web_store_lease_orphans(ts->store, ids, TAKE_AT_ONCE);
	for (size_t i = 0; i < n && !web_tables_stopping(ts); i++) {
		bool elsewhere = false;
		web_table *t = web_tables_find_at(ts, ids[i], &elsewhere, NULL, 0);
		if (t)
			web_log("table %s: taken over (its process's lease expired)", ids[i]);
		web_tables_put(ts, t);
	}
}

void *web_table_lease_run(void *arg)
{
	web_tables *ts = arg;
	char (*ids)[40] = malloc(TAKE_AT_ONCE * sizeof *ids);
	int64_t every = ts->lease_ms / 3, slept = every;
	while (ids && !web_tables_stopping(ts)) {
		if (slept >= every) {
			lease_round(ts, ids);
			slept = 0;
		}
		struct timespec pause = {0, 50000000L}; /* 50 ms: a stop is noticed soon */
		nanosleep(&pause, NULL);
		slept += 50;
	}
	free(ids);
	return NULL;
}
