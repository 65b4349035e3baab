/* Leases (web_store.h): several `bones serve` processes on one PostgreSQL, each table
 * served by one process at a time. A process registers in `servers` (its id for this
 * start, the address it is reached at, when it was last seen) and holds a row of
 * `leases` for each table it has in memory, renewed by its lease thread; a lease past
 * its expiry may be taken by another process, which then reads the table back. A
 * move's commit updates its table's lease row in the same transaction (web_store.c),
 * so a process that lost the lease cannot write a move: the row's lock orders the
 * commit and the take-over, and the new holder reads every move committed before. */
#define _DEFAULT_SOURCE /* realpath, flock, gethostname */
#include "web_store_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#include "bones/i18n.h"
#include "web_log.h"
#include "web_token.h"

/* A lease another process may take: expired, or its holder is no live process (not
 * registered, or a process before this one in the same home). ?3 now, ?4 this process's
 * home, ?2 its id. */
#define FREE_LEASE \
	"(leases.expires < ?3 OR leases.server NOT IN (SELECT id FROM servers WHERE" \
	" home <> ?4 OR id = ?2))"

/* One process per data folder (its tournaments' files, and the proof that an earlier
 * process of this home is gone): DIR/bones-serve.lock held, waited for 10 s. */
static int lock_home(web_store *st, char *err, size_t errcap)
{
	char path[1100], host[256] = "?";
	snprintf(path, sizeof path, "%s/bones-serve.lock", st->dir);
	st->home_fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (st->home_fd < 0) {
		snprintf(err, errcap, _("cannot open '%s': %s"), path, strerror(errno));
		return 1;
	}
	int tries = 0;
	for (; tries < 100 && flock(st->home_fd, LOCK_EX | LOCK_NB); tries++) {
		struct timespec pause = {0, 100000000L};
		nanosleep(&pause, NULL);
	}
	if (tries == 100) {
		snprintf(err, errcap, _("'%s': another bones serve uses this data folder: give "
					"each process on the database a --data of its own"), st->dir);
		return 1;
	}
	gethostname(host, sizeof host - 1);
	char *real = realpath(st->dir, NULL);
	snprintf(st->home, sizeof st->home, "%s:%s", host, real ? real : st->dir);
	free(real);
	return 0;
}

/* Now on the leases' clock; 0 when not leasing (SQLite). */
static int64_t lease_now(const web_store *st)
{
	return st->lease_now ? st->lease_now(st->lease_user) : 0;
}

