/* --script FILE: drive the GUI with synthesised input (SDL_PushEvent), one command per
 * frame, for tests and screenshots. Commands are documented in docs/gui.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "bones/file.h"

#define SCRIPT_MAX_LINES 512
#define SCRIPT_TIMEOUT_MS 30000

/* The steps of one move of play-by-clicks, one per frame. */
enum { AUTO_CHOOSE, AUTO_SELECT, AUTO_HOVER, AUTO_TURN, AUTO_CLICK, AUTO_BUTTON, AUTO_VERIFY };

typedef struct auto_play {
	bool on;
	long left;          /* human moves still to play, < 0: to the game's end */
	int step, turns;
	int index;          /* the chosen move's index into game.moves */
	bones_move move;
	size_t before;      /* the history's length when it was chosen */
	float x, y;         /* its spot on screen */
	uint64_t rng, played;
} auto_play;

struct gui_script {
	char path[512];
	char lines[SCRIPT_MAX_LINES][256];
	int count, next;
	Uint32 wait_until;  /* for wait MS */
	Uint32 started;     /* when the current wait-turn began, 0 = not waiting */
	int scrolled;       /* frames spent scrolling a start-screen entry into view */
	auto_play autoplay; /* play-by-clicks */
	char seats[GUI_MAX_SEATS][64]; /* `seats`: for the next `start`, "" = as the entry */
};

gui_script *gui_script_load(const char *path, char *err, size_t errcap)
{
	bones_status st;
	FILE *f = bones_file_open(path, BONES_FILE_MAX_BYTES, &st, err, errcap);
	if (!f)
		return NULL;
	gui_script *s = calloc(1, sizeof *s);
	if (!s) {
		fclose(f);
		snprintf(err, errcap, "out of memory");
		return NULL;
	}
	snprintf(s->path, sizeof s->path, "%s", path);
	while (s->count < SCRIPT_MAX_LINES && fgets(s->lines[s->count], sizeof s->lines[0], f)) {
		char *line = s->lines[s->count];
		line[strcspn(line, "#\r\n")] = '\0';
		s->count++;
	}
	fclose(f);
	return s;
}

void gui_script_destroy(gui_script *s)
{
	free(s);
}

static void push_mouse(gui_app *a, Uint32 type, float x, float y)
{
	SDL_Event ev;
	memset(&ev, 0, sizeof ev);
	ev.type = type;
	int wx = (int)(x / a->dpi), wy = (int)(y / a->dpi);
	Uint32 id = a->win ? SDL_GetWindowID(a->win) : 0;
	if (type == SDL_MOUSEMOTION) {
		ev.motion.windowID = id;
		ev.motion.x = wx, ev.motion.y = wy;
	} else {
		ev.button.windowID = id;
		ev.button.button = SDL_BUTTON_LEFT;
		ev.button.state = type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
		ev.button.clicks = 1;
		ev.button.x = wx, ev.button.y = wy;
	}
	SDL_PushEvent(&ev);
}

static void click_at(gui_app *a, float x, float y)
{
	push_mouse(a, SDL_MOUSEMOTION, x, y);
	push_mouse(a, SDL_MOUSEBUTTONDOWN, x, y);
	push_mouse(a, SDL_MOUSEBUTTONUP, x, y);
}

static bool settled(const gui_app *a)
{
	if (!a->has_game || a->screen != SCREEN_PLAY || gui_worker_busy(&a->worker))
		return false;
	int who = gui_game_to_move(&a->game);
	return who == BONES_TERMINAL || (who >= 0 && gui_game_human(&a->game, who));
}

static bool fail(gui_app *a, gui_script *s, const char *what)
{
	fprintf(stderr, "bones-gui: %s:%d: %s\n", s->path, s->next, what);
	a->exit_code = 1;
	a->quit = true;
	return false;
}

