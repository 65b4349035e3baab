/* The GUI application: window, screens (start, play, replay), layout, buttons, the
 * script runner and the off-screen PNG renderer. One gui_app per process, no globals. */
#ifndef BONES_GUI_APP_H
#define BONES_GUI_APP_H

#include "bones/analysis.h"
#include "gui.h"

enum { SCREEN_START, SCREEN_PLAY, SCREEN_REPLAY };

/* Button ids. */
enum {
	BTN_NONE, BTN_UNDO, BTN_SAVE, BTN_MENU, BTN_HELP, BTN_FIT, BTN_OFFBOARD,
	BTN_REPLAY_FIRST, BTN_REPLAY_BACK, BTN_REPLAY_NEXT, BTN_REPLAY_LAST,
	BTN_REPLAY_PLAY, BTN_REPLAY, BTN_START, BTN_RESUME, BTN_ENTRY, BTN_SEAT,
	BTN_PLAYERS_DOWN, BTN_PLAYERS_UP, BTN_NEW, BTN_QUIT, BTN_HAND, BTN_NEXT_GAME, BTN_HINT,
	BTN_REDO, BTN_SCROLLBAR, BTN_SPOT, BTN_SAVED, BTN_SHEET
};

typedef struct gui_button {
	SDL_FRect r;
	int id, arg;
} gui_button;

/* Screen regions, in output pixels. */
typedef struct gui_layout {
	float u;                 /* base text height */
	SDL_FRect board, panel, log, bar;
	SDL_FRect hand[GUI_MAX_SEATS]; /* per player: header line + a row of slots */
	float slot;              /* side of one hand slot */
	int per_row, rows;       /* hand slots per row, rows per hand */
	float sheet_h;           /* the board's bottom the game-over sheet takes, 0 none */
} gui_layout;

/* A start-screen choice: a preset file or a plugin (and variant). */
typedef struct gui_entry {
	char label[160];
	char detail[256];
	char preset[1024];       /* preset path, "" for a plugin entry */
	const bones_plugin *plugin;
	char variant[64];
	gui_seat seats[GUI_MAX_SEATS];
	int players;             /* from the options */
	bones_time_control time; /* the preset's [time] (per_move_ms 0: untimed) */
	int match_games;         /* the preset's [match] games, 0 = one game */
	int match_target;        /* the preset's [match] target, 0 = none */
	char options[512];       /* every option but players as key=value text: duplicates */
	int order;               /* within its game: defaults, presets, variants */
} gui_entry;

#define GUI_MAX_BUTTONS 64
#define GUI_MAX_ENTRIES 128

typedef struct gui_script gui_script;

/* The board's view, shared by the play and replay screens (view.c): the mouse, the
 * user's pan and zoom over fit-to-window, and the last frame's transform. */
typedef struct gui_board_view {
	float mx, my;            /* the mouse, in output pixels */
	float zoom, panx, pany;  /* user view on top of fit-to-window */
	bool pressing, dragged;
	float press_x, press_y;
	gui_view board_view;     /* of the last frame, for hit tests */
	float pick_radius;       /* world units */
	/* the box the board was fitted to and the area it was fitted in: the view stays
	 * until the board outgrows the box, the window is resized or F fits it again */
	float fit_box[4];
	float fit_area[2];
	bool fitted;
	int refits;              /* times the growing board was fitted again (scripts) */
} gui_board_view;

/* The play screen (play.c). */
typedef struct gui_play_screen {
	int sel;                 /* selected hand piece, -1 none */
	int hover;               /* index into game.moves under the mouse, -1 none */
	int variant;             /* chosen variant at the hovered target */
	SDL_FRect tip;           /* the hovered move's tooltip in the last frame (scripts) */
	SDL_FRect ghost;         /* its ghost's box on screen then, with a margin */
	bool no_overview;        /* L hid the list of the selected piece's spots */
	Uint32 agent_due;        /* when the agent to move starts thinking, 0 = not yet */
	/* the hint: asked on the worker, shown while the position is unchanged */
	bool hint_thinking;      /* the worker runs the hint agent */
	int hint;                /* index into game.moves + 1, 0 none */
	unsigned hint_generation; /* the position it is for */
	unsigned sheet_closed;   /* the generation whose game-over sheet was closed, + 1; 0 none */
} gui_play_screen;

/* The replay's analysis (analysis.c): a thread analyses a copy of the game. */
typedef struct gui_analysis {
	SDL_Thread *thread;      /* running, or done and not yet joined */
	SDL_atomic_t cancel, done, progress; /* progress: moves analysed */
	bones_session *copy;     /* owned: the game analysed */
	bones_analysis result;   /* valid when ready */
	bool ready;
	bones_status status;
	char err[256];
	size_t total;            /* player moves to analyse */
	unsigned generation;     /* the game's position it is for (gui_app.generation) */
	Uint32 wake;             /* pushed after each move and at the end */
} gui_analysis;

