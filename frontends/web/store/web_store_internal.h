/* What web_store.c (opening, writing) and web_store_read.c (reading tables back)
 * share: the store itself. Not for other modules: they use web_store.h. */
#ifndef WEB_STORE_INTERNAL_H
#define WEB_STORE_INTERNAL_H

#include <pthread.h>
#include <sqlite3.h>
#include <stdbool.h>
#include <stdint.h>

#include "web_store.h"

struct pending; /* moves of one table waiting for the next group commit */

struct web_store {
	sqlite3 *db;
	pthread_mutex_t lock;   /* the connection */
	pthread_mutex_t qlock;  /* the queue of pending moves and `leading` */
	pthread_cond_t qdone;
	struct pending *queue;
	bool leading;           /* a writer is committing a batch */
	sqlite3_stmt *insert_move; /* prepared once; used under lock */
	char path[1024];
	char dir[1024];         /* the folder of path (the server's data folder) */
	char fault[32];         /* BONES_WEB_FAULT: a test's crash point */
	uint64_t epoch;         /* starts on this database, this one included */
	uint64_t deal_key;      /* this database's secret for tournament deals */
};

/* err = what failed and SQLite's reason, naming the database by its file name only
 * (the reason may reach a client); returns 1. */
int web_store_fail(web_store *st, const char *what, char *err, size_t errcap);

/* Run one statement with bindings: types "t" text, "i" int64, "d" double (args point
 * to them); 0, or 1 with err saying why. st->lock held. */
int web_store_run(web_store *st, const char *sql, const char *types, const void *const *args,
		  char *err, size_t errcap);

/* sql prepared with the texts a, b, c bound to ?1.. (a NULL ends them); NULL when it
 * cannot be. st->lock held. */
sqlite3_stmt *web_store_prepare(web_store *st, const char *sql, const char *a, const char *b,
				const char *c);
/* Column col of q's row into dst (cap bytes), "" for NULL. */
void web_store_text(char *dst, size_t cap, sqlite3_stmt *q, int col);

#endif /* WEB_STORE_INTERNAL_H */