static bool key(const char *name)
{
	SDL_Keycode k = SDL_GetKeyFromName(name);
	if (k == SDLK_UNKNOWN)
		return false;
	SDL_Event ev;
	memset(&ev, 0, sizeof ev);
	ev.type = SDL_KEYDOWN;
	ev.key.state = SDL_PRESSED;
	ev.key.keysym.sym = k;
	ev.key.keysym.scancode = SDL_GetScancodeFromKey(k);
	SDL_PushEvent(&ev);
	ev.type = SDL_KEYUP;
	ev.key.state = SDL_RELEASED;
	SDL_PushEvent(&ev);
	return true;
}

static const struct {
	const char *name;
	int id;
} button_names[] = {
	{"undo", BTN_UNDO}, {"redo", BTN_REDO}, {"save", BTN_SAVE}, {"menu", BTN_MENU}, {"help", BTN_HELP},
	{"fit", BTN_FIT}, {"replay", BTN_REPLAY}, {"first", BTN_REPLAY_FIRST},
	{"back", BTN_REPLAY_BACK}, {"next", BTN_REPLAY_NEXT}, {"last", BTN_REPLAY_LAST},
	{"play", BTN_REPLAY_PLAY}, {"start", BTN_START}, {"resume", BTN_RESUME},
	{"quit", BTN_QUIT}, {"pass", BTN_OFFBOARD}, {"players+", BTN_PLAYERS_UP},
	{"players-", BTN_PLAYERS_DOWN}, {"seat", BTN_SEAT}, {"next-game", BTN_NEXT_GAME},
	{"hint", BTN_HINT}, {"resume-saved", BTN_SAVED}, {"close-sheet", BTN_SHEET},
};

static int button_id(const char *name)
{
	for (size_t i = 0; i < sizeof button_names / sizeof *button_names; i++)
		if (!strcmp(button_names[i].name, name))
			return button_names[i].id;
	return -1;
}

/* Run one command; false when the script failed (a->quit is then set). */
static bool input_fail(gui_app *a, gui_script *s, bool *ok, const char *what)
{
	*ok = fail(a, s, what);
	return true;
}

/* Commands that synthesise input. False when cmd is not one; *ok says if it worked. */
static bool run_input(gui_app *a, gui_script *s, const char *cmd, const char *arg, bool *ok)
{
	float x = 0, y = 0;
	*ok = true;
	if (!strcmp(cmd, "click") && sscanf(arg, "%f %f", &x, &y) == 2) {
		click_at(a, x * a->dpi, y * a->dpi);
	} else if (!strcmp(cmd, "click-hand")) {
		if (!gui_play_hand_pos(a, atoi(arg), &x, &y))
			return input_fail(a, s, ok, "no such piece in the hand of the player to move");
		click_at(a, x, y);
	} else if (!strcmp(cmd, "click-target") || !strcmp(cmd, "hover-target")) {
		if (!gui_play_target_pos(a, atoi(arg), &x, &y))
			return input_fail(a, s, ok, "no such target for the selected piece");
		if (cmd[0] == 'c')
			click_at(a, x, y);
		else
			push_mouse(a, SDL_MOUSEMOTION, x, y);
	} else if (!strcmp(cmd, "click-button") || !strcmp(cmd, "click-entry")) {
		int id = cmd[6] == 'e' ? BTN_ENTRY : button_id(arg);
		int want = id == BTN_ENTRY ? gui_start_find(a, arg) : 0;
		if (want < 0)
			return input_fail(a, s, ok, "no such game or preset");
		int row = id == BTN_ENTRY ? gui_start_row_of(a, want) : 0;
		if (row < 0)
			return input_fail(a, s, ok, "that entry is filtered out");
		if (id == BTN_ENTRY && (row < a->start.entry_scroll ||
					row >= a->start.entry_scroll + a->start.entry_rows) && s->scrolled++ < 3) {
			a->start.entry_scroll = row; /* scroll it into view, click next frame */
			s->next--;
			return true;
		}
		s->scrolled = 0;
		for (int i = 0; i < a->button_count; i++)
			if (a->buttons[i].id == id && (id != BTN_ENTRY || a->buttons[i].arg == want)) {
				click_at(a, a->buttons[i].r.x + a->buttons[i].r.w / 2,
					 a->buttons[i].r.y + a->buttons[i].r.h / 2);
				return true;
			}
		return input_fail(a, s, ok, "no such button on screen");
	} else if (!strcmp(cmd, "click-hint")) {
		if (!gui_play_hint_pos(a, &x, &y))
			return input_fail(a, s, ok, "no hint is shown");
		click_at(a, x, y);
	} else if (!strcmp(cmd, "type")) {
		SDL_Event ev;
		memset(&ev, 0, sizeof ev);
		ev.type = SDL_TEXTINPUT;
		snprintf(ev.text.text, sizeof ev.text.text, "%s", arg);
		SDL_PushEvent(&ev);
	} else if (!strcmp(cmd, "key")) {
		if (!key(arg))
			return input_fail(a, s, ok, "unknown key name");
	} else {
		return false;
	}
	return true;
}

