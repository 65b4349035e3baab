/* The start screen: the games with their presets and variants nested (start_entries.c),
 * a filter typed on the keyboard, a scrollbar; for the selected entry its rules in brief,
 * a preview of its opening position drawn by the plugin, the number of players and the
 * seats (a human or an agent each); Start, Resume, Quit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "bones/i18n.h"

#include "app.h"

#define WHITE BONES_RGBA(240, 242, 246, 255)
#define GREY BONES_RGBA(160, 168, 180, 255)

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

/* ---- the list: game headings and the entries under the filter ---------------------- */

typedef struct list_row {
	int entry;    /* index into a->start.entries */
	bool heading; /* the game's heading row above its first entry */
} list_row;

static bool contains(const char *text, const char *needle)
{
	size_t n = strlen(needle);
	for (; *text; text++)
		if (!strncasecmp(text, needle, n))
			return true;
	return n == 0;
}

/* The game's name as the screen shows it. */
static const char *game_name(const bones_plugin *pl)
{
	return bones_plugin_text(pl, pl->name);
}

/* What the screen shows of the entry (the label and description, in the player's
 * language), and the game's name and summary in English too. Case is ignored for
 * ASCII letters only. */
static bool shown(const gui_app *a, const gui_entry *e)
{
	const char *f = a->start.filter;
	const bones_plugin *pl = e->plugin;
	return contains(e->label, f) || contains(game_name(pl), f) || contains(pl->name, f) ||
	       contains(e->detail, f) || contains(e->preset, f) ||
	       contains(bones_plugin_text(pl, pl->summary), f) || contains(pl->summary, f);
}

/* The rows under the filter; the count. rows may be NULL to count only. */
static int list_rows(const gui_app *a, list_row *rows, int cap)
{
	int n = 0;
	const bones_plugin *group = NULL;
	for (int i = 0; i < a->start.entry_count; i++) {
		if (!shown(a, &a->start.entries[i]))
			continue;
		if (a->start.entries[i].plugin != group) {
			group = a->start.entries[i].plugin;
			if (rows && n < cap)
				rows[n] = (list_row){i, true};
			n++;
		}
		if (rows && n < cap)
			rows[n] = (list_row){i, false};
		n++;
	}
	return n;
}

int gui_start_row_of(const gui_app *a, int idx)
{
	list_row rows[2 * GUI_MAX_ENTRIES];
	int n = list_rows(a, rows, 2 * GUI_MAX_ENTRIES);
	for (int r = 0; r < n; r++)
		if (!rows[r].heading && rows[r].entry == idx)
			return r;
	return -1;
}

/* Whether the selection is on an entry the list shows: what Start and Return start. */
static bool selection_shown(const gui_app *a)
{
	return a->start.entry_sel >= 0 && a->start.entry_sel < a->start.entry_count &&
	       shown(a, &a->start.entries[a->start.entry_sel]);
}

/* Keep the selection on a shown entry (the first one when it was filtered out; where
 * none is shown it stays, hidden, until the filter shows it again). */
static void select_shown(gui_app *a)
{
	if (selection_shown(a))
		return;
	for (int i = 0; i < a->start.entry_count; i++)
		if (shown(a, &a->start.entries[i])) {
			a->start.entry_sel = i;
			return;
		}
}

/* The filter changed: the selection goes to the first entry whose name or game's name
 * holds it (else the first shown), so that Return starts the entry the text names. */
static void select_first(gui_app *a)
{
	const char *f = a->start.filter;
	for (int i = 0; f[0] && i < a->start.entry_count; i++) {
		const gui_entry *e = &a->start.entries[i];
		if (contains(e->label, f) || contains(game_name(e->plugin), f) ||
		    contains(e->plugin->name, f)) {
			a->start.entry_sel = i;
			return;
		}
	}
	int before = a->start.entry_sel;
	a->start.entry_sel = -1;
	select_shown(a);
	if (a->start.entry_sel < 0) /* none shown: kept hidden for when the filter shows it */
		a->start.entry_sel = before;
}

/* Move the selection by dir (-1, 0 or 1) shown entries, headings skipped; scroll it
 * into view. */
