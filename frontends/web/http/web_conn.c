/* Connections of `bones serve` on libmicrohttpd's event loop: each request's deadline
 * (a client that trickles its headers or body is shut down once the request is older
 * than WEB_REQUEST_SECONDS, or on a kept-alive connection WEB_IDLE_SECONDS after the
 * last reply, however often it sends a byte), event streams that wait
 * suspended (no thread each) and are resumed when their table changes, the client's
 * address (behind a trusted proxy, its X-Forwarded-For) and a throttled log. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include "bones/i18n.h"
#include "web_server_internal.h"

struct web_stream {
	web_server *srv;
	web_table *table;           /* NULL: the lobby's stream (any change) */
	web_bot_watch *bot;         /* owned; set: a bot's stream (web_bot_stream.h) */
	web_buf pending;            /* a bot's stream: events written, sent from sent on */
	size_t sent;
	struct MHD_Connection *conn;
	uint64_t seen;
	double next_ping;
	bool started, waiting;
	web_stream *prev, *next;    /* srv->waiting, while waiting */
	web_stream *older, *newer;  /* srv->streams, while open */
	char client[64];            /* the client's address (its cap) */
};

double web_now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void web_log_throttled(web_server *srv, const char *fmt, ...)
{
	char line[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	double now = web_now_seconds();
	pthread_mutex_lock(&srv->lock);
	if (now - srv->log_window >= 10) {
		if (srv->log_dropped)
			fprintf(stderr, "bones serve: %d more lines like these in 10 s not shown\n",
				srv->log_dropped);
		srv->log_window = now, srv->log_lines = 0, srv->log_dropped = 0;
	}
	if (srv->log_lines < 5) {
		srv->log_lines++;
		fprintf(stderr, "bones serve: %s\n", line);
	} else {
		srv->log_dropped++;
	}
	pthread_mutex_unlock(&srv->lock);
}

/* ---- connections and their deadlines ------------------------------------------------ */

void web_conn_notify(void *cls, struct MHD_Connection *c, void **socket_context,
		     enum MHD_ConnectionNotificationCode code)
{
	web_server *srv = cls;
	web_conn *conn = *socket_context;
	if (code == MHD_CONNECTION_NOTIFY_STARTED) {
		const union MHD_ConnectionInfo *ci =
			MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
		if (!ci || !(conn = calloc(1, sizeof *conn)))
			return; /* untracked: MHD's idle timeout still applies */
		conn->fd = ci->connect_fd, conn->start = web_now_seconds();
		pthread_mutex_lock(&srv->clock);
		conn->next = srv->conns;
		if (srv->conns)
			srv->conns->prev = conn;
		srv->conns = conn;
		pthread_mutex_unlock(&srv->clock);
		*socket_context = conn;
	} else if (conn) { /* closed: before MHD closes the socket */
		pthread_mutex_lock(&srv->clock);
		if (conn->prev)
			conn->prev->next = conn->next;
		else
			srv->conns = conn->next;
		if (conn->next)
			conn->next->prev = conn->prev;
		pthread_mutex_unlock(&srv->clock);
		free(conn);
		*socket_context = NULL;
	}
}

web_conn *web_conn_of(struct MHD_Connection *c)
{
	const union MHD_ConnectionInfo *ci =
		MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
	return ci ? ci->socket_context : NULL;
}

void web_conn_set(web_server *srv, web_conn *conn, enum web_conn_state state)
{
	if (!conn)
		return;
	pthread_mutex_lock(&srv->clock);
	conn->state = state;
	if (state == WEB_CONN_READING || state == WEB_CONN_IDLE)
		conn->start = web_now_seconds();
	pthread_mutex_unlock(&srv->clock);
}

/* How long the connection may take in its state (0: no bound of ours). */
static double deadline(const web_server *srv, const web_conn *conn)
{
	return conn->state == WEB_CONN_READING ? srv->request_seconds
	     : conn->state == WEB_CONN_IDLE ? WEB_IDLE_SECONDS : 0;
}

bool web_conn_late(web_server *srv, web_conn *conn)
{
	pthread_mutex_lock(&srv->clock);
	bool late = conn && deadline(srv, conn) > 0 &&
		    web_now_seconds() - conn->start > deadline(srv, conn);
	pthread_mutex_unlock(&srv->clock);
	return late;
}

/* Shut down the connections whose request is past its deadline (srv->clock held; a
 * connection in the list still has its socket: MHD closes it after notifying). */
static void reap(web_server *srv, double now)
{
	int n = 0;
	for (web_conn *c = srv->conns; c; c = c->next)
		if (deadline(srv, c) > 0 && !c->reaped && now - c->start > deadline(srv, c)) {
			shutdown(c->fd, SHUT_RDWR);
			c->reaped = true, n++;
		}
	if (n)
		web_log_throttled(srv, "closed %d connections whose request took too long", n);
}

/* ---- client addresses ---------------------------------------------------------------- */

static void peer_address(struct MHD_Connection *c, char *out, size_t cap)
{
	const union MHD_ConnectionInfo *ci =
		MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
	const struct sockaddr *sa = ci ? ci->client_addr : NULL;
	snprintf(out, cap, "?");
	if (sa && sa->sa_family == AF_INET)
		inet_ntop(AF_INET, &((const struct sockaddr_in *)(const void *)sa)->sin_addr, out,
			  (socklen_t)cap);
	else if (sa && sa->sa_family == AF_INET6)
		inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr, out,
			  (socklen_t)cap);
}

