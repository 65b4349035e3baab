/* The HTTP layer of `bones serve`: libmicrohttpd's event loop on a fixed pool of
 * threads (connections and event streams hold no thread each; web_conn.c), bounded
 * connections and request bodies, per-client rate limits, checks of Host, Origin and
 * Content-Type, security headers, static files that never leave the web root, and the
 * API. */
#include "web_server.h"

#include <arpa/inet.h>
#include <errno.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bones/file.h"
#include "bones/i18n.h"
#include "bones/paths.h"
#include "web_accounts.h"
#include "web_api.h"
#include "web_messages.h"
#include "web_server_internal.h"
#include "web_tourney.h"

#define BODY_MAX (64 * 1024)
#define POOL_THREADS 8 /* libmicrohttpd's threads: every connection is served by one */
#define MAX_CONNECTIONS 20000 /* about 7 KiB each while slow: memory stays bounded */

/* One request being received: the body so far. */
struct upload {
	web_buf body;
	bool too_big;
	/* a hint: thought about in a thread of its own while the connection waits */
	enum { HINT_NONE, HINT_THINKING, HINT_DONE } hint;
	web_server *srv;
	struct MHD_Connection *conn;
	web_request req;
	char client[64], lang[16];
	web_reply reply;
};

/* Token bucket per client address: `rate` per second, bursts of 4 * rate. */
static bool allowed(web_server *srv, const char *client)
{
	if (srv->rate <= 0)
		return true;
	uint64_t key = 1469598103934665603ull;
	for (const unsigned char *p = (const unsigned char *)client; *p; p++)
		key = (key ^ *p) * 1099511628211ull;
	double now = web_now_seconds(), burst = srv->rate * 4;
	pthread_mutex_lock(&srv->lock);
	struct web_bucket *b = &srv->buckets[key % WEB_BUCKETS];
	if (b->key != key || b->when == 0)
		b->key = key, b->tokens = burst, b->when = now;
	b->tokens += (now - b->when) * srv->rate;
	if (b->tokens > burst)
		b->tokens = burst;
	b->when = now;
	bool ok = b->tokens >= 1;
	if (ok)
		b->tokens -= 1;
	pthread_mutex_unlock(&srv->lock);
	return ok;
}

/* A reply with the API's extra headers: a Set-Cookie value ("" none) and Retry-After
 * seconds with a 429 (0: one). */
static enum MHD_Result send_reply_with(struct MHD_Connection *c, int code, const char *type,
				       const char *data, size_t len, bool cache,
				       const char *cookie, int retry, const char *location)
{
	struct MHD_Response *r =
		MHD_create_response_from_buffer(len, (void *)(uintptr_t)data, MHD_RESPMEM_MUST_COPY);
	if (!r)
		return MHD_NO;
	MHD_add_response_header(r, "Content-Type", type);
	MHD_add_response_header(r, "Content-Security-Policy", WEB_CSP);
	MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
	MHD_add_response_header(r, "X-Frame-Options", "DENY");
	MHD_add_response_header(r, "Cache-Control", cache ? "max-age=60" : "no-store");
	char wait[16];
	snprintf(wait, sizeof wait, "%d", retry > 0 ? retry : 1);
	if (code == 429 || (code == 503 && retry > 0))
		MHD_add_response_header(r, "Retry-After", wait);
	if (location && location[0])
		MHD_add_response_header(r, "Location", location);
	if (cookie && cookie[0])
		MHD_add_response_header(r, "Set-Cookie", cookie);
	enum MHD_Result ok = MHD_queue_response(c, (unsigned)code, r);
	MHD_destroy_response(r);
	return ok;
}

static enum MHD_Result send_reply(struct MHD_Connection *c, int code, const char *type,
				  const char *data, size_t len, bool cache)
{
	return send_reply_with(c, code, type, data, len, cache, NULL, 0, NULL);
}