static void step_selection(gui_app *a, int dir)
{
	for (int i = a->start.entry_sel + dir; dir && i >= 0 && i < a->start.entry_count; i += dir)
		if (shown(a, &a->start.entries[i])) {
			a->start.entry_sel = i;
			break;
		}
	int r = gui_start_row_of(a, a->start.entry_sel);
	if (r >= 0 && r - 1 < a->start.entry_scroll) /* its heading too, when first */
		a->start.entry_scroll = r - 1;
	if (r >= 0 && a->start.entry_rows > 0 && r >= a->start.entry_scroll + a->start.entry_rows)
		a->start.entry_scroll = r - a->start.entry_rows + 1;
}

static void clamp_scroll(gui_app *a, int total)
{
	if (a->start.entry_scroll > total - a->start.entry_rows)
		a->start.entry_scroll = total - a->start.entry_rows;
	if (a->start.entry_scroll < 0)
		a->start.entry_scroll = 0;
}

static void filter_changed(gui_app *a)
{
	a->start.entry_scroll = 0;
	select_first(a);
	step_selection(a, 0);
}

/* Whatever was typed before a game was played is gone when the menu comes back. */
static void start_afresh(gui_app *a)
{
	a->start.left = false;
	gui_start_find_saved(a);
	if (a->start.filter[0]) {
		a->start.filter[0] = '\0';
		filter_changed(a);
	}
}

/* ---- drawing ---------------------------------------------------------------------- */

static void filter_draw(gui_app *a, SDL_FRect r, float u)
{
	gui_fill_rect(&a->draw, r, BONES_RGBA(22, 25, 31, 255));
	gui_stroke_rect(&a->draw, r, a->start.filter[0] ? BONES_RGBA(255, 200, 60, 255)
						  : BONES_RGBA(90, 100, 116, 255), 1);
	char line[160];
	if (a->start.filter[0])
		snprintf(line, sizeof line, _("filter: %s_"), a->start.filter);
	gui_text_fit(&a->draw, r.x + u / 2, r.y + r.h / 2, 0.95f * u, r.w - u,
		     a->start.filter[0] ? WHITE : GREY, BONES_ALIGN_LEFT,
		     a->start.filter[0] ? line : _("type to filter the games (Esc clears)"));
}

static void scrollbar_draw(gui_app *a, SDL_FRect track, int total)
{
	if (total <= a->start.entry_rows)
		return;
	gui_fill_rect(&a->draw, track, BONES_RGBA(40, 45, 54, 255));
	float h = track.h * (float)a->start.entry_rows / (float)total;
	float y = track.y + track.h * (float)a->start.entry_scroll / (float)total;
	gui_fill_rect(&a->draw, (SDL_FRect){track.x + 1, y, track.w - 2, h},
		      a->start.scroll_drag ? BONES_RGBA(150, 160, 176, 255) : BONES_RGBA(110, 120, 136, 255));
	gui_button_add(a, track, BTN_SCROLLBAR, 0);
}

static void list_draw(gui_app *a, SDL_FRect area, float u)
{
	list_row rows[2 * GUI_MAX_ENTRIES];
	int total = list_rows(a, rows, 2 * GUI_MAX_ENTRIES);
	float row = 2.0f * u, bar = 0.8f * u;
	a->start.entry_rows = (int)(area.h / row);
	if (a->start.entry_scroll < 0) { /* the first draw: the top, or the selection near it */
		int r = gui_start_row_of(a, a->start.entry_sel);
		a->start.entry_scroll = r < a->start.entry_rows ? 0 : r - 1;
	}
	clamp_scroll(a, total);
	if (total == 0)
		gui_text_fit(&a->draw, area.x + u / 2, area.y + u, u, area.w - u, GREY,
			     BONES_ALIGN_LEFT, _("no game matches the filter"));
	for (int k = a->start.entry_scroll; k < total && k < a->start.entry_scroll + a->start.entry_rows; k++) {
		const gui_entry *e = &a->start.entries[rows[k].entry];
		SDL_FRect r = {area.x, area.y + (float)(k - a->start.entry_scroll) * row,
			       area.w - bar - u / 2, row - 3};
		if (rows[k].heading) {
			gui_text_fit(&a->draw, r.x + u / 4, r.y + r.h * 0.6f, 1.15f * u, r.w - u / 2,
				     BONES_RGBA(255, 210, 110, 255), BONES_ALIGN_LEFT,
				     game_name(e->plugin));
			continue;
		}
		gui_button_draw(a, (SDL_FRect){r.x + 1.2f * u, r.y, r.w - 1.2f * u, r.h}, BTN_ENTRY,
				rows[k].entry, "", rows[k].entry == a->start.entry_sel);
		char label[320];
		/* TRANSLATORS: a tag after the name of a start-screen entry with a clock on
		 * every move, in parentheses; not shown when the name says it already */
		const char *timed_tag = _("timed");
		/* TRANSLATORS: a tag after the name of a start-screen entry that plays a match
		 * of several games, in parentheses; not shown when the name says it already */
		const char *match_tag = _("match");
		bool timed = e->time.per_move_ms > 0 && !contains(e->label, "timed") &&
			     !contains(e->label, timed_tag);
		bool match = e->match_games > 0 && !contains(e->label, "match") &&
			     !contains(e->label, match_tag);
		snprintf(label, sizeof label, "%s", e->label);
		if (timed)
			snprintf(label + strlen(label), sizeof label - strlen(label), "   (%s)", timed_tag);
		if (match)
			snprintf(label + strlen(label), sizeof label - strlen(label), "   (%s)", match_tag);
		gui_text_fit(&a->draw, r.x + 1.8f * u, r.y + r.h / 2, 0.95f * u, r.w - 2.2f * u,
			     WHITE, BONES_ALIGN_LEFT, label);
	}
	scrollbar_draw(a, (SDL_FRect){area.x + area.w - bar, area.y, bar,
				      (float)a->start.entry_rows * row}, total);
}

