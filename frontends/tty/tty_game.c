/* The terminal UI's game loop: chance resolved by the session and shown, agents' moves
 * printed with their points, the human's turn as a numbered list of legal moves and a
 * handful of commands; the record saved at the end. Reads lines until EOF, so it can be
 * scripted as well as played. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "bones/record.h"
#include "tty.h"

enum turn_result { TURN_PLAYED, TURN_QUIT, TURN_ERROR, TURN_FORFEIT };

static const char help_text[] =
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
	"  help        this list\n"
	"  quit        stop here (the game is saved)\n";

static int first_human(const tty_game *t)
{
	for (int i = 0; i < t->players; i++)
		if (bones_table_human(t->table, i))
			return i;
	return -1;
}

static bool visible(const tty_game *t, const void *before, bones_move m, int viewer)
{
	const bones_plugin *p = t->plugin;
	return !p->move_visible || viewer < 0 ||
	       p->move_visible(bones_session_game(t->session), before, m, viewer);
}

/* The points of history entry i for its mover, and its breakdown (one line). */
static double move_points(const tty_game *t, size_t i, int mover, char *why, size_t cap)
{
	const void *game = bones_session_game(t->session);
	double before[BONES_TABLE_MAX_SEATS] = {0}, after[BONES_TABLE_MAX_SEATS] = {0};
	t->plugin->scores(game, bones_session_state_at(t->session, i), before);
	t->plugin->scores(game, bones_session_state_at(t->session, i + 1), after);
	why[0] = '\0';
	if (t->plugin->breakdown)
		t->plugin->breakdown(game, bones_session_state_at(t->session, i + 1), why, cap);
	why[strcspn(why, "\n")] = '\0';
	return after[mover] - before[mover];
}

/* " +12" in the colour of a gain or a cost; returns the columns it took. */
static int print_points(const tty_game *t, double v)
{
	char num[48];
	bones_record_format_score(v, num, sizeof num);
	fprintf(t->out, " %s%s%s%s", tty_style_points(t, v, t->plugin->flags & BONES_LOW_SCORE_WINS),
		v > 0 ? "+" : "", num, tty_style(t, TTY_RESET));
	return 1 + (v > 0) + (int)strlen(num);
}

/* " (why)" after column col, broken at spaces within 78 columns (indented by 4). */
static void print_wrapped(const tty_game *t, const char *why, int col)
{
	fputs(" (", t->out);
	col += 2;
	for (const char *w = why; *w;) {
		size_t n = strcspn(w, " ");
		if (col + (int)n + 1 > 78 && col > 4) {
			fputs("\n   ", t->out);
			col = 3;
		}
		fprintf(t->out, "%s%.*s", col > 3 && w != why ? " " : "", (int)n, w);
		col += (int)n + (col > 3 && w != why);
		w += n;
		w += strspn(w, " ");
	}
	fputc(')', t->out);
}

/* History entries from..to-1 as the first human seat sees them: each player's move with
 * its points and breakdown; chance outcomes in a row gathered on one line. */
static void print_history(tty_game *t, size_t from, size_t to)
{
	const bones_plugin *p = t->plugin;
	const void *game = bones_session_game(t->session);
	int viewer = first_human(t);
	size_t chance_col = 0; /* the chance line's width so far, 0: none open */
	for (size_t i = from; i < to; i++) {
		const void *before = bones_session_state_at(t->session, i);
		bones_move m = bones_session_move_at(t->session, i);
		int mover = bones_session_mover_at(t->session, i);
		char text[BONES_MOVE_TEXT_MAX] = "?", why[256] = "";
		bool seen = visible(t, before, m, viewer);
		if (seen)
			p->format_move(game, before, m, text, sizeof text);
		if (mover == BONES_CHANCE) { /* outcomes in a row on one line, wrapped at 78 */
			char words[160];
			const char *what = !seen ? "(hidden from you)"
				: bones_session_chance_words(t->session, i, words, sizeof words) ? words : text;
			if (chance_col && chance_col + 2 + strlen(what) > 78)
				fprintf(t->out, ";\n       "), chance_col = 7;
			else if (chance_col)
				fprintf(t->out, "; "), chance_col += 2;
			else
				fprintf(t->out, "chance: "), chance_col = 8;
			fprintf(t->out, "%s", what);
			chance_col += strlen(what);
			continue;
		}
		if (chance_col)
			fputc('\n', t->out), chance_col = 0;
		double points = move_points(t, i, mover, why, sizeof why);
		const char *name = tty_name(t, mover), *verb = strcmp(name, "You") ? "plays" : "play";
		const char *shown = seen ? text : "a hidden move";
		fprintf(t->out, "%s%s%s %s %s", tty_style_player(t, mover), name,
			tty_style(t, TTY_RESET), verb, shown);
		int col = (int)(strlen(name) + 1 + strlen(verb) + 1 + strlen(shown));
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
	fprintf(t->out, "scores:");
	for (int i = 0; i < t->players; i++) {
		char num[64];
		bones_record_format_score(scores[i], num, sizeof num);
		fprintf(t->out, "%s %s%s%s %s", i ? "," : "", tty_style_player(t, i), tty_name(t, i),
			tty_style(t, TTY_RESET), num);
		double penalty = bones_table_penalty(t->table, i);
		if (penalty != 0) {
			bones_record_format_score(penalty, num, sizeof num);
			fprintf(t->out, " (penalties %s)", num);
		}
	}
	fprintf(t->out, "%s\n", t->plugin->flags & BONES_LOW_SCORE_WINS ? " (fewest wins)" : "");
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
		fprintf(t->out, "nothing to undo: no move of yours yet\n");
		return;
	}
	size_t length = bones_session_length(t->session);
	if (t->shown > length)
		t->shown = length;
	if (t->turn_start > length)
		t->turn_start = length;
	fprintf(t->out, "took back %d move%s\n", taken, taken == 1 ? "" : "s");
}