static enum MHD_Result send_error(struct MHD_Connection *c, int code, const char *msg)
{
	web_buf b;
	web_buf_init(&b);
	web_buf_puts(&b, "{\"error\":");
	web_buf_json_string(&b, msg);
	web_buf_puts(&b, "}");
	enum MHD_Result ok = send_reply(c, code, "application/json", b.data ? b.data : "{}",
					b.len, false);
	web_buf_release(&b);
	return ok;
}

/* ---- static files ------------------------------------------------------------------ */

static const char *content_type(const char *name)
{
	static const char *const types[][2] = {
		{".html", "text/html; charset=utf-8"}, {".css", "text/css; charset=utf-8"},
		{".js", "text/javascript; charset=utf-8"}, {".svg", "image/svg+xml"},
		{".png", "image/png"}, {".ico", "image/x-icon"}};
	const char *dot = strrchr(name, '.');
	for (size_t i = 0; dot && i < sizeof types / sizeof types[0]; i++)
		if (!strcmp(dot, types[i][0]))
			return types[i][1];
	return NULL;
}

/* A file name of the web root: letters, digits, '-', '_' and one '.', nothing else
 * (no '/', no "..", no encoded tricks: the name is checked after decoding). */
static bool safe_name(const char *name)
{
	int dots = 0;
	if (!name[0] || name[0] == '.' || strlen(name) > 64)
		return false;
	for (const char *p = name; *p; p++) {
		if (*p == '.')
			dots++;
		else if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			   (*p >= '0' && *p <= '9') || *p == '-' || *p == '_'))
			return false;
	}
	return dots == 1;
}

static enum MHD_Result send_static(web_server *srv, struct MHD_Connection *c, const char *name)
{
	const char *type = content_type(name);
	if (!safe_name(name) || !type)
		return send_error(c, 404, _("no such file"));
	char path[4200];
	snprintf(path, sizeof path, "%s/%s", srv->static_dir, name);
	bones_status st;
	char err[300];
	FILE *f = bones_file_open(path, 8L << 20, &st, err, sizeof err);
	if (!f)
		return send_error(c, 404, _("no such file"));
	web_buf b;
	web_buf_init(&b);
	char chunk[8192];
	size_t n;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0 && b.len < (8u << 20))
		web_buf_add(&b, chunk, n);
	fclose(f);
	enum MHD_Result ok = b.failed ? send_error(c, 500, _("out of memory"))
				      : send_reply(c, 200, type, b.data ? b.data : "", b.len, true);
	web_buf_release(&b);
	return ok;
}

/* ---- dispatch ---------------------------------------------------------------------- */

static const char *bearer(struct MHD_Connection *c)
{
	const char *h = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Authorization");
	if (h && !strncmp(h, "Bearer ", 7))
		return h + 7;
	return NULL;
}

static enum MHD_Result send_api_reply(web_server *srv, struct MHD_Connection *c,
				      web_reply *rep, const char *client)
{
	enum MHD_Result ok;
	if (rep->events || rep->lobby_events || rep->bot_events)
		ok = web_stream_send(srv, c, rep->events, rep->bot_events, client);
	else
		ok = send_reply_with(c, rep->code, rep->type, rep->body.data ? rep->body.data : "",
				     rep->body.len, false, rep->cookie, rep->retry_after,
				     rep->location);
	web_buf_release(&rep->body);
	return ok;
}

/* A hint's thread: the API answers it (about a second of the hint agent's thinking),
 * then the waiting connection is resumed to send the reply. */
static void *hint_main(void *arg)
{
	struct upload *up = arg;
	web_server *srv = up->srv;
	bones_i18n_thread_language(up->lang);
	web_api_handle(srv->site, &up->req, &up->reply);
	pthread_mutex_lock(&srv->clock);
	up->hint = HINT_DONE;
	MHD_resume_connection(up->conn);
	srv->hints--;
	pthread_cond_broadcast(&srv->stop);
	pthread_mutex_unlock(&srv->clock);
	return NULL;
}

/* Think about a hint in a thread of its own, the connection suspended meanwhile (a
 * pool thread is never held for it); at most WEB_HINT_THREADS at once, else 503. */
