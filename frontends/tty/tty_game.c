/* The terminal UI's game loop: chance resolved by the session and shown, agents' moves
 * printed with their points, the human's turn as a numbered list of legal moves and a
 * handful of commands; the record written again after every move. Reads lines until EOF, so it can be
 * scripted as well as played. */
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "bones/record.h"
#include "tty.h"

enum turn_result { TURN_PLAYED, TURN_QUIT, TURN_ERROR, TURN_FORFEIT };

static const char help_text[] =
	/* TRANSLATORS: the commands (hint, undo, save, moves, all, board, rules,
	 * help, quit) are typed as they are in every language; NUMBER, LETTER, MOVE and
	 * FILE may be translated. Lines within 78 columns. */
	N_(
	"  NUMBER      choose your piece with that number (then a letter for its spot);\n"
	"              in games without pieces, play the move with that number\n"
	"  LETTER      play the chosen piece at the spot with that letter\n"
	"  Enter       back from a piece's spots to all your pieces\n"
	"  MOVE        play a move by its notation, as listed\n"
	"  hint        ask the mcts agent for a move, and why (about a second)\n"
	"  undo        take back your last move (and the agents' replies)\n"
	"  save [FILE] save the game so far as a record\n"
	"  moves [N]   your choices again; N: the spots of piece N; all: every move\n"
	"  board       show the board again\n"
	"  rules       the game's rules, a screen at a time\n"
	"  help        this list\n"
	"  quit        stop here (the game is saved)\n");

static int first_human(const tty_game *t)
{
	for (int i = 0; i < t->players; i++)
		if (bones_table_human(t->table, i))
			return i;
	return -1;
}

/* The breakdown of history entry i's points (one line), its players by name. */
static void move_breakdown(const tty_game *t, size_t i, char *why, size_t cap)
{
	char plain[512] = "";
	const char *names[16];
	int count = bones_session_info(t->session)->players;
	count = count < 16 ? count : 16;
	for (int k = 0; k < count; k++)
		names[k] = tty_name(t, k);
	if (t->plugin->breakdown)
		t->plugin->breakdown(bones_session_game(t->session),
				     bones_session_state_at(t->session, i + 1), plain, sizeof plain);
	bones_plugin_text_names(t->plugin, plain, names, count, why, cap);
	why[strcspn(why, "\n")] = '\0';
}

/* " +12" in the colour of a gain or a cost; returns the columns it took. */
static int print_points(const tty_game *t, double v)
{
	char num[48];
	tty_score_text(v, num, sizeof num);
	fprintf(t->out, " %s%s%s%s", tty_style_points(t, v, t->plugin->flags & BONES_LOW_SCORE_WINS),
		v > 0 ? "+" : "", num, tty_style(t, TTY_RESET));
	return 1 + (v > 0) + (int)tty_width(num);
}

/* " (why)" after column col, broken at spaces within 78 columns (indented by 3). */
static void print_wrapped(const tty_game *t, const char *why, int col)
{
	fputs(" (", t->out);
	tty_print_wrapped(t, why, col + 2, 3);
	fputc(')', t->out);
}

/* "greedy plays 246@-1,1" or "You play ...": one message each, the name in its colour. */
static void history_line(const tty_game *t, int mover, bool seen, const char *text,
			 char *buf, size_t cap)
{
	const char *on = tty_style_player(t, mover), *off = tty_style(t, TTY_RESET);
	char name[160];
	snprintf(name, sizeof name, "%s%s%s", on, tty_name(t, mover), off);
	if (tty_is_you(t, mover) && seen)
		/* TRANSLATORS: the history of moves: you played the move %3$s (its notation,
		 * as 246@-1,1); %1$s and %2$s put "You" in your colour */
		snprintf(buf, cap, _("%sYou%s play %s"), on, off, text);
	else if (tty_is_you(t, mover))
		/* TRANSLATORS: %1$s and %2$s put "You" in your colour */
		snprintf(buf, cap, _("%sYou%s play a hidden move"), on, off);
	else if (seen)
		/* TRANSLATORS: the history of moves: player %1$s (a name or an agent, as
		 * greedy) played the move %2$s (its notation, as 246@-1,1) */
		snprintf(buf, cap, _("%s plays %s"), name, text);
	else
		snprintf(buf, cap, _("%s plays a hidden move"), name);
}

