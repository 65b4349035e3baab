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
	"  NUMBER      play the move with that number in the list\n"
	"  MOVE        play a move by its notation, as listed\n"
	"  hint        ask the mcts agent for a move (about a second of search)\n"
	"  undo        take back your last move (and the agents' replies)\n"
	"  save [FILE] save the game so far as a record\n"
	"  moves       list the legal moves again\n"
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

/* Print the history entries not shown yet, as the first human seat sees them. */
static void print_history(tty_game *t)
{
	const bones_plugin *p = t->plugin;
	const void *game = bones_session_game(t->session);
	int viewer = first_human(t);
	size_t length = bones_session_length(t->session);
	for (; t->shown < length; t->shown++) {
		size_t i = t->shown;
		const void *before = bones_session_state_at(t->session, i);
		bones_move m = bones_session_move_at(t->session, i);
		int mover = bones_session_mover_at(t->session, i);
		char text[BONES_MOVE_TEXT_MAX] = "?", why[256] = "";
		bool seen = visible(t, before, m, viewer);
		if (seen)
			p->format_move(game, before, m, text, sizeof text);
		if (mover == BONES_CHANCE) {
			fprintf(t->out, "chance: %s\n", seen ? text : "(hidden from you)");
			continue;
		}
		if (p->breakdown)
			p->breakdown(game, bones_session_state_at(t->session, i + 1), why, sizeof why);
		why[strcspn(why, "\n")] = '\0';
		fprintf(t->out, "%s %s %s%s%s\n", tty_name(t, mover), strcmp(tty_name(t, mover), "You") ? "plays" : "play",
			seen ? text : "a hidden move", why[0] ? ": " : "", why);
	}
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
		fprintf(t->out, "%s %s %s", i ? "," : "", tty_name(t, i), num);
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

/* The legal moves as "N text" in equal columns within 78 characters. */
static size_t print_moves(tty_game *t)
{
	const bones_plugin *p = t->plugin;
	const void *game = bones_session_game(t->session);
	const void *state = bones_session_state(t->session);
	size_t n = p->legal_moves(game, state, t->moves, NULL,
				  bones_session_info(t->session)->max_moves);
	size_t width = 0;
	char text[BONES_MOVE_TEXT_MAX];
	for (size_t i = 0; i < n; i++) {
		size_t len = p->format_move(game, state, t->moves[i], text, sizeof text);
		width = len > width ? len : width;
	}
	width += 7; /* "%4zu " and two blanks between columns */
	size_t per_line = width < 78 ? 78 / width : 1;
	fprintf(t->out, "moves:\n");
	for (size_t i = 0; i < n; i++) {
		if (!p->format_move(game, state, t->moves[i], text, sizeof text))
			snprintf(text, sizeof text, "?");
		bool last = i + 1 == n || (i + 1) % per_line == 0;
		if (last)
			fprintf(t->out, "%4zu %s\n", i + 1, text);
		else
			fprintf(t->out, "%4zu %-*s", i + 1, (int)(width - 5), text);
	}
	return n;
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
	fprintf(t->out, "took back %d move%s\n", taken, taken == 1 ? "" : "s");
}

static void hint(tty_game *t)
{
	char err[256];
	bones_agent *agent = bones_table_hint_agent(t->table, err, sizeof err);
	if (!agent) {
		fprintf(t->out, "no hint: %s\n", err);
		return;
	}
	const void *state = bones_session_state(t->session);
	bones_move m;
	char text[BONES_MOVE_TEXT_MAX] = "?";
	if (bones_agent_choose(agent, state, &m)) {
		fprintf(t->out, "no hint: the mcts agent found no move\n");
		return;
	}
	t->plugin->format_move(bones_session_game(t->session), state, m, text, sizeof text);
	size_t n = t->plugin->legal_moves(bones_session_game(t->session), state, t->moves, NULL,
					  bones_session_info(t->session)->max_moves);
	for (size_t i = 0; i < n; i++)
		if (t->moves[i] == m)
			fprintf(t->out, "hint (mcts agent): %zu %s\n", i + 1, text);
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
	else if (len == 5 && !strncmp(line, "moves", 5))
		print_moves(t);
	else if (len == 5 && !strncmp(line, "board", 5))
		print_board(t, seat);
	else
		return false;
	return true;
}

/* A number from the list or a move's notation; explains and returns false if neither. */
static bool try_move(tty_game *t, const char *line, size_t count)
{
	if (line[0] >= '0' && line[0] <= '9' && !line[strspn(line, "0123456789")]) {
		unsigned long k = strtoul(line, NULL, 10);
		if (k >= 1 && k <= count) {
			bones_table_play(t->table, t->moves[k - 1]);
			return true;
		}
		fprintf(t->out, "there is no move %s: type a number 1..%zu, a move as listed, "
				"or help\n", line, count);
		return false;
	}
	char err[512];
	if (bones_session_play_text(t->session, line, err, sizeof err) == BONES_OK)
		return true;
	fprintf(t->out, "'%s' is not a legal move here (%s); type a number 1..%zu, a move as "
			"listed, or help\n", line, err, count);
	return false;
}

static enum turn_result human_turn(tty_game *t, int seat)
{
	enum turn_result result = TURN_QUIT;
	print_board(t, seat);
	print_scores(t);
	size_t count = print_moves(t);
	for (;;) {
		size_t before = bones_session_length(t->session);
		char prompt[160];
		snprintf(prompt, sizeof prompt, "%s, your move (1..%zu, a move, or help)",
			 tty_name(t, seat), count);
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
		if (!*line || command(t, seat, line, &quit)) {
			if (quit)
				break;
			if (bones_session_length(t->session) != before) { /* undo */
				result = TURN_PLAYED;
				break;
			}
			continue;
		}
		if (try_move(t, line, count)) {
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
	fprintf(t->out, "%s: %s, seed %" PRIu64 "\n", t->preset.name, t->plugin->name,
		bones_session_seed(t->session));
	for (int i = 0; i < t->players; i++) {
		const char *what = bones_table_seat_agent(t->table, i);
		fprintf(t->out, "  seat %d: %s (%s)\n", i + 1, tty_name(t, i),
			strcmp(what, tty_name(t, i)) ? what : "agent");
	}
	enum turn_result r = TURN_PLAYED;
	while (r == TURN_PLAYED) {
		bones_status st = bones_session_resolve_chance(t->session);
		print_history(t);
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
