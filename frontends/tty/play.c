/* `bones play` and `bones start`: the command line of the terminal UI, the game it
 * sets up (preset or game, --set, --seat, --seed, --variant) and, for `start`, the
 * choice between the SDL2 GUI and the terminal. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "commands.h"
#include "tty.h"

#define PLAY_MAX_SETS 64

typedef struct play_args {
	const char *game;                          /* NULL = the default game */
	const char *sets[PLAY_MAX_SETS];
	int set_count;
	const char *seats[BONES_PRESET_MAX_SEATS]; /* --seat N=AGENT, NULL = not given */
	bool have_seed;
	uint64_t seed;
	const char *variant;
	const char *save;
} play_args;

static const char play_usage[] =
	"usage: bones play [PRESET|GAME] [--set KEY=VALUE]... [--seat N=AGENT]...\n"
	"                  [--seed S] [--variant V] [--save FILE]\n"
	"Plays a game in the terminal: you (human seats) against agents.\n"
	"  PRESET|GAME      a configs/ preset (holomino) or a plugin id (dominoes)\n"
	"  --set KEY=VALUE  an option over the preset's (see `bones games`)\n"
	"  --seat N=AGENT   seat N (from 1) is human, random, greedy, ... (`bones agents`)\n"
	"  --seed S         the seed of every chance event (default: from the clock)\n"
	"  --variant V      one of the game's variants\n"
	"  --save FILE      where the record goes (default ~/.local/share/bones/records/)\n"
	"In the game type a move's number or its notation, or help.\n";

/* "--opt VALUE" or "--opt=VALUE"; advances *i past what it used. */
static const char *option_value(int argc, char **argv, int *i, const char *opt)
{
	size_t len = strlen(opt);
	if (strncmp(argv[*i], opt, len))
		return NULL;
	if (argv[*i][len] == '=')
		return argv[*i] + len + 1;
	if (argv[*i][len] || *i + 1 >= argc)
		return NULL;
	return argv[++*i];
}

static bool parse_seat(play_args *a, const char *text)
{
	char *end;
	long n = strtol(text, &end, 10);
	if (end == text || *end != '=' || n < 1 || n > BONES_PRESET_MAX_SEATS || !end[1]) {
		fprintf(stderr, "bones play: --seat %s: expected N=AGENT with N in 1..%d\n", text,
			BONES_PRESET_MAX_SEATS);
		return false;
	}
	a->seats[n - 1] = end + 1;
	return true;
}

static bool parse_seed(play_args *a, const char *text)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(text, &end, 10);
	if (errno || end == text || *end || text[0] == '-') {
		fprintf(stderr, "bones play: --seed: '%s' is not a whole number\n", text);
		return false;
	}
	a->seed = v;
	a->have_seed = true;
	return true;
}

/* Returns 0 when parsed, else the exit status (2 for usage errors, 0 for --help). */
static int parse_args(int argc, char **argv, play_args *a)
{
	memset(a, 0, sizeof *a);
	for (int i = 1; i < argc; i++) {
		const char *v;
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			fputs(play_usage, stdout);
			return -1;
		} else if ((v = option_value(argc, argv, &i, "--set"))) {
			if (a->set_count == PLAY_MAX_SETS) {
				fprintf(stderr, "bones play: too many --set\n");
				return 2;
			}
			a->sets[a->set_count++] = v;
		} else if ((v = option_value(argc, argv, &i, "--seat"))) {
			if (!parse_seat(a, v))
				return 2;
		} else if ((v = option_value(argc, argv, &i, "--seed"))) {
			if (!parse_seed(a, v))
				return 2;
		} else if ((v = option_value(argc, argv, &i, "--variant"))) {
			a->variant = v;
		} else if ((v = option_value(argc, argv, &i, "--save"))) {
			a->save = v;
		} else if (argv[i][0] == '-' || a->game) {
			fprintf(stderr, "bones play: unexpected '%s' (an option without its value?)\n%s",
				argv[i], play_usage);
			return 2;
		} else {
			a->game = argv[i];
		}
	}
	return 0;
}

/* The game of `bones start` and of a bare `bones play`: Holomino when installed,
 * else block dominoes. */
static const char *default_game(bones_registry *reg)
{
	return bones_registry_find(reg, "holomino") ? "holomino" : "dominoes";
}

static uint64_t clock_seed(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	uint64_t x = (uint64_t)ts.tv_sec * 1000003u ^ (uint64_t)ts.tv_nsec ^
		     ((uint64_t)getpid() << 20);
	return x % 1000000000000ull; /* short enough to type back */
}

/* Options: the preset's, then --variant, then every --set. */
static bool build_options(tty_game *t, const play_args *a, bones_options *opts)
{
	char err[1024];
	if (a->variant) {
		snprintf(t->preset.variant, sizeof t->preset.variant, "%s", a->variant);
		t->preset.variant_line = 0;
	}
	if (bones_preset_options(&t->preset, t->plugin, opts, err, sizeof err)) {
		fprintf(stderr, "bones play: %s\n", err);
		return false;
	}
	for (int i = 0; i < a->set_count; i++) {
		if (bones_preset_set(opts, a->sets[i], err, sizeof err)) {
			fprintf(stderr, "bones play: %s\n", err);
			bones_options_release(opts);
			return false;
		}
	}
	return true;
}