/* expect-clock off|running|grace|overtime, expect-penalty SEAT POINTS, expect-forfeit
 * SEAT, expect-match GAMES_PLAYED. False when cmd is not one; *ok says if it held. */
static bool run_expect_time(gui_app *a, const char *cmd, const char *arg, bool *ok)
{
	static const char *const phases[] = {"off", "running", "grace", "forfeit", "overtime"};
	int seat = 0;
	double points = 0;
	*ok = a->has_game;
	if (!strcmp(cmd, "expect-clock")) {
		int ph = *ok ? (int)bones_table_clock_phase(a->game.table) : 0;
		*ok = *ok && !strcmp(arg, phases[ph < 5 ? ph : 0]);
	} else if (!strcmp(cmd, "expect-penalty") && sscanf(arg, "%d %lf", &seat, &points) == 2) {
		*ok = *ok && bones_table_penalty(a->game.table, seat - 1) == points;
	} else if (!strcmp(cmd, "expect-forfeit")) {
		*ok = *ok && bones_table_forfeit(a->game.table) + 1 == atoi(arg);
	} else if (!strcmp(cmd, "expect-match")) {
		const bones_match *m = *ok ? bones_table_match(a->game.table) : NULL;
		*ok = m && m->played == atoi(arg);
	} else {
		return false;
	}
	return true;
}

/* A tooltip is shown, inside the window, and clear of the hovered move's spot. */
static bool tooltip_inside(const gui_app *a)
{
	SDL_FRect r = a->play.tip;
	if (r.w <= 0 || a->play.hover < 0 || r.x < 0 || r.y < 0 || r.x + r.w > (float)a->w ||
	    r.y + r.h > (float)a->h)
		return false;
	const bones_choice *c = gui_game_choice(&a->game, (size_t)a->play.hover);
	const gui_view *v = &a->view.board_view;
	float x = c->x * v->scale + v->ox, y = c->y * v->scale + v->oy;
	if (x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h)
		return false;
	/* nor on the ghost, unless no side of it has room (then beside it: it may not overlap) */
	SDL_FRect g = a->play.ghost;
	float eps = 0.5f;
	return r.x >= g.x + g.w - eps || r.x + r.w <= g.x + eps || r.y >= g.y + g.h - eps ||
	       r.y + r.h <= g.y + eps;
}

/* The whole board drawn now lies in the board area, under the status line and above
 * the game-over sheet: nothing of it is covered. */
static bool board_whole(const gui_app *a)
{
	const gui_game *g = &a->game;
	float box[4] = {0, 0, 1, 1};
	g->render->board_bounds(gui_game_drawn(g), bones_session_state(g->s), box);
	const gui_view *v = &a->view.board_view;
	SDL_FRect b = a->layout.board;
	float x0 = box[0] * v->scale + v->ox, y0 = box[1] * v->scale + v->oy;
	float x1 = box[2] * v->scale + v->ox, y1 = box[3] * v->scale + v->oy;
	float bottom = b.y + b.h - (a->layout.sheet_h > 0 ? a->layout.sheet_h : 0);
	return x0 >= b.x && x1 <= b.x + b.w && y0 >= b.y + 2.2f * a->layout.u && y1 <= bottom;
}