/* History entries from..to-1 as the first human seat sees them (a spectator when agents
 * play every seat; bones/choices.h's one rule): each player's move with
 * its points and breakdown; chance outcomes in a row gathered on one line. */
static void print_history(tty_game *t, size_t from, size_t to)
{
	int viewer = first_human(t);
	size_t chance_col = 0; /* the chance line's width so far, 0: none open */
	for (size_t i = from; i < to; i++) {
		int mover = bones_session_mover_at(t->session, i);
		char text[BONES_MOVE_TEXT_MAX] = "?", why[256] = "";
		bool seen = bones_session_seen_text(t->session, i, viewer, text, sizeof text);
		if (mover == BONES_CHANCE) { /* outcomes in a row on one line, wrapped at 78 */
			char words[160];
			const char *what = !seen ? _("(hidden from you)")
				: bones_session_chance_words(t->session, i, words, sizeof words) ? words : text;
			/* TRANSLATORS: before the chance outcomes of the history, as
			 * "chance: you draw 246; greedy draws 135" */
			const char *head = _("chance:");
			size_t indent = tty_width(head) + 1;
			if (chance_col && chance_col + 2 + tty_width(what) + 1 > 78) /* 1: the ";" */
				fprintf(t->out, ";\n%*s", (int)indent, ""), chance_col = indent;
			else if (chance_col)
				fprintf(t->out, "; "), chance_col += 2;
			else
				fprintf(t->out, "%s ", head), chance_col = indent;
			fprintf(t->out, "%s", what);
			chance_col += tty_width(what);
			continue;
		}
		if (chance_col)
			fputc('\n', t->out), chance_col = 0;
		double points = bones_choices_points_at(t->session, i);
		move_breakdown(t, i, why, sizeof why);
		char line[BONES_MOVE_TEXT_MAX + 256];
		history_line(t, mover, seen, text, line, sizeof line);
		fputs(line, t->out);
		int col = (int)tty_width(line);
		if (points != 0)
			col += print_points(t, points);
		if (why[0])
			print_wrapped(t, why, col);
		fputc('\n', t->out);
	}
	if (chance_col)
		fputc('\n', t->out);
}

/* What happened since the last call, as it happens. */
static void print_news(tty_game *t)
{
	size_t length = bones_session_length(t->session);
	if (t->shown < length)
		print_history(t, t->shown, length);
	t->shown = length;
}

static void print_scores(const tty_game *t)
{
	double scores[BONES_PRESET_MAX_SEATS];
	t->plugin->scores(bones_session_game(t->session), bones_session_state(t->session),
			  scores);
	/* TRANSLATORS: before the scores: "scores: You 12, greedy 9" */
	fprintf(t->out, "%s", _("scores:"));
	for (int i = 0; i < t->players; i++) {
		char num[64];
		tty_score_text(scores[i], num, sizeof num);
		fprintf(t->out, "%s %s%s%s %s", i ? "," : "", tty_style_player(t, i), tty_name(t, i),
			tty_style(t, TTY_RESET), num);
		double penalty = bones_table_penalty(t->table, i);
		if (penalty != 0) {
			tty_score_text(penalty, num, sizeof num);
			/* TRANSLATORS: after a player's score: the penalty points in it */
			fprintf(t->out, _(" (penalties %s)"), num);
		}
	}
	bool low = t->plugin->flags & BONES_LOW_SCORE_WINS;
	fprintf(t->out, "%s\n", low ? _(" (fewest wins)") : "");
}