static enum MHD_Result start_hint(web_server *srv, struct MHD_Connection *c, struct upload *up)
{
	pthread_t thread;
	pthread_mutex_lock(&srv->clock);
	bool go = !srv->closing && srv->hints < WEB_HINT_THREADS;
	if (go) {
		up->srv = srv, up->conn = c, up->hint = HINT_THINKING;
		snprintf(up->lang, sizeof up->lang, "%s", bones_i18n_language());
		go = !pthread_create(&thread, NULL, hint_main, up);
		if (go) {
			srv->hints++;
			pthread_detach(thread);
			MHD_suspend_connection(c);
		}
	}
	pthread_mutex_unlock(&srv->clock);
	return go ? MHD_YES
		  : send_error(c, 503, _("hint: the server is busy with other hints; try again"));
}

static enum MHD_Result api(web_server *srv, struct MHD_Connection *c, const char *url,
			   const char *method, struct upload *up, const char *client)
{
	web_request req = {.method = method, .path = url, .body = up->body.data,
			   .body_len = up->body.len, .token = bearer(c)};
	req.width = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "w");
	req.height = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "h");
	req.picture = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "picture");
	req.ghost = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "ghost");
	req.at = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "at");
	req.game = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "game");
	req.session = MHD_lookup_connection_value(c, MHD_COOKIE_KIND, WEB_SESSION_COOKIE);
	req.secure = srv->proxy[0] != '\0';
	snprintf(up->client, sizeof up->client, "%s", client);
	req.client = up->client;
	size_t n = strlen(url);
	if (!strcmp(method, "POST") && n > 5 && !strcmp(url + n - 5, "/hint")) {
		up->req = req; /* its strings live as long as the request */
		return start_hint(srv, c, up);
	}
	web_reply rep;
	web_api_handle(srv->site, &req, &rep);
	return send_api_reply(srv, c, &rep, client);
}

/* The host part of an authority ("name:port", "[::1]:port") into out, lower case. */
static void host_part(const char *authority, char *out, size_t cap)
{
	size_t n = authority[0] == '[' ? strcspn(authority, "]") + 1 : strcspn(authority, ":");
	if (n >= cap)
		n = cap - 1;
	for (size_t i = 0; i < n; i++)
		out[i] = (char)((authority[i] >= 'A' && authority[i] <= 'Z') ? authority[i] + 32
									      : authority[i]);
	out[n] = '\0';
}

/* Whether the Host header names this server (its listen address, loopback's names,
 * --host-name): a page of another name (DNS rebinding) gets nothing. */
static bool host_allowed(const web_server *srv, struct MHD_Connection *c)
{
	const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host");
	char name[256];
	if (srv->any_host)
		return true;
	if (!host)
		return false;
	host_part(host, name, sizeof name);
	for (int i = 0; i < srv->host_count; i++)
		if (!strcmp(name, srv->hosts[i]))
			return true;
	return false;
}

/* A request that changes something comes from this server's own pages: JSON (which a
 * cross-site form cannot send without asking first), and its Origin (or Sec-Fetch-Site)
 * is this server's. A client with neither header (a script, curl) is no browser. */
static int cross_site(struct MHD_Connection *c, const char **why)
{
	const char *type = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Type");
	const char *site = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Sec-Fetch-Site");
	const char *origin = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin");
	const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host");
	if (!type || strncasecmp(type, "application/json", 16) || (type[16] && type[16] != ';')) {
		*why = _("Content-Type: expected application/json");
		return 415;
	}
	const char *authority = origin ? strstr(origin, "://") : NULL;
	if ((site && strcmp(site, "same-origin") && strcmp(site, "none")) ||
	    (origin && (!authority || !host || strcasecmp(authority + 3, host)))) {
		*why = _("Origin: requests that change a table come from this server's pages");
		return 403;
	}
	return 0;
}

/* A bot account's request (docs/web.md, "Bots"): refused from a browser (which sends
 * Sec-Fetch-Mode, a header no page can leave out), else limited by the account as well
 * as by the address. 0 when it may go on, else the status (why says why). */