/* expect-last-marked [N], expect-tooltip-inside (on a frame drawn now) and close. False
 * when cmd is not one; *ok says if it held (else the script failed). */
static bool run_drawn(gui_app *a, gui_script *s, const char *cmd, const char *arg, bool *ok)
{
	*ok = true;
	if (!strcmp(cmd, "expect-last-marked")) {
		/* the board drawn now marks a last move (the plugin's, else the host's) */
		gui_frame(a);
		if (a->draw.last_marks < (*arg ? atoi(arg) : 1))
			*ok = fail(a, s, "the last moves are not marked");
	} else if (!strcmp(cmd, "expect-tooltip-inside")) {
		gui_frame(a);
		if (!tooltip_inside(a))
			*ok = fail(a, s, "the tooltip is not inside the window, off its spot");
	} else if (!strcmp(cmd, "expect-board-whole")) {
		gui_frame(a);
		if (!a->has_game || !board_whole(a))
			*ok = fail(a, s, "the board is not whole in view (the sheet or an edge covers it)");
	} else if (!strcmp(cmd, "print-refits")) {
		/* how often the growing board was fitted again in this game: "refits: N" */
		printf("refits: %d\n", a->view.refits);
		fflush(stdout);
	} else if (!strcmp(cmd, "close")) {
		/* the window closed by the player: an unfinished game is saved */
		SDL_Event ev;
		memset(&ev, 0, sizeof ev);
		ev.type = SDL_QUIT;
		SDL_PushEvent(&ev);
	} else {
		return false;
	}
	return true;
}

static uint64_t next_random(uint64_t *x)
{
	*x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
	return *x;
}

/* Choose the next human move at random and plan its clicks; false when done. */
static bool auto_choose(gui_app *a, auto_play *ap)
{
	gui_game *g = &a->game;
	ap->index = (int)(next_random(&ap->rng) % g->move_count);
	ap->move = gui_game_choice(g, (size_t)ap->index)->move;
	ap->before = bones_session_length(g->s);
	const bones_choice *p = gui_game_choice(g, ap->index);
	ap->x = p->x * a->view.board_view.scale + a->view.board_view.ox;
	ap->y = p->y * a->view.board_view.scale + a->view.board_view.oy;
	ap->turns = 0;
	/* every other move picks its hand piece first; the others click the spot alone */
	if (p->target < 0)
		ap->step = AUTO_BUTTON;
	else
		ap->step = p->piece >= 0 && ap->played % 2 ? AUTO_SELECT : AUTO_HOVER;
	return true;
}