/* The selected entry's opening position as a game (chance resolved), made once. */
static gui_game *preview_game(gui_app *a)
{
	if (a->start.has_preview && a->start.preview_entry == a->start.entry_sel)
		return &a->start.preview;
	gui_start_release(a);
	gui_entry *e = &a->start.entries[a->start.entry_sel];
	bones_options opts;
	char err[256];
	if (gui_start_entry_options(e, &opts, err, sizeof err) != BONES_OK)
		return NULL;
	bones_table_setup setup; /* every seat human (no agents made), seed 1 */
	memset(&setup, 0, sizeof setup);
	setup.plugin = e->plugin;
	setup.options = &opts;
	setup.seed = 1;
	bones_status st = gui_game_start(&a->start.preview, &setup, err, sizeof err);
	bones_options_release(&opts);
	if (st != BONES_OK)
		return NULL;
	a->start.has_preview = true;
	a->start.preview_entry = a->start.entry_sel;
	return &a->start.preview;
}

void gui_start_release(gui_app *a)
{
	if (a->start.has_preview)
		gui_game_release(&a->start.preview);
	a->start.has_preview = false;
	a->start.preview_entry = -1;
}

static void preview_draw(gui_app *a, SDL_FRect box)
{
	gui_game *g = preview_game(a);
	if (!g || box.w < 20 || box.h < 20)
		return;
	const void *game = gui_game_drawn(g), *state = bones_session_state(g->s);
	float b[4];
	g->render->board_bounds(game, state, b);
	float bw = b[2] - b[0], bh = b[3] - b[1];
	if (bw <= 0 || bh <= 0)
		return;
	gui_fill_rect(&a->draw, box, BONES_RGBA(228, 222, 206, 255));
	float pad = 0.04f * (box.w < box.h ? box.w : box.h);
	float sx = (box.w - 2 * pad) / bw, sy = (box.h - 2 * pad) / bh, sc = sx < sy ? sx : sy;
	gui_clip(&a->draw, box);
	a->draw.view = (gui_view){sc, box.x + box.w / 2 - (b[0] + bw / 2) * sc,
				  box.y + box.h / 2 - (b[1] + bh / 2) * sc};
	g->render->draw_board(game, state, -1, &a->draw.canvas);
	gui_unclip(&a->draw);
}

void gui_rules_facts(const bones_plugin *pl, bool timed, bool match, char *line, size_t cap)
{
	char players[64];
	line[0] = '\0';
	if (pl->min_players == pl->max_players)
		snprintf(players, sizeof players, P_("%d player", "%d players", pl->min_players),
			 pl->min_players);
	else /* TRANSLATORS: the range of players a game allows: "2-4 players" */
		snprintf(players, sizeof players, _("%d-%d players"), pl->min_players,
			 pl->max_players);
	const char *facts[] = {
		players,
		pl->flags & BONES_LOW_SCORE_WINS ? _("the lowest score wins") : _("the highest score wins"),
		pl->flags & BONES_HAS_CHANCE ? _("chance") : NULL,
		pl->flags & BONES_HIDDEN_INFO ? _("hidden pieces") : NULL,
		timed ? _("a clock on every human move") : NULL,
		match ? _("a match") : NULL,
	};
	for (size_t i = 0; i < sizeof facts / sizeof *facts; i++)
		if (facts[i])
			snprintf(line + strlen(line), cap - strlen(line), "%s%s",
				 line[0] ? "; " : "", facts[i]);
}

