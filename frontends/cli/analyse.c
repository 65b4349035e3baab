/* `bones analyse RECORD`: every player move of a record judged by a searching agent
 * (bones/analysis.h), printed move by move, and with --write saved into the record. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "bones/analysis.h"
#include "bones/args.h"
#include "bones/file.h"
#include "bones/i18n.h"
#include "bones/record.h"
#include "commands.h"

typedef struct analyse_args {
	const char *file, *agent, *write;
	double seconds;
	unsigned long long seed;
	size_t game;              /* --game K, 0 when not given */
} analyse_args;

/* What is printed while the analysis runs. */
typedef struct analyse_print {
	const analyse_args *a;
	const bones_session *s;
	bool headed;                           /* the title and column heads printed */
	size_t counts[8][BONES_VERDICT_COUNT]; /* by player and verdict */
} analyse_print;

static int analyse_usage(FILE *out, int status)
{
	fprintf(out, _("usage: bones analyse RECORD [--game K] [--agent SPEC] [--seconds S]\n"
		       "                     [--seed N] [--write OUT]\n\n"
		       "Judges every player move of a game record with a searching agent (default\n"
		       "'%s'), from the mover's view: the win chance and the final\n"
		       "margin the agent expects before and after the move, the move it prefers\n"
		       "and a verdict (best, good, inaccuracy, mistake, blunder). --seconds bounds\n"
		       "each search (then the result depends on the machine); the same seed gives\n"
		       "the same analysis. --write saves the record with the analysis as a tag and\n"
		       "comments (OUT may be RECORD; it stays readable by bones replay). In a file\n"
		       "of several games (a tournament's games.bones) --game K picks one (default\n"
		       "1); --write then writes the whole file with game K analysed.\n"),
		BONES_ANALYSIS_AGENT);
	return status;
}

enum { GAME = 1, AGENT, SECONDS, SEED, WRITE };

static const bones_args_option options[] = {
	{"game", 0, true, GAME}, {"agent", 0, true, AGENT}, {"seconds", 0, true, SECONDS},
	{"seed", 0, true, SEED}, {"write", 0, true, WRITE},  {0}};

/* One option into ctx, an analyse_args; false after printing why not. */
static bool analyse_option(bones_args *args, int id, void *ctx)
{
	analyse_args *a = ctx;
	uint64_t n;
	switch (id) {
	case AGENT:
		a->agent = args->value;
		return true;
	case WRITE:
		a->write = args->value;
		return true;
	case SECONDS: /* above 0 (0, the default, is no time bound) */
		return bones_args_double(args, 0.001, 3600, &a->seconds);
	case GAME:
		if (!bones_args_uint(args, 1, SIZE_MAX, &n))
			return false;
		a->game = (size_t)n;
		return true;
	}
	if (!bones_args_uint(args, 0, UINT64_MAX, &n)) /* --seed */
		return false;
	a->seed = n;
	return true;
}

/* "62%" or "62% -> 48%" and the margins alike, in the reader's numbers, into cell. */
static void values(char *cell, size_t cap, double before, double after, bool same,
		   bool percent)
{
	char b[64], a[64];
	bones_i18n_number(b, sizeof b, percent ? 100 * before : before, percent ? 0 : 1);
	bones_i18n_number(a, sizeof a, percent ? 100 * after : after, percent ? 0 : 1);
	const char *sign_b = !percent && before >= 0 ? "+" : "";
	const char *sign_a = !percent && after >= 0 ? "+" : "";
	const char *pc = percent ? "%" : "";
	if (same)
		snprintf(cell, cap, "%s%s%s", sign_b, b, pc);
	else
		snprintf(cell, cap, "%s%s%s -> %s%s%s", sign_b, b, pc, sign_a, a, pc);
}

static void print_move(void *ctx, const bones_analysis_move *m)
{
	analyse_print *p = ctx;
	if (!p->headed) {
		printf(_("analysis of '%s' by '%s', seed %llu\n"), p->a->file,
		       p->a->agent ? p->a->agent : BONES_ANALYSIS_AGENT, p->a->seed);
		/* TRANSLATORS: the heads of the columns of bones analyse's table */
		printf("%5s  %-3s %-18s %-13s  %-16s  %-16s  %s\n", _("move"), _("who"),
		       _("played"), _("verdict"), _("win chance"), _("margin"),
		       _("best instead"));
		p->headed = true;
	}
	const bones_plugin *pl = bones_session_plugin(p->s);
	const void *state = bones_session_state_at(p->s, m->index);
	char played[128], best[128] = "";
	if (!pl->format_move(bones_session_game(p->s), state, m->played, played, sizeof played))
		snprintf(played, sizeof played, "?");
	bool same = m->played == m->preferred;
	if (!same && !pl->format_move(bones_session_game(p->s), state, m->preferred, best,
				      sizeof best))
		snprintf(best, sizeof best, "?");
	const char *verdict = m->forced ? _("only move") :
		_(bones_analysis_verdict_name(m->verdict));
	char win[160], margin[160], line[1024];
	values(win, sizeof win, m->win_before, m->win_after, same, true);
	values(margin, sizeof margin, m->margin_before, m->margin_after, same, false);
	int n = snprintf(line, sizeof line, "%5zu  p%-2d %-18s %-13s  %-16s  %-16s  %s",
			 m->index + 1, m->mover + 1, played, verdict, win, margin, best);
	size_t end = n < 0 ? 0 : (size_t)n < sizeof line ? (size_t)n : sizeof line - 1;
	while (end && line[end - 1] == ' ')
		end--;
	printf("%.*s\n", (int)end, line);
	if (m->mover >= 0 && m->mover < 8)
		p->counts[m->mover][m->verdict]++;
	fflush(stdout);
}

