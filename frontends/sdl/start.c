/* The start screen: every preset of configs/ and every plugin with its variants, the
 * seats (a human or an agent each) and the number of players; Start, Resume, Quit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "app.h"

#define WHITE BONES_RGBA(240, 242, 246, 255)
#define GREY BONES_RGBA(160, 168, 180, 255)

static int option_players(const bones_options *opts)
{
	int i = bones_options_find(opts->plugin, "players");
	return i < 0 ? opts->plugin->min_players : (int)opts->values[i].i;
}

/* Options of an entry: its preset or the plugin's defaults and variant, then players. */
static bones_status entry_options(const gui_entry *e, bones_options *opts, char *err,
				  size_t errcap)
{
	bones_status st;
	if (e->preset[0]) {
		bones_preset *p = malloc(sizeof *p);
		if (!p)
			return BONES_ENOMEM;
		st = bones_preset_load(e->preset, p, err, errcap);
		if (st == BONES_OK)
			st = bones_preset_options(p, e->plugin, opts, err, errcap);
		free(p);
		if (st != BONES_OK)
			return st;
	} else {
		st = bones_options_init(opts, e->plugin, err, errcap);
		if (st == BONES_OK && e->variant[0])
			st = bones_options_apply_variant(opts, e->variant, err, errcap);
		if (st != BONES_OK) {
			bones_options_release(opts);
			return st;
		}
	}
	if (e->players > 0 && bones_options_find(e->plugin, "players") >= 0 &&
	    e->players != option_players(opts)) {
		char v[16];
		snprintf(v, sizeof v, "%d", e->players);
		st = bones_options_set(opts, "players", v, err, errcap);
		if (st != BONES_OK)
			bones_options_release(opts);
	}
	return st;
}

static gui_entry *new_entry(gui_app *a, const bones_plugin *plugin)
{
	if (a->entry_count >= GUI_MAX_ENTRIES || !plugin)
		return NULL;
	gui_entry *e = &a->entries[a->entry_count];
	memset(e, 0, sizeof *e);
	e->plugin = plugin;
	for (int i = 0; i < GUI_MAX_SEATS; i++)
		snprintf(e->seats[i].agent, sizeof e->seats[i].agent, "%s", i ? "greedy" : "human");
	return e;
}

static void finish_entry(gui_app *a, gui_entry *e)
{
	bones_options opts;
	char err[256];
	e->players = 0;
	if (entry_options(e, &opts, err, sizeof err) != BONES_OK)
		return; /* a broken preset is not offered */
	e->players = option_players(&opts);
	bones_options_release(&opts);
	a->entry_count++;
}

static void add_preset(void *user, const char *path)
{
	gui_app *a = user;
	bones_preset *p = malloc(sizeof *p);
	char err[512];
	if (!p)
		return;
	if (bones_preset_load(path, p, err, sizeof err) == BONES_OK) {
		if (p->plugin_path[0])
			bones_registry_scan_dir(a->reg, p->plugin_path);
		gui_entry *e = new_entry(a, bones_registry_find(a->reg, p->plugin));
		if (e) {
			snprintf(e->label, sizeof e->label, "%s", p->name[0] ? p->name : p->id);
			snprintf(e->detail, sizeof e->detail, "%s", p->description);
			snprintf(e->preset, sizeof e->preset, "%s", path);
			e->time = p->time;
			e->match_games = p->match_games;
			for (int i = 0; i < GUI_MAX_SEATS; i++) {
				if (p->seats[i].agent[0])
					snprintf(e->seats[i].agent, sizeof e->seats[i].agent, "%s",
						 p->seats[i].agent);
				snprintf(e->seats[i].name, sizeof e->seats[i].name, "%s", p->seats[i].name);
			}
			finish_entry(a, e);
		}
	}
	free(p);
}

