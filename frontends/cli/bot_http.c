/* `bones bot`'s HTTP client (bot_http.h): a request written whole with
 * "Connection: close", the reply's status line and headers read raw, its body decoded
 * (Content-Length, chunked, or up to the end) byte by byte from a buffer. */
#include "bot_http.h"

#include <errno.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "bones/i18n.h"

bool bot_http_parse_url(const char *url, bot_http_server *server, char *why, size_t cap)
{
	const char *p = url && !strncmp(url, "http://", 7) ? url + 7 : NULL;
	size_t host = p ? strcspn(p, ":/") : 0;
	if (!p || !host || host >= sizeof server->host) {
		snprintf(why, cap, _("'%s': expected http://HOST[:PORT] (https through a local "
				     "proxy)"), url ? url : "");
		return false;
	}
	memcpy(server->host, p, host);
	server->host[host] = '\0';
	snprintf(server->port, sizeof server->port, "80");
	if (p[host] == ':') {
		size_t n = strspn(p + host + 1, "0123456789");
		if (!n || n >= sizeof server->port || (p[host + 1 + n] && p[host + 1 + n] != '/')) {
			snprintf(why, cap, _("'%s': the port is no number"), url);
			return false;
		}
		memcpy(server->port, p + host + 1, n);
		server->port[n] = '\0';
	}
	return true;
}

/* A connected socket to server, or -1 with why. */
static int connect_to(const bot_http_server *server, char *why, size_t cap)
{
	struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM}, *res = NULL;
	int rc = getaddrinfo(server->host, server->port, &hints, &res), fd = -1;
	if (rc) {
		snprintf(why, cap, "%s: %s", server->host, gai_strerror(rc));
		return -1;
	}
	struct timeval tv = {.tv_sec = BOT_HTTP_TIMEOUT_MS / 1000};
	for (struct addrinfo *a = res; a && fd < 0; a = a->ai_next) {
		fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
		if (fd < 0)
			continue;
		setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv); /* connect's too */
		if (connect(fd, a->ai_addr, a->ai_addrlen)) {
			snprintf(why, cap, "%s:%s: %s", server->host, server->port, strerror(errno));
			close(fd);
			fd = -1;
		}
	}
	freeaddrinfo(res);
	return fd;
}