/* The rules in brief: the game's summary, the entry's, and how it is won. */
static float rules_draw(gui_app *a, const gui_entry *e, SDL_FRect r, float y, float u)
{
	const bones_plugin *pl = e->plugin;
	const char *summary = bones_plugin_text(pl, pl->summary);
	char line[400];
	gui_text_fit(&a->draw, r.x, y, 0.95f * u, r.w, GREY, BONES_ALIGN_LEFT, summary);
	y += 1.4f * u;
	if (strcmp(e->detail, summary)) {
		gui_text_fit(&a->draw, r.x, y, 0.95f * u, r.w, WHITE, BONES_ALIGN_LEFT, e->detail);
		y += 1.4f * u;
	}
	gui_rules_facts(pl, e->time.per_move_ms > 0, e->match_games > 0, line, sizeof line);
	gui_text_fit(&a->draw, r.x, y, 0.85f * u, r.w, GREY, BONES_ALIGN_LEFT, line);
	return y + 1.2f * u;
}

static void buttons_draw(gui_app *a, SDL_FRect r, float y, bool start);

static void details_draw(gui_app *a, SDL_FRect r, float u)
{
	gui_entry *e = &a->start.entries[a->start.entry_sel];
	char line[400];
	snprintf(line, sizeof line, "%s: %s", game_name(e->plugin), e->label);
	gui_text_fit(&a->draw, r.x, r.y + u, 1.4f * u, r.w, WHITE, BONES_ALIGN_LEFT, line);
	float y = rules_draw(a, e, r, r.y + 2.8f * u, u);
	int players = e->players < GUI_MAX_SEATS ? e->players : GUI_MAX_SEATS;
	float below = (4.5f + 2.5f * (float)players + 4.5f) * u; /* players, seats, buttons */
	float ph = r.y + r.h - y - below;
	if (ph > 3 * u) {
		preview_draw(a, (SDL_FRect){r.x, y, r.w < ph * 1.6f ? r.w : ph * 1.6f, ph});
		y += ph + 0.6f * u;
	}
	y += 1.2f * u;
	snprintf(line, sizeof line, _("Players: %d"), e->players);
	float pw = gui_text_px(&a->draw, r.x, y, 1.1f * u, WHITE, BONES_ALIGN_LEFT, line);
	if (bones_options_find(e->plugin, "players") >= 0) {
		float bx = pw + u > 8 * u ? r.x + pw + u : r.x + 8 * u;
		gui_button_draw(a, (SDL_FRect){bx, y - u, 2 * u, 2 * u}, BTN_PLAYERS_DOWN, 0, "-", false);
		gui_button_draw(a, (SDL_FRect){bx + 2.5f * u, y - u, 2 * u, 2 * u}, BTN_PLAYERS_UP, 0, "+", false);
	}
	y += 2.5f * u;
	for (int i = 0; i < players; i++, y += 2.5f * u) {
		const gui_seat *seat = &e->seats[i];
		if (seat->name[0])
			snprintf(line, sizeof line, _("Seat %d: %s"), i + 1, seat->name);
		else
			snprintf(line, sizeof line, _("Seat %d"), i + 1);
		gui_circle_px(&a->draw, r.x + 0.4f * u, y, 0.38f * u, bones_player_color(i),
			      BONES_RGBA(240, 240, 240, 200), 1);
		gui_text_fit(&a->draw, r.x + 1.2f * u, y, u, 10.5f * u, WHITE, BONES_ALIGN_LEFT, line);
		bool human = !strcmp(seat->agent, "human");
		/* TRANSLATORS: a seat's button on the start screen: a person plays it (else the
		 * button shows the agent's name) */
		const char *who = human ? _("human") : seat->agent;
		gui_button_draw(a, (SDL_FRect){r.x + 12 * u, y - u, r.w > 26 * u ? 14 * u : r.w - 12 * u,
					       2 * u}, BTN_SEAT, i, who, human);
	}
	gui_text_fit(&a->draw, r.x, y, 0.85f * u, r.w, GREY, BONES_ALIGN_LEFT,
		     _("click a seat to switch between human and the agents"));
	buttons_draw(a, r, y + 1.5f * u, true);
}