void gui_start_scan(gui_app *a)
{
	if (!a->entries)
		a->entries = calloc(GUI_MAX_ENTRIES, sizeof *a->entries);
	if (!a->entries)
		return;
	a->entry_count = 0;
	bones_preset_list(add_preset, a);
	for (size_t i = 0; i < bones_registry_count(a->reg); i++) {
		const bones_plugin *pl = bones_registry_get(a->reg, i);
		gui_entry *e = new_entry(a, pl);
		if (!e)
			break;
		snprintf(e->label, sizeof e->label, "%s (rules' defaults)", pl->name);
		snprintf(e->detail, sizeof e->detail, "%s", pl->summary);
		finish_entry(a, e);
		for (size_t v = 0; v < pl->variant_count; v++) {
			e = new_entry(a, pl);
			if (!e)
				break;
			snprintf(e->label, sizeof e->label, "%s: %s", pl->name, pl->variants[v].name);
			snprintf(e->detail, sizeof e->detail, "%s", pl->variants[v].summary);
			snprintf(e->variant, sizeof e->variant, "%s", pl->variants[v].id);
			finish_entry(a, e);
		}
	}
	int first = gui_start_find(a, "holomino"); /* the primary game comes first */
	a->entry_sel = first >= 0 ? first : 0;
	a->entry_scroll = -1; /* the first draw centres the selection */
}

int gui_start_find(gui_app *a, const char *name)
{
	for (int i = 0; i < a->entry_count; i++) {
		const char *p = a->entries[i].preset, *base = strrchr(p, '/');
		base = base ? base + 1 : p;
		size_t n = strlen(name);
		if (*p && (!strcmp(p, name) || (!strncmp(base, name, n) && !strcmp(base + n, ".ini"))))
			return i;
	}
	for (int i = 0; i < a->entry_count; i++)
		if (!a->entries[i].preset[0] && !a->entries[i].variant[0] &&
		    !strcmp(a->entries[i].plugin->id, name))
			return i;
	if (access(name, R_OK) == 0) {
		int before = a->entry_count;
		add_preset(a, name);
		if (a->entry_count > before)
			return before;
	}
	return -1;
}

bool gui_start_launch(gui_app *a, int idx)
{
	return gui_start_launch_game(a, idx, 0);
}

bool gui_start_launch_game(gui_app *a, int idx, int k)
{
	if (idx < 0 || idx >= a->entry_count)
		return false;
	gui_entry *e = &a->entries[idx];
	bones_options opts;
	char err[512];
	if (entry_options(e, &opts, err, sizeof err) != BONES_OK) {
		gui_toast(a, "%s", err);
		return false;
	}
	gui_game g;
	gui_seat seats[GUI_MAX_SEATS];
	memcpy(seats, e->seats, sizeof seats);
	uint64_t seed = a->seed ? a->seed++ : (uint64_t)time(NULL) ^ SDL_GetPerformanceCounter();
	if (k > 0) { /* game k of the match: the participants rotated, the next seed */
		gui_timer_match_seats(a, k, seats);
		seed = a->match_seed + (uint64_t)k;
	}
	bones_status st = gui_game_start(&g, e->plugin, &opts, seats, seed, err, sizeof err);
	bones_options_release(&opts);
	if (st != BONES_OK) {
		gui_toast(a, "%s", err);
		fprintf(stderr, "bones-gui: %s\n", err);
		return false;
	}
	if (k > 0)
		snprintf(g.title, sizeof g.title, "%.100s %d/%d", e->label, k + 1,
			 a->match.games);
	else if (e->match_games > 0)
		snprintf(g.title, sizeof g.title, "%.100s 1/%d", e->label, e->match_games);
	else
		snprintf(g.title, sizeof g.title, "%.127s", e->label);
	gui_game_switch(a, &g);
	gui_timer_launched(a, idx, k);
	a->screen = SCREEN_PLAY;
	printf("started %s (seed %llu)\n", e->label,
	       (unsigned long long)bones_session_seed(a->game.s));
	fflush(stdout);
	return true;
}

