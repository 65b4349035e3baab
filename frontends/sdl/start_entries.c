/* The start screen's choices: every preset of configs/ and every plugin with its
 * variants, grouped by game, duplicates dropped; finding and launching one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bones/i18n.h"

#include "app.h"

static int option_players(const bones_options *opts)
{
	int i = bones_options_find(opts->plugin, "players");
	return i < 0 ? opts->plugin->min_players : (int)opts->values[i].i;
}

/* Options of an entry: its preset or the plugin's defaults and variant, then players. */
bones_status gui_start_entry_options(const gui_entry *e, bones_options *opts, char *err,
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
	if (a->start.entry_count >= GUI_MAX_ENTRIES || !plugin)
		return NULL;
	gui_entry *e = &a->start.entries[a->start.entry_count];
	memset(e, 0, sizeof *e);
	e->plugin = plugin;
	for (int i = 0; i < GUI_MAX_SEATS; i++)
		snprintf(e->seats[i].agent, sizeof e->seats[i].agent, "%s", i ? "greedy" : "human");
	return e;
}

/* Remove "players=N" from options text: the start screen sets the count itself. */
static void drop_players(char *text)
{
	char *p = strstr(text, "players=");
	if (p && (p == text || p[-1] == ' ')) {
		char *end = p + strcspn(p, " ");
		memmove(p, end + (*end == ' '), strlen(end + (*end == ' ')) + 1);
	}
}

static void finish_entry(gui_app *a, gui_entry *e)
{
	bones_options opts;
	char err[256];
	e->players = 0;
	if (gui_start_entry_options(e, &opts, err, sizeof err) != BONES_OK)
		return; /* a broken preset is not offered */
	e->players = option_players(&opts);
	bones_options_format(&opts, true, e->options, sizeof e->options);
	drop_players(e->options);
	bones_options_release(&opts);
	a->start.entry_count++;
}

static bool same_preset(const gui_app *a, const gui_entry *e)
{
	for (const gui_entry *p = a->start.entries; p < e; p++)
		if (p->preset[0] && p->plugin == e->plugin && !strcmp(p->label, e->label) &&
		    !strcmp(p->options, e->options))
			return true;
	return false;
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
			const char *name = p->name[0] ? p->name : p->id;
			const char *game[2] = {e->plugin->name,
					       bones_plugin_text(e->plugin, e->plugin->name)};
			for (int k = 0; k < 2; k++) { /* "Geominos: Five-Tile" under Geominos */
				size_t n = strlen(game[k]);
				if (!strncmp(name, game[k], n) && name[n] == ':' && name[n + 1] == ' ') {
					name += n + 2;
					break;
				}
			}
			snprintf(e->label, sizeof e->label, "%s", name);
			snprintf(e->detail, sizeof e->detail, "%s", p->description);
			snprintf(e->preset, sizeof e->preset, "%s", path);
			e->time = p->time;
			e->match_games = p->match_games;
			e->match_target = p->match_target;
			for (int i = 0; i < GUI_MAX_SEATS; i++) {
				if (p->seats[i].agent[0])
					snprintf(e->seats[i].agent, sizeof e->seats[i].agent, "%s",
						 p->seats[i].agent);
				snprintf(e->seats[i].name, sizeof e->seats[i].name, "%s", p->seats[i].name);
			}
			finish_entry(a, e);
			if (e == &a->start.entries[a->start.entry_count - 1] && same_preset(a, e))
				a->start.entry_count--; /* the same preset from another folder */
		}
	}
	free(p);
}

/* A plugin entry (its defaults or a variant) that a preset already offers with the same
 * rules (the number of players aside) and no clock or match is a duplicate: the preset,
 * with its seats, stays. */
static bool duplicate(const gui_app *a, const gui_entry *e)
{
	for (int i = 0; i < a->start.entry_count; i++) {
		const gui_entry *p = &a->start.entries[i];
		if (p->preset[0] && p->plugin == e->plugin && !strcmp(p->options, e->options) &&
		    p->time.per_move_ms == 0 && p->match_games == 0)
			return true;
	}
	return false;
}

static void add_plugin(gui_app *a, const bones_plugin *pl, const bones_variant *v)
{
	gui_entry *e = new_entry(a, pl);
	if (!e)
		return;
	/* TRANSLATORS: the start screen's entry that plays a game with its default options */
	const char *defaults = _("the rules' defaults");
	snprintf(e->label, sizeof e->label, "%s", v ? bones_plugin_text(pl, v->name) : defaults);
	snprintf(e->detail, sizeof e->detail, "%s",
		 bones_plugin_text(pl, v ? v->summary : pl->summary));
	snprintf(e->variant, sizeof e->variant, "%s", v ? v->id : "");
	finish_entry(a, e);
	if (e == &a->start.entries[a->start.entry_count - 1] && duplicate(a, e))
		a->start.entry_count--;
}

/* Registry order, the primary game first. */
static int group_rank(const gui_app *a, const bones_plugin *pl)
{
	if (!strcmp(pl->id, "holomino"))
		return -1;
	for (size_t i = 0; i < bones_registry_count(a->reg); i++)
		if (bones_registry_get(a->reg, i) == pl)
			return (int)i;
	return (int)bones_registry_count(a->reg);
}

