/* `bones bench GAME`: random playouts per second on one core, or an agent's speed on
 * one position (core/src/tools/bench.c, bench_agent.c). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_cli.h"
#include "bench_redraw.h"
#include "bones/agent.h"
#include "bones/bench.h"
#include "bones/clock.h"
#include "bones/preset.h"
#include "bones/host.h"
#include "bones/i18n.h"
#include "bones/registry.h"
#include "bones/session.h"
#include "commands.h"

#define MAX_SETS 64

typedef struct bench_args {
	const char *game;
	const char *variant;
	const char *sets[MAX_SETS];
	int set_count;
	double seconds;
	uint64_t seed;
	bool redraw;       /* --redraw: pictures per second instead of playouts */
	int w, h;          /* --size of the redraw */
	const char *agent; /* --agent SPEC: the agent's speed instead of playouts */
	long position;     /* --position N: player moves before it; -1 for mid-game */
	bench_threads threads; /* --threads LIST for --agent (default 1,2) */
	long repeat;       /* --repeat K for --agent: runs of each count, interleaved */
} bench_args;

static int bench_usage(FILE *out, int status)
{
	fprintf(out, _("usage: bones bench GAME [--seconds S] [--set key=value]... [--variant V]\n"
		"                   [--seed N]\n"
		"       bones bench GAME --redraw [--size WxH] [--seconds S] [--seed N]\n"
		"       bones bench GAME --agent SPEC [--threads LIST] [--repeat K]\n"
		"                   [--position N] [--seconds S] [--seed N]\n"
		"       bones bench tourney CONFIG.ini [--threads LIST] [--repeat K] [--dir DIR]\n\n"
		"Plays random playouts of GAME (a game id, preset or plugin file) on one\n"
		"core for S seconds (default 3) and prints playouts_per_s, moves_per_s and\n"
		"state_bytes.\n"
		"With --redraw: plays one random game to its last player move and draws that\n"
		"position (board, hands, targets, last move) with Cairo at WxH (default\n"
		"1920x1080) again and again; prints redraws_per_s, the median.\n"
		"With --agent: the agent SPEC (see bones agents) chooses a move in one fixed\n"
		"position again and again for S seconds, with each thread count of LIST (as\n"
		"1,2,4,8; default 1,2) when it takes threads; prints its iterations_per_s,\n"
		"sim_moves_per_s, sim_moves_per_cpu_s and iterations_per_cpu_s (searches),\n"
		"choices_per_s and wall_per_choice, and each count's speed-up over the\n"
		"first; with --repeat K the counts run K times interleaved and each prints\n"
		"its median run (by iterations_per_s). The position: N random player moves\n"
		"into seed's game, then on to a choice of two moves or more (default N:\n"
		"half the median length of random games).\n"
		"bones bench tourney: plays the tournament of CONFIG.ini with each thread\n"
		"count of LIST (default 1,2), K times interleaved (default 1), each into a new\n"
		"results.db under DIR (default $TMPDIR or /tmp, removed after); prints the\n"
		"median games_per_s of each count and its ratio to 1 thread.\n"));
	return status;
}

enum { SECONDS = 1, SEED, SET, VARIANT, REDRAW, SIZE, AGENT, THREADS, REPEAT, POSITION };

static const bones_args_option options[] = {
	{"seconds", 0, true, SECONDS}, {"seed", 0, true, SEED},
	{"set", 0, true, SET},         {"variant", 0, true, VARIANT},
	{"redraw", 0, false, REDRAW},  {"size", 0, true, SIZE},
	{"agent", 0, true, AGENT},     {"threads", 0, true, THREADS},
	{"repeat", 0, true, REPEAT},   {"position", 0, true, POSITION}, {0}};

/* One option into a; false after printing why not. */
static bool bench_option(bones_args *args, int id, void *ctx)
{
	bench_args *a = ctx;
	switch (id) {
	case SECONDS:
		return bones_args_double(args, 0, BONES_CLOCK_MAX_MS / 1000, &a->seconds);
	case SEED:
		return bones_args_uint(args, 0, UINT64_MAX, &a->seed);
	case POSITION:
		return bones_args_int(args, -1, LONG_MAX, &a->position);
	case REPEAT:
		return bones_args_int(args, 1, BENCH_MAX_REPEAT, &a->repeat);
	case THREADS:
		return bench_parse_threads(args, &a->threads);
	case SIZE:
		return bones_args_size(args, 64, 8192, &a->w, &a->h);
	case REDRAW:
		a->redraw = true;
		return true;
	case VARIANT:
		a->variant = args->value;
		return true;
	case AGENT:
		a->agent = args->value;
		return true;
	}
	if (a->set_count == MAX_SETS) /* --set */
		return bones_args_fail(args, "%s", _("too many settings"));
	a->sets[a->set_count++] = args->value;
	return true;
}