/* The replay screen (replay.c). */
typedef struct gui_replay_screen {
	size_t pos;              /* the history index shown */
	gui_analysis analysis;
} gui_replay_screen;

/* The start screen (start.c, start_entries.c). */
typedef struct gui_start_screen {
	gui_entry *entries;
	int entry_count, entry_sel;
	int entry_scroll, entry_rows; /* in list rows (game headings and entries) */
	char filter[64];         /* typed: entries containing it */
	gui_game preview;        /* the selected entry's opening position */
	int preview_entry;       /* whose it is, -1 none */
	bool has_preview;
	bool scroll_drag;        /* the scrollbar's thumb is being dragged */
	char saved[1024];        /* the newest unfinished game of the records folder, "" none */
	bool left;               /* a game left it for the menu: its next draw starts afresh
				  * (the filter cleared, the saved game looked for again) */
} gui_start_screen;

/* What every screen shares: the window, the game on screen and its agent worker, the
 * buttons of the last frame, toasts and help; then each screen's own state. */
typedef struct gui_app {
	SDL_Window *win;         /* NULL when rendering off-screen */
	SDL_Renderer *r;
	gui_fonts *fonts;
	gui_draw draw;
	bones_registry *reg;
	int w, h;                /* output size in pixels */
	float dpi;               /* output pixels per window coordinate */
	int screen;
	bool has_game;
	gui_game game;
	gui_worker worker;
	unsigned generation;     /* bumps whenever the position changes */
	Uint32 wake_event;
	Uint32 agent_delay;
	uint64_t seed;
	size_t record_game;      /* --game K: the game of a file of records to open */
	const char *time_arg[4]; /* --time, --grace, --game-time, --increment over every
				  * preset, NULL = none */
	bool help;
	float help_scroll;        /* pixels of the help scrolled past */
	float help_page;          /* the help's visible height in the last frame */
	char toast[256];
	Uint32 toast_until;
	char save_dir[512];
	gui_button buttons[GUI_MAX_BUTTONS]; /* drawn in the last frame */
	int button_count;
	gui_layout layout;
	gui_script *script;
	bool quit;
	bool close_unsaved;       /* closed once, the game not saved: closing again quits */
	int exit_code;
	gui_board_view view;
	gui_play_screen play;
	gui_replay_screen replay;
	gui_start_screen start;
} gui_app;

/* The files form layers; each uses only those above it:
 *   layout.c, view.c, timer.c, targets.c   regions, buttons, toasts; the board's view;
 *   analysis.c                             the clock; the spots a click can play; the
 *                                          replay's analysis
 *   scene.c, panel.c                       drawing the board and the side panel
 *   games.c                                the game on screen
 *   replay.c, start_entries.c, start.c,    the screens (event, draw) and the start
 *   play.c                                 screen's entries
 *   screen.c                               dispatch to the current screen
 *   script.c, render_png.c, main.c         --script, --render and screenshots, the loop */

/* layout.c */
void gui_layout_compute(gui_layout *l, int w, int h, int players, int max_hand);
void gui_button_add(gui_app *a, SDL_FRect r, int id, int arg);
int gui_button_at(const gui_app *a, float x, float y, int *arg);
/* Draw a labelled button and register it. */
void gui_button_draw(gui_app *a, SDL_FRect r, int id, int arg, const char *label,
		     bool active);
/* The same with labels at most text_h high (smaller when they do not fit). */
void gui_button_draw_h(gui_app *a, SDL_FRect r, int id, int arg, const char *label,
		       bool active, float text_h);