static int bot_request(web_server *srv, struct MHD_Connection *c, const char **why)
{
	const char *session = MHD_lookup_connection_value(c, MHD_COOKIE_KIND,
							  WEB_SESSION_COOKIE);
	char name[64], key[80];
	if (!session || !web_bot_session(srv->site, session, name, sizeof name))
		return 0;
	if (MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Sec-Fetch-Mode")) {
		*why = _("a bot account plays through the API (bones bot), not in a browser: "
			 "log in there as a person");
		return 403;
	}
	snprintf(key, sizeof key, "bot:%s", name);
	*why = _("too many requests from this bot account: slow down");
	return allowed(srv, key) ? 0 : 429;
}

static enum MHD_Result route(web_server *srv, struct MHD_Connection *c, const char *url,
			     const char *method, struct upload *up)
{
	bool get = !strcmp(method, "GET") || !strcmp(method, "HEAD");
	const char *why;
	int code;
	if (!host_allowed(srv, c))
		return send_error(c, 421, _("Host: this server does not answer to that name"));
	if (!strncmp(url, "/api/", 5)) {
		char client[64];
		web_client_address(srv, c, client, sizeof client);
		if (!allowed(srv, client))
			return send_error(c, 429, _("too many requests: slow down"));
		if ((code = bot_request(srv, c, &why)))
			return send_error(c, code, why);
		if (up->too_big)
			return send_error(c, 413, _("the request body is over 64 KiB"));
		if (!get && (code = cross_site(c, &why)))
			return send_error(c, code, why);
		return api(srv, c, url, method, up, client);
	}
	if (!strncmp(url, "/rules/", 7) && get && !strchr(url + 7, '/')) {
		char page[96], client[64]; /* a game's rules page, by the API (web_rules.h) */
		snprintf(page, sizeof page, "/api/rules/%.60s", url + 7);
		web_client_address(srv, c, client, sizeof client);
		if (!allowed(srv, client))
			return send_error(c, 429, _("too many requests: slow down"));
		return api(srv, c, page, method, up, client);
	}
	if (!get)
		return send_error(c, 405, _("static files are read with GET"));
	if (!strcmp(url, "/"))
		return send_static(srv, c, "index.html");
	if (!strncmp(url, "/t/", 3) && !strchr(url + 3, '/'))
		return send_static(srv, c, "play.html");
	if ((!strncmp(url, "/players/", 9) && !strchr(url + 9, '/')) ||
	    (!strncmp(url, "/ladder/", 8) && !strchr(url + 8, '/')))
		return send_static(srv, c, "players.html"); /* web_ratings.h */
	if (!strcmp(url, "/tournaments") ||
	    (!strncmp(url, "/tournaments/", 13) && !strchr(url + 13, '/')))
		return send_static(srv, c, "tourney.html");
	if (!strncmp(url, "/static/", 8))
		return send_static(srv, c, url + 8);
	return send_error(c, 404, _("no such page"));
}

/* Whether text is a language tag: letters, digits, '-' and '_', short. */
static bool language_tag(const char *text, size_t n)
{
	if (!n || n > 15)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!((text[i] >= 'a' && text[i] <= 'z') || (text[i] >= 'A' && text[i] <= 'Z') ||
		      (text[i] >= '0' && text[i] <= '9') || text[i] == '-' || text[i] == '_'))
			return false;
	return true;
}

/* Speak tag ("de", "de-AT", "de_DE") in this thread when the server has it. */
static bool speak(const char *tag, size_t n)
{
	char code[16];
	if (!language_tag(tag, n))
		return false;
	for (size_t i = 0; i < n; i++)
		code[i] = tag[i] == '-' ? '_' : tag[i];
	code[n] = '\0';
	return bones_i18n_thread_language(code);
}

/* This request's language, for its thread: the query's lang=, else the first language
 * of Accept-Language the server speaks, else English. */
