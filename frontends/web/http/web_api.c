/* Routes of the JSON API (web_api.h): lobby, games, creating tables, a viewer's view,
 * moves, resignation, the record and the event stream. */
#include "web_api.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"
#include "web_chat.h"
#include "web_games.h"
#include "web_messages.h"
#include "web_ratings.h"
#include "web_rematch.h"
#include "web_rules.h"

/* An error text reaches the client: a path of the server's (two '/' or more, e.g. a
 * configs file, the database) is cut to its last part, so that no install or data
 * folder shows. In place. */
static void scrub_paths(char *text)
{
	char *w = text;
	for (const char *p = text; *p;) {
		if (*p == '/' && (p == text || strchr(" '\"(=", p[-1]))) {
			size_t n = strcspn(p, " '\":,)");
			const char *last = p;
			int slashes = 0;
			for (const char *q = p; q < p + n; q++)
				if (*q == '/')
					slashes++, last = q + 1;
			if (slashes >= 2)
				p = last;
		}
		*w++ = *p++;
	}
	*w = '\0';
}

static void error_reply(web_reply *rep, int code, const char *field, const char *text)
{
	bool f = true;
	char error[600];
	snprintf(error, sizeof error, "%s", text);
	scrub_paths(error);
	rep->code = code, rep->type = "application/json";
	if (rep->body.failed)
		web_buf_release(&rep->body);
	rep->body.len = 0;
	if (rep->body.data)
		rep->body.data[0] = '\0';
	web_buf_puts(&rep->body, "{");
	web_buf_json_key(&rep->body, &f, "error");
	web_buf_json_string(&rep->body, error);
	if (field && field[0]) {
		web_buf_json_key(&rep->body, &f, "field");
		web_buf_json_string(&rep->body, field);
	}
	web_buf_puts(&rep->body, "}");
}

static void result_reply(web_reply *rep, const web_result *r)
{
	if (r->code >= 300) {
		error_reply(rep, r->code, r->field, r->error);
		return;
	}
	rep->code = r->code, rep->type = "application/json";
	if (!rep->body.len)
		web_buf_puts(&rep->body, "{\"ok\":true}");
}

/* The body as a JSON object, or a 400 reply saying why not. */
static bool parse_body(const web_request *req, web_json_doc *doc, web_reply *rep)
{
	char err[200], msg[300];
	if (!req->body || !req->body_len) {
		error_reply(rep, 400, NULL, _("bad JSON: the body is empty"));
		return false;
	}
	if (!web_json_parse(doc, req->body, req->body_len, err, sizeof err)) {
		snprintf(msg, sizeof msg, _("bad JSON: %s"), err);
		error_reply(rep, 400, NULL, msg);
		return false;
	}
	if (doc->root->type != WEB_JSON_OBJECT) {
		web_json_release(doc);
		error_reply(rep, 400, NULL, _("bad JSON: expected an object"));
		return false;
	}
	char path[128];
	if (!web_json_utf8(doc->root, path, sizeof path)) {
		web_json_release(doc);
		snprintf(msg, sizeof msg, _("%s: the text is not UTF-8"), path);
		error_reply(rep, 400, path, msg);
		return false;
	}
	return true;
}

static int dimension(const char *text, int fallback)
{
	int v = text ? atoi(text) : fallback;
	return v < 240 ? 240 : v > 2400 ? 2400 : v;
}

/* The seat of the request's token; -1 for none; -2 (after a 403 reply) for a token
 * that is no seat's of this table, or a seat another account holds. */
static int seat_of(web_site *site, web_table *t, const web_request *req, web_reply *rep)
{
	if (!req->token || !req->token[0])
		return -1;
	int seat = web_table_seat_of(t, req->token);
	if (seat < 0) {
		error_reply(rep, 403, "token", _("the token is not one of this table's seats"));
		return -2;
	}
	char id[41]; /* the path's: /api/tables/ID/... */
	snprintf(id, sizeof id, "%.*s", (int)strcspn(req->path + 12, "/"), req->path + 12);
	if (!web_accounts_use_seat(web_site_accounts(site), req->session, id, req->token)) {
		error_reply(rep, 403, "token", _("this seat belongs to another account: log in "
						 "as its player"));
		return -2;
	}
	return seat;
}

/* A seat taken while logged in: the account keeps it (web_accounts.c), from the join
 * reply's "token"; or a table created while logged in: its first seat with a link is
 * the creator's (the others are whoever's uses their links logged in). */
