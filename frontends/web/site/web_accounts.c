/* Accounts (web_accounts.h): creating one, log in and out, changing the password and a
 * player's public page. Passwords are kept as Argon2id strings (a random salt each) and
 * checked with argon2id_verify; neither a password nor a session token is stored or
 * logged in clear. */
#include "web_accounts.h"

#include <argon2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bones/i18n.h"
#include "web_ratings.h"
#include "web_session.h"
#include "web_table.h"
#include "web_token.h"

/* Argon2id: 2 passes over 19 MiB, one lane (the OWASP minimum); 16 bytes of salt. */
#define HASH_PASSES 2
#define HASH_KIB 19456
#define HASH_SALT 16
#define HASH_LEN 32
#define HASH_TEXT 160

struct web_accounts {
	web_tables *ts;
	web_store *st;
	web_throttles throttle;
	pthread_mutex_t lock;    /* guards dummy */
	char dummy[HASH_TEXT];   /* a hash to check unknown names against (same time) */
	web_bots *bots;          /* the site's; borrowed */
};

web_accounts *web_accounts_create(web_tables *ts, web_bots *bots)
{
	web_accounts *a = calloc(1, sizeof *a);
	if (!a)
		return NULL;
	a->ts = ts, a->st = web_tables_store(ts), a->bots = bots;
	pthread_mutex_init(&a->throttle.lock, NULL);
	pthread_mutex_init(&a->lock, NULL);
	return a;
}

web_bots *web_accounts_bots(web_accounts *a)
{
	return a->bots;
}

void web_accounts_destroy(web_accounts *a)
{
	if (!a)
		return;
	pthread_mutex_destroy(&a->throttle.lock);
	pthread_mutex_destroy(&a->lock);
	free(a);
}

bool web_accounts_route(const char *path)
{
	return !strcmp(path, "/api/accounts") || !strcmp(path, "/api/login") ||
	       !strcmp(path, "/api/logout") || !strcmp(path, "/api/password") ||
	       !strcmp(path, "/api/account") || !strncmp(path, "/api/players/", 13);
}

bool web_accounts_wants_body(const char *method, const char *path)
{
	return !strcmp(method, "POST") && strcmp(path, "/api/logout");
}

static web_result fail(int code, const char *field, const char *error)
{
	web_result r = {.code = code};
	snprintf(r.field, sizeof r.field, "%s", field ? field : "");
	snprintf(r.error, sizeof r.error, "%s", error);
	return r;
}

/* A name: WEB_NAME_MIN to WEB_NAME_MAX letters a-z A-Z, digits, '_', '-', '.', from a
 * letter or digit. NULL when good, else why not. */
static const char *bad_name(const char *name)
{
	size_t n = name ? strlen(name) : 0;
	if (!name)
		return _("name: expected the account's name as a string");
	if (web_name_refused(name)) /* the rule of every name, before this stricter one */
		return _("name: a control character or one that reorders or hides text is not "
			 "allowed in a name");
	if (n < WEB_NAME_MIN || n > WEB_NAME_MAX)
		return _("name: expected 3 to 24 characters");
	for (size_t i = 0; i < n; i++) {
		char c = name[i];
		bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
		if (!alnum && (i == 0 || !strchr("_-.", c)))
			return _("name: expected letters a-z, digits, '_', '-' and '.', from a "
				 "letter or digit");
	}
	return NULL;
}

static const char *bad_password(const char *pw)
{
	if (!pw)
		return _("password: expected a string");
	size_t n = strlen(pw);
	if (n < WEB_PASSWORD_MIN)
		return _("password: expected at least 8 characters");
	if (n > WEB_PASSWORD_MAX)
		return _("password: expected at most 200 bytes");
	return NULL;
}

static bool hash_password(const char *pw, char *out, size_t cap)
{
	unsigned char salt[HASH_SALT];
	return web_token_random_bytes(salt, sizeof salt) &&
	       argon2id_hash_encoded(HASH_PASSES, HASH_KIB, 1, pw, strlen(pw), salt, sizeof salt,
				     HASH_LEN, out, cap) == ARGON2_OK;
}

