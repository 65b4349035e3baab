/* `bones bot SERVER_URL --name NAME --password-file FILE [--accept G,...] [--games N]
 * (-- COMMAND... | --agent SPEC)`: the command line, then for ever: log in, follow the
 * lobby's event stream (GET /api/events) and look at the server (bot_poll.c) at once,
 * on each event and each ping; when the network or the server drops, again after 1, 2,
 * 4 ... 30 seconds. docs/web.md, "Bots". */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bones/args.h"
#include "bones/i18n.h"
#include "bot_api.h"
#include "bot_poll.h"
#include "commands.h"

#define BACKOFF_MAX_S 30
#define STREAM_WAIT_MS 20000 /* a look without an event after this long (pings are 15 s) */
#define COALESCE_MS 100      /* after an event, the events that follow within this ... */
#define COALESCE_READS 30    /* ... up to this many lines (10 events) make one look */

static int usage(FILE *out, int status)
{
	fprintf(out, _("usage: bones bot SERVER_URL --name NAME --password-file FILE\n"
		       "                 [--accept GAME,...] [--games N] (-- COMMAND... | --agent SPEC)\n\n"
		       "Play a bot account of a `bones serve` (http:// only; https through a local\n"
		       "proxy) with an engine on this machine: the engine protocol's COMMAND, or\n"
		       "`bones engine --agent SPEC`, one process per game.\n"
		       "  --name NAME           the bot account (created with \"bot\": true)\n"
		       "  --password-file FILE  its password: the file's first line\n"
		       "  --accept GAME,...     the games and presets whose challenges it accepts\n"
		       "                        (default: every game)\n"
		       "  --games N             games played at once, 1 to %d (default 4)\n"),
		BOT_GAMES_MAX);
	return status;
}

enum { NAME = 1, PASSWORD_FILE, ACCEPT, GAMES, AGENT };

static const bones_args_option options[] = {
	{"name", 0, true, NAME},   {"password-file", 0, true, PASSWORD_FILE},
	{"accept", 0, true, ACCEPT}, {"games", 0, true, GAMES},
	{"agent", 0, true, AGENT}, {0}};

typedef struct bot_args {
	bot_config *cfg;
	const char *password_file, *agent;
} bot_args;

static bool bot_option(bones_args *args, int id, void *ctx)
{
	bot_args *a = ctx;
	long n;
	switch (id) {
	case NAME: a->cfg->name = args->value; return true;
	case PASSWORD_FILE: a->password_file = args->value; return true;
	case ACCEPT: a->cfg->accept = args->value; return true;
	case AGENT: a->agent = args->value; return true;
	case GAMES:
		if (!bones_args_int(args, 1, BOT_GAMES_MAX, &n))
			return false;
		a->cfg->games = n;
		return true;
	}
	return false;
}

/* word quoted for sh -c into out at *used (false when it does not fit). */
static bool quote(const char *word, char *out, size_t cap, size_t *used)
{
	size_t n = *used;
	for (const char *p = n ? " '" : "'"; *p && n + 1 < cap; p++)
		out[n++] = *p;
	for (; *word && n + 5 < cap; word++) {
		if (*word == '\'') {
			memcpy(out + n, "'\\''", 4);
			n += 4;
		} else {
			out[n++] = *word;
		}
	}
	if (*word || n + 2 >= cap)
		return false;
	out[n++] = '\'';
	out[n] = '\0';
	*used = n;
	return true;
}

/* The engine's command into cfg: words quoted for `sh -c`; false when too long. */
static bool engine_command(bot_config *cfg, const char *const *words, int count)
{
	size_t used = 0;
	for (int i = 0; i < count; i++)
		if (!quote(words[i], cfg->command, sizeof cfg->command, &used))
			return false;
	return true;
}

/* The password file's first line into cfg; false after saying why not. */
static bool read_password(bot_config *cfg, const char *file)
{
	FILE *f = fopen(file, "r");
	if (!f) {
		fprintf(stderr, _("bones bot: '%s': cannot read: %s\n"), file, strerror(errno));
		return false;
	}
	bool got = fgets(cfg->password, sizeof cfg->password, f) != NULL;
	fclose(f);
	cfg->password[got ? strcspn(cfg->password, "\r\n") : 0] = '\0';
	if (!cfg->password[0])
		fprintf(stderr, _("bones bot: '%s': --password-file: the first line is empty\n"),
			file);
	return cfg->password[0] != '\0';
}

/* The words and the options checked, the engine's command made, the password read:
 * -1 when the bot runs on, else the exit status (2 a usage error, 1 no password). */