static void print_summary(const analyse_print *p, int players)
{
	for (int q = 0; q < players && q < 8; q++) {
		const size_t *c = p->counts[q];
		printf("p%d:", q + 1);
		for (int v = 0; v < BONES_VERDICT_COUNT; v++)
			printf("%s %s %zu", v ? "," : "",
			       _(bones_analysis_verdict_name((bones_verdict)v)), c[v]);
		printf("\n");
	}
}

/* The whole record file into *text, and its game (game k of several) into *s. */
static bones_status load(const char *path, size_t k, bones_registry *reg, char **text,
			 size_t *len, bones_session **s, char *err, size_t errcap)
{
	size_t games = 0;
	bones_status st = bones_record_count(path, &games, err, errcap);
	if (!st && games > 1 && (k ? k : 1) <= games)
		printf(_("game %zu of %zu\n"), k ? k : 1, games);
	FILE *f = st ? NULL : bones_file_open(path, BONES_FILE_MAX_BYTES, &st, err, errcap);
	if (!f)
		return st;
	long size = fseek(f, 0, SEEK_END) ? -1 : ftell(f);
	rewind(f);
	*text = size >= 0 ? malloc((size_t)size + 1) : NULL;
	*len = *text ? fread(*text, 1, (size_t)size, f) : 0;
	bool bad = !*text || ferror(f);
	fclose(f);
	if (bad) {
		snprintf(err, errcap, _("cannot read '%s'"), path);
		return *text ? BONES_EIO : BONES_ENOMEM;
	}
	if (k || games > 1)
		return bones_record_replay_game(path, k ? k : 1, reg, s, err, errcap);
	return bones_record_replay(path, reg, s, err, errcap);
}

/* Save the analysis into the record as OUT. */
static bones_status save(const analyse_args *a, const bones_analysis *an,
			 const bones_session *s, const char *text, size_t len, char *err,
			 size_t errcap)
{
	char tag[512], *out = NULL;
	size_t out_len = 0;
	snprintf(tag, sizeof tag, "%s; seed %llu%s", a->agent ? a->agent : BONES_ANALYSIS_AGENT,
		 a->seed, a->seconds > 0 ? "; timed" : "");
	bones_status st = bones_analysis_annotate(an, s, a->game ? a->game : 1, tag, text, len,
						  &out, &out_len);
	if (st == BONES_EINVAL)
		snprintf(err, errcap, _("--agent: a spec with a quote or backslash cannot be "
					"written into a record"));
	else if (st)
		snprintf(err, errcap, _("out of memory"));
	else
		st = bones_record_save_text(out, out_len, a->write, err, errcap);
	free(out);
	return st;
}

int cmd_analyse(int argc, char **argv)
{
	analyse_args a = {NULL, NULL, NULL, 0, 1, 0};
	bones_args args;
	bones_args_init(&args, "bones analyse", options, argc, argv);
	int rc = bones_args_parse(&args, analyse_option, &a, &a.file, 1, analyse_usage);
	if (rc >= 0)
		return rc;
	if (!a.file)
		return analyse_usage(stderr, 2);
	bones_registry *reg = bones_registry_create();
	if (!reg) {
		fprintf(stderr, _("bones analyse: out of memory\n"));
		return 1;
	}
	bones_registry_scan_default(reg);
	bones_session *s = NULL;
	char err[1024], *text = NULL;
	size_t len = 0;
	bones_analysis an = {0};
	bones_status st = load(a.file, a.game, reg, &text, &len, &s, err, sizeof err);
	if (!st) {
		analyse_print p = {&a, s, false, {{0}}};
		bones_analysis_options o = {a.agent, a.seconds, a.seed, NULL, print_move, &p, NULL};
		st = bones_analysis_run(&an, s, &o, err, sizeof err);
		if (!st)
			print_summary(&p, bones_session_info(s)->players);
	}
	if (!st && a.write)
		st = save(&a, &an, s, text, len, err, sizeof err);
	if (fflush(stdout) || ferror(stdout)) {
		snprintf(err, sizeof err, "%s", _("cannot write the output"));
		st = st ? st : BONES_EIO;
	}
	if (st)
		fprintf(stderr, "bones analyse: %s\n", err);
	bones_analysis_release(&an);
	free(text);
	bones_session_destroy(s);
	bones_registry_destroy(reg);
	return st ? 1 : 0;
}