static void request_language(struct MHD_Connection *c)
{
	const char *lang = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "lang");
	if (lang && speak(lang, strlen(lang)))
		return;
	const char *accept = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Accept-Language");
	for (const char *p = accept; p && *p;) {
		p += strspn(p, " \t,");
		size_t item = strcspn(p, ","), tag = strcspn(p, ";, \t");
		const char *q = memchr(p, ';', item);
		q = q ? strstr(q, "q=") : NULL;
		bool refused = q && q < p + item && strtod(q + 2, NULL) <= 0; /* "de;q=0" */
		if (tag && !refused && speak(p, tag))
			return;
		p += item;
	}
	bones_i18n_thread_language("en");
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url,
				  const char *method, const char *version,
				  const char *data, size_t *size, void **con_cls)
{
	web_server *srv = cls;
	struct upload *up = *con_cls;
	web_conn *conn = web_conn_of(c);
	(void)version;
	if (!up) {
		up = calloc(1, sizeof *up);
		if (!up)
			return MHD_NO;
		*con_cls = up;
		return MHD_YES;
	}
	if (web_conn_late(srv, conn))
		return MHD_NO; /* a body trickled past the request's deadline: closed */
	if (*size) {
		if (up->body.len + *size > BODY_MAX)
			up->too_big = true;
		else
			web_buf_add(&up->body, data, *size);
		*size = 0;
		return MHD_YES;
	}
	if (up->hint == HINT_DONE) /* resumed: the hint's reply */
		return send_api_reply(srv, c, &up->reply, up->client);
	if (up->hint == HINT_THINKING)
		return MHD_YES;
	web_conn_set(srv, conn, WEB_CONN_ANSWERING);
	request_language(c);
	enum MHD_Result ok = route(srv, c, url, method, up);
	bones_i18n_thread_language(NULL);
	return ok;
}

static void on_completed(void *cls, struct MHD_Connection *c, void **con_cls,
			 enum MHD_RequestTerminationCode why)
{
	struct upload *up = *con_cls;
	(void)why;
	web_conn_set(cls, web_conn_of(c), WEB_CONN_IDLE); /* the next request's deadline */
	if (up) {
		web_buf_release(&up->body);
		free(up);
	}
	*con_cls = NULL;
}

/* ---- start and stop ---------------------------------------------------------------- */

static bool parse_listen(const char *text, struct sockaddr_storage *sa, socklen_t *len)
{
	char host[256];
	const char *colon = strrchr(text, ':');
	if (!colon || (size_t)(colon - text) >= sizeof host)
		return false;
	memcpy(host, text, (size_t)(colon - text));
	host[colon - text] = '\0';
	char *end;
	long port = strtol(colon + 1, &end, 10);
	if (*end || port < 0 || port > 65535)
		return false;
	memset(sa, 0, sizeof *sa);
	size_t hl = strlen(host);
	if (hl >= 2 && host[0] == '[' && host[hl - 1] == ']') {
		struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)sa;
		host[hl - 1] = '\0';
		a6->sin6_family = AF_INET6, a6->sin6_port = htons((uint16_t)port);
		*len = sizeof *a6;
		return inet_pton(AF_INET6, host + 1, &a6->sin6_addr) == 1;
	}
	struct sockaddr_in *a4 = (struct sockaddr_in *)sa;
	a4->sin_family = AF_INET, a4->sin_port = htons((uint16_t)port);
	*len = sizeof *a4;
	return inet_pton(AF_INET, host, &a4->sin_addr) == 1;
}

/* libmicrohttpd's own messages, on one line each with our prefix (they hold no
 * headers, so no token). A failed bind is said again, better, by serve(). */
/* libmicrohttpd's own messages (one per aborted connection, say), throttled: they hold
 * no headers, so no token. A failed bind is said again, better, by serve(). */
static void mhd_log(void *cls, const char *fmt, va_list ap)
{
	char line[512];
	vsnprintf(line, sizeof line, fmt, ap);
	line[strcspn(line, "\n")] = '\0';
	if (!strstr(line, "Failed to bind"))
		web_log_throttled(cls, "libmicrohttpd: %s", line);
}