/* The stored hash and the exact name of account `name` (any case); false: none. */
static bool find_account(web_accounts *a, const char *name, char *hash, char *exact,
			 int64_t *created)
{
	web_account_row row;
	if (web_store_account(a->st, name, &row))
		return false;
	snprintf(exact, WEB_NAME_MAX + 1, "%.*s", WEB_NAME_MAX, row.name);
	snprintf(hash, HASH_TEXT, "%s", row.hash);
	*created = row.created;
	return true;
}

/* ,"bot":true for a bot account (nothing for a person's). */
static void bot_json(web_accounts *a, const char *name, web_buf *out, bool *first)
{
	if (!web_bots_is(a->bots, name))
		return;
	web_buf_json_key(out, first, "bot");
	web_buf_puts(out, "true");
}

/* {"name": name} (and "bot": true for a bot), 200. */
static web_result name_reply(web_accounts *a, const char *name, web_buf *out)
{
	bool f = true;
	web_buf_puts(out, "{");
	web_buf_json_key(out, &f, "name");
	web_buf_json_string(out, name);
	bot_json(a, name, out, &f);
	web_buf_puts(out, "}");
	return (web_result){.code = 200};
}

/* Log name in: a session, its cookie, {"name": ...}. */
static web_result start_session(web_accounts *a, const char *name, web_account_call *call,
				web_buf *out)
{
	char token[64];
	if (!web_session_new(a->st, name, web_session_now(a->ts), token, sizeof token))
		return fail(500, NULL, _("the session cannot be stored"));
	web_session_cookie(call->cookie, sizeof call->cookie, token, call->secure);
	return name_reply(a, name, out);
}

/* POST /api/accounts {"name", "password"}: a new account, logged in. */
static web_result create_account(web_accounts *a, const web_json *body, web_account_call *call,
				 web_buf *out)
{
	const char *name = web_json_string(body, "name"), *pw = web_json_string(body, "password");
	const web_json *bot = web_json_get(body, "bot");
	const char *why = bad_name(name);
	if (why)
		return fail(400, "name", why);
	if ((why = bad_password(pw)))
		return fail(400, "password", why);
	if (bot && bot->type != WEB_JSON_BOOL)
		return fail(400, "bot", _("bot: expected true or false"));
	/* each try costs a hash (a taken name too): counted before it */
	call->retry_after = web_session_throttle_signup(&a->throttle, call->client,
							web_session_now(a->ts));
	if (call->retry_after) {
		web_result r = fail(429, NULL, "");
		snprintf(r.error, sizeof r.error, _("too many new accounts from this address: at "
						    "most %d in %d minutes, try again later"),
			 WEB_ACCOUNTS_PER_ADDRESS, WEB_ACCOUNTS_WINDOW_MS / 60000);
		return r;
	}
	char hash[HASH_TEXT];
	if (!hash_password(pw, hash, sizeof hash))
		return fail(500, NULL, _("the password cannot be hashed"));
	web_account_row row = {.created = web_session_now(a->ts) / 1000,
			       .bot = bot && bot->boolean};
	char err[300];
	snprintf(row.name, sizeof row.name, "%s", name);
	snprintf(row.hash, sizeof row.hash, "%s", hash);
	int rc = web_store_add_account(a->st, &row, err, sizeof err);
	if (rc == WEB_STORE_EXISTS)
		return fail(409, "name", _("name: that name is taken"));
	if (rc)
		return fail(500, NULL, _("the account cannot be stored"));
	if (row.bot && !web_bots_add(a->bots, name))
		return fail(500, NULL, _("out of memory"));
	web_log("account %s created%s", name, row.bot ? " (a bot)" : "");
	web_result r = start_session(a, name, call, out);
	return r.code == 200 ? (web_result){.code = 201} : r;
}

/* Whether pw is name's password (exact holds the name as stored); an unknown name takes
 * as long, against a dummy hash. */
static bool check_password(web_accounts *a, const char *name, const char *pw, char *exact)
{
	char hash[HASH_TEXT];
	int64_t created;
	if (find_account(a, name, hash, exact, &created))
		return argon2id_verify(hash, pw, strlen(pw)) == ARGON2_OK;
	pthread_mutex_lock(&a->lock);
	if (!a->dummy[0] && !hash_password("no such account", a->dummy, sizeof a->dummy))
		a->dummy[0] = '\0';
	snprintf(hash, sizeof hash, "%s", a->dummy);
	pthread_mutex_unlock(&a->lock);
	if (hash[0])
		argon2id_verify(hash, pw, strlen(pw));
	return false;
}

