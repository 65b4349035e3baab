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

#include "bones/args.h"
#include "bones/match.h"
#include "tty.h"
#include "tty_play.h"

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
	const char *time[6];  /* --time, --penalty, --grace, --forfeit, --game-time,
				 --increment; NULL = the preset's */
	const char *games;    /* --games N, NULL = the preset's [match] */
	bool resume;          /* --resume: an unfinished game (game: its record, or NULL) */
} play_args;

/* The [time] key each of play_args.time sets. */
static const char *const time_keys[6] = {"per_move", "penalty", "grace", "forfeit",
					 "per_game", "increment"};
static const char *const time_opts[6] = {"--time", "--penalty", "--grace", "--forfeit",
					 "--game-time", "--increment"};

static const char play_usage[] =
	/* TRANSLATORS: the options and their values (holomino, greedy, yes|no) are
	 * typed as they are; the words in capitals may be translated. Lines within
	 * 78 columns. */
	N_(
	"usage: bones play [PRESET|GAME] [--set KEY=VALUE]... [--seat N=AGENT]...\n"
	"                  [--seed S] [--variant V] [--save FILE] [--games N]\n"
	"                  [--time D] [--penalty P] [--grace D] [--forfeit yes|no]\n"
	"                  [--game-time D] [--increment D]\n"
	"       bones play --resume [RECORD]\n"
	"Plays a game in the terminal: you (human seats) against agents.\n"
	"  PRESET|GAME      a configs/ preset (holomino) or a plugin id (dominoes)\n"
	"  --set KEY=VALUE  an option over the preset's (see `bones games`)\n"
	"  --seat N=AGENT   seat N (from 1) is human, random, greedy... (`bones agents`)\n"
	"  --seed S         the seed of every chance event (default: from the clock)\n"
	"  --variant V      one of the game's variants\n"
	"  --save FILE      where the record goes (default ~/.local/share/bones/records);\n"
	"                   in a match game K goes to FILE with -gK before its extension\n"
	"  --games N        a match of N games, the seats rotating (preset: [match])\n"
	"  --time D         time per move of human seats: 60, 90s, 2m (preset: [time])\n"
	"  --penalty P      points against a player whose time runs out\n"
	"  --grace D        extra time after the penalty\n"
	"  --forfeit yes|no forfeit when the grace period runs out too\n"
	"  --game-time D    each human seat's time for the whole game: 10m, 2h, 3d;\n"
	"                   forfeit when it runs out\n"
	"  --increment D    added to that time after each of the seat's moves\n"
	"  --resume [RECORD] play on an unfinished game (closing the terminal saves\n"
	"                   one): RECORD, else one chosen from the records folder\n"
	"Agents are not timed.\n"
	"In the game type a move's number or its notation, or help.\n");

/* The options of `bones play` (and of `bones start`); --time ... --increment in
 * time_opts' order. */
enum { SET = 1, SEAT, SEED, VARIANT, SAVE, GAMES, RESUME, TIME };

static const bones_args_option options[] = {
	{"seed", 0, true, SEED},         {"set", 0, true, SET},
	{"seat", 0, true, SEAT},         {"variant", 0, true, VARIANT},
	{"save", 0, true, SAVE},         {"games", 0, true, GAMES},
	{"resume", 0, false, RESUME},    {"time", 0, true, TIME},
	{"penalty", 0, true, TIME + 1},  {"grace", 0, true, TIME + 2},
	{"forfeit", 0, true, TIME + 3},  {"game-time", 0, true, TIME + 4},
	{"increment", 0, true, TIME + 5}, {0}};

static bool parse_seat(play_args *a, bones_args *args)
{
	char *end;
	long n = strtol(args->value, &end, 10);
	if (end == args->value || *end != '=' || n < 1 || n > BONES_PRESET_MAX_SEATS || !end[1])
		return bones_args_fail(args, _("expected N=AGENT with N in 1..%d, not '%s'"),
				       BONES_PRESET_MAX_SEATS, args->value);
	a->seats[n - 1] = end + 1;
	return true;
}

/* One option into a; false after printing why not. */
static bool play_option(bones_args *args, int id, void *ctx)
{
	play_args *a = ctx;
	switch (id) {
	case SET:
		if (a->set_count == PLAY_MAX_SETS)
			return bones_args_fail(args, "%s", _("too many settings"));
		a->sets[a->set_count++] = args->value;
		return true;
	case SEAT:
		return parse_seat(a, args);
	case SEED:
		a->have_seed = true;
		return bones_args_uint(args, 0, UINT64_MAX, &a->seed);
	case VARIANT:
		a->variant = args->value;
		return true;
	case SAVE:
		a->save = args->value;
		return true;
	case GAMES:
		a->games = args->value;
		return true;
	case RESUME:
		a->resume = true;
		return true;
	}
	a->time[id - TIME] = args->value;
	return true;
}

