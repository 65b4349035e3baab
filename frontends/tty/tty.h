/* The terminal UI (`bones play`, `bones start`): play.c sets a game up from the
 * command line, tty_game.c runs it turn by turn on a pair of text streams. */
#ifndef BONES_TTY_H
#define BONES_TTY_H

#include <stdbool.h>
#include <stdio.h>

#include "bones/agent.h"
#include "bones/config.h"
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
} tty_game;

#define TTY_TEXT_MAX 65536

/* Play until the game ends, the input ends or the user quits; the game is saved as a
 * record in every case (the path is printed). Returns the exit status. */
int tty_game_run(tty_game *t);
void tty_game_release(tty_game *t);

/* Write the record to t->save_path or a new file in the records folder
 * ($XDG_DATA_HOME/bones/records, else ~/.local/share/bones/records); path gets it. */
bones_status tty_game_save(tty_game *t, const char *file, char *path, size_t cap,
			   char *err, size_t errcap);

#endif /* BONES_TTY_H */