void web_client_address(web_server *srv, struct MHD_Connection *c, char *out, size_t cap)
{
	peer_address(c, out, cap);
	if (!srv->proxy[0] || strcmp(out, srv->proxy))
		return;
	const char *xff = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "X-Forwarded-For");
	const char *last = xff ? strrchr(xff, ',') : NULL;
	last = last ? last + 1 : xff;
	if (!last)
		return;
	last += strspn(last, " \t");
	char addr[64];
	unsigned char bin[16];
	size_t n = strcspn(last, " \t");
	if (n >= sizeof addr)
		return;
	memcpy(addr, last, n), addr[n] = '\0';
	if (inet_pton(AF_INET, addr, bin) == 1 || inet_pton(AF_INET6, addr, bin) == 1)
		snprintf(out, cap, "%s", addr); /* the proxy's word: the address it saw */
}

/* ---- event streams ------------------------------------------------------------------- */

static void unlink_waiting(web_server *srv, web_stream *s)
{
	if (s->prev)
		s->prev->next = s->next;
	else
		srv->waiting = s->next;
	if (s->next)
		s->next->prev = s->prev;
	s->prev = s->next = NULL, s->waiting = false;
}

/* What a stream follows: its table's version, or the lobby's count of changes. */
static uint64_t stream_version(const web_stream *s)
{
	return s->table ? web_table_version(s->table) : web_tables_change_count(s->srv->tables);
}

/* Wait for a change (or the next ping): suspended, holding no thread. srv->clock held. */
static void stream_wait(web_server *srv, web_stream *s)
{
	s->waiting = true, s->prev = NULL, s->next = srv->waiting;
	if (srv->waiting)
		srv->waiting->prev = s;
	srv->waiting = s;
	MHD_suspend_connection(s->conn);
}

/* A bot's stream: on a change of the server its watch looks and writes the account's
 * events (often none: then it waits again); a ping when nothing happened. */