static void print_board(const tty_game *t, int viewer)
{
	size_t n = t->plugin->render_text(bones_session_game(t->session),
					  bones_session_state(t->session), viewer, t->text,
					  TTY_TEXT_MAX);
	t->text[n < TTY_TEXT_MAX ? n : TTY_TEXT_MAX - 1] = '\0';
	fprintf(t->out, "\n%s%s", t->text, n && t->text[n - 1] != '\n' ? "\n" : "");
}

/* Back to the state before the latest human move: the agents' replies go too. */
static void undo_to_human(tty_game *t)
{
	int taken = bones_table_undo(t->table);
	if (!taken) {
		fprintf(t->out, "%s\n", _("nothing to undo: no move of yours yet"));
		return;
	}
	size_t length = bones_session_length(t->session);
	if (t->shown > length)
		t->shown = length;
	if (t->turn_start > length)
		t->turn_start = length;
	/* a terminal redraws the turn at once: the count is said below the new screen */
	char said[sizeof t->notice];
	snprintf(said, sizeof said,
		 P_("took back %d move", "took back %d moves", (unsigned long)taken), taken);
	if (t->redraw)
		memcpy(t->notice, said, sizeof said);
	else
		fprintf(t->out, "%s\n", said);
}

/* The mcts agent's move, how to type it, and why: its points and breakdown. */
static void hint(tty_game *t)
{
	char err[256];
	bones_agent *agent = bones_table_hint_agent(t->table, err, sizeof err);
	if (!agent) {
		fprintf(t->out, _("no hint: %s"), err);
		fputc('\n', t->out);
		return;
	}
	const void *game = bones_session_game(t->session);
	const void *state = bones_session_state(t->session);
	bones_move m;
	char text[BONES_MOVE_TEXT_MAX] = "?", why[256] = "";
	if (bones_agent_choose(agent, state, &m)) {
		fprintf(t->out, "%s\n", _("no hint: the mcts agent found no move"));
		return;
	}
	t->plugin->format_move(game, state, m, text, sizeof text);
	long i = bones_choices_find(t->choices, m);
	if (i < 0) {
		fprintf(t->out, _("no hint: the mcts agent chose %s, which is not legal"), text);
		fputc('\n', t->out);
		return;
	}
	memcpy(t->scratch, state, bones_session_info(t->session)->state_size);
	if (t->plugin->breakdown && t->plugin->apply(game, t->scratch, m) == BONES_OK)
		t->plugin->breakdown(game, t->scratch, why, sizeof why);
	why[strcspn(why, "\n")] = '\0';
	char line[BONES_MOVE_TEXT_MAX + 128];
	/* TRANSLATORS: %s is the move's notation (246@-1,1) */
	int n = snprintf(line, sizeof line, _("hint (mcts agent): %s"), text);
	const bones_choice *c = bones_choices_at(t->choices, (size_t)i);
	if (c->piece >= 0 && t->spot_name[i][0] && n >= 0 && (size_t)n < sizeof line)
		/* TRANSLATORS: after a hint: how to play it, the piece's number and the
		 * spot's letter (typed as they are) */
		snprintf(line + n, sizeof line - (size_t)n, _(" (type %d, then %s)"),
			 c->piece + 1, t->spot_name[i]);
	fputs(line, t->out);
	int col = (int)tty_width(line);
	if (c->points != 0)
		col += print_points(t, c->points);
	if (why[0] || c->points == 0) /* " (why)", as the history says it */
		print_wrapped(t, why[0] ? why : _("no points now; the search rates it best for "
						  "later"), col);
	fputc('\n', t->out);
}

static void save_now(tty_game *t, const char *file)
{
	char path[1024], err[1200];
	if (tty_game_save(t, file && *file ? file : NULL, path, sizeof path, err, sizeof err))
		fprintf(t->out, _("not saved: %s"), err);
	else
		fprintf(t->out, _("saved to %s"), path);
	fputc('\n', t->out);
}

