/* `bones serve [--listen ADDR:PORT] [--data DIR] [--store URL] [--advertise URL]`: play in the browser
 * (frontends/web, docs/web.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/args.h"
#include "bones/i18n.h"
#include "commands.h"
#include "web_server.h"

#define USAGE N_("usage: bones serve [--listen ADDR:PORT] [--data DIR] [--rate N] [--agents N]\n" \
		 "                   [--static DIR] [--host-name NAME] [--trusted-proxy ADDR]\n" \
		 "                   [--engines FILE] [--watch DIR] [--tables-per-address N]\n" \
		 "                   [--store postgresql://...] [--bot-games N]\n" \
		 "                   [--advertise URL]\n")

static int usage(FILE *f, int rc)
{
	fprintf(f, "%s", _(USAGE));
	if (rc == 0)
		printf(_("\nServes the browser client and its HTTP API (docs/web.md): create tables\n"
		       "of any game, invite players by link, play against agents.\n"
		       "  --listen ADDR:PORT  where to listen (default 127.0.0.1:8080; port 0:\n"
		       "                      any free port, printed at start)\n"
		       "  --data DIR          the database folder (default\n"
		       "                      $XDG_DATA_HOME/bones/web, ~/.local/share/bones/web)\n"
		       "  --rate N            API requests per second per client (default 20;\n"
		       "                      0: unlimited)\n"
		       "  --agents N          threads for agents' moves (default 2)\n"
		       "  --static DIR        the browser client's files (default\n"
		       "                      PREFIX/share/bones/web)\n"
		       "  --host-name NAME    a name the Host header may give (up to 6; the\n"
		       "                      listen address's are always accepted)\n"
		       "  --trusted-proxy ADDR  the proxy (e.g. nginx) whose X-Forwarded-For\n"
		       "                      names the client\n"
		       "  --engines FILE      the external engines tournaments may seat:\n"
		       "                      [engine.NAME] sections with command = ...\n"
		       "  --watch DIR         show the `bones tourney --live` run whose output\n"
		       "                      folder is DIR at /tournaments/live\n"
		       "  --tables-per-address N  running tables with a person's seat one\n"
		       "                      address may create (default 16; 0: no cap)\n"
		       "  --store URL         keep the tables, accounts and ratings in PostgreSQL\n"
		       "                      (postgresql://USER@HOST/DB; default: the SQLite file\n"
		       "                      DIR/bones-web.sqlite, no server to run)\n"
		       "  --bot-games N       games a bot account plays at once (default 8)\n"
		       "  --advertise URL     with --store: where the other processes on the\n"
		       "                      same database send this one's tables' requests\n"
		       "                      (default http://LISTEN-ADDRESS:PORT)\n"));
	return rc;
}

static void default_data(char *buf, size_t cap)
{
	const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
	if (xdg && xdg[0])
		snprintf(buf, cap, "%s/bones/web", xdg);
	else
		snprintf(buf, cap, "%s/.local/share/bones/web", home && home[0] ? home : ".");
}

enum { LISTEN = 1, DATA, STATIC, TRUSTED_PROXY, ENGINES, WATCH, HOST_NAME, RATE, AGENTS,
       TABLES, STORE, BOT_GAMES, ADVERTISE };

static const bones_args_option options[] = {
	{"listen", 0, true, LISTEN},   {"data", 0, true, DATA},
	{"static", 0, true, STATIC},   {"trusted-proxy", 0, true, TRUSTED_PROXY},
	{"engines", 0, true, ENGINES}, {"watch", 0, true, WATCH},
	{"host-name", 0, true, HOST_NAME}, {"rate", 0, true, RATE},
	{"agents", 0, true, AGENTS},   {"tables-per-address", 0, true, TABLES},
	{"store", 0, true, STORE},     {"bot-games", 0, true, BOT_GAMES},
	{"advertise", 0, true, ADVERTISE}, {0}};

/* One option into cfg; false after printing why not. */
static bool serve_option(bones_args *args, int id, void *ctx)
{
	web_server_config *cfg = ctx;
	const char *v = args->value;
	long n;
	switch (id) {
	case LISTEN: cfg->listen = v; return true;
	case DATA: cfg->data_dir = v; return true;
	case STATIC: cfg->static_dir = v; return true;
	case TRUSTED_PROXY: cfg->trusted_proxy = v; return true;
	case ENGINES: cfg->engines = v; return true;
	case WATCH: cfg->watch = v; return true;
	case STORE:
		if (strncmp(v, "postgresql://", 13) && strncmp(v, "postgres://", 11))
			return bones_args_fail(args, _("'%s': expected a PostgreSQL URL,"
						       " postgresql://USER@HOST/DB"), v);
		cfg->store = v;
		return true;
	case ADVERTISE:
		if (strncmp(v, "http://", 7) && strncmp(v, "https://", 8))
			return bones_args_fail(args, _("'%s': expected a URL, http://HOST:PORT or"
						       " https://HOST/PREFIX"), v);
		cfg->advertise = v;
		return true;
	case RATE: return bones_args_double(args, 0, 1e9, &cfg->rate);
	case AGENTS:
		if (!bones_args_int(args, 1, 8, &n))
			return false;
		cfg->workers = (int)n;
		return true;
	case TABLES:
		if (!bones_args_int(args, 0, 100000, &n))
			return false;
		cfg->person_tables = (int)n;
		return true;
	case BOT_GAMES:
		if (!bones_args_int(args, 1, 1000, &n))
			return false;
		cfg->bot_games = (int)n;
		return true;
	}
	if (cfg->host_name_count == 6) /* --host-name */
		return bones_args_fail(args, "%s", _("at most 6"));
	cfg->host_names[cfg->host_name_count++] = v;
	return true;
}

int cmd_serve(int argc, char **argv)
{
	web_server_config cfg = {.rate = 20, .workers = 2, .person_tables = 16};
	char data[4096];
	default_data(data, sizeof data);
	cfg.data_dir = data;
	bones_args args;
	bones_args_init(&args, "bones serve", options, argc, argv);
	int rc = bones_args_parse(&args, serve_option, &cfg, NULL, 0, usage);
	return rc >= 0 ? rc : web_server_run(&cfg);
}