/* human -> each built-in agent kind -> human. */
static void cycle_seat(gui_seat *seat)
{
	const bones_agent_kind *k = bones_agent_kinds();
	const char *next = k && k[0].name ? k[0].name : "human";
	if (strcmp(seat->agent, "human")) {
		next = "human";
		for (int i = 0; k && k[i].name; i++)
			if (!strncmp(seat->agent, k[i].name, strlen(k[i].name)))
				next = k[i + 1].name ? k[i + 1].name : "human";
	}
	snprintf(seat->agent, sizeof seat->agent, "%s", next);
}

static void details_draw(gui_app *a, SDL_FRect r, float u)
{
	gui_entry *e = &a->entries[a->entry_sel];
	gui_text_px(&a->draw, r.x, r.y + u, 1.5f * u, WHITE, BONES_ALIGN_LEFT, e->label);
	gui_text_px(&a->draw, r.x, r.y + 2.8f * u, u, GREY, BONES_ALIGN_LEFT, e->detail);
	char line[128];
	float y = r.y + 5 * u;
	snprintf(line, sizeof line, "Players: %d", e->players);
	gui_text_px(&a->draw, r.x, y, 1.1f * u, WHITE, BONES_ALIGN_LEFT, line);
	if (bones_options_find(e->plugin, "players") >= 0) {
		gui_button_draw(a, (SDL_FRect){r.x + 8 * u, y - u, 2 * u, 2 * u}, BTN_PLAYERS_DOWN, 0, "-", false);
		gui_button_draw(a, (SDL_FRect){r.x + 10.5f * u, y - u, 2 * u, 2 * u}, BTN_PLAYERS_UP, 0, "+", false);
	}
	y += 2.5f * u;
	for (int i = 0; i < e->players && i < GUI_MAX_SEATS; i++, y += 2.5f * u) {
		snprintf(line, sizeof line, "Seat %d%s%s", i + 1, e->seats[i].name[0] ? ": " : "",
			 e->seats[i].name);
		gui_text_px(&a->draw, r.x, y, u, WHITE, BONES_ALIGN_LEFT, line);
		gui_button_draw(a, (SDL_FRect){r.x + 12 * u, y - u, 14 * u, 2 * u}, BTN_SEAT, i,
				e->seats[i].agent, !strcmp(e->seats[i].agent, "human"));
	}
	gui_text_px(&a->draw, r.x, y, 0.85f * u, GREY, BONES_ALIGN_LEFT,
		    "click a seat to switch between human and the agents");
	y += 1.5f * u;
	gui_button_draw(a, (SDL_FRect){r.x, y, 10 * u, 2.4f * u}, BTN_START, 0, "Start", true);
	if (a->has_game)
		gui_button_draw(a, (SDL_FRect){r.x + 11 * u, y, 10 * u, 2.4f * u}, BTN_RESUME, 0,
				"Resume game", false);
	gui_button_draw(a, (SDL_FRect){r.x + 22 * u, y, 6 * u, 2.4f * u}, BTN_QUIT, 0, "Quit", false);
}