static void seat_to_account(web_site *site, const web_request *req, const web_buf *reply)
{
	web_json_doc doc;
	char err[200], id[41];
	if (!web_json_parse(&doc, reply->data, reply->len, err, sizeof err))
		return;
	const char *token = web_json_string(doc.root, "token");
	const char *created = web_json_string(doc.root, "id");
	const web_json *seats = web_json_get(doc.root, "seats");
	if (created) /* POST /api/tables */
		snprintf(id, sizeof id, "%s", created);
	else /* POST /api/tables/ID/join */
		snprintf(id, sizeof id, "%.*s", (int)strcspn(req->path + 12, "/"), req->path + 12);
	for (const web_json *e = seats && created ? seats->child : NULL; e && !token; e = e->next)
		if (!web_json_get(e, "open")) /* the creator's: the first that is not open */
			token = web_json_string(e, "token");
	if (token)
		web_accounts_seat_taken(web_site_accounts(site), req->session, id, token);
	web_json_release(&doc);
}

/* POST /join: {"seat": N (optional), "name": "..."}; needs no token. */
static void join(web_site *site, web_table *t, const web_request *req, web_reply *rep)
{
	web_tables *ts = web_site_tables(site);
	web_json_doc doc;
	if (!parse_body(req, &doc, rep))
		return;
	const web_json *seat = web_json_get(doc.root, "seat");
	int k = seat && seat->type == WEB_JSON_NUMBER ? (int)seat->num - 1 : -1;
	if (seat && (seat->type != WEB_JSON_NUMBER || k < 0 || k >= 8)) {
		error_reply(rep, 400, "seat", _("seat: expected a seat number from 1"));
	} else {
		char account[WEB_NAME_MAX + 1];
		bool named = web_site_person(site, req->session, account, sizeof account);
		web_result r = web_play_take_seat(ts, t, k, web_json_string(doc.root, "name"),
						  named ? account : NULL, &rep->body);
		if (r.code == 200 && req->session)
			seat_to_account(site, req, &rep->body);
		result_reply(rep, &r);
	}
	web_json_release(&doc);
}

/* POST /chat: {"text": "...", "name": "..." (a spectator's)}; the token is optional. */
static void chat(web_site *site, web_table *t, int seat, const web_request *req,
		 web_reply *rep)
{
	web_tables *ts = web_site_tables(site);
	web_json_doc doc;
	if (!parse_body(req, &doc, rep))
		return;
	web_result r = web_chat_post(ts, t, seat, web_json_string(doc.root, "name"),
				     web_json_string(doc.root, "text"), req->client, &rep->body);
	result_reply(rep, &r);
	web_json_release(&doc);
}

static void table_post(web_site *site, web_table *t, const char *action,
		       const web_request *req, web_reply *rep)
{
	web_tables *ts = web_site_tables(site);
	if (!strcmp(action, "join")) {
		join(site, t, req, rep);
		return;
	}
	if (!strcmp(action, "delete")) { /* the owner token, not a seat's */
		web_result r = web_owner_delete(ts, t, req->token);
		result_reply(rep, &r);
		return;
	}
	int seat = seat_of(site, t, req, rep);
	if (seat == -2)
		return;
	if (!strcmp(action, "chat")) {
		chat(site, t, seat, req, rep);
		return;
	}
	if (!strcmp(action, "analyse")) { /* anyone, the game over (web_analysis.c) */
		web_result r = web_analysis_start(web_site_analyses(site), t, &rep->body);
		result_reply(rep, &r);
		return;
	}
	if (seat < 0) {
		error_reply(rep, 403, "token", _("a move needs its seat's token (spectators "
						 "cannot play)"));
		return;
	}
	if (!strcmp(action, "rematch")) { /* web_rematch.c */
		web_result r = web_rematch_offer(ts, t, seat, &rep->body);
		result_reply(rep, &r);
		return;
	}
	if (!strcmp(action, "resign") || !strcmp(action, "hint") || !strcmp(action, "abort")) {
		web_result r = !strcmp(action, "resign") ? web_play_resign(ts, t, seat)
			       : !strcmp(action, "abort") ? web_play_abort(ts, t, seat)
							  : web_play_hint(ts, t, seat, &rep->body);
		result_reply(rep, &r);
		return;
	}
	web_json_doc doc;
	if (!parse_body(req, &doc, rep))
		return;
	if (!strcmp(action, "undo")) {
		const char *what = web_json_string(doc.root, "action");
		web_result r = web_play_undo(ts, t, seat, what ? what : "");
		result_reply(rep, &r);
		web_json_release(&doc);
		return;
	}
	const char *move = web_json_string(doc.root, "move");
	if (!move) {
		error_reply(rep, 400, "move", _("move: expected the move's notation as a string"));
	} else {
		web_result r = web_play_move(ts, t, seat, move);
		if (r.code == 200)
			web_buf_printf(&rep->body, "{\"ok\":true,\"version\":%llu}",
				       (unsigned long long)web_table_version(t));
		result_reply(rep, &r);
	}
	web_json_release(&doc);
}

