/* `bones replay FILE`: re-apply every move of a record, print the final position and
 * the result; a bad record is an error naming file, line and move. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/args.h"
#include "bones/i18n.h"
#include "bones/record.h"
#include "commands.h"

static bool print_position(const bones_session *s)
{
	const bones_plugin *p = bones_session_plugin(s);
	size_t cap = 256 * 1024;
	char *buf = malloc(cap);
	if (!buf)
		return false;
	size_t n = p->render_text(bones_session_game(s), bones_session_state(s), -1, buf, cap);
	if (n >= cap)
		n = cap - 1;
	fwrite(buf, 1, n, stdout);
	if (n && buf[n - 1] != '\n')
		putchar('\n');
	free(buf);
	return true;
}

/* Why a game that is not over stopped: the Forfeit tag (a seat, or a tournament's
 * "seat N (NAME): reason") or the Resigned tag; else it is not over. */
static void print_stopped(const char *file, size_t k)
{
	char why[512];
	if (bones_record_tag(file, k, "Resigned", why, sizeof why))
		printf(_(" (player %s resigned)"), why);
	else if (bones_record_tag(file, k, "Forfeit", why, sizeof why) &&
		 why[strspn(why, "0123456789")] == '\0')
		printf(_(" (player %s forfeited)"), why);
	else if (bones_record_tag(file, k, "Forfeit", why, sizeof why))
		printf(_(" (forfeit: %s)"), why);
	else
		printf(" (%s)", _("the game is not over"));
}

/* The rules' result (checked against the Result tag while reading), why a game that
 * is not over stopped, and the host's FinalResult (penalties, a forfeit or a
 * resignation counted) when the record has one. */
static void print_result(const bones_session *s, const char *file, size_t k)
{
	char result[512], final[512];
	bones_record_result(s, result, sizeof result);
	/* not translated: scripts read these lines (the results as in records) */
	printf("moves: %zu\nresult: %s", bones_session_length(s), result);
	if (!strcmp(result, "*"))
		print_stopped(file, k);
	printf("\n");
	if (bones_record_tag(file, k, "FinalResult", final, sizeof final))
		printf("final result: %s\n", final);
}

static int replay_usage(FILE *out, int status)
{
	fprintf(out, _("usage: bones replay FILE [--game K]\n\n"
		       "Re-applies every move of a game record, then prints the final position\n"
		       "and the result. A file of several games (a tournament's games.bones) is\n"
		       "replayed game by game: --game K picks one (default 1).\n"));
	return status;
}

/* FILE and K from the arguments; K is 0 when not given. 0 when parsed, else the exit
 * status, negative for 0 (--help, --version). */
/* --game K (never clamped to another game) into ctx, a size_t. */
static bool replay_option(bones_args *args, int id, void *ctx)
{
	uint64_t v;
	(void)id;
	if (!bones_args_uint(args, 1, SIZE_MAX, &v))
		return false;
	*(size_t *)ctx = (size_t)v;
	return true;
}

static int replay_args(int argc, char **argv, const char **file, size_t *k)
{
	static const bones_args_option options[] = {{"game", 0, true, 1}, {0}};
	*file = NULL;
	*k = 0;
	bones_args args;
	bones_args_init(&args, "bones replay", options, argc, argv);
	int rc = bones_args_parse(&args, replay_option, k, file, 1, replay_usage);
	if (rc >= 0)
		return rc ? rc : -1;
	return *file ? 0 : replay_usage(stderr, 2);
}

int cmd_replay(int argc, char **argv)
{
	const char *file;
	size_t k, games = 0;
	int rc = replay_args(argc, argv, &file, &k);
	if (rc)
		return rc < 0 ? 0 : rc;
	bones_registry *reg = bones_registry_create();
	if (!reg) {
		fprintf(stderr, _("bones replay: out of memory\n"));
		return 1;
	}
	bones_registry_scan_default(reg);
	bones_session *s = NULL;
	char err[1024];
	bones_status st = bones_record_count(file, &games, err, sizeof err);
	if (!st && (k || games > 1))
		st = bones_record_replay_game(file, k ? k : 1, reg, &s, err, sizeof err);
	else if (!st)
		st = bones_record_replay(file, reg, &s, err, sizeof err);
	if (s && games > 1)
		printf(_("game %zu of %zu\n"), k ? k : 1, games);
	if (s && !print_position(s) && !st) {
		snprintf(err, sizeof err, "%s", _("out of memory drawing the position"));
		st = BONES_ENOMEM;
	}
	if (s)
		print_result(s, file, k ? k : 1);
	if (fflush(stdout) || ferror(stdout)) {
		snprintf(err, sizeof err, "%s", _("cannot write the output"));
		st = st ? st : BONES_EIO;
	}
	if (st)
		fprintf(stderr, "bones replay: %s\n", err);
	bones_session_destroy(s);
	bones_registry_destroy(reg);
	return st ? 1 : 0;
}