/* One frame of play-by-clicks. False when the script failed; *done when finished. */
static bool auto_step(gui_app *a, gui_script *s, bool *done)
{
	auto_play *ap = &s->autoplay;
	gui_game *g = &a->game;
	float x, y;
	*done = false;
	switch (ap->step) {
	case AUTO_CHOOSE:
		if (a->has_game && a->screen == SCREEN_PLAY &&
		    (bones_table_over(g->table) || ap->left == 0)) {
			*done = true;
			return true;
		}
		if (!settled(a) || g->move_count == 0) {
			if (!s->started)
				s->started = SDL_GetTicks();
			if (SDL_TICKS_PASSED(SDL_GetTicks(), s->started + SCRIPT_TIMEOUT_MS))
				return fail(a, s, "play-by-clicks: timed out waiting for a human's turn");
			return true;
		}
		s->started = 0;
		return auto_choose(a, ap);
	case AUTO_SELECT:
		if (!gui_play_hand_pos(a, gui_game_choice(g, ap->index)->piece, &x, &y))
			return fail(a, s, "play-by-clicks: the move's piece is not in the hand");
		click_at(a, x, y);
		ap->step = AUTO_HOVER;
		return true;
	case AUTO_HOVER:
		push_mouse(a, SDL_MOUSEMOTION, ap->x, ap->y);
		ap->step = AUTO_TURN;
		return true;
	case AUTO_TURN: /* R until the ghost under the mouse is the chosen move */
		if (a->play.hover == ap->index) {
			ap->step = AUTO_CLICK;
			return true;
		}
		if (a->play.hover < 0 || ap->turns++ > gui_play_ways(a, a->play.hover))
			return fail(a, s, "play-by-clicks: no ghost of the chosen move at its spot");
		key("r");
		return true;
	case AUTO_CLICK:
		click_at(a, ap->x, ap->y);
		ap->step = AUTO_VERIFY;
		return true;
	case AUTO_BUTTON:
		for (int i = 0; i < a->button_count; i++)
			if (a->buttons[i].id == BTN_OFFBOARD && a->buttons[i].arg == ap->index) {
				click_at(a, a->buttons[i].r.x + a->buttons[i].r.w / 2,
					 a->buttons[i].r.y + a->buttons[i].r.h / 2);
				ap->step = AUTO_VERIFY;
				return true;
			}
		return fail(a, s, "play-by-clicks: the move has neither a spot nor a button");
	default: /* AUTO_VERIFY: the click played exactly the chosen move */
		if (bones_session_length(g->s) <= ap->before ||
		    bones_session_move_at(g->s, ap->before) != ap->move)
			return fail(a, s, "play-by-clicks: the click did not play the chosen move");
		ap->played++;
		ap->left -= ap->left > 0;
		ap->step = AUTO_CHOOSE;
		return true;
	}
}

static bool run(gui_app *a, gui_script *s, const char *line)
{
	char cmd[64] = "", arg[200] = "";
	float x = 0, y = 0;
	bool ok = true;
	int n = sscanf(line, "%63s %199[^\n]", cmd, arg);
	if (n < 1)
		return true;
	if (run_input(a, s, cmd, arg, &ok))
		return ok;
	if (run_expect_time(a, cmd, arg, &ok))
		return ok || fail(a, s, "the clock, penalties, forfeit or match differ");
	if (!strcmp(cmd, "play-by-clicks")) {
		if (!a->has_game)
			return fail(a, s, "play-by-clicks: no game is started");
		memset(&s->autoplay, 0, sizeof s->autoplay);
		s->autoplay.on = true;
		s->autoplay.left = arg[0] ? atol(arg) : -1;
		s->autoplay.rng = (a->seed ? a->seed : 1) * 0x9E3779B97F4A7C15ull | 1;
	} else if (!strcmp(cmd, "wait")) {
		/* with an injected clock (BONES_TEST_CLOCK) the game's time moves on at once */
		if (!bones_clock_advance_injected(atoi(arg)))
			s->wait_until = SDL_GetTicks() + (Uint32)atoi(arg);
	} else if (!strcmp(cmd, "seats")) {
		memset(s->seats, 0, sizeof s->seats);
		char *save = NULL;
		int k = 0;
		for (char *w = strtok_r(arg, " \t", &save); w && k < GUI_MAX_SEATS;
		     w = strtok_r(NULL, " \t", &save))
			snprintf(s->seats[k++], sizeof s->seats[0], "%s", w);
	} else if (!strcmp(cmd, "start")) {
		int idx = gui_start_find(a, arg);
		for (int k = 0; idx >= 0 && k < GUI_MAX_SEATS; k++)
			if (s->seats[k][0])
				snprintf(a->start.entries[idx].seats[k].agent,
					 sizeof a->start.entries[idx].seats[k].agent, "%s", s->seats[k]);
		if (!gui_start_launch(a, idx))
			return fail(a, s, "cannot start that game");
	} else if (!strcmp(cmd, "save")) {
		if (!a->has_game || !gui_save_record(a, arg))
			return fail(a, s, "cannot save the record");
	} else if (!strcmp(cmd, "open")) {
		if (!gui_open_record(a, arg))
			return fail(a, s, "cannot open the record");
	} else if (!strcmp(cmd, "screenshot")) {
		gui_frame(a);
		if (!gui_screenshot(a, arg))
			return fail(a, s, "cannot write the screenshot");
	} else if (!strcmp(cmd, "resize") && sscanf(arg, "%f %f", &x, &y) == 2) {
		if (a->win)
			SDL_SetWindowSize(a->win, (int)x, (int)y);
	} else if (!strcmp(cmd, "expect-replay")) {
		/* the replay viewer shows the position after N player moves */
		if (a->screen != SCREEN_REPLAY ||
		    bones_table_player_moves(a->game.table, a->replay.pos) != (size_t)atol(arg))
			return fail(a, s, "the replay viewer is not at that move");
	} else if (!strcmp(cmd, "expect-history")) {
		/* the game in the window has N player moves */
		if (!a->has_game ||
		    bones_table_player_moves(a->game.table, bones_session_length(a->game.s)) != (size_t)atol(arg))
			return fail(a, s, "the game does not have that many moves");
	} else if (!strcmp(cmd, "list-entries")) {
		/* the start screen's entries under the filter, one "entry: GAME / LABEL" each
		 * in the list's order, then "entries: N" */
		int shown = 0;
		for (int i = 0; i < a->start.entry_count; i++)
			if (gui_start_row_of(a, i) >= 0)
				printf("entry: %s / %s%s\n", a->start.entries[i].plugin->name,
				       a->start.entries[i].label, i == a->start.entry_sel ? " (selected)" : ""),
					shown++;
		printf("entries: %d\n", shown);
		fflush(stdout);
	} else if (!strcmp(cmd, "print-text")) {
		/* every text the window draws in this frame (labels, buttons, the status line,
		 * toasts, the help), one "text: TEXT" line each, then "texts: end" */
		a->draw.text_log = stdout;
		gui_frame(a);
		a->draw.text_log = NULL;
		printf("texts: end\n");
		fflush(stdout);
	} else if (run_drawn(a, s, cmd, arg, &ok)) {
		return ok;
	} else if (!strcmp(cmd, "quit")) {
		a->quit = true;
	} else {
		return fail(a, s, "unknown script command");
	}
	return true;
}