/* What the request asks of table t (held). */
static void table_action(web_site *site, web_table *t, const char *action,
			 const web_request *req, web_reply *rep)
{
	web_tables *ts = web_site_tables(site);
	bool get = !strcmp(req->method, "GET"), post = !strcmp(req->method, "POST");
	if (get && !action[0]) {
		int seat = seat_of(site, t, req, rep);
		if (seat == -2)
			return;
		bool picture = !req->picture || strcmp(req->picture, "0");
		web_table_queue_watch(ts, t);
		long at = req->at ? strtol(req->at, NULL, 10) : -1;
		web_result r = web_view_json(t, seat, picture ? dimension(req->width, 900) : 0,
					     dimension(req->height, 600), at, &rep->body);
		result_reply(rep, &r);
	} else if (get && !strcmp(action, "picture")) {
		int seat = seat_of(site, t, req, rep);
		if (seat == -2)
			return;
		const char *ghost = req->ghost ? req->ghost : "";
		int w = dimension(req->width, 900), h = dimension(req->height, 600);
		web_result r = req->at ? /* the replay's preferred move (web_analysis.c) */
			web_analysis_ghost_svg(t, seat, strtol(req->at, NULL, 10), ghost, w, h,
					       &rep->body) :
			web_view_ghost_svg(t, seat, ghost, w, h, &rep->body);
		result_reply(rep, &r);
		if (r.code == 200)
			rep->type = "image/svg+xml";
	} else if (get && !strcmp(action, "engine")) { /* `bones bot`'s engine lines */
		int seat = seat_of(site, t, req, rep);
		if (seat == -2)
			return;
		web_result r = web_engine_lines(t, seat, &rep->body);
		result_reply(rep, &r);
		if (r.code == 200)
			rep->type = "text/plain; charset=utf-8";
	} else if (get && !strcmp(action, "events")) {
		web_table_queue_watch(ts, t);
		rep->code = 200, rep->events = t;
	} else if (get && !strcmp(action, "analysis")) {
		web_result r = web_analysis_json(web_site_analyses(site), t, &rep->body);
		result_reply(rep, &r);
	} else if (get && !strcmp(action, "record")) {
		web_result r = web_view_record(t, req->game ? (int)strtol(req->game, NULL, 10) : 0,
					       &rep->body);
		result_reply(rep, &r);
		if (r.code == 200)
			rep->type = "text/plain; charset=utf-8";
	} else if (post && (!strcmp(action, "move") || !strcmp(action, "resign") ||
			    !strcmp(action, "undo") || !strcmp(action, "hint") ||
			    !strcmp(action, "join") || !strcmp(action, "rematch") ||
			    !strcmp(action, "chat") || !strcmp(action, "delete") ||
			    !strcmp(action, "analyse") || !strcmp(action, "abort"))) {
		table_post(site, t, action, req, rep);
	} else {
		error_reply(rep, get || post ? 404 : 405, NULL, _("no such route for this method"));
	}
}

/* text percent-encoded (but for what a URL's path or query may hold as is) onto out. */
static void put_encoded(char *out, size_t cap, const char *text, bool query)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t n = strlen(out);
	for (const unsigned char *p = (const unsigned char *)text; *p && n + 4 < cap; p++) {
		bool plain = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			     (*p >= '0' && *p <= '9') || strchr("-._~", *p) ||
			     (!query && *p == '/');
		if (plain)
			out[n++] = (char)*p;
		else
			out[n++] = '%', out[n++] = hex[*p >> 4], out[n++] = hex[*p & 15];
	}
	out[n] = '\0';
}