/* Seat i: --seat, else the preset's agent, else human for seat 1 and greedy after. */
static bool make_seats(tty_game *t, const play_args *a, uint64_t seed)
{
	const bones_game_info *info = bones_session_info(t->session);
	for (int i = 0; i < BONES_PRESET_MAX_SEATS; i++) {
		if (a->seats[i] && i >= t->players) {
			fprintf(stderr, "bones play: --seat %d: %s has %d players (try --set "
					"players=%d)\n", i + 1, t->plugin->id, t->players, i + 1);
			return false;
		}
	}
	for (int i = 0; i < t->players; i++) {
		const bones_preset_seat *ps = &t->preset.seats[i];
		const char *spec = a->seats[i] ? a->seats[i]
			: ps->agent[0] ? ps->agent : i == 0 ? "human" : "greedy";
		char err[512];
		if (strcmp(spec, "human") &&
		    bones_agent_create(spec, t->plugin, bones_session_game(t->session), info,
				       seed ^ (0x9e3779b97f4a7c15ull * (uint64_t)(i + 1)),
				       &t->agents[i], err, sizeof err)) {
			if (a->seats[i] || !ps->agent[0])
				fprintf(stderr, "bones play: seat %d: %s\n", i + 1, err);
			else
				fprintf(stderr, "bones play: %s:%d: seat.%d: %s\n", t->preset.path,
					ps->line, i + 1, err);
			return false;
		}
		if (ps->name[0] && !a->seats[i])
			snprintf(t->names[i], sizeof t->names[i], "%s", ps->name);
		else if (!t->agents[i])
			snprintf(t->names[i], sizeof t->names[i], "%s", "You");
		else
			snprintf(t->names[i], sizeof t->names[i], "%s", spec);
	}
	return true;
}

static int setup(tty_game *t, const play_args *a)
{
	char err[1024];
	bones_options opts;
	if (!t->reg)
		return fprintf(stderr, "bones play: out of memory\n"), 1;
	bones_registry_scan_default(t->reg);
	const char *name = a->game ? a->game : default_game(t->reg);
	if (bones_preset_resolve(name, t->reg, &t->preset, &t->plugin, err, sizeof err)) {
		fprintf(stderr, "bones play: %s\n", err);
		return 1;
	}
	if (!build_options(t, a, &opts))
		return 1;
	uint64_t seed = a->have_seed ? a->seed : clock_seed();
	bones_status st = bones_session_create(t->plugin, &opts, seed, &t->session, err,
					       sizeof err);
	bones_options_release(&opts);
	if (st) {
		fprintf(stderr, "bones play: %s: %s\n", t->plugin->id, err);
		return 1;
	}
	const bones_game_info *info = bones_session_info(t->session);
	t->players = info->players;
	t->moves = malloc((info->max_moves ? info->max_moves : 1) * sizeof *t->moves);
	t->text = malloc(TTY_TEXT_MAX);
	if (!t->moves || !t->text)
		return fprintf(stderr, "bones play: out of memory\n"), 1;
	if (t->players > BONES_PRESET_MAX_SEATS) {
		fprintf(stderr, "bones play: %s: %d players, the terminal seats at most %d\n",
			t->plugin->id, t->players, BONES_PRESET_MAX_SEATS);
		return 1;
	}
	if (!make_seats(t, a, seed))
		return 1;
	if (a->save)
		snprintf(t->save_path, sizeof t->save_path, "%s", a->save);
	return 0;
}

int cmd_play(int argc, char **argv)
{
	play_args a;
	int rc = parse_args(argc, argv, &a);
	if (rc)
		return rc < 0 ? 0 : rc;
	tty_game t;
	memset(&t, 0, sizeof t);
	t.reg = bones_registry_create();
	t.in = stdin;
	t.out = stdout;
	t.echo = !isatty(fileno(stdin));
	rc = setup(&t, &a);
	if (!rc)
		rc = tty_game_run(&t);
	tty_game_release(&t);
	return rc;
}

/* bones-gui beside the running bones, if there is one. */
static bool find_gui(char *path, size_t cap)
{
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (n <= 0)
		return false;
	self[n] = '\0';
	char *slash = strrchr(self, '/');
	if (!slash)
		return false;
	*slash = '\0';
	int m = snprintf(path, cap, "%s/bones-gui", self);
	return m > 0 && (size_t)m < cap && access(path, X_OK) == 0;
}

int cmd_start(int argc, char **argv)
{
	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		printf("usage: bones start [bones play options]\n"
		       "A game against the AI: Holomino if installed, else block dominoes;\n"
		       "in the GUI (bones-gui) when there is a display, else in the terminal.\n");
		return 0;
	}
	const char *x = getenv("DISPLAY"), *w = getenv("WAYLAND_DISPLAY");
	char gui[PATH_MAX];
	if (((x && *x) || (w && *w)) && find_gui(gui, sizeof gui)) {
		argv[0] = gui;
		execv(gui, argv);
		fprintf(stderr, "bones start: cannot run '%s': %s; playing in the terminal\n", gui,
			strerror(errno));
		argv[0] = "start";
	}
	return cmd_play(argc, argv);
}