/* The signals' thread: before the server serves (restoring tables, say) a signal
 * stops the process at once (every write so far is a committed transaction or none);
 * afterwards it wakes serve() for an orderly stop. */
static void *signals_main(void *arg)
{
	web_server *srv = arg;
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGINT), sigaddset(&set, SIGTERM);
	int sig;
	if (sigwait(&set, &sig))
		return NULL;
	pthread_mutex_lock(&srv->clock);
	srv->signal = sig;
	if (!srv->serving) {
		fprintf(stderr, _("bones serve: stopping (signal %d) before serving\n"), sig);
		_exit(1);
	}
	pthread_cond_signal(&srv->stop);
	pthread_mutex_unlock(&srv->clock);
	return NULL;
}

/* Connections allowed in all and per address, from the file descriptors this process
 * may open (the soft limit raised to the hard one; at most MAX_CONNECTIONS in all): a
 * quarter each address, so that two
 * addresses leave half to everyone else; behind a trusted proxy every connection comes
 * from it, so only the total holds (limit per client in the proxy). */
static void connection_limits(const web_server *srv, unsigned *total, unsigned *per_ip)
{
	struct rlimit rl;
	rlim_t fds = 1024;
	const rlim_t enough = MAX_CONNECTIONS + 128;
	if (!getrlimit(RLIMIT_NOFILE, &rl)) {
		if (rl.rlim_cur < enough && rl.rlim_cur < rl.rlim_max) {
			rl.rlim_cur = rl.rlim_max < enough ? rl.rlim_max : enough;
			setrlimit(RLIMIT_NOFILE, &rl);
			getrlimit(RLIMIT_NOFILE, &rl);
		}
		fds = rl.rlim_cur < enough ? rl.rlim_cur : enough;
	}
	*total = fds > 256 ? (unsigned)(fds - 128) : (unsigned)fds / 2; /* the database, plugins */
	if (*total > MAX_CONNECTIONS)
		*total = MAX_CONNECTIONS;
	*per_ip = srv->proxy[0] ? 0 : *total / 4;
}

static int serve(web_server *srv, const struct sockaddr_storage *sa, const char *listen)
{
	unsigned flags = MHD_USE_EPOLL | MHD_USE_INTERNAL_POLLING_THREAD |
			 MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG;
	unsigned total, per_ip;
	if (sa->ss_family == AF_INET6)
		flags |= MHD_USE_IPv6;
	connection_limits(srv, &total, &per_ip);
	pthread_mutex_lock(&srv->clock);
	srv->stream_cap = total - total / 4; /* a quarter stays for pages and moves */
	srv->serving = true; /* from here a signal stops in order */
	pthread_mutex_unlock(&srv->clock);
	if (!web_events_start(srv)) {
		fprintf(stderr, _("bones serve: cannot start the events' thread\n"));
		return 1;
	}
	struct MHD_Daemon *d = MHD_start_daemon(
		flags, 0, NULL, NULL, on_request, srv, MHD_OPTION_EXTERNAL_LOGGER, mhd_log, srv,
		MHD_OPTION_SOCK_ADDR, sa, MHD_OPTION_NOTIFY_COMPLETED, on_completed, srv,
		MHD_OPTION_NOTIFY_CONNECTION, web_conn_notify, srv, MHD_OPTION_THREAD_POOL_SIZE,
		(unsigned)POOL_THREADS, MHD_OPTION_CONNECTION_LIMIT, total,
		MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_ip, MHD_OPTION_CONNECTION_TIMEOUT,
		(unsigned)WEB_IDLE_SECONDS, MHD_OPTION_THREAD_STACK_SIZE, (size_t)(1u << 20),
		MHD_OPTION_LISTEN_BACKLOG_SIZE, (unsigned)1024, MHD_OPTION_END);
	if (!d) {
		fprintf(stderr, _("bones serve: cannot listen on %s: %s\n"), listen, strerror(errno));
		web_events_stop(srv);
		return 1;
	}
	const union MHD_DaemonInfo *di = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
	unsigned port = di ? (unsigned)di->port : 0u;
	char own[600]; /* known to the other processes before the line below says "ready" */
	snprintf(own, sizeof own, "http://%.*s:%u", (int)(strrchr(listen, ':') - listen), listen,
		 port);
	web_tables_advertise(srv->tables, srv->advertise[0] ? srv->advertise : own);
	/* not translated: scripts read the port from this line */
	printf("bones serve: listening on http://%.*s:%u (port %u); Ctrl+C stops\n",
	       (int)(strrchr(listen, ':') - listen), listen, port, port);
	fflush(stdout);
	fprintf(stderr, "bones serve: connections: at most %u, %u per address (0: no limit), "
		"%d threads, a request within %g s\n", total, per_ip, POOL_THREADS,
		srv->request_seconds);
	pthread_mutex_lock(&srv->clock);
	while (!srv->signal)
		pthread_cond_wait(&srv->stop, &srv->clock);
	pthread_mutex_unlock(&srv->clock);
	fprintf(stderr, _("bones serve: stopping (signal %d)\n"), srv->signal);
	web_events_stop(srv); /* every event stream resumed and ended: MHD_stop_daemon's rule */
	MHD_stop_daemon(d);
	return 0;
}