/* The mcts agent's move, how to type it, and why: its points and breakdown. */
static void hint(tty_game *t)
{
	char err[256];
	bones_agent *agent = bones_table_hint_agent(t->table, err, sizeof err);
	if (!agent) {
		fprintf(t->out, "no hint: %s\n", err);
		return;
	}
	const void *game = bones_session_game(t->session);
	const void *state = bones_session_state(t->session);
	bones_move m;
	char text[BONES_MOVE_TEXT_MAX] = "?", why[256] = "";
	if (bones_agent_choose(agent, state, &m)) {
		fprintf(t->out, "no hint: the mcts agent found no move\n");
		return;
	}
	t->plugin->format_move(game, state, m, text, sizeof text);
	size_t i = 0;
	while (i < t->move_count && t->moves[i] != m)
		i++;
	if (i == t->move_count) {
		fprintf(t->out, "no hint: the mcts agent chose %s, which is not legal\n", text);
		return;
	}
	memcpy(t->scratch, state, bones_session_info(t->session)->state_size);
	if (t->plugin->breakdown && t->plugin->apply(game, t->scratch, m) == BONES_OK)
		t->plugin->breakdown(game, t->scratch, why, sizeof why);
	why[strcspn(why, "\n")] = '\0';
	fprintf(t->out, "hint (mcts agent): %s", text);
	if (t->move_piece[i] >= 0 && t->move_label[i][0])
		fprintf(t->out, " (type %d, then %s)", t->move_piece[i] + 1, t->move_label[i]);
	if (t->move_points[i] != 0)
		print_points(t, t->move_points[i]);
	fprintf(t->out, "%s%s%s\n", why[0] ? ": " : "", why,
		why[0] || t->move_points[i] != 0 ? "" : ": no points now; the search rates it "
						      "best for later");
}

static void save_now(tty_game *t, const char *file)
{
	char path[1024], err[1200];
	if (tty_game_save(t, file && *file ? file : NULL, path, sizeof path, err, sizeof err))
		fprintf(t->out, "not saved: %s\n", err);
	else
		fprintf(t->out, "saved to %s\n", path);
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
		fputs(help_text, t->out);
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
	if (k >= 0)
		return bones_table_play(t->table, t->moves[k]) == BONES_OK;
	if (k == TTY_CHOSE_PIECE) {
		tty_moves_print(t);
		return false;
	}
	if (!why[0] && bones_session_play_text(t->session, line, err, sizeof err) == BONES_OK)
		return true;
	if (why[0])
		fprintf(t->out, "%s: ", why);
	else
		fprintf(t->out, "'%s' is not a legal move here (%s); ", line, err);
	if (t->pieces)
		fprintf(t->out, "type a piece's number, then a spot's letter, a move, or help\n");
	else if (t->numbered)
		fprintf(t->out, "type a number from the list, a move as listed, or help\n");
	else
		fprintf(t->out, "type a number 1..%zu, a move as listed, or help\n", t->move_count);
	return false;
}

/* What to type now, for the prompt. */
static void prompt_text(const tty_game *t, int seat, char *buf, size_t cap)
{
	if (t->piece >= 0)
		snprintf(buf, cap, "%s, a spot for piece %d (a letter, Enter: back, or help)",
			 tty_name(t, seat), t->piece + 1);
	else if (t->pieces)
		snprintf(buf, cap, "%s, your move (a piece's number, a move, or help)",
			 tty_name(t, seat));
	else
		snprintf(buf, cap, "%s, your move (a number, a move, or help)", tty_name(t, seat));
}