/* A table's request (or a seek's) answered 307 to the process that serves it (at
 * address: its --advertise URL), with the same path and query; 503 while it has none
 * yet. */
static void redirect(const char *address, const web_request *req, web_reply *rep)
{
	const struct { const char *name, *value; } q[] = {
		{"w", req->width}, {"h", req->height}, {"picture", req->picture},
		{"ghost", req->ghost}, {"at", req->at}, {"game", req->game}};
	if (!address[0]) {
		error_reply(rep, 503, NULL, _("another process serves this and is starting: ask "
					      "again"));
		rep->retry_after = 1;
		return;
	}
	char *l = rep->location;
	snprintf(l, sizeof rep->location, "%s", address);
	put_encoded(l, sizeof rep->location, req->path, false);
	bool first = true;
	for (size_t i = 0; i < sizeof q / sizeof q[0]; i++) {
		if (!q[i].value)
			continue;
		size_t n = strlen(l);
		snprintf(l + n, sizeof rep->location - n, "%s%s=", first ? "?" : "&", q[i].name);
		put_encoded(l, sizeof rep->location, q[i].value, true);
		first = false;
	}
	error_reply(rep, 307, NULL, _("another process serves this: ask it (Location)"));
}

static void table_route(web_site *site, const char *rest, const web_request *req,
			web_reply *rep)
{
	web_tables *ts = web_site_tables(site);
	char id[41];
	size_t n = strcspn(rest, "/");
	if (n == 0 || n >= sizeof id) {
		error_reply(rep, 404, NULL, _("no such table"));
		return;
	}
	memcpy(id, rest, n), id[n] = '\0';
	bool elsewhere = false;
	char address[512];
	web_table *t = web_tables_find_at(ts, id, &elsewhere, address, sizeof address);
	if (!t && elsewhere) {
		redirect(address, req, rep);
		return;
	}
	if (!t && web_tables_damaged(ts, id)) {
		error_reply(rep, 503, NULL, _("the table is damaged: it is set aside, not played "
					      "(the server's log says why)"));
		return;
	}
	if (!t) {
		error_reply(rep, 404, NULL, _("no such table"));
		return;
	}
	table_action(site, t, rest[n] ? rest + n + 1 : "", req, rep);
	if (rep->events != t) /* an event stream holds it until it closes */
		web_tables_put(ts, t);
}

/* The account routes (web_accounts.c): a JSON body where one is read, the session
 * cookie in, a cookie and Retry-After out. */
static void accounts(web_site *site, const web_request *req, web_reply *rep)
{
	web_json_doc doc = {0};
	bool body = web_accounts_wants_body(req->method, req->path);
	if (body && !parse_body(req, &doc, rep))
		return;
	web_account_call call = {.client = req->client ? req->client : "",
				 .session = req->session, .secure = req->secure};
	web_result r = web_accounts_handle(web_site_accounts(site), req->method, req->path,
					   body ? doc.root : NULL, &call, &rep->body);
	if (body)
		web_json_release(&doc);
	result_reply(rep, &r);
	snprintf(rep->cookie, sizeof rep->cookie, "%s", call.cookie);
	rep->retry_after = call.retry_after;
}

/* The seek and challenge routes (web_seeks.c, web_challenges.c): the session's account,
 * a JSON body with a POST that has one. */
static void finding(web_site *site, const char *account, const web_request *req,
		    web_reply *rep)
{
	web_json_doc doc = {0};
	bool body = !strcmp(req->method, "POST") && req->body_len;
	if (body && !parse_body(req, &doc, rep))
		return;
	const web_json *root = body ? doc.root : NULL;
	web_result r = web_bots_may_find(web_site_bots(site), web_site_tables(site), req->method,
					 req->path, account, root); /* a bot's cap */
	if (r.code == 200)
		r = web_seeks_route(req->path)
			    ? web_seeks_handle(web_site_seeks(site), req->method, req->path,
					       account, root, &rep->body)
			    : web_challenges_handle(web_site_challenges(site), req->method,
						    req->path, account, root, &rep->body);
	if (body)
		web_json_release(&doc);
	result_reply(rep, &r);
}