/* A command word; returns true when the line was one (done or explained). */
static bool command(tty_game *t, int seat, const char *line, bool *quit)
{
	const char *arg = line + strcspn(line, " \t");
	arg += strspn(arg, " \t");
	size_t len = strcspn(line, " \t");
	if (len == 4 && !strncmp(line, "quit", 4))
		*quit = true;
	else if (len == 4 && !strncmp(line, "help", 4))
		fputs(_(help_text), t->out);
	else if (len == 4 && !strncmp(line, "hint", 4))
		hint(t);
	else if (len == 4 && !strncmp(line, "undo", 4))
		undo_to_human(t);
	else if (len == 4 && !strncmp(line, "save", 4))
		save_now(t, arg);
	else if (len == 5 && !strncmp(line, "moves", 5) && !strcmp(arg, "all"))
		tty_moves_print_all(t);
	else if (len == 5 && !strncmp(line, "moves", 5) && *arg)
		tty_moves_print_piece(t, atoi(arg) - 1);
	else if (len == 5 && !strncmp(line, "moves", 5))
		t->piece = -1, tty_moves_print(t);
	else if (len == 5 && !strncmp(line, "board", 5))
		print_board(t, seat);
	else
		return false;
	return true;
}

/* A piece, a spot, a number from the list or a move's notation: true when a move was
 * played; otherwise says what to do. */
static bool try_move(tty_game *t, const char *line)
{
	char why[160], err[512];
	long k = tty_moves_choose(t, line, why, sizeof why);
	if (k >= 0) {
		bool ok = bones_table_play(t->table, bones_choices_at(t->choices, (size_t)k)->move) ==
			  BONES_OK;
		bones_table_tick(t->table, bones_clock_now_ms(), NULL); /* the bank pays now */
		return ok;
	}
	if (k == TTY_CHOSE_PIECE) {
		if (!t->redraw) /* a terminal draws the turn again, with the piece's spots */
			tty_moves_print(t);
		return false;
	}
	if (!why[0] && bones_table_play_text(t->table, line, err, sizeof err) == BONES_OK) {
		bones_table_tick(t->table, bones_clock_now_ms(), NULL); /* the bank pays now */
		return true;
	}
	char text[1500], what[200];
	if (why[0])
		snprintf(text, sizeof text, "%s:", why);
	else
		snprintf(text, sizeof text, _("'%s' is not a legal move here (%s);"), line, err);
	if (t->pieces)
		snprintf(what, sizeof what, "%s",
			 _("type a piece's number, then a spot's letter, a move, or help"));
	else if (t->numbered)
		snprintf(what, sizeof what, "%s",
			 _("type a number from the list, a move as listed, or help"));
	else
		snprintf(what, sizeof what, _("type a number 1..%zu, a move as listed, or help"),
			 bones_choices_count(t->choices));
	size_t n = strlen(text);
	snprintf(text + n, sizeof text - n, " %s", what);
	tty_print_wrapped(t, text, 0, 2);
	fputc('\n', t->out);
	return false;
}

/* What to type now, for the prompt. */
static void prompt_text(const tty_game *t, int seat, char *buf, size_t cap)
{
	/* TRANSLATORS: the prompts end in "help)": the command is typed as it is */
	bool you = tty_is_you(t, seat);
	const char *name = tty_name(t, seat);
	if (t->piece >= 0 && you)
		snprintf(buf, cap, _("You, a spot for piece %d (a letter, Enter: back, or help)"),
			 t->piece + 1);
	else if (t->piece >= 0)
		/* TRANSLATORS: %1$s is the player's name (several people at one keyboard) */
		snprintf(buf, cap, _("%s, a spot for piece %d (a letter, Enter: back, or help)"),
			 name, t->piece + 1);
	else if (t->pieces && you)
		snprintf(buf, cap, "%s", _("You, your move (a piece's number, a move, or help)"));
	else if (t->pieces)
		snprintf(buf, cap, _("%s, your move (a piece's number, a move, or help)"), name);
	else if (you)
		snprintf(buf, cap, "%s", _("You, your move (a number, a move, or help)"));
	else
		snprintf(buf, cap, _("%s, your move (a number, a move, or help)"), name);
}