/* Make the button bar rows rows high (from 1), taking the room from the log. */
void gui_layout_bar_rows(gui_layout *l, int rows);
/* A message shown for a few seconds over the board. */
void gui_toast(gui_app *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* view.c: the board's view on the play and replay screens. */
void gui_view_reset(gui_app *a);
/* Fit the world box {x0, y0, x1, y1} to the board area, then the user's zoom and pan. */
void gui_view_fit(gui_app *a, const float box[4]);
/* The world {x0, y0, x1, y1} the board area shows when view.fit_box is fitted to it
 * (before the user's zoom and pan): the box widened to the area's shape. */
void gui_view_fitted_world(const gui_app *a, float out[4]);
void gui_view_zoom_at(gui_app *a, float x, float y, float f);
/* The mouse moved: drags the board with the middle or right button held, and with the
 * left one when left_drags. */
void gui_view_motion(gui_app *a, const SDL_MouseMotionEvent *m, bool left_drags);
void gui_view_press(gui_app *a, const SDL_MouseButtonEvent *b);
/* The button was released: true when it was a click, not the end of a drag. */
bool gui_view_release(gui_app *a, const SDL_MouseButtonEvent *b);
/* F or 0 (fit), + and - (zoom), the arrows (pan): true when c was one of them. */
bool gui_view_key(gui_app *a, SDL_Keycode c);
/* The seat whose eyes the board is drawn with, -1: only what is public. */
int gui_viewer(const gui_app *a);

/* targets.c: what a click on the play screen can play. */
/* A human of a live game is to move on the play screen. */
bool gui_play_human_turn(const gui_app *a);
/* The captured mark region around a world point (not the last move's), or NULL. */
const gui_mark *gui_mark_at(const gui_app *a, float x, float y);
/* The selected piece, BONES_CHOICES_ANY_PIECE when none is (bones_choices_ways). */
int gui_play_piece(const gui_app *a);
/* Whether a move's place is a highlighted spot now: on the board, of the selected piece
 * (of any piece when none is selected). */
bool gui_play_matches(const gui_app *a, const bones_choice *p);
/* The number of moves a click at move's spot chooses among (R and the wheel turn). */
int gui_play_ways(const gui_app *a, int move);
/* Move i is highlighted and the first such at its spot (one mark per spot). */
bool gui_play_first_at_spot(const gui_app *a, size_t i);
/* The legal move under screen point (x, y), as its ghost shows it; -1 if none. */
int gui_play_target_at(gui_app *a, float x, float y);
/* The shown hint's index into the game's choices, -1 when there is none (or it is stale). */
int gui_play_hint_index(const gui_app *a);
/* Where to click: the hint's spot or button, hand piece, the k-th distinct spot of the
 * selected piece (for scripts); false when there is none. */
bool gui_play_hint_pos(gui_app *a, float *x, float *y);
bool gui_play_hand_pos(gui_app *a, int piece, float *x, float *y);
bool gui_play_target_pos(gui_app *a, int k, float *x, float *y);

/* timer.c: the table's clock and match on screen. */
/* Run the clock (from gui_play_update): penalty, forfeit, the match's bookkeeping. */
void gui_timer_update(gui_app *a);
/* Whether moves are still allowed (no forfeit). */
bool gui_timer_live(const gui_app *a);
/* " - 0:42" for the status line, "" when untimed or not a human's move. */
void gui_timer_status(const gui_app *a, char *buf, size_t cap);
/* Fraction of the current phase left (0..1), < 0 when no clock runs. */
float gui_timer_fraction(const gui_app *a);

/* scene.c: the board, hands, scores and log of the current game at history index
 * upto (its length: the current state), as `viewer` sees it. */
void gui_scene_draw(gui_app *a, size_t upto, bool interactive);
/* panel.c: hands, scores, result, move log and buttons of the state after upto moves. */
void gui_panel_draw(gui_app *a, const void *state, size_t upto, bool interactive);
/* start.c: the rules in brief, facts joined by "; " (players, who wins, chance, hidden
 * pieces, a clock, a match), for the start screen and the help. */
void gui_rules_facts(const bones_plugin *pl, bool timed, bool match, char *line, size_t cap);
/* A text (a breakdown) in lines of height h within w, broken at spaces, its last line at
 * y and the others above it; returns the y of the line above the first. Colour
 * BONES_NONE only measures. */
float gui_panel_wrapped(gui_app *a, const char *text, float x, float y, float h, float w,
			bones_color color);
/* overview.c: with a piece selected that has many spots, a list in r (the panel's log)
 * of its spots with their points, best first (a click plays one). False (nothing
 * drawn) when no such piece is selected. */
bool gui_overview_draw(gui_app *a, SDL_FRect r);
/* sheet.c: at game over, the final score sheet over the board's lower part: each
 * player's score and the breakdown of their last scoring move, in a readable size. */
void gui_sheet_draw(gui_app *a, size_t upto);
/* The height the sheet takes at the bottom of the board (the board is fitted above it),
 * 0 when it is not shown (the game is not over, or the sheet was closed). */
float gui_sheet_height(gui_app *a, size_t upto, bool interactive);
/* The button bar's rows: 2 when its labels would be too small on one. */
int gui_panel_bar_rows(gui_app *a, bool interactive);
/* Green for points that help the mover, red for a cost (more points in a game where
 * the fewest win), white for none. */
bones_color gui_points_color(const bones_plugin *plugin, double points);

/* games.c: the game on screen. */
/* Show g (taken over) instead of the game on screen. */
void gui_game_switch(gui_app *a, gui_game *g);
/* Save the record to path (NULL: the game's own file, at first a new file in the save
 * folder, which is created when missing); a toast says where, or why not. */
bool gui_save_record(gui_app *a, const char *path);
/* Every move kept as it is played: when the game on the play screen changed since it
 * was last kept and has a player move, its record is written to its own file again
 * (atomically); a failure is toasted. Called once a frame. */
void gui_keep_moves(gui_app *a);
/* Before the window closes: an unfinished game with a player move is saved; false
 * (toasted, and said on stderr) when that failed. */
bool gui_save_unfinished(gui_app *a);
/* Back to the start screen, which is drawn afresh (start.left). */
void gui_to_menu(gui_app *a);
/* What the play and replay screens share: the Save, Fit, Menu and ? buttons; the keys
 * M, Ctrl+S and the view's. True when id or the key was one of them. */
bool gui_board_button(gui_app *a, int id);
bool gui_board_key(gui_app *a, const SDL_KeyboardEvent *k);

/* start_entries.c: the start screen's entries. */
/* The newest unfinished game of the records folder (or --save-dir) into start.saved,
 * offered by the start screen's Resume saved game. */
void gui_start_find_saved(gui_app *a);
void gui_start_scan(gui_app *a);
/* Start the entry's game (or match) and show it. */
bool gui_start_launch(gui_app *a, int entry);
/* Find an entry by preset id, path or plugin id; -1 if none. */
int gui_start_find(gui_app *a, const char *name);
/* The options of an entry: its preset or the plugin's defaults and variant, then its
 * number of players. */
bones_status gui_start_entry_options(const gui_entry *e, bones_options *opts, char *err,
				     size_t errcap);

/* start.c: the start screen. */
void gui_start_event(gui_app *a, const SDL_Event *ev);
void gui_start_draw(gui_app *a);
/* The list row showing entry idx under the filter, -1 when it is filtered out. */
int gui_start_row_of(const gui_app *a, int idx);
/* Drop the preview game (before quitting, or when the plugins change). */
void gui_start_release(gui_app *a);

/* play.c: the play screen. */
void gui_play_event(gui_app *a, const SDL_Event *ev);
/* Agents' and hints' answers from the worker, the clock, the next agent's turn. */
void gui_play_update(gui_app *a);
void gui_play_draw(gui_app *a);
bool gui_play_click_hand(gui_app *a, int piece);
void gui_play_move(gui_app *a, bones_move move);
/* Ask the hint agent on the worker (a human to move, none thinking); false if refused. */
bool gui_play_hint(gui_app *a);
/* Start the next game of the match; false when there is none. */
bool gui_play_next_game(gui_app *a);

/* replay.c: the replay screen. */
/* Show the game on screen from its last move. */
void gui_replay_open(gui_app *a);
/* Open a record file in the replay viewer. */
bool gui_open_record(gui_app *a, const char *path);
void gui_replay_event(gui_app *a, const SDL_Event *ev);
void gui_replay_draw(gui_app *a);

/* analysis.c: the replay's analysis. A (replay screen): analyse the game on screen in a
 * thread; stop cancels it and drops the result (a game switch, play from here, quit). */
void gui_analysis_start(gui_app *a);
void gui_analysis_stop(gui_app *a);
/* Whether it runs; joins a finished thread (its result printed for scripts). */
bool gui_analysis_running(gui_app *a);
/* The analysed move at history index i of the game on screen, NULL if none. */
const bones_analysis_move *gui_analysis_at(const gui_app *a, size_t i);
/* A verdict's mark for the move log (" ?!", " ?", " ??"), "" for none. */
const char *gui_analysis_mark(const gui_app *a, size_t i);
/* Over the replay's board at position pos: graph, caption and the preferred move. */
void gui_analysis_draw(gui_app *a, size_t pos);

/* help.c: the help overlay (F1), with the game's rules; gui_help_event takes the
 * events that scroll it (true when it did). */
void gui_help_draw(gui_app *a);
bool gui_help_event(gui_app *a, const SDL_Event *ev);

/* screen.c: the current screen. */
void gui_screen_event(gui_app *a, const SDL_Event *ev);
void gui_screen_update(gui_app *a);
/* Draw the current screen (with the toast and the help overlay). */
void gui_frame(gui_app *a);

/* script.c */
gui_script *gui_script_load(const char *path, char *err, size_t errcap);
void gui_script_destroy(gui_script *s);
/* Run the script's next steps; true while it is still running. */
bool gui_script_step(gui_app *a, gui_script *s);

/* render_png.c */
int gui_render_main(int argc, char **argv);
bool gui_screenshot(gui_app *a, const char *path);

/* window.c: the window's size. */
#define GUI_WINDOW_MIN_W 480
#define GUI_WINDOW_MIN_H 320
/* The size to open at (after SDL_Init): the size the window was last left at, else
 * 1280x800, made to fit the screen's usable area with room for a title bar. */
void gui_window_size(int *w, int *h);
/* Remember win's size for the next start (not when maximised or full screen); a
 * preference only: a failure is silent. */
void gui_window_keep(SDL_Window *win);

#endif /* BONES_GUI_APP_H */
