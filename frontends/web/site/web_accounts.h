/* Accounts of `bones serve` (optional: link play needs none): a name and a password
 * (Argon2id, libargon2), sessions in a cookie (a random token, stored hashed), log-in
 * attempts throttled per name and address together and per address. docs/web.md,
 * "Accounts". */
#ifndef BONES_WEB_ACCOUNTS_H
#define BONES_WEB_ACCOUNTS_H

#include <stdbool.h>

#include "web_bots.h"
#include "web_json.h"
#include "web_tables.h"

#define WEB_SESSION_COOKIE "bones_session"
#define WEB_SESSION_DAYS 30
#define WEB_NAME_MIN 3
#define WEB_NAME_MAX 24
#define WEB_PASSWORD_MIN 8
#define WEB_PASSWORD_MAX 200  /* bytes */
#define WEB_LOGIN_PAIR_FAILS 5     /* failed log-ins on one name from one address before
				      * that address waits for that name */
#define WEB_LOGIN_ADDRESS_FAILS 20 /* failed log-ins from one address before it waits */
#define WEB_LOGIN_WAIT_MS 60000    /* the first wait; doubles with each failure more */
#define WEB_LOGIN_WAIT_MAX_MS 900000 /* and at most; failures are forgotten this long after */
#define WEB_ACCOUNTS_PER_ADDRESS 5   /* new accounts from one address (each an Argon2 hash of
				      * 19 MiB) ... */
#define WEB_ACCOUNTS_WINDOW_MS 3600000 /* ... in this long */

typedef struct web_accounts web_accounts;

/* One account request: who asks (address, the session cookie's token) and what the
 * reply must carry besides its body. */
typedef struct web_account_call {
	const char *client;   /* the client's address */
	const char *session;  /* the session cookie's value, or NULL */
	bool secure;          /* behind the trusted (TLS) proxy: cookies are Secure */
	char cookie[200];     /* out: a Set-Cookie value, "" none */
	int retry_after;      /* out: seconds, with a 429 */
} web_account_call;

/* ts gives the store and the clock (BONES_WEB_TEST_CLOCK); bots (borrowed) learns of
 * new bot accounts. NULL: out of memory. */
web_accounts *web_accounts_create(web_tables *ts, web_bots *bots);
void web_accounts_destroy(web_accounts *a);
/* The bot accounts' names (borrowed, as given to web_accounts_create). */
web_bots *web_accounts_bots(web_accounts *a);

/* Whether path (under /api/) is an account route. */
bool web_accounts_route(const char *path);
/* Whether the route reads a JSON body (the others take none). */
bool web_accounts_wants_body(const char *method, const char *path);
/* The name of the session's account into name (cap bytes); false without one (no
 * session, an unknown or expired one). */
bool web_accounts_name_of(web_accounts *a, const char *session, char *name, size_t cap);
/* Whether an account of name exists (names compare without case): its exact name into
 * exact. */
bool web_accounts_exists(web_accounts *a, const char *name, char *exact, size_t cap);
/* A seat taken with the session's account (none: nothing): kept for "my games" and
 * the player's page. */
void web_accounts_seat_taken(web_accounts *a, const char *session, const char *id,
			     const char *token);
/* The seat of table id (its token) belongs to account name (a server tournament seats
 * its people so): their games are rated and listed as theirs. The lobby's event stream
 * hears of it (a bot learns so of its new tables). */
void web_accounts_give_seat(web_accounts *a, const char *name, const char *id,
			    const char *token);
/* A request with a seat's token of table id: false when the session's account is not
 * the one holding that seat (one account cannot act for another); a seat no account
 * holds becomes the session's. Without a session: true (link play). */
bool web_accounts_use_seat(web_accounts *a, const char *session, const char *id,
			   const char *token);
/* The seats of the session's account, newest first, at most cap; 0 without one. */
size_t web_accounts_seats(web_accounts *a, const char *session, web_seat_ref *out,
			  size_t cap);
/* Answer an account route: body is the parsed JSON object, or NULL. */
web_result web_accounts_handle(web_accounts *a, const char *method, const char *path,
			       const web_json *body, web_account_call *call, web_buf *out);

#endif /* BONES_WEB_ACCOUNTS_H */