/* The names Host may give: --host-name's, else the listen address's (and localhost's
 * for loopback); a wildcard address without --host-name accepts any (said at start). */
static void host_names(web_server *srv, const web_server_config *cfg, const char *listen)
{
	for (int i = 0; i < cfg->host_name_count && srv->host_count < 6; i++)
		host_part(cfg->host_names[i], srv->hosts[srv->host_count++], sizeof srv->hosts[0]);
	char own[256];
	snprintf(own, sizeof own, "%.*s", (int)(strrchr(listen, ':') - listen), listen);
	host_part(own, srv->hosts[srv->host_count++], sizeof srv->hosts[0]);
	if (!strcmp(own, "127.0.0.1") || !strcmp(own, "[::1]"))
		snprintf(srv->hosts[srv->host_count++], sizeof srv->hosts[0], "localhost");
	srv->any_host = !cfg->host_name_count && (!strcmp(own, "0.0.0.0") || !strcmp(own, "[::]"));
	if (srv->any_host)
		fprintf(stderr, _("bones serve: any Host header is accepted on %s: name this "
				  "server with --host-name\n"), listen);
}

/* The server's settings from cfg; false (said) when one is wrong. */
static bool configure(web_server *srv, const web_server_config *cfg, const char *listen)
{
	const char *test_deadline = getenv("BONES_WEB_REQUEST_SECONDS");
	srv->rate = cfg->rate;
	srv->request_seconds = test_deadline && atof(test_deadline) > 0 ? atof(test_deadline)
									 : WEB_REQUEST_SECONDS;
	if (cfg->trusted_proxy) {
		unsigned char bin[16];
		bool v4 = inet_pton(AF_INET, cfg->trusted_proxy, bin) == 1;
		if (!v4 && inet_pton(AF_INET6, cfg->trusted_proxy, bin) != 1) {
			fprintf(stderr, _("bones serve: --trusted-proxy '%s': expected an IP address\n"),
				cfg->trusted_proxy);
			return false;
		}
		inet_ntop(v4 ? AF_INET : AF_INET6, bin, srv->proxy, sizeof srv->proxy);
	}
	host_names(srv, cfg, listen);
	if (cfg->advertise) {
		size_t n = strlen(cfg->advertise);
		if (strncmp(cfg->advertise, "http://", 7) && strncmp(cfg->advertise, "https://", 8)) {
			fprintf(stderr, _("bones serve: --advertise '%s': expected a URL, "
					  "http://HOST:PORT or https://HOST/PREFIX\n"), cfg->advertise);
			return false;
		}
		if (n >= sizeof srv->advertise - 1) {
			fprintf(stderr, _("bones serve: --advertise: longer than %zu bytes\n"),
				sizeof srv->advertise - 2);
			return false;
		}
		/* without a trailing slash: the path of a request follows */
		snprintf(srv->advertise, sizeof srv->advertise, "%.*s",
			 (int)(n && cfg->advertise[n - 1] == '/' ? n - 1 : n), cfg->advertise);
	}
	if (cfg->static_dir)
		snprintf(srv->static_dir, sizeof srv->static_dir, "%s", cfg->static_dir);
	else if (!bones_paths_data("web", srv->static_dir, sizeof srv->static_dir))
		snprintf(srv->static_dir, sizeof srv->static_dir, "web");
	char index[4200];
	snprintf(index, sizeof index, "%s/index.html", srv->static_dir);
	FILE *probe = fopen(index, "rb");
	if (probe)
		fclose(probe);
	else
		fprintf(stderr, _("bones serve: no browser client at '%s' (the API works; --static "
				  "DIR names the folder of index.html)\n"), srv->static_dir);
	return true;
}

