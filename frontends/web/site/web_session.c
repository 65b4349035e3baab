/* Sessions and log-in throttling of the accounts (web_session.h): a session is a random
 * token in the browser's cookie and its hash in the store; failed log-ins are counted
 * in memory per name and address together and per address, and past a number they
 * wait, longer each time. Nothing counts per name alone: that would let anyone lock the
 * name's owner out. */
#include "web_session.h"

#include <argon2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "web_table.h"
#include "web_token.h"

int64_t web_session_now(const web_tables *ts)
{
	return web_clock_wall(ts);
}

bool web_session_hash(const char *token, char *out, size_t cap)
{
	/* the token is 192 random bits: one quick pass hides it in the store */
	static const char salt[] = "bones-web-session";
	unsigned char raw[32];
	if (cap < 2 * sizeof raw + 1 ||
	    argon2id_hash_raw(1, 8, 1, token, strlen(token), salt, sizeof salt - 1, raw,
			      sizeof raw) != ARGON2_OK)
		return false;
	for (size_t i = 0; i < sizeof raw; i++)
		snprintf(out + 2 * i, 3, "%02x", raw[i]);
	return true;
}

bool web_session_new(web_store *st, const char *name, int64_t now, char *token, size_t cap)
{
	char hash[80], err[300];
	int64_t expires = now + (int64_t)WEB_SESSION_DAYS * 86400000;
	return web_token_random_hex(token, cap, 24) && web_session_hash(token, hash, sizeof hash) &&
	       !web_store_add_session(st, hash, name, expires, now, err, sizeof err);
}

bool web_session_find(web_store *st, const char *token, int64_t now, char *name, size_t cap)
{
	char hash[80];
	return token && token[0] && strlen(token) <= 64 &&
	       web_session_hash(token, hash, sizeof hash) &&
	       !web_store_session(st, hash, now, name, cap);
}

bool web_session_delete(web_store *st, const char *token)
{
	char hash[80], err[300];
	return web_session_hash(token, hash, sizeof hash) &&
	       !web_store_delete_sessions(st, NULL, hash, err, sizeof err);
}

bool web_session_delete_others(web_store *st, const char *name, const char *keep)
{
	char hash[80], err[300];
	return web_session_hash(keep, hash, sizeof hash) &&
	       !web_store_delete_sessions(st, name, hash, err, sizeof err);
}

void web_session_cookie(char *out, size_t cap, const char *token, bool secure)
{
	if (token)
		snprintf(out, cap, "%s=%s; Max-Age=%d; Path=/; HttpOnly; SameSite=Lax%s",
			 WEB_SESSION_COOKIE, token, WEB_SESSION_DAYS * 86400,
			 secure ? "; Secure" : "");
	else
		snprintf(out, cap, "%s=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax%s",
			 WEB_SESSION_COOKIE, secure ? "; Secure" : "");
}

/* ---- throttling ------------------------------------------------------------------- */

static uint64_t throttle_key(char kind, const char *text)
{
	uint64_t h = 1469598103934665603ull ^ (unsigned char)kind;
	for (const unsigned char *p = (const unsigned char *)text; *p; p++)
		h = (h ^ (*p >= 'A' && *p <= 'Z' ? *p + 32 : *p)) * 1099511628211ull;
	return h;
}

/* The slot of key (lock held): its own; else, to make, a free one or the one
 * unused longest. */
static web_throttle *slot(web_throttles *th, uint64_t key, bool make)
{
	web_throttle *victim = NULL;
	for (int i = 0; i < WEB_THROTTLE_SLOTS; i++) {
		web_throttle *s = &th->slots[i];
		if (s->fails && s->key == key)
			return s;
		if (!victim || (victim->fails && (!s->fails || s->last < victim->last)))
			victim = s;
	}
	if (!make)
		return NULL;
	memset(victim, 0, sizeof *victim);
	victim->key = key;
	return victim;
}