/* Start (when an entry is shown to start), Resume game, Resume saved game and Quit:
 * each as wide as its label needs, at least 6u. */
static void buttons_draw(gui_app *a, SDL_FRect r, float y, bool start)
{
	float u = a->layout.u;
	const char *labels[4] = {start ? _("Start") : NULL, a->has_game ? _("Resume game") : NULL,
				 /* TRANSLATORS: on the start screen: play on the newest
				  * unfinished game of the records folder */
				 a->start.saved[0] ? _("Resume saved game") : NULL, _("Quit")};
	int ids[4] = {BTN_START, BTN_RESUME, BTN_SAVED, BTN_QUIT};
	float widths[4] = {0}, total = 0, x = r.x;
	for (int i = 0; i < 4; i++) {
		if (!labels[i])
			continue;
		float w = gui_text_width(&a->draw, u, labels[i]) + 2 * u, least = (i == 3 ? 6 : 10) * u;
		widths[i] = w > least ? w : least;
		total += widths[i] + u;
	}
	float squeeze = total - u > r.w && total > u ? r.w / (total - u) : 1; /* a narrow window */
	for (int i = 0; i < 4; i++) {
		if (!labels[i])
			continue;
		float w = widths[i] * squeeze;
		gui_button_draw(a, (SDL_FRect){x, y, w, 2.4f * u}, ids[i], 0, labels[i], i == 0);
		x += w + u * squeeze;
	}
}

void gui_start_draw(gui_app *a)
{
	gui_layout_compute(&a->layout, a->w, a->h, 1, 3);
	float u = a->layout.u, W = (float)a->w, H = (float)a->h;
	a->button_count = 0;
	gui_fill_rect(&a->draw, (SDL_FRect){0, 0, W, H}, BONES_RGBA(30, 34, 42, 255));
	gui_text_px(&a->draw, u, 1.6f * u, 2 * u, WHITE, BONES_ALIGN_LEFT, "Bones");
	float tx = u + gui_text_width(&a->draw, 2 * u, "Bones") + u;
	gui_text_fit(&a->draw, tx, 1.7f * u, u, W - tx - u, GREY, BONES_ALIGN_LEFT,
		     _("choose a game, set the seats, start   (F1: keys)"));
	if (a->start.entry_count == 0) {
		gui_text_fit(&a->draw, u, 5 * u, u, W - 2 * u, WHITE, BONES_ALIGN_LEFT,
			     _("no game plugins found: build the plugins or set BONES_PLUGIN_PATH"));
		return;
	}
	if (a->start.left)
		start_afresh(a);
	select_shown(a);
	float lw = W * 0.4f, top = 3.4f * u;
	SDL_FRect details = {lw + 2 * u, top, W - lw - 3 * u, H - top - u};
	filter_draw(a, (SDL_FRect){u, top, lw - u, 2.0f * u}, u);
	list_draw(a, (SDL_FRect){u, top + 2.6f * u, lw - u, H - top - 3.2f * u}, u);
	if (selection_shown(a))
		details_draw(a, details, u);
	else /* nothing matches the filter: nothing to start */
		buttons_draw(a, details, details.y + u, false);
}

/* ---- input ------------------------------------------------------------------------ */

static void scroll_to(gui_app *a, float y)
{
	int total = list_rows(a, NULL, 0);
	for (int i = 0; i < a->button_count; i++)
		if (a->buttons[i].id == BTN_SCROLLBAR) {
			const SDL_FRect *t = &a->buttons[i].r;
			float f = (y - t->y) / t->h; /* the thumb's centre follows the pointer */
			a->start.entry_scroll = (int)(f * (float)total - (float)a->start.entry_rows / 2 + 0.5f);
		}
	clamp_scroll(a, total);
}