static bool send_all(int fd, const char *data, size_t len)
{
	while (len) {
		ssize_t n = send(fd, data, len, MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		data += n, len -= (size_t)n;
	}
	return true;
}

/* More bytes into conn->buf within ms: 1, 0 (none in time), -1 (ended or failed). */
static int fill(bot_http_conn *conn, int ms)
{
	if (conn->pos == conn->len)
		conn->pos = conn->len = 0;
	if (conn->len == sizeof conn->buf)
		return 1;
	struct pollfd p = {.fd = conn->fd, .events = POLLIN};
	int r = poll(&p, 1, ms);
	if (r < 0 && errno == EINTR)
		return 0;
	if (r <= 0)
		return r;
	ssize_t n = recv(conn->fd, conn->buf + conn->len, sizeof conn->buf - conn->len, 0);
	if (n < 0 && errno == EINTR)
		return 0;
	if (n <= 0)
		return -1;
	conn->len += (size_t)n;
	return 1;
}

/* One raw line (headers, chunk sizes) without its CR LF: true, or false when the
 * connection ended or BOT_HTTP_TIMEOUT_MS passed without a byte. */
static bool raw_line(bot_http_conn *conn, char *line, size_t cap)
{
	size_t n = 0;
	for (;;) {
		if (conn->pos == conn->len && fill(conn, BOT_HTTP_TIMEOUT_MS) <= 0)
			return false;
		char c = conn->buf[conn->pos++];
		if (c == '\n')
			break;
		if (c != '\r' && n + 1 < cap)
			line[n++] = c;
	}
	line[n] = '\0';
	return true;
}

/* The next byte of the body within ms: 1 (into *c), 0 none in time, -1 the end. */
static int body_byte(bot_http_conn *conn, int ms, char *c)
{
	char size[64];
	if (!conn->left)
		return -1;
	while (conn->chunked && !conn->chunk_left) { /* "" is the CR LF after a chunk */
		if (conn->pos == conn->len) { /* wait for the next chunk within ms */
			int r = fill(conn, ms);
			if (r <= 0)
				return r;
		}
		if (!raw_line(conn, size, sizeof size))
			return -1;
		if (size[0] && !(conn->chunk_left = strtoul(size, NULL, 16)))
			return -1; /* the last chunk */
	}
	if (conn->pos == conn->len) {
		int r = fill(conn, ms);
		if (r <= 0)
			return r;
	}
	*c = conn->buf[conn->pos++];
	if (conn->chunked)
		conn->chunk_left--;
	if (conn->left > 0)
		conn->left--;
	return 1;
}

/* Send the request and read the reply's head into conn. */
static bool start(const bot_http_server *server, const char *method, const char *path,
		  const char *headers, const char *body, bot_http_conn *conn, char *cookie,
		  char *why, size_t cap)
{
	memset(conn, 0, sizeof *conn);
	conn->left = -1;
	if ((conn->fd = connect_to(server, why, cap)) < 0)
		return false;
	char head[2048], line[1024];
	int n = snprintf(head, sizeof head, "%s %s HTTP/1.1\r\nHost: %s:%s\r\nConnection: close\r\n"
			 "Content-Type: application/json\r\nContent-Length: %zu\r\n%s\r\n", method,
			 path, server->host, server->port, body ? strlen(body) : 0,
			 headers ? headers : "");
	if (n < 0 || (size_t)n >= sizeof head || !send_all(conn->fd, head, (size_t)n) ||
	    (body && !send_all(conn->fd, body, strlen(body))) || !raw_line(conn, line, sizeof line) ||
	    sscanf(line, "HTTP/%*d.%*d %d", &conn->status) != 1) {
		snprintf(why, cap, _("%s %s: no reply from the server"), method, path);
		bot_http_close(conn);
		return false;
	}
	while (raw_line(conn, line, sizeof line) && line[0]) {
		if (!strncasecmp(line, "Content-Length:", 15))
			conn->left = strtoll(line + 15, NULL, 10);
		else if (!strncasecmp(line, "Transfer-Encoding:", 18) && strstr(line, "chunked"))
			conn->chunked = true;
		else if (cookie && !strncasecmp(line, "Set-Cookie: ", 12))
			snprintf(cookie, 200, "%.*s", (int)strcspn(line + 12, ";"), line + 12);
	}
	return true;
}

void bot_http_call(const bot_http_server *server, const char *method, const char *path,
		   const char *headers, const char *body, bot_http_reply *reply)
{
	bot_http_conn conn;
	memset(reply, 0, sizeof *reply);
	if (!start(server, method, path, headers, body, &conn, reply->cookie, reply->why,
		   sizeof reply->why))
		return;
	size_t cap = 4096;
	reply->body = malloc(cap);
	char c;
	while (reply->body && body_byte(&conn, BOT_HTTP_TIMEOUT_MS, &c) == 1) {
		if (reply->len + 1 == cap) {
			char *more = realloc(reply->body, cap *= 2);
			if (!more)
				free(reply->body);
			reply->body = more;
		}
		if (reply->body)
			reply->body[reply->len++] = c;
	}
	bot_http_close(&conn);
	if (!reply->body) {
		snprintf(reply->why, sizeof reply->why, _("out of memory"));
		return;
	}
	reply->body[reply->len] = '\0';
	reply->status = conn.status;
}

void bot_http_reply_release(bot_http_reply *reply)
{
	free(reply->body);
	reply->body = NULL;
}

bool bot_http_open(const bot_http_server *server, const char *path, const char *headers,
		   bot_http_conn *conn, char *why, size_t cap)
{
	return start(server, "GET", path, headers, NULL, conn, NULL, why, cap);
}

int bot_http_line(bot_http_conn *conn, int ms, char *line, size_t cap)
{
	char c;
	for (;;) {
		int r = body_byte(conn, ms, &c);
		if (r <= 0)
			return r;
		if (c == '\n')
			break;
		if (c != '\r' && conn->line_len + 1 < sizeof conn->line)
			conn->line[conn->line_len++] = c;
	}
	snprintf(line, cap, "%.*s", (int)conn->line_len, conn->line);
	conn->line_len = 0;
	return 1;
}

void bot_http_close(bot_http_conn *conn)
{
	if (conn->fd >= 0)
		close(conn->fd);
	conn->fd = -1;
}
