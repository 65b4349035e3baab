/* `bones serve [--listen ADDR:PORT] [--data DIR]`: play in the browser (frontends/web,
 * docs/web.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"
#include "bones/suggest.h"
#include "commands.h"
#include "web_server.h"

#define USAGE N_("usage: bones serve [--listen ADDR:PORT] [--data DIR] [--rate N] [--agents N]\n" \
		 "                   [--static DIR] [--host-name NAME] [--trusted-proxy ADDR]\n" \
		 "                   [--engines FILE] [--watch DIR] [--tables-per-address N]\n")

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
		       "                      address may create (default 16; 0: no cap)\n"));
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

int cmd_serve(int argc, char **argv)
{
	web_server_config cfg = {.rate = 20, .workers = 2, .person_tables = 16};
	char data[4096];
	default_data(data, sizeof data);
	cfg.data_dir = data;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--help") || !strcmp(a, "-h"))
			return usage(stdout, 0);
		if (strncmp(a, "--", 2) || i + 1 >= argc) {
			fprintf(stderr, strncmp(a, "--", 2)
						? _("bones serve: unexpected argument '%s'\n")
						: _("bones serve: a value is needed after '%s'\n"),
				a);
			return usage(stderr, 2);
		}
		const char *v = argv[++i];
		char *end;
		if (!strcmp(a, "--listen"))
			cfg.listen = v;
		else if (!strcmp(a, "--data"))
			cfg.data_dir = v;
		else if (!strcmp(a, "--static"))
			cfg.static_dir = v;
		else if (!strcmp(a, "--trusted-proxy"))
			cfg.trusted_proxy = v;
		else if (!strcmp(a, "--engines"))
			cfg.engines = v;
		else if (!strcmp(a, "--watch"))
			cfg.watch = v;
		else if (!strcmp(a, "--host-name")) {
			if (cfg.host_name_count == 6) {
				fprintf(stderr, _("bones serve: --host-name: at most 6\n"));
				return 2;
			}
			cfg.host_names[cfg.host_name_count++] = v;
		}
		else if (!strcmp(a, "--rate")) {
			cfg.rate = strtod(v, &end);
			if (*end || end == v || cfg.rate < 0) {
				fprintf(stderr, _("bones serve: --rate '%s': expected a number >= 0\n"), v);
				return 2;
			}
		} else if (!strcmp(a, "--agents")) {
			cfg.workers = (int)strtol(v, &end, 10);
			if (*end || end == v || cfg.workers < 1 || cfg.workers > 8) {
				fprintf(stderr, _("bones serve: --agents '%s': expected 1..8\n"), v);
				return 2;
			}
		} else if (!strcmp(a, "--tables-per-address")) {
			long n = strtol(v, &end, 10);
			if (*end || end == v || n < 0 || n > 100000) {
				fprintf(stderr, _("bones serve: --tables-per-address '%s': expected "
						  "0..100000\n"), v);
				return 2;
			}
			cfg.person_tables = (int)n;
		} else {
			static const char *const known[] = {"--listen", "--data", "--static",
							    "--rate", "--agents", "--help",
							    "--host-name", "--trusted-proxy",
							    "--engines", "--watch",
							    "--tables-per-address"};
			bones_suggest sg;
			bones_suggest_init(&sg, a);
			for (size_t k = 0; k < sizeof known / sizeof known[0]; k++)
				bones_suggest_add(&sg, known[k]);
			fprintf(stderr, _("bones serve: unknown option '%s'%s\n"), a,
				bones_suggest_hint(&sg));
			return usage(stderr, 2);
		}
	}
	return web_server_run(&cfg);
}