/* POST /api/login {"name", "password"}; throttled per name and address together and
 * per address (web_session.c). */
static web_result login(web_accounts *a, const web_json *body, web_account_call *call,
			web_buf *out)
{
	const char *name = web_json_string(body, "name"), *pw = web_json_string(body, "password");
	if (bad_name(name))
		return fail(400, "name", bad_name(name));
	if (!pw || strlen(pw) > WEB_PASSWORD_MAX)
		return fail(400, "password", bad_password(pw));
	int64_t now = web_session_now(a->ts);
	int wait = web_session_throttle_wait(&a->throttle, name, call->client, now);
	if (wait > 0) {
		call->retry_after = wait;
		return fail(429, NULL, _("too many failed log-ins: try again later"));
	}
	char exact[WEB_NAME_MAX + 1];
	if (!check_password(a, name, pw, exact)) {
		web_session_throttle_fail(&a->throttle, name, call->client, now);
		web_log("log-in as %s failed from %s", name, call->client);
		return fail(403, NULL, _("wrong name or password"));
	}
	web_session_throttle_forget(&a->throttle, name, call->client);
	return start_session(a, exact, call, out);
}

/* The account of the request's session into name, else a 401. */
static bool logged_in(web_accounts *a, const web_account_call *call, char *name,
		      web_result *r)
{
	if (web_session_find(a->st, call->session, web_session_now(a->ts), name,
			     WEB_NAME_MAX + 1))
		return true;
	*r = fail(401, NULL, _("not logged in"));
	return false;
}

/* POST /api/password {"old", "new"}: the session's own account only; its other
 * sessions end. */
static web_result change_password(web_accounts *a, const web_json *body,
				  web_account_call *call)
{
	char name[WEB_NAME_MAX + 1], exact[WEB_NAME_MAX + 1], hash[HASH_TEXT];
	web_result r;
	if (!logged_in(a, call, name, &r))
		return r;
	const char *old = web_json_string(body, "old"), *pw = web_json_string(body, "new");
	const char *why = bad_password(pw);
	if (why)
		return fail(400, "new", why);
	int64_t now = web_session_now(a->ts);
	if ((call->retry_after = web_session_throttle_wait(&a->throttle, name, call->client, now)))
		return fail(429, NULL, _("too many failed log-ins: try again later"));
	if (!old || strlen(old) > WEB_PASSWORD_MAX || !check_password(a, name, old, exact)) {
		web_session_throttle_fail(&a->throttle, name, call->client, now); /* guessed as a log-in */
		return fail(403, "old", _("old: wrong password"));
	}
	if (!hash_password(pw, hash, sizeof hash))
		return fail(500, NULL, _("the password cannot be hashed"));
	char err[300];
	if (web_store_set_password(a->st, name, hash, err, sizeof err) ||
	    !web_session_delete_others(a->st, name, call->session))
		return fail(500, NULL, _("the account cannot be stored"));
	web_log("account %s: password changed", name);
	return (web_result){.code = 200};
}

bool web_accounts_name_of(web_accounts *a, const char *session, char *name, size_t cap)
{
	return session && web_session_find(a->st, session, web_session_now(a->ts), name, cap);
}

bool web_accounts_exists(web_accounts *a, const char *name, char *exact, size_t cap)
{
	char hash[HASH_TEXT], found[WEB_NAME_MAX + 1];
	int64_t created;
	if (!name || !find_account(a, name, hash, found, &created))
		return false;
	snprintf(exact, cap, "%s", found);
	return true;
}

void web_accounts_seat_taken(web_accounts *a, const char *session, const char *id,
			     const char *token)
{
	char name[WEB_NAME_MAX + 1];
	if (!session || !web_session_find(a->st, session, web_session_now(a->ts), name,
					  sizeof name))
		return;
	web_accounts_give_seat(a, name, id, token);
}