/* Each request speaks its client's language (bones_i18n_thread_language), which
 * LANGUAGE would override: it goes before any thread starts. This thread keeps the
 * language of the person who started the server. */
static void keep_own_language(void)
{
	char own[16];
	snprintf(own, sizeof own, "%s", bones_i18n_language());
	unsetenv("LANGUAGE");
	bones_i18n_thread_language(own);
}

int web_server_run(const web_server_config *cfg)
{
	const char *listen = cfg->listen ? cfg->listen : "127.0.0.1:8080";
	struct sockaddr_storage sa;
	socklen_t salen;
	if (!parse_listen(listen, &sa, &salen)) {
		fprintf(stderr, _("bones serve: --listen '%s': expected ADDR:PORT, e.g. "
				  "127.0.0.1:8080 or [::1]:8080\n"), listen);
		return 2;
	}
	web_server *srv = calloc(1, sizeof *srv);
	if (!srv) {
		fprintf(stderr, _("bones serve: out of memory\n"));
		return 1;
	}
	pthread_mutex_init(&srv->lock, NULL);
	pthread_mutex_init(&srv->clock, NULL);
	pthread_cond_init(&srv->stop, NULL);
	if (!configure(srv, cfg, listen)) {
		free(srv);
		return 2;
	}
	keep_own_language();
	/* signals for the signals' thread: blocked before any thread starts, so all inherit it */
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGINT), sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	signal(SIGPIPE, SIG_IGN);
	pthread_t signals;
	if (pthread_create(&signals, NULL, signals_main, srv)) {
		fprintf(stderr, _("bones serve: cannot start the signals' thread\n"));
		free(srv);
		return 1;
	}
	pthread_detach(signals);
	char err[1024];
	int rc = 1;
	if (!bones_make_dirs(cfg->data_dir))
		fprintf(stderr, _("bones serve: --data '%s': cannot create it: %s\n"), cfg->data_dir,
			strerror(errno));
	else if (web_site_create(cfg->data_dir, cfg->store, cfg->workers, &srv->site, err,
				 sizeof err))
		fprintf(stderr, "bones serve: %s\n", err);
	else {
		srv->tables = web_site_tables(srv->site);
		web_tables_set_person_cap(srv->tables, cfg->person_tables);
		web_bots_set_games(web_site_bots(srv->site), cfg->bot_games ? cfg->bot_games
									    : WEB_BOT_GAMES);
		if (!web_tourneys_start(web_site_tourneys(srv->site), cfg->engines, cfg->watch,
					err, sizeof err))
			fprintf(stderr, "bones serve: %s\n", err);
		else
			rc = serve(srv, &sa, listen);
	}
	web_site_destroy(srv->site);
	web_messages_release();
	pthread_mutex_lock(&srv->clock);
	bool signalled = srv->signal != 0; /* else the signals' thread still waits on srv */
	pthread_mutex_unlock(&srv->clock);
	if (signalled) {
		pthread_mutex_destroy(&srv->lock);
		pthread_mutex_destroy(&srv->clock);
		pthread_cond_destroy(&srv->stop);
		free(srv);
	}
	return rc;
}
