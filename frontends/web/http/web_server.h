/* `bones serve`: the HTTP server on libmicrohttpd (its event loop on a fixed pool of
 * threads), the static browser client and the JSON API (web_api.h). */
#ifndef BONES_WEB_SERVER_H
#define BONES_WEB_SERVER_H

#include <stdbool.h>
#include <stddef.h>

typedef struct web_server_config {
	const char *listen;      /* "ADDR:PORT"; "127.0.0.1:8080" when NULL */
	const char *data_dir;    /* the database folder (created) */
	const char *store;       /* PostgreSQL's URL (--store); NULL: DATA/bones-web.sqlite */
	const char *static_dir;  /* the browser client; NULL: PREFIX/share/bones/web */
	double rate;             /* API requests per second per client, 0 = unlimited */
	int workers;             /* agent threads */
	const char *trusted_proxy; /* its X-Forwarded-For names the client; NULL: none */
	const char *host_names[6]; /* names the Host header may give (--host-name) */
	int host_name_count;
	const char *engines;     /* the operator's engines file (--engines); NULL: none */
	const char *watch;       /* a `bones tourney --live` output folder (--watch) */
	int person_tables;       /* running tables with a person's seat one address may
				  * create (--tables-per-address); 0: no cap */
	int bot_games;           /* games a bot account plays at once (--bot-games); 0:
				  * WEB_BOT_GAMES */
	const char *advertise;   /* --advertise: the URL other processes send this one's
				  * tables' requests to (several processes on PostgreSQL);
				  * NULL: http://LISTEN-ADDRESS:PORT */
} web_server_config;

/* Serve until SIGINT or SIGTERM. Returns the exit status (0, or 1 after printing why
 * it could not start, naming the address or file). */
int web_server_run(const web_server_config *cfg);

#endif /* BONES_WEB_SERVER_H */
