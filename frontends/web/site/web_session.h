/* Sessions of the accounts (web_accounts.c): a random token in the browser's cookie,
 * only its hash in the store, and the throttle of failed log-ins. Not for the HTTP
 * layer. */
#ifndef BONES_WEB_SESSION_H
#define BONES_WEB_SESSION_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "web_accounts.h"
#include "web_store.h"

#define WEB_THROTTLE_SLOTS 1024 /* names and addresses with failed log-ins remembered */

typedef struct web_throttle {
	uint64_t key;    /* hash of a name (any case) with an address, or of an address */
	int fails;       /* 0: a free slot */
	int64_t last, until; /* the last failure; no attempt before `until` (ms) */
} web_throttle;

#define WEB_SIGNUP_SLOTS 256 /* addresses whose new accounts are remembered */

/* The last WEB_ACCOUNTS_PER_ADDRESS accounts made from one address: their times. */
typedef struct web_signups {
	uint64_t key;    /* hash of the address; 0 with count 0: a free slot */
	int count, next; /* times held; where the next one goes (the oldest when full) */
	int64_t at[WEB_ACCOUNTS_PER_ADDRESS]; /* ms */
} web_signups;

typedef struct web_throttles {
	pthread_mutex_t lock;
	web_throttle slots[WEB_THROTTLE_SLOTS];
	web_signups signups[WEB_SIGNUP_SLOTS];
} web_throttles;

/* Unix ms, or the test clock's (BONES_WEB_TEST_CLOCK). */
int64_t web_session_now(const web_tables *ts);
/* The hex hash of a session token as stored. */
bool web_session_hash(const char *token, char *out, size_t cap);
/* A new session of account name: its token (hex) into token; expired ones go. */
bool web_session_new(web_store *st, const char *name, int64_t now, char *token, size_t cap);
/* The account of an unexpired session token into name; false: none. */
bool web_session_find(web_store *st, const char *token, int64_t now, char *name, size_t cap);
/* Delete the session of token; every session of name but keep's. */
bool web_session_delete(web_store *st, const char *token);
bool web_session_delete_others(web_store *st, const char *name, const char *keep);
/* The Set-Cookie value for token; NULL: one that removes the cookie. */
void web_session_cookie(char *out, size_t cap, const char *token, bool secure);

/* Seconds a log-in of name from client must wait (0: none). */
int web_session_throttle_wait(web_throttles *th, const char *name, const char *client,
			      int64_t now);
/* A failed log-in: counted for the name from that address and for the address. */
void web_session_throttle_fail(web_throttles *th, const char *name, const char *client,
			       int64_t now);
/* A good log-in: the failures of name from client are forgotten (not the address's). */
void web_session_throttle_forget(web_throttles *th, const char *name, const char *client);

/* A new account from client now: 0 when it may be made (counted), else the seconds
 * until it may (WEB_ACCOUNTS_PER_ADDRESS in WEB_ACCOUNTS_WINDOW_MS). */
int web_session_throttle_signup(web_throttles *th, const char *client, int64_t now);

#endif /* BONES_WEB_SESSION_H */