static void press(gui_app *a, int id, int arg)
{
	gui_entry *e = &a->start.entries[a->start.entry_sel];
	switch (id) {
	case BTN_ENTRY: a->start.entry_sel = arg; break;
	case BTN_SEAT: cycle_seat(&e->seats[arg]); break;
	case BTN_PLAYERS_DOWN: e->players = e->players > e->plugin->min_players ? e->players - 1 : e->players; break;
	case BTN_PLAYERS_UP: e->players = e->players < e->plugin->max_players && e->players < GUI_MAX_SEATS ? e->players + 1 : e->players; break;
	case BTN_START:
		if (selection_shown(a))
			gui_start_launch(a, a->start.entry_sel);
		break;
	case BTN_RESUME: a->screen = SCREEN_PLAY; break;
	case BTN_SAVED: /* in the replay viewer at its end: Enter plays on */
		if (a->start.saved[0])
			gui_open_record(a, a->start.saved);
		break;
	case BTN_QUIT: a->quit = true; break;
	default: break;
	}
	if (id == BTN_PLAYERS_DOWN || id == BTN_PLAYERS_UP)
		gui_start_release(a); /* the preview is redrawn for the new count */
}

static void text_typed(gui_app *a, const char *text)
{
	size_t n = strlen(a->start.filter);
	if (n + strlen(text) < sizeof a->start.filter) {
		memcpy(a->start.filter + n, text, strlen(text) + 1);
		filter_changed(a);
	}
}

static void key_down(gui_app *a, SDL_Keycode c)
{
	size_t n = strlen(a->start.filter);
	if (c == SDLK_DOWN || c == SDLK_UP)
		step_selection(a, c == SDLK_DOWN ? 1 : -1);
	else if (c == SDLK_PAGEDOWN || c == SDLK_PAGEUP)
		for (int i = 0; i < (a->start.entry_rows > 2 ? a->start.entry_rows - 2 : 1); i++)
			step_selection(a, c == SDLK_PAGEDOWN ? 1 : -1);
	else if (c == SDLK_BACKSPACE && n > 0) {
		while (n > 0 && (a->start.filter[n - 1] & 0xC0) == 0x80) /* a whole UTF-8 character */
			n--;
		a->start.filter[n > 0 ? n - 1 : 0] = '\0';
		filter_changed(a);
	} else if ((c == SDLK_RETURN || c == SDLK_KP_ENTER) && selection_shown(a))
		gui_start_launch(a, a->start.entry_sel);
	else if (c == SDLK_ESCAPE && n > 0) {
		a->start.filter[0] = '\0';
		filter_changed(a);
	} else if (c == SDLK_ESCAPE && a->has_game)
		a->screen = SCREEN_PLAY;
}

void gui_start_event(gui_app *a, const SDL_Event *ev)
{
	if (ev->type == SDL_MOUSEMOTION) {
		a->view.mx = (float)ev->motion.x * a->dpi, a->view.my = (float)ev->motion.y * a->dpi;
		if (a->start.scroll_drag)
			scroll_to(a, a->view.my);
	} else if (ev->type == SDL_MOUSEBUTTONDOWN && ev->button.button == SDL_BUTTON_LEFT) {
		a->view.mx = (float)ev->button.x * a->dpi, a->view.my = (float)ev->button.y * a->dpi;
		if (gui_button_at(a, a->view.mx, a->view.my, NULL) == BTN_SCROLLBAR) {
			a->start.scroll_drag = true;
			scroll_to(a, a->view.my);
		}
	} else if (ev->type == SDL_MOUSEBUTTONUP && ev->button.button == SDL_BUTTON_LEFT) {
		int arg = 0, id;
		a->view.mx = (float)ev->button.x * a->dpi, a->view.my = (float)ev->button.y * a->dpi;
		id = gui_button_at(a, a->view.mx, a->view.my, &arg);
		if (a->start.scroll_drag)
			a->start.scroll_drag = false;
		else if (a->start.entry_count > 0 && id != BTN_NONE)
			press(a, id, arg);
		else if (id == BTN_QUIT)
			a->quit = true;
	} else if (ev->type == SDL_MOUSEWHEEL) {
		a->start.entry_scroll -= 3 * ev->wheel.y;
		clamp_scroll(a, list_rows(a, NULL, 0));
	} else if (ev->type == SDL_TEXTINPUT && a->start.entry_count > 0) {
		text_typed(a, ev->text.text);
	} else if (ev->type == SDL_KEYDOWN && a->start.entry_count > 0) {
		key_down(a, ev->key.keysym.sym);
	} else if (ev->type == SDL_DROPFILE) {
		gui_open_record(a, ev->drop.file);
		SDL_free(ev->drop.file);
	}
}
