/* The terminal UI's own header (`bones play`, `bones start`; the library's public one is
 * tty_play.h): play.c sets a game up from the command line, tty_game.c runs it turn by
 * turn on a pair of text streams. Calls go one way: play.c -> tty_resume.c ->
 * tty_game.c, tty_match.c, tty_record.c -> tty_moves.c, tty_clock.c, tty_screen.c ->
 * tty_text.c, tty_style.c, tty_signal.c. */
#ifndef BONES_TTY_H
#define BONES_TTY_H

#include <stdbool.h>
#include <stdio.h>

#include "bones/agent.h"
#include "bones/choices.h"
#include "bones/clock.h"
#include "bones/preset.h"
#include "bones/i18n.h"
#include "bones/match.h"
#include "bones/registry.h"
#include "bones/session.h"
#include "bones/table.h"

/* A game (or match) in the terminal: a table (bones/table.h: the session, seats,
 * agents, clock, penalties, forfeit and match) with the terminal's own state. Everything
 * is owned and freed by tty_game_release. */
typedef struct tty_game {
	bones_registry *reg;
	bones_table *table;           /* owned */
	bones_session *session;       /* the table's game in progress; borrowed */
	const bones_plugin *plugin;   /* borrowed from reg */
	bones_preset preset;
	int players;
	char save_path[1024];         /* --save FILE, "" = the default records folder */
	size_t kept;                  /* the history's length when the record was last written */
	FILE *in, *out;
	bool echo;                    /* input is not a terminal: echo what was read */
	size_t shown;                 /* history entries already printed */
	bones_choices *choices;       /* owned: the legal moves of the seat to move */
	char (*spot_name)[8];         /* per choice: its spot's letters ("c", "c2") */
	int pieces;                   /* choices with a hand piece */
	bool numbered;                /* the other moves are word:N, numbered N */
	int piece;                    /* the hand piece chosen, -1 none */
	void *scratch;                /* one state, for the breakdown of a hint */
	bool color;                   /* ANSI colours (see tty_style.c) */
	bool redraw;                  /* clear the screen before each human turn */
	size_t turn_start;            /* history index where the last human turn began */
	char notice[512];             /* said after the next redraw (undo's count, a command's output) */
	size_t turn_from;             /* the history shown on this turn's screen starts here */
	int board_top, board_next;    /* the board's page on a small terminal (line, next) */
	char *text;                   /* TTY_TEXT_MAX bytes for render_text */
	char inbuf[4096];             /* input read from fileno(in) but not used yet */
	size_t inlen;
	bool eof;
	char line[4096];              /* the line tty_read_line returned */
} tty_game;

/* tty_text.c: the name seat goes by on the screen: "You" (in the player's language) for
 * a human, the agent spec, or the preset's name. The record keeps the seat's own name
 * (bones_table_seat_name), "You" in every language. */
const char *tty_name(const tty_game *t, int seat);
/* Whether seat is "You": then messages about it are in the second person ("You play",
 * "Du spielst"), each a message of its own. */
bool tty_is_you(const tty_game *t, int seat);
/* A score, a penalty or points for people: "12", "-3", "1.5" ("1,5" in German). */
const char *tty_score_text(double v, char *buf, size_t cap);
/* Seconds for people: "60", "1.5" ("1,5" in German). */
const char *tty_seconds_text(int64_t ms, char *buf, size_t cap);
/* The n of P_() for a number of points: itself when whole, else 2 (a plural). */
unsigned long tty_plural_n(double v);
/* Whether text holds words, however either is wrapped (any run of white space
 * matches any other): a line the board already shows is not printed again. */
bool tty_text_holds(const char *text, const char *words);

#define TTY_TEXT_MAX 65536

/* tty_clock.c: input and the clock of a human's move. */
enum tty_read { TTY_LINE, TTY_EOF, TTY_FORFEIT, TTY_STOPPED, TTY_RESIZED };
/* Print prompt (with the time left when timed) and read a line with poll(), so that
 * the table's clock runs while waiting: the penalty is printed when the limit runs
 * out, TTY_FORFEIT returned when the grace period runs out too. TTY_STOPPED on SIGHUP
 * or SIGTERM, TTY_RESIZED when the terminal was resized (redraw, then read again). */
enum tty_read tty_read_line(tty_game *t, int seat, const char *prompt, const char **line);
/* Between the games of a match on a terminal: wait for Enter, so that the result and
 * the totals stay on the screen until the next game clears it. False on quit or EOF. */
bool tty_wait_next_game(tty_game *t);
/* Print prompt and wait for a line: false on "q", "quit", the end of input or a stop. */
bool tty_wait_enter(tty_game *t, const char *prompt);

/* tty_rules.c: the game's name, summary and full rules (render.h rules_text), wrapped
 * to the terminal and paged a screen at a time (Enter: on, q: stop); on a pipe all at
 * once. */
