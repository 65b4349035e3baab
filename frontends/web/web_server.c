/* The HTTP layer of `bones serve`: libmicrohttpd with a thread per connection (event
 * streams block their own thread only), bounded request bodies, per-client rate
 * limits, security headers, static files that never leave the web root, and the API. */
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
#include <sys/socket.h>
#include <time.h>

#include "bones/i18n.h"
#include "bones/paths.h"
#include "web_api.h"
#include "web_messages.h"

#define BODY_MAX (64 * 1024)
#define BUCKETS 4096
#define CSP "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: " \
	    "data:; connect-src 'self'; base-uri 'none'; form-action 'self'; " \
	    "frame-ancestors 'none'"

struct bucket {
	uint64_t key;
	double tokens, when;
};

typedef struct web_server {
	web_tables *tables;
	char static_dir[4096];
	double rate;
	pthread_mutex_t lock; /* guards buckets */
	struct bucket buckets[BUCKETS];
} web_server;

/* One request being received: the body so far. */
struct upload {
	web_buf body;
	bool too_big;
};

static double now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A key for the client's address (IPv4 or IPv6, port left out). */
static uint64_t client_key(struct MHD_Connection *c)
{
	const union MHD_ConnectionInfo *ci =
		MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
	uint64_t h = 1469598103934665603ull;
	const unsigned char *b = NULL;
	size_t n = 0;
	if (ci && ci->client_addr && ci->client_addr->sa_family == AF_INET)
		b = (const unsigned char *)&((const struct sockaddr_in *)(const void *)ci->client_addr)->sin_addr, n = 4;
	else if (ci && ci->client_addr && ci->client_addr->sa_family == AF_INET6)
		b = (const unsigned char *)&((const struct sockaddr_in6 *)(const void *)ci->client_addr)->sin6_addr, n = 16;
	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 1099511628211ull;
	return h;
}

/* Token bucket per client: `rate` per second, bursts of 4 * rate. */
static bool allowed(web_server *srv, struct MHD_Connection *c)
{
	if (srv->rate <= 0)
		return true;
	uint64_t key = client_key(c);
	double now = now_seconds(), burst = srv->rate * 4;
	pthread_mutex_lock(&srv->lock);
	struct bucket *b = &srv->buckets[key % BUCKETS];
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

static enum MHD_Result send_reply(struct MHD_Connection *c, int code, const char *type,
				  const char *data, size_t len, bool cache)
{
	struct MHD_Response *r =
		MHD_create_response_from_buffer(len, (void *)(uintptr_t)data, MHD_RESPMEM_MUST_COPY);
	if (!r)
		return MHD_NO;
	MHD_add_response_header(r, "Content-Type", type);
	MHD_add_response_header(r, "Content-Security-Policy", CSP);
	MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
	MHD_add_response_header(r, "X-Frame-Options", "DENY");
	MHD_add_response_header(r, "Cache-Control", cache ? "max-age=60" : "no-store");
	if (code == 429)
		MHD_add_response_header(r, "Retry-After", "1");
	enum MHD_Result ok = MHD_queue_response(c, (unsigned)code, r);
	MHD_destroy_response(r);
	return ok;
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
	FILE *f = fopen(path, "rb");
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

/* ---- event streams ----------------------------------------------------------------- */

struct stream {
	web_server *srv;
	web_table *table;
	uint64_t seen;
	bool started;
};

static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
	struct stream *s = cls;
	(void)pos;
	if (web_tables_stopping(s->srv->tables))
		return MHD_CONTENT_READER_END_OF_STREAM;
	uint64_t v = s->started ? web_table_wait(s->srv->tables, s->table, s->seen, 15000)
				: web_table_version(s->table);
	int n;
	if (web_tables_stopping(s->srv->tables))
		return MHD_CONTENT_READER_END_OF_STREAM;
	if (!s->started || v != s->seen)
		n = snprintf(buf, max, "%sevent: version\ndata: %llu\n\n",
			     s->started ? "" : "retry: 2000\n", (unsigned long long)v);
	else
		n = snprintf(buf, max, ": ping\n\n");
	s->started = true, s->seen = v;
	return n < 0 || (size_t)n >= max ? MHD_CONTENT_READER_END_WITH_ERROR : (ssize_t)n;
}

static enum MHD_Result send_stream(web_server *srv, struct MHD_Connection *c, web_table *t)
{
	struct stream *s = calloc(1, sizeof *s);
	if (!s)
		return send_error(c, 500, _("out of memory"));
	s->srv = srv, s->table = t;
	struct MHD_Response *r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 1024,
								   stream_read, s, free);
	if (!r) {
		free(s);
		return MHD_NO;
	}
	MHD_add_response_header(r, "Content-Type", "text/event-stream");
	MHD_add_response_header(r, "Cache-Control", "no-store");
	MHD_add_response_header(r, "X-Accel-Buffering", "no"); /* nginx: pass events at once */
	enum MHD_Result ok = MHD_queue_response(c, 200, r);
	MHD_destroy_response(r);
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

static enum MHD_Result api(web_server *srv, struct MHD_Connection *c, const char *url,
			   const char *method, struct upload *up)
{
	web_request req = {.method = method, .path = url, .body = up->body.data,
			   .body_len = up->body.len, .token = bearer(c)};
	req.width = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "w");
	req.height = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "h");
	req.picture = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "picture");
	req.ghost = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "ghost");
	req.at = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "at");
	req.game = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "game");
	web_reply rep;
	web_api_handle(srv->tables, &req, &rep);
	enum MHD_Result ok;
	if (rep.events)
		ok = send_stream(srv, c, rep.events);
	else
		ok = send_reply(c, rep.code, rep.type, rep.body.data ? rep.body.data : "",
				rep.body.len, false);
	web_buf_release(&rep.body);
	return ok;
}