static int64_t wait_of(web_throttles *th, uint64_t key, int64_t now)
{
	web_throttle *s = slot(th, key, false);
	if (!s || now - s->last > WEB_LOGIN_WAIT_MAX_MS)
		return 0;
	return s->until > now ? s->until - now : 0;
}

/* The key of name tried from client: a burst of failures from one address slows that
 * address for that name, never the name's owner elsewhere. */
static uint64_t pair_key(const char *name, const char *client)
{
	char text[WEB_NAME_MAX + 80];
	snprintf(text, sizeof text, "%s\n%s", name, client);
	return throttle_key('p', text);
}

int web_session_throttle_wait(web_throttles *th, const char *name, const char *client,
			      int64_t now)
{
	pthread_mutex_lock(&th->lock);
	int64_t a = wait_of(th, pair_key(name, client), now);
	int64_t b = wait_of(th, throttle_key('a', client), now);
	pthread_mutex_unlock(&th->lock);
	int64_t ms = a > b ? a : b;
	return ms > 0 ? (int)((ms + 999) / 1000) : 0;
}

static void fail_one(web_throttles *th, uint64_t key, int limit, int64_t now)
{
	web_throttle *s = slot(th, key, true);
	if (now - s->last > WEB_LOGIN_WAIT_MAX_MS)
		s->fails = 0;
	s->fails++, s->last = now;
	if (s->fails >= limit) {
		int doubling = s->fails - limit < 10 ? s->fails - limit : 10;
		int64_t wait = (int64_t)WEB_LOGIN_WAIT_MS << doubling;
		s->until = now + (wait < WEB_LOGIN_WAIT_MAX_MS ? wait : WEB_LOGIN_WAIT_MAX_MS);
	}
}

void web_session_throttle_fail(web_throttles *th, const char *name, const char *client,
			       int64_t now)
{
	pthread_mutex_lock(&th->lock);
	fail_one(th, pair_key(name, client), WEB_LOGIN_PAIR_FAILS, now);
	fail_one(th, throttle_key('a', client), WEB_LOGIN_ADDRESS_FAILS, now);
	pthread_mutex_unlock(&th->lock);
}

void web_session_throttle_forget(web_throttles *th, const char *name, const char *client)
{
	pthread_mutex_lock(&th->lock);
	web_throttle *s = slot(th, pair_key(name, client), false);
	if (s)
		memset(s, 0, sizeof *s);
	pthread_mutex_unlock(&th->lock);
}

/* The newest time of s; a free slot is older than any. */
static int64_t newest(const web_signups *s)
{
	return s->count ? s->at[(s->next + WEB_ACCOUNTS_PER_ADDRESS - 1) %
				WEB_ACCOUNTS_PER_ADDRESS]
			: INT64_MIN;
}

int web_session_throttle_signup(web_throttles *th, const char *client, int64_t now)
{
	uint64_t key = throttle_key('c', client);
	pthread_mutex_lock(&th->lock);
	web_signups *s = NULL, *victim = &th->signups[0];
	for (int i = 0; i < WEB_SIGNUP_SLOTS && !s; i++) {
		web_signups *x = &th->signups[i];
		if (x->count && x->key == key)
			s = x;
		else if (newest(x) < newest(victim))
			victim = x; /* free, else the address quiet longest */
	}
	if (!s) {
		s = victim;
		memset(s, 0, sizeof *s);
		s->key = key;
	}
	int64_t wait = 0;
	if (s->count == WEB_ACCOUNTS_PER_ADDRESS) /* at[next]: the oldest of the window's */
		wait = s->at[s->next] + WEB_ACCOUNTS_WINDOW_MS - now;
	if (wait <= 0) {
		s->at[s->next] = now;
		s->next = (s->next + 1) % WEB_ACCOUNTS_PER_ADDRESS;
		s->count += s->count < WEB_ACCOUNTS_PER_ADDRESS;
	}
	pthread_mutex_unlock(&th->lock);
	return wait > 0 ? (int)((wait + 999) / 1000) : 0;
}