void tty_rules_print(tty_game *t);

/* tty_signal.c: SIGHUP, SIGTERM and SIGINT (Ctrl-C) stop the game (it is saved,
 * unfinished), SIGWINCH redraws the turn. Install once, before the game. */
void tty_signal_install(void);
/* The stopping signal caught (SIGHUP, SIGTERM, SIGINT), 0 none. */
int tty_signal_stopped(void);
/* Whether the terminal was resized since the last call. */
bool tty_signal_resized(void);

/* tty_screen.c: a turn's screen fitted to the terminal. Output is captured in parts
 * (t->out a memory stream between begin and end; end returns the text, malloc'd, or
 * NULL when it could not be captured). */
typedef struct tty_capture {
	FILE *saved;
	char *buf;
	size_t len;
} tty_capture;
void tty_capture_begin(tty_game *t, tty_capture *c);
char *tty_capture_end(tty_game *t, tty_capture *c);
/* The terminal's size; false when it is not a terminal. */
bool tty_screen_size(const tty_game *t, int *rows, int *cols);
/* The parts of a turn's screen, top to bottom; below (the notice, the scores and the
 * choices) is never cut, the board is paged from t->board_top when it does not fit. */
typedef struct tty_screen {
	char *header, *board, *history, *below;
} tty_screen;
void tty_screen_print(tty_game *t, const tty_screen *s);

/* tty_game.c: play until the game ends, the input ends or the user quits; the game is
 * saved as a record in every case (the path is printed). Returns the exit status. */
int tty_game_run(tty_game *t);
/* tty_record.c: the buffers of the turns, once the table is set (0, else the exit
 * status after saying why). */
int tty_game_buffers(tty_game *t);
/* tty_resume.c: `bones play --resume [RECORD]`: the table of an unfinished game, its
 * agents in their seats (the record's Player tags), saved back to the same file. With
 * no RECORD, the unfinished games of the records folder are listed, newest first, and
 * one is read from t->in. 0, else the exit status after saying why. */
int tty_resume_setup(tty_game *t, const char *record);
/* tty_record.c: free what the game owns. */
void tty_game_release(tty_game *t);

/* tty_record.c: write the record to t->save_path or a new file in the records folder
 * ($XDG_DATA_HOME/bones/records, else ~/.local/share/bones/records); path gets it. */
bones_status tty_game_save(tty_game *t, const char *file, char *path, size_t cap,
			   char *err, size_t errcap);

/* tty_moves.c: a human's choices, a piece and then a spot. */
/* List the legal moves of the current state with their pieces and points. */
size_t tty_moves_refresh(tty_game *t);
/* The number of legal moves of piece, the first of them in *first (may be NULL). */
size_t tty_moves_of_piece(const tty_game *t, int piece, size_t *first);
/* The choices now: the chosen piece's spots, else the pieces (and the moves without
 * one), else every move numbered. */
void tty_moves_print(tty_game *t);
/* Every legal move (`moves all`) and one piece's spots (`moves N`). */
void tty_moves_print_all(tty_game *t);
void tty_moves_print_piece(tty_game *t, int piece);
/* A typed number or letter: the index of the move it plays, TTY_CHOSE_PIECE when it
 * chose a piece with several spots (t->piece), or TTY_NOT_A_CHOICE (why says why, or
 * is empty when the line is not a number or a letter). */
#define TTY_CHOSE_PIECE (-1)
#define TTY_NOT_A_CHOICE (-2)
long tty_moves_choose(tty_game *t, const char *line, char *why, size_t cap);

/* tty_style.c: colours, when the output is a terminal and NO_COLOR is not set. */
enum tty_style { TTY_RESET, TTY_BOLD, TTY_DIM, TTY_GOOD, TTY_BAD };
/* A terminal that can clear its screen; one that shows colours too. */
bool tty_style_terminal(FILE *out);
bool tty_style_detect(FILE *out);
const char *tty_style(const tty_game *t, enum tty_style s);
const char *tty_style_player(const tty_game *t, int seat);
/* Green for points that help, red for a cost (more points where the fewest win). */
const char *tty_style_points(const tty_game *t, double points, bool low_wins);
/* Clear the screen (only when redrawing in place). */
void tty_style_clear(const tty_game *t);
/* The columns text takes on the screen: UTF-8 characters, colour codes left out. */
size_t tty_width(const char *text);
/* text from column col on, broken at spaces within 78 columns, continued lines
 * indented by indent; returns the column after it. */
int tty_print_wrapped(const tty_game *t, const char *text, int col, int indent);

/* tty_match.c: match play (the preset's [match] or --games): the totals by
 * participant; final: "match over" with the ranks. */
void tty_match_print(tty_game *t, bool final);
/* --save FILE for game k: FILE with "-gK" before its extension. */
void tty_match_save_path(tty_game *t, const char *file, int k);

#endif /* BONES_TTY_H */