/* The clock of the human seats, announced before the game: "60s a move, then ...". */
static void print_clock(const tty_game *t)
{
	const bones_time_control *tc = bones_table_time(t->table);
	char pen[48], move[48], grace[48], line[400];
	if (!bones_table_timed(t->table))
		return;
	if (tc->per_game_ms > 0) {
		bones_clock_text(tc->per_game_ms, move, sizeof move);
		tty_seconds_text(tc->increment_ms, grace, sizeof grace);
		/* TRANSLATORS: a game clock: %1$s is the time for the whole game (m:ss, h:mm:ss
		 * or "3d 0:00"), %2$s the seconds added after each move */
		snprintf(line, sizeof line, _("clock: %s for the game, plus %ss after each of "
					      "your moves; the game is forfeit when it runs out"),
			 move, grace);
		tty_print_wrapped(t, line, 0, 2);
		fputc('\n', t->out);
		if (tc->per_move_ms <= 0)
			return;
	}
	tty_score_text(tc->penalty, pen, sizeof pen);
	tty_seconds_text(tc->per_move_ms, move, sizeof move);
	tty_seconds_text(tc->grace_ms, grace, sizeof grace);
	unsigned long n = tty_plural_n(tc->penalty);
	/* TRANSLATORS: the clock of a timed game: %1$s seconds for each move, then %2$s
	 * penalty points (and %3$s seconds more) */
	if (tc->grace_ms > 0 && tc->forfeit)
		snprintf(line, sizeof line,
			 P_("clock: %ss for each of your moves; then %s penalty point and %ss "
			    "more; then the game is forfeit",
			    "clock: %ss for each of your moves; then %s penalty points and %ss "
			    "more; then the game is forfeit", n), move, pen, grace);
	else if (tc->grace_ms > 0)
		snprintf(line, sizeof line,
			 P_("clock: %ss for each of your moves; then %s penalty point and %ss "
			    "more; no forfeit",
			    "clock: %ss for each of your moves; then %s penalty points and %ss "
			    "more; no forfeit", n), move, pen, grace);
	else if (tc->forfeit)
		snprintf(line, sizeof line,
			 P_("clock: %ss for each of your moves; then %s penalty point; then the "
			    "game is forfeit",
			    "clock: %ss for each of your moves; then %s penalty points; then the "
			    "game is forfeit", n), move, pen);
	else
		snprintf(line, sizeof line,
			 P_("clock: %ss for each of your moves; then %s penalty point; no forfeit",
			    "clock: %ss for each of your moves; then %s penalty points; no forfeit",
			    n), move, pen);
	tty_print_wrapped(t, line, 0, 2);
	fputc('\n', t->out);
}

static void print_header(const tty_game *t)
{
	char seed[32];
	snprintf(seed, sizeof seed, "%" PRIu64, bones_session_seed(t->session));
	fprintf(t->out, "%s%s%s: ", tty_style(t, TTY_BOLD), t->preset.name,
		tty_style(t, TTY_RESET));
	/* TRANSLATORS: the header: the game's name and its seed (--seed) */
	fprintf(t->out, _("%s, seed %s"), bones_plugin_text(t->plugin, t->plugin->name), seed);
	fputc('\n', t->out);
	for (int i = 0; i < t->players; i++) {
		const char *what = bones_table_seat_agent(t->table, i);
		char name[160];
		snprintf(name, sizeof name, "%s%s%s", tty_style_player(t, i), tty_name(t, i),
			 tty_style(t, TTY_RESET));
		/* TRANSLATORS: the header: seat %1$d, its player's name and (%3$s) the agent
		 * playing it (an agent spec as greedy or human, typed as it is) */
		fprintf(t->out, _("  seat %d: %s (%s)"), i + 1, name,
			!strcmp(what, "human") ? _("human")
			: strcmp(what, bones_table_seat_name(t->table, i)) ? what
			/* TRANSLATORS: in the header, a seat named after its agent */
			: _("agent"));
		fputc('\n', t->out);
	}
	print_clock(t);
}