static int finish_config(bot_config *cfg, const bot_args *a, char **words, int count)
{
	char why[300], self[PATH_MAX];
	const char *what = !count		? _("expected SERVER_URL")
			 : !cfg->name		? _("--name: the bot account is needed")
			 : !a->password_file	? _("--password-file: the password's file is needed")
			 : count == 1 && !a->agent ? _("expected -- COMMAND... or --agent SPEC")
			 : count > 1 && a->agent ? _("--agent: not with a COMMAND")
						 : NULL;
	if (what) {
		fprintf(stderr, "bones bot: %s\n", what);
		return 2;
	}
	if (!bot_http_parse_url(words[0], &cfg->server, why, sizeof why)) {
		fprintf(stderr, "bones bot: %s\n", why);
		return 2;
	}
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	self[n > 0 ? n : 0] = '\0';
	const char *agent[] = {n > 0 ? self : "bones", "engine", "--agent", a->agent};
	if (!(a->agent ? engine_command(cfg, agent, 4)
		       : engine_command(cfg, (const char *const *)words + 1, count - 1))) {
		fprintf(stderr, "bones bot: %s\n", _("the engine's command is too long"));
		return 2;
	}
	return read_password(cfg, a->password_file) ? -1 : 1;
}

/* Wait *s seconds, saying why, and double the next wait (at most BACKOFF_MAX_S). */
static void back_off(int *s, const char *why)
{
	fprintf(stderr, _("bones bot: %s: trying again in %d s\n"), why, *s);
	sleep((unsigned)*s);
	*s = *s * 2 > BACKOFF_MAX_S ? BACKOFF_MAX_S : *s * 2;
}

/* Follow the lobby's event stream, looking at the server at once, on each event and
 * each ping, until it ends (why says how). */
static void follow_stream(bot *b, int *backoff, char *why, size_t cap)
{
	char headers[512], line[512];
	bot_http_conn conn;
	bot_api_headers(b, NULL, headers, sizeof headers);
	if (!bot_http_open(&b->cfg->server, "/api/events", headers, &conn, why, cap))
		return;
	if (conn.status != 200) {
		snprintf(why, cap, _("the event stream answered %d"), conn.status);
		bot_http_close(&conn);
		return;
	}
	printf(_("bones bot: %s is connected to %s:%s\n"), b->cfg->name, b->cfg->server.host,
	       b->cfg->server.port);
	fflush(stdout);
	for (bool look = true;;) {
		if (look && !bot_poll(b)) {
			snprintf(why, cap, "%s", _("the server does not answer"));
			break;
		}
		if (look)
			*backoff = 1;
		int r = bot_http_line(&conn, STREAM_WAIT_MS, line, sizeof line);
		look = !r || (r > 0 && (!strncmp(line, "data:", 5) || !strncmp(line, ": ping", 6)));
		for (int i = 0; look && r > 0 && i < COALESCE_READS; i++) /* a busy moment: one look */
			r = bot_http_line(&conn, COALESCE_MS, line, sizeof line);
		if (r < 0) {
			snprintf(why, cap, "%s", _("the server closed the event stream"));
			break;
		}
	}
	bot_http_close(&conn);
}

int cmd_bot(int argc, char **argv)
{
	bot_config cfg = {.games = 4};
	bot_args a = {.cfg = &cfg};
	char *words[64] = {0}, why[400];
	bones_args args;
	bones_args_init(&args, "bones bot", options, argc, argv);
	int rc = bones_args_parse(&args, bot_option, &a, (const char **)words, 64, usage);
	if (rc >= 0)
		return rc;
	int count = 0;
	while (count < 64 && words[count])
		count++;
	if ((rc = finish_config(&cfg, &a, words, count)) >= 0)
		return rc;
	signal(SIGPIPE, SIG_IGN); /* an engine or the server gone: an error, not a signal */
	bot b = {.cfg = &cfg}; /* the games' threads use it: this never returns after them */
	pthread_mutex_init(&b.lock, NULL);
	pthread_cond_init(&b.wake, NULL);
	for (int backoff = 1;;) {
		int status = 200;
		if (!b.cookie[0])
			status = bot_api_login(&b, why, sizeof why);
		if (status == 400 || status == 403) { /* a wrong name or password: no retry */
			fprintf(stderr, "bones bot: %s\n", why);
			return 1;
		}
		if (status == 200)
			follow_stream(&b, &backoff, why, sizeof why);
		back_off(&backoff, why);
	}
}
