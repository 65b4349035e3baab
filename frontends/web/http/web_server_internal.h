/* What web_server.c (requests, routes, the daemon) and web_conn.c (connections'
 * deadlines, event streams, client addresses, the log) share: not for the API layer. */
#ifndef BONES_WEB_SERVER_INTERNAL_H
#define BONES_WEB_SERVER_INTERNAL_H

#include <microhttpd.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "web_bot_stream.h"
#include "web_site.h"

#define WEB_BUCKETS 4096
#define WEB_REQUEST_SECONDS 15 /* a request's headers and body, from its first byte */
#define WEB_IDLE_SECONDS 60    /* a kept-alive connection: from a reply to the next request */
#define WEB_PING_SECONDS 15    /* an event stream's comment when nothing happens */
#define WEB_HINT_THREADS 4     /* hints thought about at once (web_play_hint: 2 think) */
#define WEB_STREAMS_PER_ADDRESS 32 /* event streams one client address may hold open */
#define WEB_CSP "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' " \
		"blob: data:; connect-src 'self'; base-uri 'none'; form-action 'self'; " \
		"frame-ancestors 'none'"

struct web_bucket {
	uint64_t key;
	double tokens, when;
};

/* One TCP connection (MHD_OPTION_NOTIFY_CONNECTION's socket context). */
enum web_conn_state { WEB_CONN_READING, WEB_CONN_ANSWERING, WEB_CONN_STREAMING, WEB_CONN_IDLE };
typedef struct web_conn {
	double start;             /* when the request being read began (monotonic s) */
	enum web_conn_state state;
	int fd;
	bool reaped;              /* shut down for being too slow */
	struct web_conn *prev, *next;
} web_conn;

typedef struct web_stream web_stream;

typedef struct web_server {
	web_site *site;           /* owned */
	web_tables *tables;       /* the site's */
	char static_dir[4096];
	double rate;
	pthread_mutex_t lock;     /* guards buckets and the log's throttle */
	struct web_bucket buckets[WEB_BUCKETS];
	double log_window;
	int log_lines, log_dropped;
	pthread_mutex_t clock;    /* guards conns, waiting, closing, signal */
	pthread_cond_t stop;      /* signal set, or a hint thread done */
	web_conn *conns;
	web_stream *waiting;      /* event streams suspended until their table changes */
	web_stream *streams;      /* every open event stream (its own list) */
	unsigned stream_count;
	unsigned stream_cap;      /* streams in all: the connection limit less a reserve
				   * for everything else (set before serving) */
	bool closing, serving;
	int signal;               /* the signal that stops the server, 0 none yet */
	int hints;                /* hint threads running (their connections suspended) */
	double request_seconds;   /* WEB_REQUEST_SECONDS; BONES_WEB_REQUEST_SECONDS in tests */
	pthread_t events;
	bool events_running;
	char proxy[64];           /* --trusted-proxy: its address as text, "" none */
	char hosts[8][256];       /* names the Host header may give (without port) */
	int host_count;
	bool any_host;            /* a wildcard listen address without --host-name */
	char advertise[512];      /* --advertise, "" none: the listen address's URL */
} web_server;

double web_now_seconds(void);
/* libmicrohttpd's connection notifications: a web_conn per connection. */
void web_conn_notify(void *cls, struct MHD_Connection *c, void **socket_context,
		     enum MHD_ConnectionNotificationCode code);
/* The connection's record, or NULL. */
web_conn *web_conn_of(struct MHD_Connection *c);
/* Set the connection's state; READING and IDLE restart its deadline. */
void web_conn_set(web_server *srv, web_conn *conn, enum web_conn_state state);
/* Whether the request being read is past its deadline. */
bool web_conn_late(web_server *srv, web_conn *conn);
/* The client's address as text: the peer, or behind the trusted proxy the last
 * address of its X-Forwarded-For. */
void web_client_address(web_server *srv, struct MHD_Connection *c, char *out, size_t cap);
/* Answer with t's event stream (t NULL: the lobby's, an event at any change; bot not
 * NULL: a bot's stream, its watch's events, which it owns from here on):
 * suspended between events, holding no thread; it holds t (the caller's hold, given
 * back when the stream ends or cannot start). Past
 * WEB_STREAMS_PER_ADDRESS streams of client, 429; past srv->stream_cap in all, 503. */
enum MHD_Result web_stream_send(web_server *srv, struct MHD_Connection *c, web_table *t,
				web_bot_watch *bot, const char *client);
/* The thread that resumes event streams when their table changes and shuts slow
 * connections; stop resumes every stream and waits for the hints' threads (so that no
 * connection is suspended at MHD_stop_daemon). */
bool web_events_start(web_server *srv);
void web_events_stop(web_server *srv);
/* A log line, at most 5 each 10 s (then how many were left out). */
void web_log_throttled(web_server *srv, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif /* BONES_WEB_SERVER_INTERNAL_H */