/* The output of fn(t, seat) as text (malloc'd; NULL when it could not be captured). */
static char *captured(tty_game *t, int seat, void (*fn)(tty_game *, int))
{
	tty_capture c;
	tty_capture_begin(t, &c);
	fn(t, seat);
	return tty_capture_end(t, &c);
}

static void header_part(tty_game *t, int seat)
{
	(void)seat;
	print_header(t);
}

static void board_part(tty_game *t, int seat)
{
	print_board(t, seat);
}

static void history_part(tty_game *t, int seat)
{
	(void)seat;
	size_t length = bones_session_length(t->session);
	print_history(t, t->turn_from < length ? t->turn_from : length, length);
}

static void below_part(tty_game *t, int seat)
{
	(void)seat;
	if (t->notice[0])
		fprintf(t->out, "%s\n", t->notice);
	t->notice[0] = '\0';
	print_scores(t);
	tty_moves_print(t);
}

/* The screen of a human's turn: in place on a terminal, fitted to its size (the board,
 * what happened since this player's last turn, said: the output of the last command),
 * else one after the other. again: the same turn drawn again. */
static void show_turn(tty_game *t, int seat, bool again, const char *said)
{
	size_t length = bones_session_length(t->session);
	if (!again)
		t->turn_from = t->turn_start < length ? t->turn_start : length, t->board_top = 0;
	t->shown = t->turn_start = length; /* next time: this turn's move and the replies */
	if (!t->redraw) {
		print_board(t, seat);
		below_part(t, seat);
		return;
	}
	if (said && *said) {
		size_t n = strlen(said);
		while (n > 0 && said[n - 1] == '\n')
			n--;
		snprintf(t->notice, sizeof t->notice, "%.*s", (int)n, said);
	}
	tty_screen parts = {captured(t, seat, header_part), captured(t, seat, board_part),
			    captured(t, seat, history_part), captured(t, seat, below_part)};
	tty_style_clear(t);
	if (parts.header && parts.board && parts.history && parts.below) {
		tty_screen_print(t, &parts);
	} else { /* no memory stream: as it comes */
		print_header(t);
		print_board(t, seat);
		history_part(t, seat);
		below_part(t, seat);
	}
	free(parts.header), free(parts.board), free(parts.history), free(parts.below);
}

/* One line typed on a human's turn: true when the turn is over (*result says how). */
static bool take_input(tty_game *t, int seat, const char *line, enum turn_result *result)
{
	size_t before = bones_session_length(t->session);
	bool quit = false;
	if (!*line && t->piece >= 0) { /* back to the pieces */
		t->piece = -1;
		if (!t->redraw)
			tty_moves_print(t);
		return false;
	}
	if (t->redraw && !strcmp(line, "board")) { /* the next page (redrawn) */
		t->board_top = t->board_next;
		return false;
	}
	t->board_top = 0; /* after anything else, the board's first page again */
	if (t->redraw && !strcmp(line, "moves")) {
		t->piece = -1;
		return false;
	}
	if (!*line || command(t, seat, line, &quit)) {
		if (quit)
			*result = TURN_QUIT;
		else if (bones_session_length(t->session) != before) /* undo */
			*result = TURN_PLAYED;
		return quit || bones_session_length(t->session) != before;
	}
	if (try_move(t, line)) {
		*result = TURN_PLAYED;
		return true;
	}
	return false;
}

