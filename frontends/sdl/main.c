/* bones-gui: the SDL2 GUI for every Bones game. `bones-gui [PRESET|GAME|RECORD]` opens a
 * window (the start screen, or straight into a game or a record's replay); `--render`
 * draws a record off-screen to a PNG (render_png.c). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bones/i18n.h"
#include "bones/version.h"

#include "app.h"

typedef struct gui_args {
	const char *name, *script, *save_dir;
	const char *time[4]; /* --time, --grace, --game-time, --increment over [time] */
	int w, h;
	long delay;
	unsigned long long seed;
	unsigned long game; /* --game K of a file of records (a tournament's games.bones) */
} gui_args;

/* LeakSanitizer (the BONES_SANITIZE build): D-Bus, which SDL starts for the screen
 * saver and input methods, keeps its allocations until exit by design. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
	return "leak:libdbus-1.so\n";
}

static void usage(FILE *out)
{
	/* TRANSLATORS: the words in capitals name what the user gives; the options
	 * (--seed ...) stay as they are */
	fprintf(out, "%s", _("usage: bones-gui [PRESET|GAME|RECORD [--game K]] [--seed N] [--size WxH]\n"
			     "                 [--agent-delay MS] [--save-dir DIR] [--script FILE]\n"
			     "                 [--time D] [--grace D] [--game-time D] [--increment D]\n"
			     "       bones-gui --render RECORD [--move N] --png FILE [--size WxH]\n"));
	fprintf(out, "%s", _("Opens a window: the start screen, or straight into a preset or game,\n"
			     "or a record in the replay viewer. --lang LANG (e.g. de) chooses the language.\n"
			     "F1 in the window lists the keys. Documentation: docs/gui.md\n"));
}

/* The index of a time option in gui_args.time, -1 for another argument. */
static int time_option(const char *arg)
{
	static const char *const opts[4] = {"--time", "--grace", "--game-time", "--increment"};
	for (int k = 0; k < 4; k++)
		if (!strcmp(arg, opts[k]))
			return k;
	return -1;
}

static int parse(int argc, char **argv, gui_args *g)
{
	memset(g, 0, sizeof *g);
	g->delay = 350; /* w, h 0: the size last left at, fitting the screen (window.c) */
	for (int i = 1; i < argc; i++) {
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			usage(stdout);
			return 1;
		} else if (!strcmp(argv[i], "--version")) {
			printf("%s\n", bones_version_line()); /* "bones 0.1.0 (plugin ABI 1.0)" */
			return 1;
		} else if (!strcmp(argv[i], "--seed") && v) {
			g->seed = strtoull(v, NULL, 10), i++;
		} else if (time_option(argv[i]) >= 0 && v) {
			int64_t ms;
			if (!bones_clock_parse_duration(v, &ms)) {
				fprintf(stderr, _("bones-gui: %s '%s': not a duration of at most 30 days (try 60, 90s, 2m)\n"),
					argv[i], v);
				return 2;
			}
			g->time[time_option(argv[i])] = v, i++;
		} else if (!strcmp(argv[i], "--script") && v) {
			g->script = v, i++;
		} else if (!strcmp(argv[i], "--game") && v && isdigit((unsigned char)v[0])) {
			char *end;
			errno = 0;
			g->game = strtoul(v, &end, 10), i++;
			if (errno == ERANGE || *end || !g->game) { /* never clamped to another game */
				fprintf(stderr, errno == ERANGE
					? _("bones-gui: --game %s: the number is too large\n")
					: _("bones-gui: --game %s: not a game number (1, 2, ...)\n"), v);
				return 2;
			}
		} else if (!strcmp(argv[i], "--save-dir") && v) {
			g->save_dir = v, i++;
		} else if (!strcmp(argv[i], "--agent-delay") && v) {
			g->delay = strtol(v, NULL, 10), i++;
		} else if (!strcmp(argv[i], "--size") && v) {
			if (sscanf(v, "%dx%d", &g->w, &g->h) != 2 || g->w < 320 || g->h < 240) {
				fprintf(stderr, _("bones-gui: --size '%s': expected WxH, at least 320x240\n"), v);
				return 2;
			}
			i++;
		} else if (argv[i][0] != '-' && !g->name) {
			g->name = argv[i];
		} else {
			fprintf(stderr, _("bones-gui: unknown argument '%s'\n"), argv[i]);
			usage(stderr);
			return 2;
		}
	}
	return 0;
}

static void sizes(gui_app *a)
{
	int ww = 1, wh = 1;
	SDL_GetWindowSize(a->win, &ww, &wh);
	SDL_GetRendererOutputSize(a->r, &a->w, &a->h);
	a->dpi = ww > 0 ? (float)a->w / (float)ww : 1;
}

static void loop(gui_app *a)
{
	while (!a->quit) {
		SDL_Event ev;
		bool busy = gui_worker_busy(&a->worker) || a->play.agent_due || a->script ||
			    SDL_GetTicks() < a->toast_until;
		if (SDL_WaitEventTimeout(&ev, busy ? 15 : 120)) {
			gui_screen_event(a, &ev);
			while (!a->quit && SDL_PollEvent(&ev))
				gui_screen_event(a, &ev);
		}
		gui_screen_update(a);
		gui_keep_moves(a); /* kill -9 or a crash lose no move played */
		sizes(a);
		gui_frame(a);
		SDL_RenderPresent(a->r);
		if (a->script && !gui_script_step(a, a->script)) {
			gui_script_destroy(a->script);
			a->script = NULL;
		}
	}
}