bool gui_script_step(gui_app *a, gui_script *s)
{
	Uint32 now = SDL_GetTicks();
	if (s->wait_until && !SDL_TICKS_PASSED(now, s->wait_until))
		return true;
	s->wait_until = 0;
	if (s->autoplay.on) {
		bool done;
		if (!auto_step(a, s, &done))
			return false;
		if (!done)
			return true;
		s->autoplay.on = false;
		printf("played %llu moves by clicks\n", (unsigned long long)s->autoplay.played);
		fflush(stdout);
	}
	while (s->next < s->count) {
		const char *line = s->lines[s->next];
		bool turn = !strncmp(line, "wait-turn", 9), hint = !strncmp(line, "expect-hint", 11);
		bool analysis = !strncmp(line, "wait-analysis", 13); /* its result printed */
		if (turn || hint || analysis) {
			if (!s->started)
				s->started = now;
			if (hint && !a->play.hint_thinking && gui_play_hint_index(a) < 0)
				return fail(a, s, "no hint is shown");
			bool running = analysis && gui_analysis_running(a);
			if (analysis && !running && !a->replay.analysis.ready)
				return fail(a, s, "no analysis is shown");
			if (turn ? !settled(a) : hint ? a->play.hint_thinking : running) {
				if (analysis) /* a long analysis is no time-out: the test's own limit */
					return true;
				if (SDL_TICKS_PASSED(now, s->started + SCRIPT_TIMEOUT_MS))
					return fail(a, s, turn ? "timed out waiting for a human's turn"
							       : "timed out waiting for the hint");
				return true;
			}
			s->started = 0;
			s->next++;
			continue;
		}
		s->next++;
		if (!run(a, s, line))
			return false;
		char cmd[16] = "";
		if (sscanf(line, "%15s", cmd) != 1)
			continue; /* a blank or comment line */
		return true; /* let pushed events and a frame happen first */
	}
	return false;
}