static enum turn_result human_turn(tty_game *t, int seat)
{
	enum turn_result result = TURN_QUIT;
	t->piece = -1;
	tty_moves_refresh(t);
	show_turn(t, seat, false, NULL);
	for (;;) {
		char prompt[200];
		prompt_text(t, seat, prompt, sizeof prompt);
		const char *line = NULL;
		enum tty_read got = tty_read_line(t, seat, prompt, &line);
		if (got == TTY_FORFEIT) {
			result = TURN_FORFEIT;
			break;
		}
		if (got == TTY_EOF) {
			fprintf(t->out, "\n%s\n", _("end of input"));
			break;
		}
		if (got == TTY_STOPPED) /* the terminal is gone: the game is saved */
			break;
		if (got == TTY_RESIZED) {
			show_turn(t, seat, true, NULL);
			continue;
		}
		if (!strcmp(line, "rules")) { /* paged on the screen itself, not captured */
			tty_rules_print(t);
			if (t->redraw)
				show_turn(t, seat, true, NULL);
			continue;
		}
		if (!t->redraw) {
			if (take_input(t, seat, line, &result))
				break;
			continue;
		}
		/* on a terminal what the line printed goes under the turn's screen, drawn
		 * again, unless it is longer than half the screen (help, moves all) */
		tty_capture c;
		tty_capture_begin(t, &c);
		bool over = take_input(t, seat, line, &result);
		char *said = tty_capture_end(t, &c);
		int rows = 0, cols = 0, lines = 0;
		for (const char *p = said ? said : ""; *p; p++)
			lines += *p == '\n';
		bool fits = !tty_screen_size(t, &rows, &cols) || lines < rows / 2;
		if (over) {
			fputs(said ? said : "", t->out);
			free(said);
			break;
		}
		if (said && *said && (!fits || strlen(said) >= sizeof t->notice))
			fputs(said, t->out); /* too long to keep on the screen: as it comes */
		else
			show_turn(t, seat, true, said);
		free(said);
	}
	return result;
}

static enum turn_result agent_turn(tty_game *t, int seat)
{
	bones_move m;
	bones_agent *agent = bones_table_agent(t->table, seat);
	bones_status st = bones_agent_choose(agent, bones_session_state(t->session), &m);
	if (!st)
		st = bones_table_play(t->table, m);
	if (st) {
		fprintf(t->out, _("seat %d (%s): the agent failed to move (status %d)"), seat + 1,
			bones_agent_spec(agent), (int)st);
		fputc('\n', t->out);
		return TURN_ERROR;
	}
	return TURN_PLAYED;
}

