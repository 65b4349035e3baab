/* `bones bot SERVER_URL --name NAME --password-file FILE [--accept G,...] [--games N]
 * [--seek GAME]... [--take-seeks] [--tourney ID]... (-- COMMAND... | --agent SPEC)`: the
 * command line, then for ever: log in, join the --tourney tournaments, follow the bot's
 * own event stream (GET /api/bot/stream): a turn or an end wakes that game's thread, any
 * other event (and the start) makes a look at the server (bot_poll.c); when the network
 * or the server drops, again after 1, 2, 4 ... 30 seconds. docs/web.md, "Bots". */
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
		       "                 [--accept GAME,...] [--games N] [--seek GAME]... [--take-seeks]\n"
		       "                 [--tourney ID]... (-- COMMAND... | --agent SPEC)\n\n"
		       "Play a bot account of a `bones serve` (http:// only; https through a local\n"
		       "proxy) with an engine on this machine: the engine protocol's COMMAND, or\n"
		       "`bones engine --agent SPEC`, one process per game.\n"
		       "  --name NAME           the bot account (created with \"bot\": true)\n"
		       "  --password-file FILE  its password: the file's first line\n"
		       "  --accept GAME,...     the games and presets whose challenges it accepts\n"
		       "                        (default: every game)\n"
		       "  --games N             games played at once, 1 to %d (default 4)\n"
		       "  --seek GAME           keep a seek of GAME open while it has room (again\n"
		       "                        for more games, at most 8)\n"
		       "  --take-seeks          take others' open seeks of the games in --accept\n"
		       "  --tourney ID          join that tournament at each log-in (at most 8)\n"),
		BOT_GAMES_MAX);
	return status;
}

enum { NAME = 1, PASSWORD_FILE, ACCEPT, GAMES, AGENT, SEEK, TAKE_SEEKS, TOURNEY };

static const bones_args_option options[] = {
	{"name", 0, true, NAME},   {"password-file", 0, true, PASSWORD_FILE},
	{"accept", 0, true, ACCEPT}, {"games", 0, true, GAMES},
	{"agent", 0, true, AGENT}, {"seek", 0, true, SEEK},
	{"take-seeks", 0, false, TAKE_SEEKS}, {"tourney", 0, true, TOURNEY}, {0}};

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
	case TAKE_SEEKS: a->cfg->take_seeks = true; return true;
	case SEEK:
		if (a->cfg->seek_count == BOT_LIST_MAX)
			return bones_args_fail(args, _("at most %d times"), BOT_LIST_MAX);
		a->cfg->seeks[a->cfg->seek_count++] = args->value;
		return true;
	case TOURNEY:
		if (a->cfg->tourney_count == BOT_LIST_MAX)
			return bones_args_fail(args, _("at most %d times"), BOT_LIST_MAX);
		a->cfg->tourneys[a->cfg->tourney_count++] = args->value;
		return true;
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

/* An event of the bot's stream (its "event:" name and its data line): a turn or an
 * end of a game followed wakes its thread; true when anything else wants a look. */
static bool on_event(bot *b, const char *event, const char *data)
{
	web_json_doc doc;
	char err[200];
	if (strcmp(event, "turn") && strcmp(event, "game_over"))
		return true;
	if (!web_json_parse(&doc, data, strlen(data), err, sizeof err))
		return true;
	const char *id = web_json_string(doc.root, "table");
	bool woken = id && bot_poll_wake(b, id);
	web_json_release(&doc);
	return !woken;
}

/* Follow the bot's event stream, looking at the server at once and on each event that
 * asks for it, until it ends (why says how); *fatal when the account is no bot. */
static void follow_stream(bot *b, int *backoff, bool *fatal, char *why, size_t cap)
{
	char headers[512], line[2048], event[64] = "";
	bot_http_conn conn;
	bot_api_headers(b, NULL, headers, sizeof headers);
	if (!bot_http_open(&b->cfg->server, "/api/bot/stream", headers, &conn, why, cap))
		return;
	if (conn.status != 200) {
		snprintf(why, cap, _("the bot's event stream answered %d"), conn.status);
		*fatal = conn.status == 403;
		if (conn.status == 401) { /* the session has gone: log in again */
			pthread_mutex_lock(&b->lock);
			b->cookie[0] = '\0';
			pthread_mutex_unlock(&b->lock);
		}
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
		look = r == 0; /* not even a ping for so long: a look */
		for (int i = 0; r > 0; i++) { /* a busy moment's events: one look after them */
			if (!line[0])
				event[0] = '\0';
			else if (!strncmp(line, "event:", 6))
				snprintf(event, sizeof event, "%s", line + 6 + strspn(line + 6, " "));
			else if (!strncmp(line, "data:", 5))
				look |= on_event(b, event, line + 5);
			if (i == COALESCE_READS)
				break;
			r = bot_http_line(&conn, COALESCE_MS, line, sizeof line);
		}
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
	bool joined = false;
	for (int backoff = 1;;) {
		int status = 200;
		if (!b.cookie[0])
			status = bot_api_login(&b, why, sizeof why);
		if (status == 400 || status == 403) { /* a wrong name or password: no retry */
			fprintf(stderr, "bones bot: %s\n", why);
			return 1;
		}
		if (status == 200 && !joined) {
			bot_poll_join(&b);
			joined = true;
		}
		bool fatal = false;
		if (status == 200)
			follow_stream(&b, &backoff, &fatal, why, sizeof why);
		if (fatal) {
			fprintf(stderr, "bones bot: %s\n", why);
			return 1;
		}
		joined &= b.cookie[0] != '\0'; /* a new log-in joins again */
		back_off(&backoff, why);
	}
}