/* The tournament routes (web_tourney_api.c): a JSON body with a POST that has one. */
static void tourneys(web_site *site, const web_request *req, web_reply *rep)
{
	web_json_doc doc = {0};
	bool body = !strcmp(req->method, "POST") && req->body_len;
	if (body && !parse_body(req, &doc, rep))
		return;
	web_tourney_call call = {.method = req->method, .path = req->path,
				 .session = req->session, .client = req->client ? req->client : ""};
	web_result r = web_tourneys_handle(web_site_tourneys(site), &call,
					   body ? doc.root : NULL, &rep->body);
	if (body)
		web_json_release(&doc);
	result_reply(rep, &r);
	if (r.code < 300)
		rep->type = call.type;
}

void web_api_handle(web_site *site, const web_request *req, web_reply *rep)
{
	web_tables *ts = web_site_tables(site);
	memset(rep, 0, sizeof *rep);
	web_buf_init(&rep->body);
	rep->code = 200, rep->type = "application/json";
	const char *path = req->path;
	bool get = !strcmp(req->method, "GET"), post = !strcmp(req->method, "POST");
	if (!strcmp(path, "/api/messages") && get) {
		web_messages_json(&rep->body);
	} else if (!strcmp(path, "/api/games") && get) {
		web_games_json(ts, web_site_tourneys(site), &rep->body);
	} else if (!strncmp(path, "/api/rules/", 11) && get && !strchr(path + 11, '/')) {
		web_result r = web_rules_html(ts, path + 11, &rep->body); /* GET /rules/GAME */
		result_reply(rep, &r);
		if (r.code < 300)
			rep->type = "text/html; charset=utf-8";
	} else if (!strcmp(path, "/api/tables") && get) {
		web_lobby_json(ts, &rep->body);
	} else if (!strcmp(path, "/api/tables") && post) {
		web_json_doc doc;
		if (!parse_body(req, &doc, rep))
			return;
		char account[WEB_NAME_MAX + 1];
		bool named = web_site_person(site, req->session, account, sizeof account);
		web_result r = web_table_create(ts, doc.root, req->client, named ? account : NULL,
						NULL, &rep->body);
		web_json_release(&doc);
		if (r.code == 201 && req->session)
			seat_to_account(site, req, &rep->body);
		result_reply(rep, &r);
	} else if (!strcmp(path, "/api/mine") && post) { /* web_owner.c */
		web_json_doc doc;
		if (!parse_body(req, &doc, rep))
			return;
		web_seat_ref seats[WEB_MINE_MAX]; /* a session's account's seats (web_accounts.c) */
		size_t n = web_accounts_seats(web_site_accounts(site), req->session, seats,
					      WEB_MINE_MAX);
		web_result r = web_owner_mine_json(ts, doc.root, seats, n, &rep->body);
		web_json_release(&doc);
		result_reply(rep, &r);
	} else if (web_ratings_route(path) && get) {
		web_result r = web_ratings_ladder(ts, web_site_bots(site), path + 12, &rep->body);
		result_reply(rep, &r);
	} else if (web_seeks_route(path) || web_challenges_route(path)) {
		char account[WEB_NAME_MAX + 1], address[512];
		if (!web_tables_serves(ts, WEB_SERVES_FINDING, address, sizeof address)) {
			redirect(address, req, rep); /* seeks live in one process's memory */
			return;
		}
		bool named = web_site_person(site, req->session, account, sizeof account);
		finding(site, named ? account : NULL, req, rep);
	} else if (!strcmp(path, "/api/events") && get) { /* the lobby's stream */
		rep->lobby_events = true;
	} else if (!strcmp(path, "/api/bot/stream") && get) { /* a bot's (web_bot_stream.h) */
		web_result r = web_bot_watch_create(site, req->session, &rep->bot_events);
		if (r.code != 200)
			result_reply(rep, &r);
	} else if (!strcmp(path, "/api/online") && get) {
		char account[WEB_NAME_MAX + 1];
		web_site_person(site, req->session, account, sizeof account); /* seen */
		web_online_json(web_site_online(site), web_site_bots(site), web_clock_wall(ts),
				&rep->body);
	} else if (web_accounts_route(path)) {
		accounts(site, req, rep);
	} else if (web_tourneys_route(path)) {
		tourneys(site, req, rep);
	} else if (!strncmp(path, "/api/tables/", 12)) {
		table_route(site, path + 12, req, rep);
	} else {
		error_reply(rep, 404, NULL, _("no such route"));
	}
	if (rep->body.failed)
		error_reply(rep, 500, NULL, _("out of memory"));
}