/* The host's result: the plugin's scores +/- penalties, a forfeiting seat last. */
static void print_result(tty_game *t)
{
	double scores[BONES_TABLE_MAX_SEATS], final[BONES_TABLE_MAX_SEATS];
	int ranks[BONES_TABLE_MAX_SEATS];
	int forfeit = bones_table_forfeit(t->table);
	t->plugin->scores(bones_session_game(t->session), bones_session_state(t->session),
			  scores);
	bones_table_result(t->table, final, ranks);
	print_board(t, first_human(t));
	const char *over = forfeit >= 0 ? _("game over (forfeit)") : _("game over");
	size_t n = strlen(over);
	const char *said = t->text; /* the board's own "game over" line (Geominos) is enough */
	while ((said = strstr(said, over)) && !((said == t->text || said[-1] == '\n') &&
						(said[n] == '\n' || !said[n])))
		said += n;
	if (!said)
		fprintf(t->out, "%s\n", over);
	for (int rank = 1; rank <= t->players; rank++) {
		for (int i = 0; i < t->players; i++) {
			if (ranks[i] != rank)
				continue;
			char num[64], plugin[64], pen[64];
			double penalty = bones_table_penalty(t->table, i);
			tty_score_text(final[i], num, sizeof num);
			tty_score_text(scores[i], plugin, sizeof plugin);
			tty_score_text(penalty, pen, sizeof pen);
			/* TRANSLATORS: the result: rank, player, seat, final score */
			fprintf(t->out, _("  %d. %s (seat %d): %s"), rank, tty_name(t, i), i + 1, num);
			if (penalty != 0)
				/* TRANSLATORS: after the final score: the game's score and the
				 * penalty points taken into it */
				fprintf(t->out, _(" (%s with penalties %s)"), plugin, pen);
			/* TRANSLATORS: after the final score of a player who lost on time */
			fprintf(t->out, "%s\n", i == forfeit ? _(" forfeit") : "");
		}
	}
	char end[4096];
	if (bones_table_end_text(t->table, end, sizeof end)) { /* why, then the sheet */
		for (char *line = end, *next; line; line = next) {
			next = strchr(line, '\n');
			if (next)
				*next++ = '\0';
			if (line != end && tty_text_holds(t->text, line))
				continue; /* the board printed it (Hegemino's tableaus) */
			fputs(line == end ? "" : "  ", t->out);
			tty_print_wrapped(t, line, line == end ? 0 : 2, 4);
			fputc('\n', t->out);
		}
	}
}

/* Every move kept as it is played: whenever the history changed (a move, an undo) the
 * record is written again, atomically, so that Ctrl-C, kill -9 or a crash lose nothing
 * played. A failed save is said at once (under the next turn's screen). */
static void keep_moves(tty_game *t)
{
	size_t length = bones_session_length(t->session);
	if (length == t->kept || !bones_table_player_moves(t->table, length))
		return;
	char path[1024], err[1200], said[sizeof t->notice];
	t->kept = length;
	if (!tty_game_save(t, NULL, path, sizeof path, err, sizeof err))
		return;
	snprintf(said, sizeof said, _("not saved: %s"), err);
	if (t->redraw)
		memcpy(t->notice, said, sizeof said);
	else
		fprintf(t->out, "%s\n", said);
	t->kept = (size_t)-1; /* tried again after the next move */
}

int tty_game_run(tty_game *t)
{
	print_header(t);
	enum turn_result r = TURN_PLAYED;
	t->kept = bones_session_length(t->session); /* a resumed game's record has it */
	while (r == TURN_PLAYED && !tty_signal_stopped()) {
		bones_status st = bones_table_resolve_chance(t->table);
		keep_moves(t);
		print_news(t);
		int seat = bones_session_to_move(t->session);
		if (st || seat == BONES_TERMINAL || seat < 0 || seat >= t->players) {
			if (st) {
				fprintf(t->out, _("chance could not be resolved (status %d)"), (int)st);
				fputc('\n', t->out);
			}
			r = st ? TURN_ERROR : TURN_PLAYED;
			break;
		}
		r = bones_table_human(t->table, seat) ? human_turn(t, seat) : agent_turn(t, seat);
	}
	bool over = bones_table_over(t->table);
	if (over)
		print_result(t);
	char path[1024], err[1200];
	if (tty_game_save(t, NULL, path, sizeof path, err, sizeof err)) {
		fprintf(stderr, _("bones play: the record was not saved: %s"), err);
		fputc('\n', stderr);
		return 1;
	}
	if (tty_signal_stopped() == SIGINT)
		fputc('\n', t->out); /* after the "^C" the terminal echoed */
	fprintf(t->out, over ? _("game saved to %s") : _("unfinished game saved to %s"), path);
	fputc('\n', t->out);
	if (!over)
		/* TRANSLATORS: after "unfinished game saved to FILE": the command, typed as it
		 * is (bones play --resume FILE) */
		fprintf(t->out, _("play it on with: bones play --resume %s\n"), path);
	return r == TURN_ERROR ? 1 : 0;
}