/* The clock of the human seats, announced before the game: "60s a move, then ...". */
static void print_clock(const tty_game *t)
{
	const bones_time_control *tc = bones_table_time(t->table);
	char pen[48];
	if (!bones_table_timed(t->table))
		return;
	bones_record_format_score(tc->penalty, pen, sizeof pen);
	fprintf(t->out, "clock: %gs for each of your moves; then %s penalty point%s",
		(double)tc->per_move_ms / 1000, pen, tc->penalty == 1 ? "" : "s");
	if (tc->grace_ms > 0)
		fprintf(t->out, " and %gs more", (double)tc->grace_ms / 1000);
	fprintf(t->out, "%s\n", tc->forfeit ? "; then the game is forfeit" : "; no forfeit");
}

static void print_header(const tty_game *t)
{
	fprintf(t->out, "%s%s%s: %s, seed %" PRIu64 "\n", tty_style(t, TTY_BOLD), t->preset.name,
		tty_style(t, TTY_RESET), t->plugin->name, bones_session_seed(t->session));
	for (int i = 0; i < t->players; i++) {
		const char *what = bones_table_seat_agent(t->table, i);
		fprintf(t->out, "  seat %d: %s%s%s (%s)\n", i + 1, tty_style_player(t, i),
			tty_name(t, i), tty_style(t, TTY_RESET),
			strcmp(what, tty_name(t, i)) ? what : "agent");
	}
	print_clock(t);
}

/* The screen of a human's turn: in place on a terminal (the board, what happened
 * since this player's last turn), else one after the other. */
static void show_turn(tty_game *t, int seat)
{
	size_t length = bones_session_length(t->session);
	if (t->redraw) {
		tty_style_clear(t);
		print_header(t);
		print_board(t, seat);
		print_history(t, t->turn_start < length ? t->turn_start : length, length);
	} else {
		print_board(t, seat);
	}
	t->shown = t->turn_start = length; /* next time: this turn's move and the replies */
	print_scores(t);
	tty_moves_print(t);
}

static enum turn_result human_turn(tty_game *t, int seat)
{
	enum turn_result result = TURN_QUIT;
	t->piece = -1;
	tty_moves_refresh(t);
	show_turn(t, seat);
	for (;;) {
		size_t before = bones_session_length(t->session);
		char prompt[200];
		prompt_text(t, seat, prompt, sizeof prompt);
		const char *line = NULL;
		enum tty_read got = tty_read_line(t, seat, prompt, &line);
		bool quit = false;
		if (got == TTY_FORFEIT) {
			result = TURN_FORFEIT;
			break;
		}
		if (got == TTY_EOF) {
			fprintf(t->out, "\nend of input\n");
			break;
		}
		if (!*line && t->piece >= 0) { /* back to the pieces */
			t->piece = -1;
			tty_moves_print(t);
			continue;
		}
		if (!*line || command(t, seat, line, &quit)) {
			if (quit)
				break;
			if (bones_session_length(t->session) != before) { /* undo */
				result = TURN_PLAYED;
				break;
			}
			continue;
		}
		if (try_move(t, line)) {
			result = TURN_PLAYED;
			break;
		}
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
		fprintf(t->out, "seat %d (%s): the agent failed to move (status %d)\n", seat + 1,
			bones_agent_spec(agent), (int)st);
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
	fprintf(t->out, "game over%s\n", forfeit >= 0 ? " (forfeit)" : "");
	for (int rank = 1; rank <= t->players; rank++) {
		for (int i = 0; i < t->players; i++) {
			if (ranks[i] != rank)
				continue;
			char num[64], plugin[64], pen[64];
			double penalty = bones_table_penalty(t->table, i);
			bones_record_format_score(final[i], num, sizeof num);
			bones_record_format_score(scores[i], plugin, sizeof plugin);
			bones_record_format_score(penalty, pen, sizeof pen);
			fprintf(t->out, "  %d. %s (seat %d): %s", rank, tty_name(t, i), i + 1, num);
			if (penalty != 0)
				fprintf(t->out, " (%s with penalties %s)", plugin, pen);
			fprintf(t->out, "%s\n", i == forfeit ? " forfeit" : "");
		}
	}
}

int tty_game_run(tty_game *t)
{
	print_header(t);
	enum turn_result r = TURN_PLAYED;
	while (r == TURN_PLAYED) {
		bones_status st = bones_session_resolve_chance(t->session);
		print_news(t);
		int seat = bones_session_to_move(t->session);
		if (st || seat == BONES_TERMINAL || seat < 0 || seat >= t->players) {
			if (st)
				fprintf(t->out, "chance could not be resolved (status %d)\n", (int)st);
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
		fprintf(stderr, "bones play: the record was not saved: %s\n", err);
		return 1;
	}
	fprintf(t->out, "%s saved to %s\n", over ? "game" : "unfinished game", path);
	return r == TURN_ERROR ? 1 : 0;
}