static ssize_t bot_read(web_stream *s, char *buf, size_t max)
{
	web_server *srv = s->srv;
	double now = web_now_seconds();
	while (s->sent == s->pending.len) {
		pthread_mutex_lock(&srv->clock);
		uint64_t v = stream_version(s);
		if (srv->closing || web_tables_stopping(srv->tables)) {
			pthread_mutex_unlock(&srv->clock);
			return MHD_CONTENT_READER_END_OF_STREAM;
		}
		bool look = !s->started || v != s->seen, ping = now >= s->next_ping;
		if (!look && !ping) {
			stream_wait(srv, s);
			pthread_mutex_unlock(&srv->clock);
			return 0;
		}
		s->seen = v; /* a change from now on is looked at again */
		pthread_mutex_unlock(&srv->clock);
		web_buf_release(&s->pending);
		web_buf_init(&s->pending);
		s->sent = 0;
		if (!s->started)
			web_buf_puts(&s->pending, "retry: 2000\n\n");
		s->started = true;
		if (look)
			web_bot_watch_events(s->bot, &s->pending);
		if (!s->pending.len && ping)
			web_buf_puts(&s->pending, ": ping\n\n");
		if (s->pending.failed)
			return MHD_CONTENT_READER_END_WITH_ERROR;
	}
	size_t n = s->pending.len - s->sent < max ? s->pending.len - s->sent : max;
	memcpy(buf, s->pending.data + s->sent, n);
	s->sent += n, s->next_ping = now + WEB_PING_SECONDS;
	return (ssize_t)n;
}

static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
	web_stream *s = cls;
	web_server *srv = s->srv;
	(void)pos;
	if (s->bot)
		return bot_read(s, buf, max);
	double now = web_now_seconds();
	pthread_mutex_lock(&srv->clock);
	uint64_t v = stream_version(s); /* under clock: see events_main */
	if (srv->closing || web_tables_stopping(srv->tables)) {
		pthread_mutex_unlock(&srv->clock);
		return MHD_CONTENT_READER_END_OF_STREAM;
	}
	if (s->started && v == s->seen && now < s->next_ping) { /* wait, holding no thread */
		stream_wait(srv, s);
		pthread_mutex_unlock(&srv->clock);
		return 0;
	}
	pthread_mutex_unlock(&srv->clock);
	int n;
	if (!s->started || v != s->seen)
		n = snprintf(buf, max, "%sevent: %s\ndata: %llu\n\n", s->started ? "" : "retry: 2000\n",
			     s->table ? "version" : "changed", (unsigned long long)v);
	else
		n = snprintf(buf, max, ": ping\n\n");
	s->started = true, s->seen = v, s->next_ping = now + WEB_PING_SECONDS;
	if (s->table) /* an open stream keeps its table watched */
		web_table_queue_watch(srv->tables, s->table);
	return n < 0 || (size_t)n >= max ? MHD_CONTENT_READER_END_WITH_ERROR : (ssize_t)n;
}

static void stream_free(void *cls)
{
	web_stream *s = cls;
	web_server *srv = s->srv;
	pthread_mutex_lock(&srv->clock);
	if (s->waiting)
		unlink_waiting(srv, s);
	if (s->older)
		s->older->newer = s->newer;
	if (s->newer)
		s->newer->older = s->older;
	else
		srv->streams = s->older;
	srv->stream_count--;
	pthread_mutex_unlock(&srv->clock);
	web_tables_put(s->srv->tables, s->table);
	web_bot_watch_destroy(s->bot);
	web_buf_release(&s->pending);
	free(s);
}

/* 0 when s may open (then it is counted, srv->clock held), else the HTTP status. */
static int stream_admit(web_server *srv, web_stream *s)
{
	unsigned mine = 0;
	for (const web_stream *o = srv->streams; o && mine < WEB_STREAMS_PER_ADDRESS; o = o->older)
		mine += !strcmp(o->client, s->client);
	if (mine >= WEB_STREAMS_PER_ADDRESS)
		return 429;
	if (srv->stream_cap && srv->stream_count >= srv->stream_cap)
		return 503;
	s->older = srv->streams;
	if (srv->streams)
		srv->streams->newer = s;
	srv->streams = s;
	srv->stream_count++;
	return 0;
}