void gui_start_draw(gui_app *a)
{
	gui_layout_compute(&a->layout, a->w, a->h, 1, 3);
	float u = a->layout.u, W = (float)a->w, H = (float)a->h;
	a->button_count = 0;
	gui_fill_rect(&a->draw, (SDL_FRect){0, 0, W, H}, BONES_RGBA(30, 34, 42, 255));
	gui_text_px(&a->draw, u, 1.6f * u, 2 * u, WHITE, BONES_ALIGN_LEFT, "Bones");
	gui_text_px(&a->draw, u + gui_text_width(&a->draw, 2 * u, "Bones") + u, 1.7f * u, u, GREY,
		    BONES_ALIGN_LEFT, "choose a game, set the seats, start   (F1: keys)");
	if (a->entry_count == 0) {
		gui_text_px(&a->draw, u, 5 * u, u, WHITE, BONES_ALIGN_LEFT,
			    "no game plugins found: build the plugins or set BONES_PLUGIN_PATH");
		return;
	}
	float lw = W * 0.4f, row = 2.2f * u, top = 3.5f * u;
	int rows = (int)((H - top - u) / row);
	a->entry_rows = rows;
	if (a->entry_scroll < 0)
		a->entry_scroll = a->entry_sel - rows / 2;
	if (a->entry_scroll > a->entry_count - rows)
		a->entry_scroll = a->entry_count - rows;
	if (a->entry_scroll < 0)
		a->entry_scroll = 0;
	for (int i = a->entry_scroll; i < a->entry_count && i < a->entry_scroll + rows; i++) {
		SDL_FRect r = {u, top + (float)(i - a->entry_scroll) * row, lw - u, row - 3};
		gui_button_draw(a, r, BTN_ENTRY, i, "", i == a->entry_sel);
		gui_text_px(&a->draw, r.x + u / 2, r.y + r.h / 2, u, WHITE, BONES_ALIGN_LEFT,
			    a->entries[i].label);
	}
	details_draw(a, (SDL_FRect){lw + 2 * u, top, W - lw - 3 * u, H - top}, u);
}

static void press(gui_app *a, int id, int arg)
{
	gui_entry *e = &a->entries[a->entry_sel];
	switch (id) {
	case BTN_ENTRY: a->entry_sel = arg; break;
	case BTN_SEAT: cycle_seat(&e->seats[arg]); break;
	case BTN_PLAYERS_DOWN: e->players = e->players > e->plugin->min_players ? e->players - 1 : e->players; break;
	case BTN_PLAYERS_UP: e->players = e->players < e->plugin->max_players && e->players < GUI_MAX_SEATS ? e->players + 1 : e->players; break;
	case BTN_START: gui_start_launch(a, a->entry_sel); break;
	case BTN_RESUME: a->screen = SCREEN_PLAY; break;
	case BTN_QUIT: a->quit = true; break;
	default: break;
	}
}

void gui_start_event(gui_app *a, const SDL_Event *ev)
{
	if (ev->type == SDL_MOUSEMOTION) {
		a->mx = (float)ev->motion.x * a->dpi, a->my = (float)ev->motion.y * a->dpi;
	} else if (ev->type == SDL_MOUSEBUTTONUP && ev->button.button == SDL_BUTTON_LEFT) {
		int arg = 0, id;
		a->mx = (float)ev->button.x * a->dpi, a->my = (float)ev->button.y * a->dpi;
		id = gui_button_at(a, a->mx, a->my, &arg);
		if (a->entry_count > 0 && id != BTN_NONE)
			press(a, id, arg);
		else if (id == BTN_QUIT)
			a->quit = true;
	} else if (ev->type == SDL_MOUSEWHEEL) {
		a->entry_scroll -= ev->wheel.y;
		if (a->entry_scroll < 0)
			a->entry_scroll = 0;
	} else if (ev->type == SDL_KEYDOWN && a->entry_count > 0) {
		SDL_Keycode c = ev->key.keysym.sym;
		if (c == SDLK_DOWN && a->entry_sel + 1 < a->entry_count)
			a->entry_sel++;
		else if (c == SDLK_UP && a->entry_sel > 0)
			a->entry_sel--;
		if (a->entry_sel < a->entry_scroll)
			a->entry_scroll = a->entry_sel;
		if (a->entry_rows > 0 && a->entry_sel >= a->entry_scroll + a->entry_rows)
			a->entry_scroll = a->entry_sel - a->entry_rows + 1;
		if (c == SDLK_RETURN)
			gui_start_launch(a, a->entry_sel);
		else if (c == SDLK_ESCAPE && a->has_game)
			a->screen = SCREEN_PLAY;
	} else if (ev->type == SDL_DROPFILE) {
		gui_open_record(a, ev->drop.file);
		SDL_free(ev->drop.file);
	}
}
