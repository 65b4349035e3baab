/* The JSON HTTP API of `bones serve`, apart from the HTTP library: a request (method,
 * path, body, seat token, query values) in, a reply (status, type, body) out.
 * docs/web.md lists the routes. */
#ifndef BONES_WEB_API_H
#define BONES_WEB_API_H

#include "web_bot_stream.h"
#include "web_json.h"
#include "web_site.h"

typedef struct web_request {
	const char *method;   /* "GET", "POST", ... */
	const char *path;     /* decoded, without the query */
	const char *body;     /* NULL or body_len bytes */
	size_t body_len;
	const char *token;    /* the Authorization: Bearer value, or NULL */
	const char *width, *height; /* query values w= and h=, or NULL */
	const char *picture;  /* query value picture= ("0": no SVG), or NULL */
	const char *ghost;    /* query value ghost= (a move's notation), or NULL */
	const char *at;       /* query value at= (a history index: the replay), or NULL */
	const char *game;     /* query value game= (a match's game K, from 1), or NULL */
	const char *client;   /* the client's address (a trusted proxy's X-Forwarded-For) */
	const char *session;  /* the session cookie's value, or NULL (web_accounts.h) */
	bool secure;          /* behind the trusted (TLS) proxy: cookies are Secure */
} web_request;

typedef struct web_reply {
	int code;
	const char *type;     /* Content-Type, static */
	web_buf body;         /* owned */
	web_table *events;    /* set: answer with the table's event stream instead */
	bool lobby_events;    /* set: answer with the lobby's event stream instead */
	web_bot_watch *bot_events; /* owned; set: answer with a bot's event stream instead */
	char cookie[200];     /* a Set-Cookie value, "" none */
	int retry_after;      /* seconds, with a 429 or 503 (0: the server's default) */
	char location[1024];  /* a Location header (a 307 to the process serving a
			       * table), "" none */
} web_reply;

/* Answer one API request (path under /api/). reply->body is initialised here; the
 * caller releases it. */
void web_api_handle(web_site *site, const web_request *req, web_reply *reply);

#endif /* BONES_WEB_API_H */