static int print_usage(FILE *out, int status)
{
	fputs(_(play_usage), out);
	return status;
}

/* Returns 0 when parsed, else the exit status (2 for usage errors, -1 for 0: --help,
 * --version, usage printing the help). argv[0] is "play" or "start", the errors'
 * command. */
static int parse_args(int argc, char **argv, play_args *a, int (*usage)(FILE *, int))
{
	memset(a, 0, sizeof *a);
	bones_args args;
	bones_args_init(&args, strcmp(argv[0], "start") ? "bones play" : "bones start", options,
			argc, argv);
	int rc = bones_args_parse(&args, play_option, a, &a->game, 1, usage);
	return rc < 0 ? 0 : rc ? rc : -1;
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

/* Participant p: --seat p+1, else the preset's seat.p+1 agent, else human for
 * participant 1 and greedy after; named after the preset, else "You" or the agent. */
static void seat_of(const tty_game *t, const play_args *a, int p, bones_table_seat *seat)
{
	const bones_preset_seat *ps = &t->preset.seats[p];
	const char *spec = a->seats[p] ? a->seats[p]
		: ps->agent[0] ? ps->agent : p == 0 ? "human" : "greedy";
	snprintf(seat->agent, sizeof seat->agent, "%s", spec);
	if (ps->name[0] && !a->seats[p])
		snprintf(seat->name, sizeof seat->name, "%s", ps->name);
	else
		snprintf(seat->name, sizeof seat->name, "%.79s",
			 strcmp(spec, "human") ? spec : "You");
}

/* An agent that could not be made, named by where it was asked for. */
static void bad_seat(const tty_game *t, const play_args *a, int p, const char *err)
{
	const bones_preset_seat *ps = &t->preset.seats[p];
	if (a->seats[p] || !ps->agent[0]) {
		fprintf(stderr, _("bones play: seat %d: %s"), p + 1, err);
		fputc('\n', stderr);
	} else {
		fprintf(stderr, "bones play: %s:%d: seat.%d: %s\n", t->preset.path, ps->line,
			p + 1, err);
	}
}

/* The preset, then the time options and --games over it. */
static int setup_preset(tty_game *t, const play_args *a)
{
	char err[1024];
	if (!t->reg)
		return fprintf(stderr, "%s\n", _("bones play: out of memory")), 1;
	bones_registry_scan_default(t->reg);
	const char *name = a->game ? a->game : default_game(t->reg);
	if (bones_preset_resolve(name, t->reg, &t->preset, &t->plugin, err, sizeof err)) {
		fprintf(stderr, "bones play: %s\n", err);
		return 1;
	}
	for (int k = 0; k < 6; k++) {
		if (a->time[k] &&
		    bones_preset_set_time(&t->preset, time_keys[k], a->time[k], err, sizeof err)) {
			fprintf(stderr, "bones play: %s %s: %s\n", time_opts[k], a->time[k], err);
			return 2;
		}
	}
	if (a->games && bones_preset_set_games(&t->preset, a->games, err, sizeof err)) {
		fprintf(stderr, "bones play: --games %s: %s\n", a->games, err);
		return 2;
	}
	return 0;
}

/* The table: the game (or the match) with its seats, clock and options. */
static int setup_table(tty_game *t, const play_args *a, uint64_t seed)
{
	char err[1024];
	bones_options opts;
	if (!build_options(t, a, &opts))
		return 1;
	bones_table_setup setup;
	memset(&setup, 0, sizeof setup);
	setup.plugin = t->plugin;
	setup.options = &opts;
	setup.seed = seed;
	setup.time = t->preset.time;
	setup.match_games = t->preset.match_games;
	setup.match_target = t->preset.match_target;
	for (int p = 0; p < BONES_TABLE_MAX_SEATS; p++)
		seat_of(t, a, p, &setup.seats[p]);
	int bad = -1;
	bones_status st = bones_table_create(&setup, &t->table, &bad, err, sizeof err);
	bones_options_release(&opts);
	if (st && bad >= 0) {
		bad_seat(t, a, bad, err);
		return 1;
	}
	if (st) {
		bones_preset_locate(&t->preset, a->sets, a->set_count, err, sizeof err);
		fprintf(stderr, "bones play: %s\n", err);
		return 1;
	}
	t->session = bones_table_session(t->table);
	const bones_game_info *info = bones_session_info(t->session);
	t->players = info->players;
	for (int i = t->players; i < BONES_PRESET_MAX_SEATS; i++) {
		if (a->seats[i]) {
			/* TRANSLATORS: %2$s is a game's id (holomino); --set players=%4$d is
			 * typed as it is */
			fprintf(stderr, P_("bones play: --seat %d: %s has %d player (try --set "
					   "players=%d)",
					   "bones play: --seat %d: %s has %d players (try --set "
					   "players=%d)", (unsigned long)t->players),
				i + 1, t->plugin->id, t->players, i + 1);
			fputc('\n', stderr);
			return 1;
		}
	}
	snprintf(t->save_path, sizeof t->save_path, "%s", a->save ? a->save : "");
	return tty_game_buffers(t);
}

static void print_stop(tty_game *t)
{
	const bones_match *m = bones_table_match(t->table);
	fprintf(t->out, P_("the match stops after %d of %d game",
			   "the match stops after %d of %d games", (unsigned long)m->games),
		m->played, m->games);
	fputc('\n', t->out);
}

/* A match: each game with the seats rotated (the table's), the totals after each (on a
 * terminal, until Enter). */
static int play_match(tty_game *t, const play_args *a)
{
	const bones_match *m = bones_table_match(t->table);
	int rc = 0;
	for (;;) {
		int k = bones_table_game_index(t->table);
		if (a->save && m->games > 1)
			tty_match_save_path(t, a->save, k);
		else if (!a->save) /* each game a new file of the records folder */
			t->save_path[0] = '\0';
		fputc('\n', t->out);
		if (m->target > 0)
			fprintf(t->out, _("match to %g points: game %d"), m->target, k + 1);
		else
			fprintf(t->out, _("match: game %d of %d"), k + 1, m->games);
		fputc('\n', t->out);
		rc = tty_game_run(t);
		if (!bones_table_over(t->table)) {
			print_stop(t);
			break;
		}
		bones_table_count_game(t->table);
		tty_match_print(t, false);
		if (rc || bones_match_over(m))
			break;
		if (t->redraw && !tty_wait_next_game(t)) { /* the totals are on the screen */
			print_stop(t);
			return rc;
		}
		char err[512];
		if (bones_table_next_game(t->table, err, sizeof err)) {
			fprintf(stderr, _("bones play: the next game of the match: %s"), err);
			fputc('\n', stderr);
			rc = 1;
			break;
		}
		t->shown = 0;
	}
	if (m->played)
		tty_match_print(t, bones_match_over(m));
	return rc;
}

int tty_play_main(int argc, char **argv)
{
	play_args a;
	int rc = parse_args(argc, argv, &a, print_usage);
	if (rc)
		return rc < 0 ? 0 : rc;
	tty_game t;
	memset(&t, 0, sizeof t);
	t.reg = bones_registry_create();
	t.in = stdin;
	t.out = stdout;
	t.echo = !isatty(fileno(stdin));
	t.color = tty_style_detect(stdout);
	t.redraw = tty_style_terminal(stdout) && !t.echo; /* a person: the board stays put */
	uint64_t seed = a.have_seed ? a.seed : clock_seed();
	tty_signal_install(); /* closing the terminal saves the game */
	if (a.resume) {
		rc = tty_resume_setup(&t, a.game);
	} else {
		rc = setup_preset(&t, &a);
		if (!rc)
			rc = setup_table(&t, &a, seed);
	}
	if (!rc && bones_table_match(t.table))
		rc = play_match(&t, &a);
	else if (!rc)
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

static int start_usage(FILE *out, int status)
{
	fputs(_("usage: bones start [bones play options]\n"
		"A game against the AI: Holomino if installed, else block dominoes;\n"
		"in the GUI (bones-gui) when there is a display, else in the terminal.\n"),
	      out);
	return status;
}

int tty_start_main(int argc, char **argv)
{
	play_args a; /* the options checked before either front end starts */
	int rc = parse_args(argc, argv, &a, start_usage);
	if (rc)
		return rc < 0 ? 0 : rc;
	const char *x = getenv("DISPLAY"), *w = getenv("WAYLAND_DISPLAY");
	bool display = (x && *x) || (w && *w);
	char gui[PATH_MAX];
	/* which UI starts, and why, said on stderr (stdout is the game's) */
	if (display && find_gui(gui, sizeof gui)) {
		/* TRANSLATORS: %1$s is DISPLAY or WAYLAND_DISPLAY, %2$s the program */
		fprintf(stderr, _("bones start: a display (%s): the window, %s"),
			x && *x ? "DISPLAY" : "WAYLAND_DISPLAY", gui);
		fputc('\n', stderr);
		argv[0] = gui; /* no game named: the window's start screen */
		execv(gui, argv);
		fprintf(stderr, _("bones start: cannot run '%s': %s; playing in the terminal"), gui,
			strerror(errno));
		fputc('\n', stderr);
		argv[0] = "start";
	} else if (display) {
		fprintf(stderr, "%s\n", _("bones start: bones-gui is not built (it needs SDL2): "
					  "playing in the terminal"));
	} else {
		fprintf(stderr, "%s\n", _("bones start: no display (neither DISPLAY nor "
					  "WAYLAND_DISPLAY is set): playing in the terminal"));
	}
	return tty_play_main(argc, argv);
}
