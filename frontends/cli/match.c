/* `bones match PRESET AGENT_A AGENT_B`: a head-to-head of two agents on the same deals
 * with the seats swapped (core/src/headtohead.c), games on worker threads, and a line
 * of wins, draws, losses and score with its 95% interval for each agent. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/args.h"
#include "bones/preset.h"
#include "bones/headtohead.h"
#include "bones/i18n.h"
#include "bones/registry.h"
#include "bones/session.h"
#include "commands.h"
#include "plugin_exit.h"

#define MAX_SETS 64

typedef struct match_args {
	const char *game, *spec[2];
	const char *sets[MAX_SETS];
	int set_count;
	long games, threads;
	uint64_t seed;
	bool verbose;
} match_args;

static int match_usage(FILE *out, int status)
{
	fprintf(out, _(
		"usage: bones match PRESET AGENT_A AGENT_B [--games N] [--threads T] [--seed S]\n"
		"                   [--set key=value]... [--verbose]\n\n"
		"Plays N games (default 20) of PRESET (a preset or game id) between two agents,\n"
		"each deal played once with A in every seat and B in the others (games come in\n"
		"groups of as many games as seats), T games at once (default 1), and prints for\n"
		"each agent 'NAME: W wins, D draws, L losses, score P%% +- E%%' (E: 95%% interval);\n"
		"with two players also A's score by deal, each deal's two games counted as one.\n"
		"Agents are specs such as \"mcts iterations=5000 c=0.7\" (see `bones agents`).\n"
		"The same seed gives the same results whatever T.\n"));
	return status;
}

enum { GAMES = 1, THREADS, SEED, SET, VERBOSE };

static const bones_args_option options[] = {
	{"games", 0, true, GAMES}, {"threads", 0, true, THREADS}, {"seed", 0, true, SEED},
	{"set", 0, true, SET},     {"verbose", 0, false, VERBOSE}, {0}};

/* One option into ctx, a match_args; false after printing why not. */
static bool match_option(bones_args *args, int id, void *ctx)
{
	match_args *a = ctx;
	switch (id) {
	case GAMES:
		return bones_args_int(args, 1, 1000000, &a->games);
	case THREADS:
		return bones_args_int(args, 1, 64, &a->threads);
	case SEED:
		return bones_args_uint(args, 0, UINT64_MAX, &a->seed);
	case VERBOSE:
		a->verbose = true;
		return true;
	}
	if (a->set_count == MAX_SETS) /* --set */
		return bones_args_fail(args, "%s", _("too many settings"));
	a->sets[a->set_count++] = args->value;
	return true;
}

/* The arguments into a: -1 when the match runs, else the exit status. */
static int parse_args(int argc, char **argv, match_args *a)
{
	const char *words[3] = {NULL, NULL, NULL};
	bones_args args;
	bones_args_init(&args, "bones match", options, argc, argv);
	int rc = bones_args_parse(&args, match_option, a, words, 3, match_usage);
	if (rc >= 0)
		return rc;
	a->game = words[0], a->spec[0] = words[1], a->spec[1] = words[2];
	if (words[2])
		return -1;
	fprintf(stderr, _("bones match: need PRESET AGENT_A AGENT_B (see --help)\n"));
	return 2;
}

static void print_games(const bones_headtohead_game *g, int games, int players)
{
	for (int i = 0; i < games; i++) {
		char ranks[16 * BONES_HEADTOHEAD_MAX_PLAYERS] = "";
		char scores[40 * BONES_HEADTOHEAD_MAX_PLAYERS] = "";
		size_t r = 0, s = 0;
		for (int k = 0; k < players; k++) {
			r += (size_t)snprintf(ranks + r, sizeof ranks - r, "%s%d", k ? " " : "",
					      g[i].ranks[k]);
			s += (size_t)snprintf(scores + s, sizeof scores - s, "%s%g", k ? " " : "",
					      g[i].scores[k]);
		}
		printf(_("game %d: seed %llu, A in seat %d, %d moves, ranks %s, scores %s\n"),
		       i + 1, (unsigned long long)g[i].seed, g[i].seat_a + 1, g[i].moves, ranks,
		       scores);
	}
}