static enum MHD_Result route(web_server *srv, struct MHD_Connection *c, const char *url,
			     const char *method, struct upload *up)
{
	bool get = !strcmp(method, "GET") || !strcmp(method, "HEAD");
	if (!strncmp(url, "/api/", 5)) {
		if (!allowed(srv, c))
			return send_error(c, 429, _("too many requests: slow down"));
		if (up->too_big)
			return send_error(c, 413, _("the request body is over 64 KiB"));
		return api(srv, c, url, method, up);
	}
	if (!get)
		return send_error(c, 405, _("static files are read with GET"));
	if (!strcmp(url, "/"))
		return send_static(srv, c, "index.html");
	if (!strncmp(url, "/t/", 3) && !strchr(url + 3, '/'))
		return send_static(srv, c, "play.html");
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
	(void)version;
	if (!up) {
		up = calloc(1, sizeof *up);
		if (!up)
			return MHD_NO;
		*con_cls = up;
		return MHD_YES;
	}
	if (*size) {
		if (up->body.len + *size > BODY_MAX)
			up->too_big = true;
		else
			web_buf_add(&up->body, data, *size);
		*size = 0;
		return MHD_YES;
	}
	request_language(c);
	enum MHD_Result ok = route(srv, c, url, method, up);
	bones_i18n_thread_language(NULL);
	return ok;
}

static void on_completed(void *cls, struct MHD_Connection *c, void **con_cls,
			 enum MHD_RequestTerminationCode why)
{
	struct upload *up = *con_cls;
	(void)cls, (void)c, (void)why;
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
static void mhd_log(void *cls, const char *fmt, va_list ap)
{
	char line[512];
	(void)cls;
	vsnprintf(line, sizeof line, fmt, ap);
	line[strcspn(line, "\n")] = '\0';
	if (!strstr(line, "Failed to bind"))
		fprintf(stderr, "bones serve: libmicrohttpd: %s\n", line);
}

static int serve(web_server *srv, const struct sockaddr_storage *sa, const char *listen)
{
	unsigned flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD |
			 MHD_USE_POLL | MHD_USE_ERROR_LOG;
	if (sa->ss_family == AF_INET6)
		flags |= MHD_USE_IPv6;
	struct MHD_Daemon *d = MHD_start_daemon(
		flags, 0, NULL, NULL, on_request, srv, MHD_OPTION_EXTERNAL_LOGGER, mhd_log, NULL,
		MHD_OPTION_SOCK_ADDR, sa, MHD_OPTION_NOTIFY_COMPLETED, on_completed, NULL,
		MHD_OPTION_CONNECTION_LIMIT,
		(unsigned)4000, MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)2500,
		MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)60, MHD_OPTION_THREAD_STACK_SIZE,
		(size_t)(1u << 20), MHD_OPTION_LISTEN_BACKLOG_SIZE, (unsigned)1024, MHD_OPTION_END);
	if (!d) {
		fprintf(stderr, _("bones serve: cannot listen on %s: %s\n"), listen, strerror(errno));
		return 1;
	}
	const union MHD_DaemonInfo *di = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
	/* not translated: scripts read the port from this line */
	printf("bones serve: listening on http://%s (port %u); Ctrl+C stops\n", listen,
	       di ? (unsigned)di->port : 0u);
	fflush(stdout);
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGINT), sigaddset(&set, SIGTERM);
	int sig;
	sigwait(&set, &sig);
	fprintf(stderr, _("bones serve: stopping (signal %d)\n"), sig);
	web_tables_stop(srv->tables);
	MHD_stop_daemon(d);
	return 0;
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
	srv->rate = cfg->rate;
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
	/* Each request speaks its client's language (bones_i18n_thread_language), which
	 * LANGUAGE would override: it goes before any thread starts. This thread keeps the
	 * language of the person who started the server. */
	const char *own = bones_i18n_language();
	char own_code[16];
	snprintf(own_code, sizeof own_code, "%s", own);
	unsetenv("LANGUAGE");
	bones_i18n_thread_language(own_code);
	/* signals for sigwait: blocked before any thread starts, so all inherit it */
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGINT), sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	signal(SIGPIPE, SIG_IGN);
	char err[1024];
	int rc = 1;
	if (!bones_make_dirs(cfg->data_dir))
		fprintf(stderr, _("bones serve: --data '%s': cannot create it: %s\n"), cfg->data_dir,
			strerror(errno));
	else if (web_tables_create(cfg->data_dir, cfg->workers, &srv->tables, err, sizeof err))
		fprintf(stderr, "bones serve: %s\n", err);
	else
		rc = serve(srv, &sa, listen);
	web_tables_destroy(srv->tables);
	web_messages_release();
	pthread_mutex_destroy(&srv->lock);
	free(srv);
	return rc;
}