static int by_group(const void *pa, const void *pb, void *user)
{
	const gui_entry *x = pa, *y = pb;
	int gx = group_rank(user, x->plugin), gy = group_rank(user, y->plugin);
	if (gx != gy)
		return gx < gy ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

static void sort_entries(gui_app *a)
{
	/* insertion sort: a few dozen entries, stable, no qsort_r portability question */
	for (int i = 1; i < a->start.entry_count; i++) {
		gui_entry t = a->start.entries[i];
		int j = i;
		for (; j > 0 && by_group(&a->start.entries[j - 1], &t, a) > 0; j--)
			a->start.entries[j] = a->start.entries[j - 1];
		a->start.entries[j] = t;
	}
}

void gui_start_find_saved(gui_app *a)
{
	char dir[sizeof a->save_dir], found[1][1024];
	snprintf(dir, sizeof dir, "%s", a->save_dir);
	bool one = bones_table_unfinished(dir, sizeof dir, found, 1) == 1;
	snprintf(a->start.saved, sizeof a->start.saved, "%s", one ? found[0] : "");
}

void gui_start_scan(gui_app *a)
{
	gui_start_find_saved(a);
	if (!a->start.entries)
		a->start.entries = calloc(GUI_MAX_ENTRIES, sizeof *a->start.entries);
	if (!a->start.entries)
		return;
	a->start.entry_count = 0;
	bones_preset_list(add_preset, a);
	for (size_t i = 0; i < bones_registry_count(a->reg); i++) {
		const bones_plugin *pl = bones_registry_get(a->reg, i);
		add_plugin(a, pl, NULL);
		for (size_t v = 0; v < pl->variant_count; v++)
			add_plugin(a, pl, &pl->variants[v]);
	}
	/* within a game: its defaults, its main preset (GAME.ini), its other presets, then
	 * its variants */
	for (int i = 0; i < a->start.entry_count; i++) {
		gui_entry *e = &a->start.entries[i];
		const char *base = strrchr(e->preset, '/');
		base = base ? base + 1 : e->preset;
		bool main_preset = !strncmp(base, e->plugin->id, strlen(e->plugin->id)) &&
				   !strcmp(base + strlen(e->plugin->id), ".ini");
		e->order = (main_preset ? 500 : e->preset[0] ? 1000 : e->variant[0] ? 2000 : 0) + i;
	}
	sort_entries(a);
	int first = gui_start_find(a, "holomino"); /* the primary game comes first */
	a->start.entry_sel = first >= 0 ? first : 0;
	a->start.entry_scroll = -1; /* the first draw shows the selection */
}

int gui_start_find(gui_app *a, const char *name)
{
	for (int i = 0; i < a->start.entry_count; i++) {
		const char *p = a->start.entries[i].preset, *base = strrchr(p, '/');
		base = base ? base + 1 : p;
		size_t n = strlen(name);
		if (*p && (!strcmp(p, name) || (!strncmp(base, name, n) && !strcmp(base + n, ".ini"))))
			return i;
	}
	for (int i = 0; i < a->start.entry_count; i++)
		if (!a->start.entries[i].preset[0] && !a->start.entries[i].variant[0] &&
		    !strcmp(a->start.entries[i].plugin->id, name))
			return i;
	for (int i = 0; i < a->start.entry_count; i++) /* its defaults are a preset's: the first */
		if (!strcmp(a->start.entries[i].plugin->id, name))
			return i;
	if (access(name, R_OK) == 0) {
		int before = a->start.entry_count;
		add_preset(a, name);
		if (a->start.entry_count > before)
			return before;
	}
	return -1;
}

/* The clock of an entry: its preset's [time], then the time options over it. */
static bones_time_control entry_time(const gui_app *a, const gui_entry *e)
{
	bones_time_control tc = e->time;
	int64_t ms;
	if (a->time_arg[0] && bones_clock_parse_duration(a->time_arg[0], &ms) && ms > 0)
		tc.per_move_ms = ms;
	if (a->time_arg[1] && bones_clock_parse_duration(a->time_arg[1], &ms))
		tc.grace_ms = ms;
	if (a->time_arg[2] && bones_clock_parse_duration(a->time_arg[2], &ms) && ms > 0)
		tc.per_game_ms = ms;
	if (a->time_arg[3] && bones_clock_parse_duration(a->time_arg[3], &ms))
		tc.increment_ms = ms;
	return tc;
}

bool gui_start_launch(gui_app *a, int idx)
{
	if (idx < 0 || idx >= a->start.entry_count)
		return false;
	gui_entry *e = &a->start.entries[idx];
	bones_options opts;
	char err[512];
	if (gui_start_entry_options(e, &opts, err, sizeof err) != BONES_OK) {
		gui_toast(a, "%s", err);
		return false;
	}
	bones_table_setup setup;
	memset(&setup, 0, sizeof setup);
	setup.plugin = e->plugin;
	setup.options = &opts;
	setup.seed = a->seed ? a->seed++ : (uint64_t)time(NULL) ^ SDL_GetPerformanceCounter();
	memcpy(setup.seats, e->seats, sizeof setup.seats);
	setup.time = entry_time(a, e);
	setup.match_games = e->match_games;
	setup.match_target = e->match_target;
	gui_game g;
	bones_status st = gui_game_start(&g, &setup, err, sizeof err);
	bones_options_release(&opts);
	if (st != BONES_OK) {
		gui_toast(a, "%s", err);
		fprintf(stderr, "bones-gui: %s\n", err);
		return false;
	}
	snprintf(g.label, sizeof g.label, "%.111s", e->label);
	gui_game_refresh(&g);
	gui_game_switch(a, &g);
	a->screen = SCREEN_PLAY;
	printf("started %s (seed %llu)\n", e->label,
	       (unsigned long long)bones_session_seed(a->game.s));
	fflush(stdout);
	return true;
}
