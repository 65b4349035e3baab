/* `bones bot`'s HTTP client: HTTP/1.1 over a POSIX socket to an http:// server (no TLS:
 * put a local proxy in front for https), one connection per request, a body read whole,
 * or an event stream read line by line (chunked or not). docs/web.md, "Bots". */
#ifndef BONES_CLI_BOT_HTTP_H
#define BONES_CLI_BOT_HTTP_H

#include <stdbool.h>
#include <stddef.h>

#define BOT_HTTP_TIMEOUT_MS 30000 /* connect, send, and wait for each byte of a reply */

/* A server: http://HOST[:PORT] (a path after it is ignored). */
typedef struct bot_http_server {
	char host[256];
	char port[8];
} bot_http_server;

/* One request's reply: status and body (malloc'ed, NUL-terminated), the session
 * cookie when the reply sets one. Release with bot_http_reply_release. */
typedef struct bot_http_reply {
	int status;        /* 0: no reply (why says what happened) */
	char *body;        /* owned; "" when none */
	size_t len;
	char cookie[200];  /* "bones_session=..." from Set-Cookie, "" none */
	char why[200];     /* with status 0: the network's failure */
} bot_http_reply;

/* An open connection, its reply's headers read (a stream's). Caller-owned. */
typedef struct bot_http_conn {
	int fd;
	int status;
	bool chunked;      /* Transfer-Encoding: chunked: decoded as read */
	size_t chunk_left; /* bytes left of the current chunk */
	long long left;    /* body bytes left by Content-Length; -1 until the end */
	char buf[8192];
	size_t pos, len;   /* buf[pos..len) read and not yet used */
	char line[2048];   /* a line begun and not yet ended (bot_http_line) */
	size_t line_len;
} bot_http_conn;

/* url into server; false for anything but http://HOST[:PORT][/...] (why says which). */
bool bot_http_parse_url(const char *url, bot_http_server *server, char *why, size_t cap);

/* method path with headers (each "Name: value\r\n", may be NULL) and a JSON body (NULL:
 * none) into reply (always released by the caller, whatever the status). */
void bot_http_call(const bot_http_server *server, const char *method, const char *path,
		   const char *headers, const char *body, bot_http_reply *reply);
void bot_http_reply_release(bot_http_reply *reply);

/* Open GET path (an event stream) and read its reply's headers: true with conn->status
 * set (close it with bot_http_close), false with why when the network failed. */
bool bot_http_open(const bot_http_server *server, const char *path, const char *headers,
		   bot_http_conn *conn, char *why, size_t cap);
/* The next line of conn's body (without its "\n") within ms milliseconds: 1 a line,
 * 0 none in time, -1 the connection ended or failed. */
int bot_http_line(bot_http_conn *conn, int ms, char *line, size_t cap);
void bot_http_close(bot_http_conn *conn);

#endif /* BONES_CLI_BOT_HTTP_H */