/* 0 when parsed, else the exit status (negative for 0: --help, --version). */
static int parse_args(int argc, char **argv, bench_args *a)
{
	bones_args args;
	bones_args_init(&args, "bones bench", options, argc, argv);
	int rc = bones_args_parse(&args, bench_option, a, &a->game, 1, bench_usage);
	if (rc >= 0)
		return rc ? rc : -1;
	if (!a->game)
		fprintf(stderr, _("bones bench: which game? (see --help)\n"));
	return a->game ? 0 : 2;
}

/* The game's options: preset (or plugin defaults), variant, then each --set. */
static bones_status bench_options(bones_registry *reg, const bench_args *a,
				  bones_preset *preset, const bones_plugin **p,
				  bones_options *opts, char *err, size_t cap)
{
	size_t len = strlen(a->game);
	bones_status st;
	if (len > 3 && !strcmp(a->game + len - 3, ".so")) {
		*p = bones_registry_find(reg, a->game);
		if (!*p) {
			size_t errors = bones_registry_error_count(reg);
			if (errors)
				snprintf(err, cap, _("cannot load '%s': %s"), a->game,
					 bones_registry_error(reg, errors - 1));
			else
				snprintf(err, cap, _("cannot load '%s'"), a->game);
			return BONES_ENOTFOUND;
		}
		bones_preset_default(preset, *p);
	} else if ((st = bones_preset_resolve(a->game, reg, preset, p, err, cap))) {
		return st;
	}
	if (a->variant)
		snprintf(preset->variant, sizeof preset->variant, "%s", a->variant);
	if ((st = bones_preset_options(preset, *p, opts, err, cap)))
		return st;
	for (int i = 0; i < a->set_count; i++)
		if ((st = bones_preset_set(opts, a->sets[i], err, cap))) {
			bones_options_release(opts);
			return st;
		}
	return BONES_OK;
}

/* The agent of spec choosing in state for a->seconds into r; false (with a message)
 * when it could not run. */
static bool agent_run(bones_session *s, const void *state, const char *spec,
		      const bench_args *a, bones_bench_agent_result *r)
{
	char err[512];
	if (bones_bench_agent(bones_session_plugin(s), bones_session_game(s),
			      bones_session_info(s), state, spec, a->seconds, a->seed, r, err,
			      sizeof err)) {
		fprintf(stderr, "bones bench: %s\n", err);
		return false;
	}
	return true;
}

/* One line of an agent's figures. */
static void agent_print(const char *label, const bones_bench_agent_result *r)
{
	printf("%s choices_per_s: %.2f", label, r->choices_per_s);
	if (r->searched)
		printf(" iterations_per_s: %.0f sim_moves_per_s: %.0f cpu_per_wall: %.2f "
		       "sim_moves_per_cpu_s: %.0f iterations_per_cpu_s: %.0f",
		       r->iterations_per_s, r->sim_moves_per_s,
		       r->seconds > 0 ? r->cpu_seconds / r->seconds : 0.0,
		       r->cpu_seconds > 0 ? (double)r->sim_moves / r->cpu_seconds : 0.0,
		       r->cpu_seconds > 0 ? r->iterations_per_s * r->seconds / r->cpu_seconds :
					    0.0);
	printf(" choices: %llu seconds: %.3f wall_per_choice: %.4f\n",
	       (unsigned long long)r->choices, r->seconds,
	       r->choices ? r->seconds / (double)r->choices : 0.0);
}

/* What runs of an agent are ranked by: iterations per second (searches), else choices
 * per second. */
static double agent_speed(const bones_bench_agent_result *r)
{
	return r->searched ? r->iterations_per_s : r->choices_per_s;
}

static int by_speed(const void *x, const void *y)
{
	double a = agent_speed(x), b = agent_speed(y);
	return (a > b) - (a < b);
}

/* The spec at each thread count of the list, a->repeat times interleaved (a busy or
 * uneven machine slows every count alike), each count's median run, then each count's
 * speed-up over the first. */
static bool agent_counts(bones_session *s, const void *state, const bench_args *a)
{
	static bones_bench_agent_result runs[BENCH_MAX_THREADS][BENCH_MAX_REPEAT];
	bones_bench_agent_result r[BENCH_MAX_THREADS];
	char spec[1024], label[32];
	for (long k = 0; k < a->repeat; k++)
		for (int i = 0; i < a->threads.count; i++) {
			snprintf(spec, sizeof spec, "%s threads=%d", a->agent, a->threads.n[i]);
			if (!agent_run(s, state, spec, a, &runs[i][k]))
				return false;
		}
	for (int i = 0; i < a->threads.count; i++) {
		qsort(runs[i], (size_t)a->repeat, sizeof runs[i][0], by_speed);
		r[i] = runs[i][a->repeat / 2];
		snprintf(label, sizeof label, "threads=%d", a->threads.n[i]);
		agent_print(label, &r[i]);
	}
	for (int i = 1; i < a->threads.count; i++)
		if (agent_speed(&r[0]) > 0)
			printf("threads_%d_over_%d: %.2f\n", a->threads.n[i], a->threads.n[0],
			       agent_speed(&r[i]) / agent_speed(&r[0]));
	return true;
}