/* The tallies, each agent's line, and the search speed of mcts agents. */
static void report(const match_args *a, const bones_headtohead_game *g, int games,
		   int players)
{
	bones_headtohead_tally t[2] = {{0, 0, 0}, {0, 0, 0}};
	unsigned long long moves[2] = {0, 0};
	double secs[2] = {0, 0};
	for (int i = 0; i < games; i++) {
		bones_headtohead_add(&t[0], &t[1], players, g[i].ranks, g[i].seat_a);
		for (int k = 0; k < 2; k++) {
			moves[k] += g[i].search_moves[k];
			secs[k] += g[i].search_seconds[k];
		}
	}
	bool same = !strcmp(a->spec[0], a->spec[1]);
	char score[64], interval[64], rate[64], cpu[64];
	for (int k = 0; k < 2; k++)
		/* TRANSLATORS: NAME: W wins, D draws, L losses, score P% +- E% (E: the 95%
		   interval); the numbers may come in any order of words, e.g. "wins: %d" */
		printf(_("%s%s: %d wins, %d draws, %d losses, score %s%% +- %s%%\n"), a->spec[k],
		       same ? (k ? " (B)" : " (A)") : "", t[k].wins, t[k].draws, t[k].losses,
		       bones_i18n_number(score, sizeof score, 100 * bones_headtohead_score(&t[k]),
					 1),
		       bones_i18n_number(interval, sizeof interval,
					 100 * bones_headtohead_interval(&t[k]), 1));
	bones_headtohead_tally d = bones_headtohead_deals(g, games, players);
	if (d.wins + d.draws + d.losses)
		/* TRANSLATORS: duplicate scoring: each deal played from both seats, A's
		   wins, draws and losses of whole deals, then A's score over them */
		printf(_("deals (each from both seats): %s won %d, drew %d, lost %d; score "
			 "%s%% +- %s%%\n"),
		       a->spec[0], d.wins, d.draws, d.losses,
		       bones_i18n_number(score, sizeof score, 100 * bones_headtohead_score(&d), 1),
		       bones_i18n_number(interval, sizeof interval,
					 100 * bones_headtohead_interval(&d), 1));
	for (int k = 0; k < 2; k++)
		if (moves[k] && secs[k] > 0)
			printf(_("search %s: %s simulated moves per CPU second (%llu moves in %s "
				 "CPU s of search)\n"),
			       k ? "B" : "A",
			       bones_i18n_number(rate, sizeof rate, (double)moves[k] / secs[k], 0),
			       moves[k], bones_i18n_number(cpu, sizeof cpu, secs[k], 1));
}

static int run(const match_args *a, const bones_plugin *p, const bones_options *opts)
{
	bones_headtohead_game *g = calloc((size_t)a->games, sizeof *g);
	if (!g) {
		fprintf(stderr, _("bones match: out of memory\n"));
		return 1;
	}
	bones_status st = bones_headtohead_run(p, opts, a->spec[0], a->spec[1], (int)a->games,
					       (int)a->threads, a->seed, g);
	int players = 0;
	for (int s = 0; s < BONES_HEADTOHEAD_MAX_PLAYERS && g[0].ranks[s]; s++)
		players = s + 1;
	for (int i = 0; st && i < a->games; i++)
		if (g[i].status) {
			fprintf(stderr, _("bones match: game %d (seed %llu): %s\n"), i + 1,
				(unsigned long long)g[i].seed, g[i].err);
			break;
		}
	if (!st) {
		printf(P_("match: %s, %ld game, seed %llu, A = %s, B = %s\n",
			  "match: %s, %ld games, seed %llu, A = %s, B = %s\n",
			  (unsigned long)a->games),
		       p->id, a->games, (unsigned long long)a->seed, a->spec[0], a->spec[1]);
		if (a->verbose)
			print_games(g, (int)a->games, players);
		report(a, g, (int)a->games, players);
	}
	free(g);
	return st ? 1 : 0;
}

int cmd_match(int argc, char **argv)
{
	match_args a = {.games = 20, .threads = 1, .seed = 1};
	int rc = parse_args(argc, argv, &a);
	if (rc >= 0)
		return rc;
	bones_registry *reg = bones_registry_create();
	bones_preset *preset = calloc(1, sizeof *preset);
	const bones_plugin *p = NULL;
	bones_options opts;
	char err[1024];
	int status = 1;
	if (!reg || !preset) {
		fprintf(stderr, _("bones match: out of memory\n"));
		goto out_free;
	}
	bones_registry_scan_default(reg);
	if (bones_preset_resolve(a.game, reg, preset, &p, err, sizeof err) ||
	    bones_preset_options(preset, p, &opts, err, sizeof err)) {
		fprintf(stderr, "bones match: %s\n", err);
		goto out_free;
	}
	for (int i = 0; i < a.set_count; i++)
		if (bones_preset_set(&opts, a.sets[i], err, sizeof err)) {
			fprintf(stderr, "bones match: %s\n", err);
			goto out_options;
		}
	char who[400];
	snprintf(who, sizeof who, _("the game plugin '%s'"), p->id);
	/* TRANSLATORS: completes "... exited with status 3 during %s" */
	cli_plugin_exit_watch("bones match", who, _("the match"), &p, 1);
	/* the combination, checked once by the plugin before any game is played */
	bones_session *probe;
	if (bones_session_create(p, &opts, 0, &probe, err, sizeof err)) {
		bones_preset_locate(preset, a.sets, a.set_count, err, sizeof err);
		fprintf(stderr, "bones match: %s\n", err);
		goto out_options;
	}
	bones_session_destroy(probe);
	status = run(&a, p, &opts);
out_options:
	cli_plugin_exit_unwatch();
	bones_options_release(&opts);
out_free:
	free(preset);
	bones_registry_destroy(reg);
	return status;
}