void web_accounts_give_seat(web_accounts *a, const char *name, const char *id,
			    const char *token)
{
	char err[300];
	if (web_store_add_account_seat(a->st, name, id, token, err, sizeof err))
		web_log("account %s: the seat at table %s is not saved: %s", name, id, err);
	else /* the account's "my games" changed: its bot (bones bot) hears of it */
		web_tables_notify(a->ts);
}

size_t web_accounts_seats(web_accounts *a, const char *session, web_seat_ref *out,
			  size_t cap)
{
	char name[WEB_NAME_MAX + 1];
	if (!session || !web_session_find(a->st, session, web_session_now(a->ts), name,
					  sizeof name))
		return 0;
	return web_store_account_seats(a->st, name, out, cap);
}

/* GET /api/players/agent:SPEC: an agent's rated games and ratings. */
static web_result agent_player(web_accounts *a, const char *name, web_buf *out)
{
	if (strlen(name) > 80 || !web_ratings_known(a->st, name))
		return fail(404, NULL, _("no such player"));
	bool f = true;
	web_buf_puts(out, "{");
	web_buf_json_key(out, &f, "name");
	web_buf_json_string(out, name);
	web_buf_json_key(out, &f, "agent");
	web_buf_puts(out, "true");
	web_ratings_games_json(a->st, name, false, out, &f);
	web_ratings_player_json(a->st, name, out, &f);
	web_buf_puts(out, "}");
	return (web_result){.code = 200};
}

/* GET /api/players/NAME: the public page (no secret in it): games, ratings, records. */
static web_result player(web_accounts *a, const char *name, web_buf *out)
{
	char hash[HASH_TEXT], exact[WEB_NAME_MAX + 1];
	int64_t created;
	if (!strncmp(name, WEB_AGENT_PREFIX, strlen(WEB_AGENT_PREFIX)))
		return agent_player(a, name, out);
	if (bad_name(name) || !find_account(a, name, hash, exact, &created))
		return fail(404, NULL, _("no such player"));
	bool f = true;
	web_buf_puts(out, "{");
	web_buf_json_key(out, &f, "name");
	web_buf_json_string(out, exact);
	web_buf_json_key(out, &f, "created");
	web_buf_printf(out, "%lld", (long long)created);
	bot_json(a, exact, out, &f);
	web_ratings_games_json(a->st, exact, true, out, &f);
	web_ratings_player_json(a->st, exact, out, &f);
	web_buf_puts(out, "}");
	return (web_result){.code = 200};
}

bool web_accounts_use_seat(web_accounts *a, const char *session, const char *id,
			   const char *token)
{
	char name[WEB_NAME_MAX + 1], owner[WEB_NAME_MAX + 1];
	if (!session || !web_session_find(a->st, session, web_session_now(a->ts), name,
					  sizeof name))
		return true; /* link play: the token alone */
	web_store_seat_owner(a->st, id, token, owner, sizeof owner);
	if (!owner[0])
		web_accounts_seat_taken(a, session, id, token);
	return !owner[0] || !strcasecmp(owner, name);
}

web_result web_accounts_handle(web_accounts *a, const char *method, const char *path,
			       const web_json *body, web_account_call *call, web_buf *out)
{
	bool get = !strcmp(method, "GET"), post = !strcmp(method, "POST");
	char name[WEB_NAME_MAX + 1];
	web_result r;
	if (get && !strncmp(path, "/api/players/", 13))
		return player(a, path + 13, out);
	if (get && !strcmp(path, "/api/account")) {
		return logged_in(a, call, name, &r) ? name_reply(a, name, out) : r;
	}
	if (!post)
		return fail(405, NULL, _("no such route for this method"));
	if (!strcmp(path, "/api/accounts"))
		return create_account(a, body, call, out);
	if (!strcmp(path, "/api/login"))
		return login(a, body, call, out);
	if (!strcmp(path, "/api/password"))
		return change_password(a, body, call);
	if (!strcmp(path, "/api/logout")) { /* the request's own session, nobody else's */
		if (!logged_in(a, call, name, &r))
			return r;
		if (!web_session_delete(a->st, call->session))
			return fail(500, NULL, _("the session cannot be ended"));
		web_session_cookie(call->cookie, sizeof call->cookie, NULL, call->secure);
		return (web_result){.code = 200};
	}
	return fail(404, NULL, _("no such route"));
}