int web_store_leases_start(web_store *st, int64_t ttl_ms, int64_t (*now)(void *),
			   void *user, char *err, size_t errcap)
{
	if (st->db->driver->dialect != WEB_DB_PG)
		return 0; /* SQLite: one process (web_db_open_sqlite's lock) */
	if (lock_home(st, err, errcap))
		return 1;
	uint64_t id = 0;
	while (!(id >> 1)) /* a random id for this start: never 0, which means "not leasing" */
		if (!web_token_random_bytes(&id, sizeof id)) {
			snprintf(err, errcap, "%s", _("out of memory"));
			return 1;
		}
	st->server = (int64_t)(id >> 1);
	st->lease_ttl = ttl_ms;
	st->lease_now = now, st->lease_user = user;
	int64_t seen = now(user);
	const void *args[] = {&st->server, &seen, st->home};
	pthread_mutex_lock(&st->lock);
	int rc = web_store_run(st, "INSERT INTO servers VALUES(?, '', ?, ?)", "iit", args, err,
			       errcap);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

bool web_store_leasing(const web_store *st)
{
	return st->server != 0;
}

int web_store_lease_take(web_store *st, const char *id, char *holder, size_t cap)
{
	int64_t now = lease_now(st), expires = now + st->lease_ttl;
	const void *args[] = {id, &st->server, &now, st->home, &expires};
	char err[512];
	holder[0] = '\0';
	if (!st->server)
		return 0;
	pthread_mutex_lock(&st->lock);
	int rc = web_store_run(st, "INSERT INTO leases VALUES(?1, ?2, ?5) ON CONFLICT(table_id)"
			       " DO UPDATE SET server = excluded.server, expires = excluded.expires"
			       " WHERE leases.server = excluded.server OR " FREE_LEASE,
			       "tiiti", args, err, sizeof err);
	if (!rc && web_db_changes(st->db) != 1) {
		rc = 1;
		web_db_stmt *q = web_store_prepare(st, "SELECT s.address FROM leases l JOIN servers s"
						   " ON s.id = l.server WHERE l.table_id = ?", id,
						   NULL, NULL);
		if (q && web_db_step(q) == WEB_DB_ROW)
			web_store_text(holder, cap, q, 0);
		web_db_finalize(q);
	} else if (rc) {
		web_log("table %s: its lease cannot be taken: %s", id, err);
		rc = -1;
	}
	pthread_mutex_unlock(&st->lock);
	return rc;
}

int web_store_lease_renew(web_store *st, const char *address, char *err, size_t errcap)
{
	int64_t now = lease_now(st), expires = now + st->lease_ttl;
	const void *sargs[] = {address, &now, &st->server};
	const void *largs[] = {&expires, &st->server};
	if (!st->server)
		return 0;
	pthread_mutex_lock(&st->lock);
	/* "": not known yet (the listening socket opens after the restore); kept as it is */
	int rc = (address[0] && web_store_run(st, "UPDATE servers SET address = ?, seen = ?"
					      " WHERE id = ?", "tii", sargs, err, errcap)) ||
		 web_store_run(st, "UPDATE leases SET expires = ? WHERE server = ?", "ii", largs,
			       err, errcap);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

void web_store_lease_drop(web_store *st, const char *id)
{
	const void *args[] = {id, &st->server};
	char err[512];
	if (!st->server)
		return;
	pthread_mutex_lock(&st->lock);
	if (web_store_run(st, "DELETE FROM leases WHERE table_id = ? AND server = ?", "ti", args,
			  err, sizeof err))
		web_log("table %s: its lease is not given up: %s", id, err);
	pthread_mutex_unlock(&st->lock);
}

size_t web_store_lease_orphans(web_store *st, char (*ids)[40], size_t cap)
{
	int64_t now = lease_now(st);
	size_t n = 0;
	if (!st->server)
		return 0;
	pthread_mutex_lock(&st->lock);
	web_db_stmt *q = web_db_prepare(st->db, "SELECT table_id FROM leases WHERE server <> ?2"
					" AND " FREE_LEASE " ORDER BY expires LIMIT ?1");
	if (q) {
		web_db_bind_int64(q, 1, (int64_t)cap);
		web_db_bind_int64(q, 2, st->server);
		web_db_bind_int64(q, 3, now);
		web_db_bind_text(q, 4, st->home);
		while (n < cap && web_db_step(q) == WEB_DB_ROW)
			web_store_text(ids[n++], sizeof ids[0], q, 0);
	}
	web_db_finalize(q);
	pthread_mutex_unlock(&st->lock);
	return n;
}

int web_store_lease_free_all(web_store *st, char *err, size_t errcap)
{
	int64_t now = lease_now(st), expires = now + st->lease_ttl;
	const void *args[] = {&expires, &st->server, &now, st->home};
	const void *gone[] = {st->home, &st->server};
	if (!st->server)
		return 0;
	pthread_mutex_lock(&st->lock);
	int rc = web_store_run(st, "INSERT INTO leases SELECT id, ?2, ?1 FROM tables WHERE"
			       " ended = 0 ON CONFLICT(table_id) DO UPDATE SET server ="
			       " excluded.server, expires = excluded.expires WHERE " FREE_LEASE,
			       "iiit", args, err, errcap) ||
		 web_store_run(st, "DELETE FROM servers WHERE home = ? AND id <> ?", "ti", gone,
			       err, errcap);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

void web_store_lease_release_all(web_store *st)
{
	const void *args[] = {&st->server};
	char err[512];
	if (!st->server)
		return;
	pthread_mutex_lock(&st->lock);
	if (web_store_run(st, "DELETE FROM leases WHERE server = ?", "i", args, err, sizeof err) ||
	    web_store_run(st, "DELETE FROM servers WHERE id = ?", "i", args, err, sizeof err))
		web_log("the leases are not given up (they expire): %s", err);
	pthread_mutex_unlock(&st->lock);
}

int web_store_notify(web_store *st)
{
	char me[32], err[512];
	if (!st->server)
		return 0;
	snprintf(me, sizeof me, "%lld", (long long)st->server);
	pthread_mutex_lock(&st->lock);
	web_db_stmt *q = web_store_prepare(st, "SELECT pg_notify('bones', ?)", me, NULL, NULL);
	int rc = q && web_db_step(q) == WEB_DB_ROW ? 0 : 1; /* pg_notify's row: void */
	if (rc)
		web_store_fail(st, _("cannot write"), err, sizeof err);
	web_db_finalize(q);
	pthread_mutex_unlock(&st->lock);
	if (rc)
		web_log("the other processes are not told of a change: %s", err);
	return rc;
}

int web_store_heard(web_store *st, int ms)
{
	char err[512], payload[64], me[32];
	if (!st->server || !st->url)
		return 0;
	if (!st->listener && web_db_pg_listen(st->url, "bones", &st->listener, err, sizeof err)) {
		web_log("postgresql: cannot listen for the other processes' changes: %s", err);
		return -1;
	}
	snprintf(me, sizeof me, "%lld", (long long)st->server);
	int heard = 0, rc;
	while ((rc = web_db_pg_heard(st->listener, heard ? 0 : ms, payload, sizeof payload)) == 1)
		heard |= strcmp(payload, me) != 0; /* our own NOTIFYs come back too */
	return rc < 0 ? -1 : heard;
}

size_t web_store_lease_mine(web_store *st, char (**ids)[40])
{
	size_t n = 0, cap = 0;
	*ids = NULL;
	if (!st->server)
		return 0;
	pthread_mutex_lock(&st->lock);
	web_db_stmt *q = web_db_prepare(st->db, "SELECT table_id FROM leases WHERE server = ?");
	int rc = q ? WEB_DB_ROW : WEB_DB_ERROR;
	if (q)
		web_db_bind_int64(q, 1, st->server);
	while (rc == WEB_DB_ROW && (rc = web_db_step(q)) == WEB_DB_ROW) {
		if (n == cap) {
			char (*a)[40] = realloc(*ids, (cap = cap ? cap * 2 : 256) * sizeof *a);
			if (!a) {
				rc = WEB_DB_NOMEM;
				break;
			}
			*ids = a;
		}
		web_store_text((*ids)[n++], sizeof (*ids)[0], q, 0);
	}
	web_db_finalize(q);
	pthread_mutex_unlock(&st->lock);
	if (rc != WEB_DB_DONE) {
		free(*ids);
		*ids = NULL;
		return (size_t)-1;
	}
	return n;
}