/* The refusal of a stream past its cap: JSON, as every API error. */
static enum MHD_Result stream_refused(struct MHD_Connection *c, int code)
{
	web_buf b;
	web_buf_init(&b);
	web_buf_puts(&b, "{\"error\":");
	web_buf_json_string(&b, code == 429
		? _("too many event streams from this address: close a page")
		: _("the server holds as many event streams as it may: try again"));
	web_buf_puts(&b, "}");
	struct MHD_Response *r = b.failed ? NULL :
		MHD_create_response_from_buffer(b.len, b.data, MHD_RESPMEM_MUST_COPY);
	web_buf_release(&b);
	if (!r)
		return MHD_NO;
	MHD_add_response_header(r, "Content-Type", "application/json");
	MHD_add_response_header(r, "Retry-After", "10");
	enum MHD_Result ok = MHD_queue_response(c, (unsigned)code, r);
	MHD_destroy_response(r);
	return ok;
}

enum MHD_Result web_stream_send(web_server *srv, struct MHD_Connection *c, web_table *t,
				web_bot_watch *bot, const char *client)
{
	web_stream *s = calloc(1, sizeof *s);
	if (!s) {
		web_tables_put(srv->tables, t);
		web_bot_watch_destroy(bot);
		return MHD_NO;
	}
	s->srv = srv, s->table = t, s->conn = c, s->bot = bot;
	web_buf_init(&s->pending);
	snprintf(s->client, sizeof s->client, "%s", client);
	pthread_mutex_lock(&srv->clock);
	int refused = stream_admit(srv, s);
	pthread_mutex_unlock(&srv->clock);
	if (refused) {
		web_tables_put(srv->tables, t);
		web_bot_watch_destroy(bot);
		free(s);
		return stream_refused(c, refused);
	}
	struct MHD_Response *r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 1024,
								   stream_read, s, stream_free);
	if (!r) {
		stream_free(s);
		return MHD_NO;
	}
	MHD_add_response_header(r, "Content-Type", "text/event-stream");
	MHD_add_response_header(r, "Cache-Control", "no-store");
	MHD_add_response_header(r, "Content-Security-Policy", WEB_CSP);
	MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
	MHD_add_response_header(r, "X-Accel-Buffering", "no"); /* nginx: pass events at once */
	web_conn_set(srv, web_conn_of(c), WEB_CONN_STREAMING);
	enum MHD_Result ok = MHD_queue_response(c, 200, r);
	MHD_destroy_response(r);
	return ok;
}

/* Resume the waiting streams whose table changed or whose ping is due (all of them
 * when closing). srv->clock held. */
static void resume_due(web_server *srv, double now)
{
	for (web_stream *s = srv->waiting, *next; s; s = next) {
		next = s->next;
		if (srv->closing || now >= s->next_ping || stream_version(s) != s->seen) {
			unlink_waiting(srv, s);
			MHD_resume_connection(s->conn);
		}
	}
}

/* Woken by any table's change (or each second): streams resumed, slow requests shut.
 * A stream reads its version under srv->clock before it waits, and the change count
 * is read here before the scan under srv->clock, so no change goes unseen. */
static void *events_main(void *arg)
{
	web_server *srv = arg;
	uint64_t seen = 0;
	double reaped = 0;
	for (bool closing = false; !closing;) {
		seen = web_tables_changes(srv->tables, seen, 1000);
		double now = web_now_seconds();
		pthread_mutex_lock(&srv->clock);
		closing = srv->closing;
		resume_due(srv, now);
		if (now - reaped >= 1)
			reap(srv, now), reaped = now;
		pthread_mutex_unlock(&srv->clock);
	}
	return NULL;
}

bool web_events_start(web_server *srv)
{
	srv->events_running = !pthread_create(&srv->events, NULL, events_main, srv);
	return srv->events_running;
}

void web_events_stop(web_server *srv)
{
	pthread_mutex_lock(&srv->clock);
	srv->closing = true;
	pthread_mutex_unlock(&srv->clock);
	web_tables_stop(srv->tables); /* wakes events_main */
	if (srv->events_running)
		pthread_join(srv->events, NULL);
	srv->events_running = false;
	pthread_mutex_lock(&srv->clock);
	while (srv->hints) /* each resumes its connection as it ends */
		pthread_cond_wait(&srv->stop, &srv->clock);
	pthread_mutex_unlock(&srv->clock);
}
