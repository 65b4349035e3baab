/* web_store, the accounts' rows (web_store.h): accounts and their password hashes, the
 * seats they took, and sessions by the hash of their token. The statements of
 * web_accounts.c and web_session.c, which see no SQL. */
#include "web_store_internal.h"

#include <stdio.h>
#include <string.h>

#include "bones/i18n.h"

int web_store_account(web_store *st, const char *name, web_account_row *out)
{
	pthread_mutex_lock(&st->lock);
	web_db_stmt *q = web_store_prepare(st, "SELECT name, hash, created, bot FROM accounts"
					    " WHERE name = ?", name, NULL, NULL);
	bool found = q && web_db_step(q) == WEB_DB_ROW;
	if (found) {
		web_store_text(out->name, sizeof out->name, q, 0);
		web_store_text(out->hash, sizeof out->hash, q, 1);
		out->created = web_db_int64(q, 2);
		out->bot = web_db_int64(q, 3) != 0;
	}
	web_db_finalize(q);
	pthread_mutex_unlock(&st->lock);
	return found ? 0 : 1;
}

int web_store_add_account(web_store *st, const web_account_row *a, char *err, size_t errcap)
{
	int64_t created = a->created, bot = a->bot;
	const void *args[] = {a->name, a->hash, &created, &bot};
	pthread_mutex_lock(&st->lock);
	int rc = web_store_run(st, "INSERT INTO accounts(name, hash, created, bot)"
			       " VALUES(?,?,?,?)", "ttii", args, err, errcap);
	bool taken = rc && st->db->driver->constraint(st->db);
	pthread_mutex_unlock(&st->lock);
	return taken ? WEB_STORE_EXISTS : rc;
}

size_t web_store_bot_names(web_store *st, char (*out)[64], size_t cap)
{
	size_t n = 0;
	pthread_mutex_lock(&st->lock);
	web_db_stmt *q = web_store_prepare(st, "SELECT name FROM accounts WHERE bot = 1 ORDER BY"
					   " name", NULL, NULL, NULL);
	for (; q && web_db_step(q) == WEB_DB_ROW; n++)
		if (n < cap)
			web_store_text(out[n], sizeof out[n], q, 0);
	web_db_finalize(q);
	pthread_mutex_unlock(&st->lock);
	return n;
}

int web_store_set_password(web_store *st, const char *name, const char *hash, char *err,
			   size_t errcap)
{
	const void *args[] = {hash, name};
	pthread_mutex_lock(&st->lock);
	int rc = web_store_run(st, "UPDATE accounts SET hash = ? WHERE name = ?", "tt", args, err,
			       errcap);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

int web_store_add_account_seat(web_store *st, const char *name, const char *id,
			       const char *token, char *err, size_t errcap)
{
	const void *args[] = {name, id, token};
	pthread_mutex_lock(&st->lock);
	int rc = web_store_run(st, "INSERT INTO account_seats VALUES(?,?,?) ON CONFLICT"
			       " DO NOTHING", "ttt", args, err, errcap);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

size_t web_store_account_seats(web_store *st, const char *name, web_seat_ref *out,
			       size_t cap)
{
	size_t n = 0;
	pthread_mutex_lock(&st->lock);
	web_db_stmt *q = web_store_prepare(st,
			"SELECT s.table_id, s.token FROM account_seats s JOIN"
			" tables t ON t.id = s.table_id WHERE s.name = ? ORDER BY"
			" t.created DESC", name, NULL, NULL);
	while (q && n < cap && web_db_step(q) == WEB_DB_ROW) {
		web_store_text(out[n].id, sizeof out[n].id, q, 0);
		web_store_text(out[n].token, sizeof out[n].token, q, 1);
		n++;
	}
	web_db_finalize(q);
	pthread_mutex_unlock(&st->lock);
	return n;
}

void web_store_seat_owner(web_store *st, const char *id, const char *token, char *owner,
			  size_t cap)
{
	pthread_mutex_lock(&st->lock);
	web_db_stmt *q = web_store_prepare(st,
			"SELECT name FROM account_seats WHERE table_id = ? AND"
			" token = ? LIMIT 1", id, token, NULL);
	owner[0] = '\0';
	if (q && web_db_step(q) == WEB_DB_ROW)
		web_store_text(owner, cap, q, 0);
	web_db_finalize(q);
	pthread_mutex_unlock(&st->lock);
}

/* ---- sessions --------------------------------------------------------------------- */

int web_store_add_session(web_store *st, const char *hash, const char *name, int64_t expires,
			  int64_t now, char *err, size_t errcap)
{
	const void *gone[] = {&now}, *args[] = {hash, name, &expires};
	pthread_mutex_lock(&st->lock);
	int rc = web_store_run(st, "DELETE FROM sessions WHERE expires <= ?", "i", gone, err,
			       errcap) ||
		 web_store_run(st, "INSERT INTO sessions VALUES(?,?,?)", "tti", args, err, errcap);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

int web_store_session(web_store *st, const char *hash, int64_t now, char *name, size_t cap)
{
	pthread_mutex_lock(&st->lock);
	web_db_stmt *q = web_store_prepare(st, "SELECT name FROM sessions WHERE hash = ? AND"
					    " expires > ?", hash, NULL, NULL);
	if (q)
		web_db_bind_int64(q, 2, now);
	bool found = q && web_db_step(q) == WEB_DB_ROW;
	if (found)
		web_store_text(name, cap, q, 0);
	web_db_finalize(q);
	pthread_mutex_unlock(&st->lock);
	return found ? 0 : 1;
}

int web_store_delete_sessions(web_store *st, const char *name, const char *hash, char *err,
			      size_t errcap)
{
	const void *one[] = {hash}, *others[] = {name, hash};
	pthread_mutex_lock(&st->lock);
	int rc = name ? web_store_run(st, "DELETE FROM sessions WHERE name = ? AND hash <> ?",
				      "tt", others, err, errcap)
		      : web_store_run(st, "DELETE FROM sessions WHERE hash = ?", "t", one, err,
				      errcap);
	pthread_mutex_unlock(&st->lock);
	return rc;
}