static int open_first(gui_app *a, const char *name)
{
	size_t n = strlen(name);
	bool ini = n > 4 && !strcmp(name + n - 4, ".ini");
	if (!ini && access(name, R_OK) == 0)
		return gui_open_record(a, name) ? 0 : 1;
	int e = gui_start_find(a, name);
	if (e < 0) {
		char known[4096] = "";
		for (int i = 0; i < a->start.entry_count; i++)
			if (!a->start.entries[i].variant[0])
				snprintf(known + strlen(known), sizeof known - strlen(known), " %s",
					 a->start.entries[i].preset[0] ? a->start.entries[i].label
									: a->start.entries[i].plugin->id);
		fprintf(stderr, _("bones-gui: unknown game or preset '%s'; known:%s\n"), name, known);
		return 2;
	}
	return gui_start_launch(a, e) ? 0 : 1;
}

/* Without a display SDL would fall back to its offscreen driver and the window would
 * run unseen: refuse at once, unless SDL_VIDEODRIVER asks for such a driver. */
static bool have_display(void)
{
	const char *x = getenv("DISPLAY"), *w = getenv("WAYLAND_DISPLAY");
	const char *driver = getenv("SDL_VIDEODRIVER");
	if ((x && *x) || (w && *w) || (driver && *driver))
		return true;
	fprintf(stderr, "%s", _("bones-gui: no display: neither DISPLAY (X11) nor WAYLAND_DISPLAY is "
				"set; play in the terminal with `bones play` (or `bones start`)\n"));
	return false;
}

static int run(gui_app *a, const gui_args *args)
{
	char err[512];
	if (!have_display())
		return 1;
	if (SDL_Init(SDL_INIT_VIDEO) != 0) {
		fprintf(stderr, _("bones-gui: cannot open a display: %s (try `bones play`)\n"),
			SDL_GetError());
		return 1;
	}
	int w = args->w, h = args->h;
	if (!w)
		gui_window_size(&w, &h);
	a->win = SDL_CreateWindow("Bones", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h,
				  SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
	if (a->win)
		a->r = SDL_CreateRenderer(a->win, -1, SDL_RENDERER_PRESENTVSYNC);
	if (a->win && !a->r)
		a->r = SDL_CreateRenderer(a->win, -1, SDL_RENDERER_SOFTWARE);
	if (!a->r) {
		fprintf(stderr, _("bones-gui: cannot open a window: %s\n"), SDL_GetError());
		return 1;
	}
	SDL_SetWindowMinimumSize(a->win, GUI_WINDOW_MIN_W, GUI_WINDOW_MIN_H);
	a->fonts = gui_fonts_create(err, sizeof err);
	if (!a->fonts) {
		fprintf(stderr, "bones-gui: %s\n", err);
		return 1;
	}
	gui_draw_init(&a->draw, a->r, a->fonts);
	a->wake_event = SDL_RegisterEvents(1);
	gui_worker_init(&a->worker, a->wake_event);
	sizes(a);
	gui_start_scan(a);
	for (size_t i = 0; i < bones_registry_error_count(a->reg); i++)
		fprintf(stderr, "bones-gui: %s\n", bones_registry_error(a->reg, i));
	if (args->script && !(a->script = gui_script_load(args->script, err, sizeof err))) {
		fprintf(stderr, "bones-gui: %s\n", err);
		return 2;
	}
	if (args->name) {
		int rc = open_first(a, args->name);
		if (rc)
			return rc;
	}
	/* closing the window (SDL turns SIGTERM and SIGINT into the same) keeps an unfinished
	 * game in the records folder, for `bones play --resume` (screen.c) */
	loop(a);
	gui_window_keep(a->win);
	return a->exit_code;
}

int main(int argc, char **argv)
{
	const char *lang;
	char err[256];
	if (!bones_i18n_take_lang_arg(&argc, argv, &lang, err, sizeof err) ||
	    !bones_i18n_init(lang, err, sizeof err)) {
		fprintf(stderr, "bones-gui: %s\n", err);
		return 2;
	}
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--render"))
			return gui_render_main(argc, argv);
	gui_args args;
	int rc = parse(argc, argv, &args);
	if (rc)
		return rc == 1 ? 0 : rc;
	gui_app *a = calloc(1, sizeof *a);
	if (!a)
		return 1;
	a->view.zoom = 1, a->play.sel = a->play.hover = -1, a->dpi = 1;
	a->start.preview_entry = -1;
	memcpy(a->time_arg, args.time, sizeof a->time_arg);
	a->agent_delay = args.delay > 0 ? (Uint32)args.delay : 0;
	a->seed = args.seed;
	a->record_game = args.game;
	snprintf(a->save_dir, sizeof a->save_dir, "%s", args.save_dir ? args.save_dir : "");
	a->reg = bones_registry_create();
	if (a->reg)
		bones_registry_scan_default(a->reg);
	rc = a->reg ? run(a, &args) : 1;
	gui_worker_release(&a->worker);
	gui_analysis_stop(a);
	if (a->has_game)
		gui_game_release(&a->game);
	gui_start_release(a);
	gui_script_destroy(a->script);
	gui_draw_release(&a->draw);
	gui_fonts_destroy(a->fonts);
	free(a->start.entries);
	if (a->r)
		SDL_DestroyRenderer(a->r);
	if (a->win)
		SDL_DestroyWindow(a->win);
	bones_registry_destroy(a->reg);
	free(a);
#ifndef __SANITIZE_ADDRESS__
	SDL_Quit(); /* under ASan the X11 libraries must stay loaded for leak suppressions */
#endif
	return rc;
}
