/* What web_store.c (opening, writing) and web_store_read.c (reading tables back)
 * share: the store itself. Not for other modules: they use web_store.h. */
#ifndef WEB_STORE_INTERNAL_H
#define WEB_STORE_INTERNAL_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "web_store.h"
#include "web_store_db.h"

struct pending; /* moves of one table waiting for the next group commit */

struct web_store {
	web_db *db;             /* SQLite or PostgreSQL (web_store_db.h) */
	pthread_mutex_t lock;   /* the connection */
	pthread_mutex_t qlock;  /* the queue of pending moves and `leading` */
	pthread_cond_t qdone;
	struct pending *queue;
	bool leading;           /* a writer is committing a batch */
	web_db_stmt *insert_move; /* prepared once; used under lock */
	char path[1024];        /* the SQLite file, or "postgresql" (never its URL) */
	char dir[1024];         /* the server's data folder (tournaments' files) */
	char fault[32];         /* BONES_WEB_FAULT: a test's crash point */
	uint64_t epoch;         /* starts on this database, this one included */
	uint64_t deal_key;      /* this database's secret for tournament deals */
	int64_t server;         /* this process's id in `servers` and `leases`; 0: no leases
				 * (SQLite: one process) */
	int64_t lease_ttl;      /* ms a lease lasts unless renewed */
	int64_t (*lease_now)(void *user); /* the tables' clock (ms), for the leases */
	void *lease_user;
	char home[1200];        /* "HOST:DATA-FOLDER": a process before this one with the same
				 * home is dead (home_fd's lock), its leases free at once */
	int home_fd;            /* DIR/bones-serve.lock, flocked: one process per folder */
	char *url;              /* PostgreSQL's (owned; never shown: it may hold a password) */
	web_db_listener *listener; /* LISTEN bones: the other processes' changes; NULL none */
};

/* err = what failed and the database's reason, naming it by its file name only or
 * "postgresql" (the reason may reach a client); returns 1. */
int web_store_fail(web_store *st, const char *what, char *err, size_t errcap);

/* Run one statement with bindings: types "t" text, "i" int64, "d" double (args point
 * to them); 0, or 1 with err saying why. st->lock held. */
int web_store_run(web_store *st, const char *sql, const char *types, const void *const *args,
		  char *err, size_t errcap);

/* sql prepared with the texts a, b, c bound to ?1.. (a NULL ends them); NULL when it
 * cannot be. st->lock held. */
web_db_stmt *web_store_prepare(web_store *st, const char *sql, const char *a, const char *b,
				const char *c);
/* Column col of q's row into dst (cap bytes), "" for NULL. */
void web_store_text(char *dst, size_t cap, web_db_stmt *q, int col);

/* When a lease taken or renewed now expires (ms, the tables' clock). */
int64_t web_store_lease_expiry(const web_store *st);
/* The lease check of a move's commit (web_store_lease.c): 0, WEB_STORE_LEASE_LOST or 1
 * (err). st->lock held, within the commit's transaction. */
int web_store_lease_check(web_store *st, const char *id, char *err, size_t errcap);

#endif /* WEB_STORE_INTERNAL_H */
