/* The terminal UI (`bones play`, `bones start`): play.c sets a game up from the
 * command line, tty_game.c runs it turn by turn on a pair of text streams. */
#ifndef BONES_TTY_H
#define BONES_TTY_H

#include <stdbool.h>
#include <stdio.h>

#include "bones/agent.h"
#include "bones/clock.h"
#include "bones/config.h"
#include "bones/match.h"
#include "bones/registry.h"
#include "bones/session.h"

/* A game in the terminal. Everything is owned and freed by tty_game_release. */
typedef struct tty_game {
	bones_registry *reg;
	bones_session *session;
	const bones_plugin *plugin;   /* borrowed from reg */
	bones_preset preset;
	int players;
	bones_agent *agents[BONES_PRESET_MAX_SEATS]; /* NULL = a human seat */
	char names[BONES_PRESET_MAX_SEATS][80];      /* shown and written to the record */
	bones_agent *hint;            /* mcts, made on the first `hint` */
	char save_path[1024];         /* --save FILE, "" = the default records folder */
	FILE *in, *out;
	bool echo;                    /* input is not a terminal: echo what was read */
	size_t shown;                 /* history entries already printed */
	bones_move *moves;            /* info.max_moves entries */
	char *text;                   /* TTY_TEXT_MAX bytes for render_text */
	/* time per move (the preset's [time], human seats only) and match play */
	bones_clock clock;
	double penalties[BONES_PRESET_MAX_SEATS]; /* penalty points per seat, this game */
	int forfeit;                  /* the seat that forfeited, -1 = none */
	char match_tag[64];           /* the Match tag ("game 1 of 3"), "" = one game */
	bool finished;                /* the game reached its end (or a forfeit) */
	double final_scores[BONES_PRESET_MAX_SEATS]; /* plugin's +/- penalties, when finished */
	int final_ranks[BONES_PRESET_MAX_SEATS];
	char inbuf[4096];             /* input read from fileno(in) but not used yet */
	size_t inlen;
	bool eof;
	char line[4096];              /* the line tty_read_line returned */
} tty_game;

#define TTY_TEXT_MAX 65536

/* tty_clock.c: input and the clock of a human's move. */
enum tty_read { TTY_LINE, TTY_EOF, TTY_FORFEIT };
bool tty_timed(const tty_game *t);
/* Start the clock of seat's move (nothing when untimed). */
void tty_clock_start(tty_game *t);
/* Print prompt (with the time left when timed) and read a line with poll(), so that
 * the clock runs while waiting: the penalty is given and printed when the limit runs
 * out, TTY_FORFEIT returned when the grace period runs out too (t->forfeit is set). */
enum tty_read tty_read_line(tty_game *t, int seat, const char *prompt, const char **line);
/* Fill t->final_scores/final_ranks from the plugin's result, penalties and forfeit. */
void tty_final_result(tty_game *t);
/* The host's tags for the record (Penalties, Forfeit, FinalResult, TimeControl, Match)
 * into tags (name, value, ..., NULL; at most 11 entries) with the values in buf. */
void tty_host_tags(const tty_game *t, const char **tags, char (*buf)[160]);

/* Play until the game ends, the input ends or the user quits; the game is saved as a
 * record in every case (the path is printed). Returns the exit status. */
int tty_game_run(tty_game *t);
void tty_game_release(tty_game *t);
/* Release what one game owns (session, agents, buffers), keeping the registry and the
 * preset for the next game of a match. */
void tty_game_end(tty_game *t);

/* Write the record to t->save_path or a new file in the records folder
 * ($XDG_DATA_HOME/bones/records, else ~/.local/share/bones/records); path gets it. */
bones_status tty_game_save(tty_game *t, const char *file, char *path, size_t cap,
			   char *err, size_t errcap);

/* tty_match.c: match play (the preset's [match] or --games) over tty games. */
#define TTY_PLAYER_NAME 80
/* After game 1 is set up: the match of t->players participants, named after game 1's
 * seats (a "(player N)" added to names that repeat). False when it cannot be one. */
bool tty_match_begin(tty_game *t, bones_match *m, char (*names)[TTY_PLAYER_NAME]);
/* Report the finished game t to the match and print the running totals. */
void tty_match_add(tty_game *t, bones_match *m, char (*names)[TTY_PLAYER_NAME]);
/* The totals by participant; final: "match over" with the ranks. */
void tty_match_print(tty_game *t, const bones_match *m, char (*names)[TTY_PLAYER_NAME],
		     bool final);
/* --save FILE for game k: FILE with "-gK" before its extension. */
void tty_match_save_path(tty_game *t, const char *file, int k);

#endif /* BONES_TTY_H */