/* --agent: the position, then the spec at each thread count (a spec that takes no
 * threads parameter runs once, as given). */
static int bench_agent(bones_session *s, const bench_args *a)
{
	const bones_game_info *info = bones_session_info(s);
	void *state = calloc(1, info->state_size ? info->state_size : 1);
	char spec[1024];
	unsigned made = 0;
	int rc = 1;
	if (!state) {
		fprintf(stderr, _("bones bench: out of memory\n"));
		return 1;
	}
	bones_status st = bones_bench_position(bones_session_plugin(s), bones_session_game(s),
					       info, a->position, a->seed, state, &made);
	if (st) {
		fprintf(stderr, st == BONES_ERANGE
					? _("bones bench: --position %ld: the game ends before it (try a "
					    "smaller N)\n")
					: _("bones bench: --position %ld: out of memory\n"),
			a->position);
		goto out_free;
	}
	/* not translated, as every line of bench: key: value for scripts */
	printf("agent: %s\nposition: %u player moves into seed %llu's game, player %d to "
	       "move\n", a->agent, made, (unsigned long long)a->seed,
	       bones_session_plugin(s)->to_move(bones_session_game(s), state) + 1);
	bones_bench_agent_result one;
	snprintf(spec, sizeof spec, "%s threads=1", a->agent);
	bones_agent *probe;
	char err[512];
	if (bones_agent_create(spec, bones_session_plugin(s), bones_session_game(s), info,
			       a->seed, &probe, err, sizeof err)) { /* no threads: as given */
		rc = agent_run(s, state, a->agent, a, &one) ? 0 : 1;
		if (!rc)
			agent_print("threads=-", &one);
		goto out_free;
	}
	bones_agent_destroy(probe);
	rc = agent_counts(s, state, a) ? 0 : 1;
out_free:
	free(state);
	return rc;
}

static int bench(const bones_plugin *p, const bones_options *opts, const bench_args *a)
{
	char err[512], text[1024];
	bones_session *s;
	if (bones_session_create(p, opts, a->seed, &s, err, sizeof err)) {
		fprintf(stderr, "bones bench: %s\n", err);
		return 1;
	}
	if (a->redraw || a->agent) {
		int rc = a->redraw ? bench_redraw(s, a->seconds, a->w, a->h, a->seed)
				   : bench_agent(s, a);
		bones_session_destroy(s);
		return rc;
	}
	bones_bench_result r;
	const bones_game_info *info = bones_session_info(s);
	bones_status st = bones_bench_run(p, bones_session_game(s), info, a->seconds, a->seed,
					  &r);
	if (!st) { /* not translated: scripts read these lines */
		bones_options_format(opts, true, text, sizeof text);
		printf("playouts_per_s: %.0f\nmoves_per_s: %.0f\nstate_bytes: %zu\n",
		       r.playouts_per_s, r.moves_per_s, r.state_size);
		printf("game: %s %s (%s)\nplayers: %d\nmax_moves: %zu\nseconds: %.3f\n"
		       "playouts: %llu\nmoves: %llu\nmoves_per_playout: %.1f\nseed: %llu\n",
		       p->id, p->version, text, info->players, info->max_moves, r.seconds,
		       (unsigned long long)r.playouts, (unsigned long long)r.moves,
		       r.playouts ? (double)r.moves / (double)r.playouts : 0.0,
		       (unsigned long long)a->seed);
	} else {
		fprintf(stderr, _("bones bench: out of memory\n"));
	}
	bones_session_destroy(s);
	return st ? 1 : 0;
}

int cmd_bench(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "tourney"))
		return bench_tourney(argc - 1, argv + 1);
	bench_args a;
	memset(&a, 0, sizeof a);
	a.seconds = 3;
	a.seed = 1;
	a.w = 1920, a.h = 1080;
	a.position = -1;
	a.repeat = 1;
	a.threads = BENCH_THREADS_DEFAULT;
	int rc = parse_args(argc, argv, &a);
	if (rc)
		return rc < 0 ? 0 : rc;
	bones_registry *reg = bones_registry_create();
	bones_preset *preset = calloc(1, sizeof *preset);
	int status = 1;
	char err[1024];
	const bones_plugin *p;
	bones_options opts;
	if (!reg || !preset) {
		fprintf(stderr, _("bones bench: out of memory\n"));
		goto out_free;
	}
	bones_registry_scan_default(reg);
	if (bench_options(reg, &a, preset, &p, &opts, err, sizeof err)) {
		fprintf(stderr, "bones bench: %s\n", err);
		goto out_free;
	}
	status = bench(p, &opts, &a);
	bones_options_release(&opts);
out_free:
	free(preset);
	bones_registry_destroy(reg);
	return status;
}
