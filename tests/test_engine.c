/* The engine protocol over memory streams: a whole game of dominoes (testgame when
 * dominoes is not built) driven command by command, and garbage that costs exactly one
 * error line each while the engine carries on. */
#include "bones_test.h"

#include "bones/engine.h"
#include "bones/options.h"
#include "bones/record.h"
#include "bones/session.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An engine writing into a growing memory buffer. */
typedef struct conversation {
	bones_registry *reg;
	bones_engine *engine;
	FILE *out;
	char *buf;
	size_t len, seen;
	char reply[1 << 16];
} conversation;

static void open_conversation(conversation *c)
{
	memset(c, 0, sizeof *c);
	c->reg = bones_registry_create();
	CU_ASSERT_FATAL(c->reg != NULL);
	bones_registry_scan_dir(c->reg, BONES_TEST_PLUGIN_DIR);
	bones_registry_scan_dir(c->reg, BONES_BUILD_PLUGIN_DIR);
	c->engine = bones_engine_create(c->reg);
	c->out = open_memstream(&c->buf, &c->len);
	CU_ASSERT_FATAL(c->engine && c->out);
}

static void close_conversation(conversation *c)
{
	fclose(c->out);
	free(c->buf);
	bones_engine_destroy(c->engine);
	bones_registry_destroy(c->reg);
}

/* Send one line; returns the reply (all lines written for it). */
static const char *ask(conversation *c, const char *line)
{
	bool go_on = bones_engine_command(c->engine, line, c->out);
	fflush(c->out);
	size_t n = c->len - c->seen;
	CU_ASSERT_FATAL(n < sizeof c->reply);
	memcpy(c->reply, c->buf + c->seen, n);
	c->reply[n] = '\0';
	c->seen = c->len;
	CU_ASSERT_EQUAL(go_on, strcmp(line, "quit") != 0);
	return c->reply;
}

static size_t count_lines(const char *text)
{
	size_t n = 0;
	for (; *text; text++)
		n += *text == '\n';
	return n;
}

/* The first word after "legal K ". */
static void first_legal(const char *reply, char *move, size_t cap)
{
	const char *p = strchr(reply + 6, ' ');
	CU_ASSERT_FATAL(p != NULL);
	p++;
	size_t len = strcspn(p, " \n");
	CU_ASSERT_FATAL(len > 0 && len < cap);
	memcpy(move, p, len);
	move[len] = '\0';
}

static void test_engine__a_whole_game_is_played_through_the_protocol(void)
{
	conversation c;
	open_conversation(&c);
	bool dominoes = bones_registry_find(c.reg, "dominoes") != NULL;
	CU_ASSERT_STRING_EQUAL(ask(&c, dominoes ? "new dominoes seed=42 variant=draw"
					       : "new testgame seed=42 opening=chance"),
			       "ok\n");
	size_t turns = 0, rolls = 0;
	char move[BONES_MOVE_TEXT_MAX + 8], cmd[BONES_MOVE_TEXT_MAX + 16];
	for (;;) {
		const char *who = ask(&c, "tomove");
		CU_ASSERT_EQUAL_FATAL(count_lines(who), 1);
		if (!strcmp(who, "over\n"))
			break;
		CU_ASSERT_FATAL(turns < 10000);
		if (!strcmp(who, "chance\n") && turns % 2) {
			CU_ASSERT_FATAL(!strncmp(ask(&c, "roll"), "ok ", 3));
			rolls++;
			continue;
		}
		CU_ASSERT_FATAL(!strcmp(who, "chance\n") || !strncmp(who, "player ", 7));
		const char *legal = ask(&c, "legal");
		CU_ASSERT_FATAL(!strncmp(legal, "legal ", 6) && count_lines(legal) == 1);
		CU_ASSERT(atoi(legal + 6) > 0);
		first_legal(legal, move, sizeof move);
		snprintf(cmd, sizeof cmd, "play %s", move);
		CU_ASSERT_STRING_EQUAL_FATAL(ask(&c, cmd), "ok\n");
		turns++;
	}
	CU_ASSERT(rolls > 0 || !dominoes);
	CU_ASSERT_STRING_EQUAL(ask(&c, "legal"), "legal 0\n");
	CU_ASSERT(!strncmp(ask(&c, "play x"), "error: move ", 12));
	char scores[256];
	snprintf(scores, sizeof scores, "%s", ask(&c, "scores"));
	CU_ASSERT(!strncmp(scores, "scores ", 7) && count_lines(scores) == 1);
	const char *show = ask(&c, "show");
	size_t n = strlen(show);
	CU_ASSERT(n >= 2 && !strcmp(show + n - 2, ".\n") && count_lines(show) >= 2);
	/* the record replays to the same end */
	const char *record = ask(&c, "record");
	n = strlen(record);
	CU_ASSERT_FATAL(n > 2 && !strcmp(record + n - 2, ".\n"));
	FILE *f = fmemopen((void *)record, n - 2, "r");
	bones_session *s = NULL;
	char err[512], result[256];
	CU_ASSERT_EQUAL_FATAL(bones_record_read(f, "engine", c.reg, &s, err, sizeof err),
			      BONES_OK);
	fclose(f);
	CU_ASSERT_EQUAL(bones_session_to_move(s), BONES_TERMINAL);
	bones_record_result(s, result, sizeof result);
	CU_ASSERT_PTR_NOT_NULL(strstr(scores, strstr(result, "scores ") + 7));
	CU_ASSERT_PTR_NOT_NULL(strstr(record, dominoes ? "[Variant \"draw\"]" : "[Seed \"42\"]"));
	bones_session_destroy(s);
	CU_ASSERT_STRING_EQUAL(ask(&c, "quit"), "ok\n");
	close_conversation(&c);
}

/* Each script line and the reply it must get ("" = no reply: a blank line). */
static const struct {
	const char *line, *reply;
} script[] = {
	{"tomove", "error: tomove: no game yet: start one with 'new GAME'\n"},
	{"new", "error: usage: new GAME [key=value ...] (GAME: a plugin id or preset)\n"},
	{"new testgame players=9", "error: players: 9 is out of range 2..4\n"},
	{"new testgame seed=abc", "error: seed: 'abc' is not a whole number 0..2^64-1\n"},
	{"new testgame colour", "error: 'colour': expected key=value\n"},
	{"new testgame target=4 max_step=5",
	 "error: max_step: 5 must be below the target 4\n"},
	{"frobnicate now", "error: unknown command 'frobnicate' (known: new, tomove, legal, "
			   "play, roll, scores, show, record, genmove, protocol, quit)\n"},
	{"new testgame seed=3 target=5", "ok\n"},
	{"   ", ""},
	{"tomove extra", "error: tomove takes no arguments\n"},
	{"play +7", "error: move 1: '+7': not legal now\n"},
	{"play", "error: usage: play MOVE\n"},
	{"play +1 +1", "error: move 1: '+1 +1': not a move of this game\n"},
	/* only a trailing CR is a line end: a CR anywhere else fails the whole line */
	{"\rtomove", "error: unknown command '?tomove' (known: new, tomove, legal, play, roll, "
		     "scores, show, record, genmove, protocol, quit)\n"},
	{"play +1\rjunk", "error: move 1: '+1?junk': not a move of this game\n"},
	{"roll", "error: roll: not a chance node (tomove says who moves)\n"},
	{"legal", "legal 2 +1 +2\n"},
	{"\tplay  +2 \r", "ok\n"},
	{"tomove", "player 2\n"},
	/* protocol 1.1: the host may name who moved */
	{"play player 2 +2", "error: move 2: 'player 2 +2': not a move of this game\n"},
	{"protocol", "protocol 1.1\n"},
	{"protocol 1.0", "protocol 1.0\n"},
	{"protocol 1", "error: usage: protocol [MAJOR.MINOR] (this engine speaks 1.0 and 1.1)\n"},
	{"protocol 0.9", "error: protocol: '0.9' is not a version MAJOR.MINOR of 1.0 or later "
			 "(this engine speaks 1.0 and 1.1)\n"},
	{"protocol 2.4", "protocol 1.1\n"},
	{"play player 3 +2", "error: play: player '3' is not a player of this game (1..2)\n"},
	{"play player 1", "error: usage: play [player N | chance] MOVE\n"},
	{"play player 1 +2", "error: move 2: '+2': that player is not to move here\n"},
	{"play chance +2", "error: move 2: '+2': chance is not to move here\n"},
	{"play player 2 +2", "ok\n"},
	{"play +1", "ok\n"},
	{"tomove", "over\n"},
	{"scores", "scores 1 0\n"},
	{"quit now", "error: quit takes no arguments\n"},
	{"quit", "ok\n"},
};

static void test_engine__every_bad_line_gets_one_error_line_and_the_engine_goes_on(void)
{
	size_t lines = sizeof script / sizeof *script;
	char *in = NULL, *out = NULL;
	size_t in_len = 0, out_len = 0;
	FILE *fin = open_memstream(&in, &in_len);
	CU_ASSERT_FATAL(fin != NULL);
	for (size_t i = 0; i < lines; i++)
		fprintf(fin, "%s\n", script[i].line);
	fputs("tomove\n", fin); /* after quit: never read */
	fclose(fin);
	conversation c;
	open_conversation(&c);
	FILE *f = fmemopen(in, in_len, "r");
	FILE *fout = open_memstream(&out, &out_len);
	CU_ASSERT_EQUAL(bones_engine_run(c.engine, f, fout), 0);
	fclose(f);
	fclose(fout);
	const char *p = out;
	for (size_t i = 0; i < lines; i++) {
		size_t len = strlen(script[i].reply);
		if (strncmp(p, script[i].reply, len))
			fprintf(stderr, "\nline '%s': got '%.*s', want '%s'", script[i].line,
				(int)strcspn(p, "\n"), p, script[i].reply);
		CU_ASSERT_FATAL(!strncmp(p, script[i].reply, len));
		p += len;
	}
	CU_ASSERT_STRING_EQUAL(p, "");
	free(in);
	free(out);
	close_conversation(&c);
}

static void test_engine__long_lines_nul_bytes_and_missing_games_are_single_errors(void)
{
	conversation c;
	open_conversation(&c);
	char *huge = malloc(100001);
	CU_ASSERT_FATAL(huge != NULL);
	memset(huge, 'x', 100000);
	huge[100000] = '\0';
	const char *r = ask(&c, huge);
	CU_ASSERT(!strncmp(r, "error: unknown command 'xxx", 27) && count_lines(r) == 1);
	memcpy(huge, "play ", 5);
	r = ask(&c, huge);
	CU_ASSERT(!strncmp(r, "error: play: no game yet", 24) && count_lines(r) == 1);
	free(huge);
	r = ask(&c, "new no_such_game");
	CU_ASSERT(!strncmp(r, "error: ", 7) && count_lines(r) == 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(r, "no_such_game"));
	/* a NUL byte inside a line read from a stream */
	static const char nul[] = "new testgame seed=1\nto\0move\ntomove\nquit\n";
	FILE *f = fmemopen((void *)nul, sizeof nul - 1, "r");
	char *out = NULL;
	size_t len = 0;
	FILE *fout = open_memstream(&out, &len);
	bones_engine_run(c.engine, f, fout);
	fclose(f);
	fclose(fout);
	CU_ASSERT_STRING_EQUAL(out, "ok\nerror: NUL byte in command\nplayer 1\nok\n");
	free(out);
	close_conversation(&c);
}

static void test_engine__a_new_game_replaces_the_old_one_only_when_it_starts(void)
{
	conversation c;
	open_conversation(&c);
	CU_ASSERT_STRING_EQUAL(ask(&c, "new testgame seed=1"), "ok\n");
	CU_ASSERT_STRING_EQUAL(ask(&c, "play +2"), "ok\n");
	CU_ASSERT(!strncmp(ask(&c, "new testgame players=1"), "error: players: ", 16));
	CU_ASSERT_STRING_EQUAL(ask(&c, "tomove"), "player 2\n");
	CU_ASSERT_STRING_EQUAL(ask(&c, "new testgame variant=long seed=1"), "ok\n");
	CU_ASSERT_STRING_EQUAL(ask(&c, "legal"), "legal 3 +1 +2 +3\n");
	const char *rec = ask(&c, "record");
	CU_ASSERT_PTR_NOT_NULL(strstr(rec, "[Variant \"long\"]\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(rec, "target=21 max_step=3"));
	CU_ASSERT_PTR_NOT_NULL(strstr(rec, "[Seed \"1\"]\n"));
	close_conversation(&c);
}

/* History entry i as seat sees it: an outcome it may not see masked ("deal:?"), as a
 * tournament host sends it (docs/tournaments.md). */
static void seen_text(const bones_session *s, size_t i, int seat, char *text, size_t cap)
{
	const bones_plugin *p = bones_session_plugin(s);
	const void *game = bones_session_game(s), *before = bones_session_state_at(s, i);
	bones_move m = bones_session_move_at(s, i);
	CU_ASSERT_FATAL(p->format_move(game, before, m, text, cap) > 0);
	if (p->move_visible && !p->move_visible(game, before, m, seat)) {
		char *colon = strchr(text, ':');
		strcpy(colon ? colon + 1 : text, "?");
	}
}

/* How a test host drives its engines. */
typedef struct host {
	const char *agent, *genmove; /* the engines' agent; the line asking for a move */
	bool movers;                 /* protocol 1.1: every play names who moved */
	long budget;                 /* the engines' repair budget, 0: the default */
} host;

/* Send seat's engine every history entry it has not seen yet; false at an error. */
static bool catch_up(conversation *c, const bones_session *s, int seat, size_t *sent,
		     bool movers)
{
	char line[BONES_MOVE_TEXT_MAX + 24];
	for (; *sent < bones_session_length(s); (*sent)++) {
		int who = bones_session_mover_at(s, *sent), n = 5;
		strcpy(line, "play ");
		if (movers)
			n = who < 0 ? sprintf(line, "play chance ")
				    : sprintf(line, "play player %d ", who + 1);
		seen_text(s, *sent, seat, line + n, sizeof line - (size_t)n);
		const char *reply = ask(c, line);
		if (strcmp(reply, "ok\n")) {
			fprintf(stderr, "\n  seat %d: '%s' answered %s", seat + 1, line, reply);
			return false;
		}
	}
	return true;
}

/* One game of dominoes with settings, every seat an engine told its seat and shown only
 * what that seat may see, driven as h says; true when every move was accepted and every
 * genmove legal in the real game, to the end. */
static bool engines_play_hidden_game(const char *settings, uint64_t seed, const host *h)
{
	bones_registry *reg = bones_registry_create();
	bones_registry_scan_dir(reg, BONES_BUILD_PLUGIN_DIR);
	const bones_plugin *p = bones_registry_find(reg, "dominoes");
	bones_options opts;
	bones_session *s = NULL;
	char err[256], line[512];
	CU_ASSERT_FATAL(p != NULL);
	CU_ASSERT_FATAL(!bones_options_init(&opts, p, err, sizeof err) &&
			!bones_options_apply(&opts, settings, err, sizeof err) &&
			!bones_session_create(p, &opts, seed, &s, err, sizeof err));
	bones_options_release(&opts);
	int players = bones_session_info(s)->players;
	conversation seats[4];
	size_t sent[4] = {0};
	bool ok = true;
	for (int i = 0; i < players; i++) {
		open_conversation(&seats[i]);
		bones_engine_set_agent(seats[i].engine, h->agent);
		bones_engine_set_repair_budget(seats[i].engine, h->budget);
		if (h->movers)
			CU_ASSERT_STRING_EQUAL(ask(&seats[i], "protocol 1.1"), "protocol 1.1\n");
		snprintf(line, sizeof line, "new dominoes %s seat=%d seed=%llu", settings, i + 1,
			 (unsigned long long)(seed * 31 + (uint64_t)i));
		CU_ASSERT_STRING_EQUAL(ask(&seats[i], line), "ok\n");
	}
	while (ok && bones_session_to_move(s) != BONES_TERMINAL) {
		int who = bones_session_to_move(s);
		bones_move m;
		if (who == BONES_CHANCE) {
			CU_ASSERT_FATAL(!bones_session_sample_chance(s, &m) && !bones_session_play(s, m));
			continue;
		}
		ok = catch_up(&seats[who], s, who, &sent[who], h->movers);
		const char *reply = ok ? ask(&seats[who], h->genmove) : "";
		if (ok && (strncmp(reply, "move ", 5) ||
			   bones_session_play_text(s, strtok(strcpy(line, reply + 5), "\n"), err,
						   sizeof err))) {
			fprintf(stderr, "\n  seat %d: genmove answered %s", who + 1, reply);
			ok = false;
		}
	}
	for (int i = 0; i < players; i++) {
		ok = ok && catch_up(&seats[i], s, i, &sent[i], h->movers);
		close_conversation(&seats[i]);
	}
	bones_session_destroy(s);
	bones_registry_destroy(reg);
	return ok;
}

/* count games of dominoes in each of the n settings (seeds step, 2 step, ...) driven as
 * h says: every one must end without an error or an illegal move. */
static void play_hidden_games(const char *const *settings, size_t n, uint64_t count,
			      uint64_t step, const host *h)
{
	uint64_t clean = 0;
	for (size_t k = 0; k < n; k++)
		for (uint64_t seed = step; seed <= count * step; seed += step)
			if (engines_play_hidden_game(settings[k], seed, h))
				clean++;
			else
				fprintf(stderr, " (%s, seed %llu)\n", settings[k],
					(unsigned long long)seed);
	CU_ASSERT_EQUAL(clean, n * count);
}

/* Block and draw dominoes for 2 to 4 players: each engine guesses the tiles it may not
 * see, repairs its guesses when the play contradicts them (who leads, a pass, a drawn
 * tile played) and never answers an error or an illegal move; the host speaks protocol
 * 1.0 (no movers), as an old host does. */
static void test_engine__engines_told_their_seat_play_hidden_dominoes_to_the_end(void)
{
	static const char *const settings[] = {
		"players=2 variant=block", "players=3 variant=block", "players=4 variant=block",
		"players=2 variant=draw", "players=3 variant=draw", "players=4 variant=draw",
	};
	static const host old = {"greedy", "genmove", false, 0};
	play_hidden_games(settings, 6, 25, 1000003, &old);
}

/* A host's hurry costs no repair: in 4-player draw dominoes at `genmove 60` (the guesses
 * often have another player lead, and a repair bounded by a quarter of the move's time
 * used to give up: 12 games in 100 forfeited) every seat answers a legal move. The
 * repair's budget is work, not time, so this holds on a loaded machine too. */
static void test_engine__a_hurried_genmove_still_repairs_the_guesses(void)
{
	static const char *const draw4[] = {"players=4 variant=draw"};
	static const host hurry = {"random", "genmove 60", true, 0};
	play_hidden_games(draw4, 1, 20, 7919, &hurry);
}

/* The last resort: with a repair budget of one history entry no repair of the guesses
 * ever succeeds, and every engine still plays every move it is sent and answers every
 * genmove with a legal move, from a position of its own whose hidden tiles are
 * resampled until the move fits (the host names the mover of each move). */
static void test_engine__without_a_repair_every_move_is_still_legal(void)
{
	static const char *const settings[] = {
		"players=2 variant=block", "players=4 variant=block",
		"players=3 variant=draw", "players=4 variant=draw",
	};
	static const host none = {"random", "genmove 60", true, 1};
	play_hidden_games(settings, 4, 25, 104729, &none);
}

/* Text that is no move in any position is refused before a repair of the guesses: with
 * a budget no repair could spend, the engine still answers each garbage line at once
 * (a repair would hold the test until ctest's timeout). A well-formed move is still
 * repaired for. */
static void test_engine__garbage_is_refused_before_a_repair(void)
{
	conversation c;
	open_conversation(&c);
	bones_engine_set_repair_budget(c.engine, LONG_MAX);
	CU_ASSERT_STRING_EQUAL(ask(&c, "new dominoes players=2 seat=1 seed=5"), "ok\n");
	for (int i = 0; i < 7; i++)
		CU_ASSERT_STRING_EQUAL(ask(&c, "play deal:?"), "ok\n");
	for (int i = 0; i < 5; i++)
		CU_ASSERT_STRING_EQUAL(ask(&c, "play frobnicate"),
				       "error: move 8: 'frobnicate': not a move of this game\n");
	CU_ASSERT_STRING_EQUAL(ask(&c, "play deal:9-9"),
			       "error: move 8: 'deal:9-9': not a move of this game\n");
	close_conversation(&c);
}

/* An error reply shows a control character of the command escaped, never verbatim. */
static void test_engine__error_replies_escape_control_characters(void)
{
	conversation c;
	open_conversation(&c);
	CU_ASSERT_STRING_EQUAL(ask(&c, "new testgame seed=3 target=5"), "ok\n");
	CU_ASSERT_STRING_EQUAL(ask(&c, "play +1\tjunk"),
			       "error: move 1: '+1\\tjunk': not a move of this game\n");
	close_conversation(&c);
}

/* genmove MS bounds the agent's search: an agent whose own budget is 30 s answers in
 * time (a limit ignored would hold the test for 30 s per move and fail it). */
static void test_engine__genmove_ms_bounds_the_search(void)
{
	conversation c;
	open_conversation(&c);
	bones_engine_set_agent(c.engine, "mcts iterations=1000000000 time=30");
	CU_ASSERT_STRING_EQUAL(ask(&c, "new holomino seed=3 seat=1"), "ok\n");
	CU_ASSERT_EQUAL(strncmp(ask(&c, "roll"), "ok ", 3), 0);
	CU_ASSERT_STRING_EQUAL(ask(&c, "genmove soon"),
			       "error: genmove: 'soon' is not a time in milliseconds\n");
	CU_ASSERT_EQUAL(strncmp(ask(&c, "genmove 150"), "move ", 5), 0);
	/* player 2 is not this engine's seat: no search, an error */
	CU_ASSERT_STRING_EQUAL(ask(&c, "new holomino seed=3 seat=2"), "ok\n");
	CU_ASSERT_EQUAL(strncmp(ask(&c, "roll"), "ok ", 3), 0);
	CU_ASSERT_STRING_EQUAL(ask(&c, "genmove 150"),
			       "error: genmove: player 2 is not to move here (tomove says who moves)\n");
	close_conversation(&c);
}

/* What a test chooser saw, and whether it answers. */
typedef struct chooser_log {
	int calls, seat;
	double seconds;
	bool fail;
} chooser_log;

/* Chooses the last legal move of the engine's state. */
static bones_status choose_last(void *user, const bones_session *s, int seat, double seconds,
				bones_move *move)
{
	chooser_log *log = user;
	bones_move moves[512];
	const bones_plugin *p = bones_session_plugin(s);
	size_t n = p->legal_moves(bones_session_game(s), bones_session_state(s), moves, NULL,
				  sizeof moves / sizeof *moves);
	log->calls++;
	log->seat = seat;
	log->seconds = seconds;
	if (log->fail || n == 0)
		return BONES_EINVAL;
	*move = moves[n - 1];
	return BONES_OK;
}

/* A chooser (the Python package's way in) answers genmove in place of an agent, for the
 * seat to move, with the time left of MS; its failure is one error line. */
static void test_engine__a_chooser_answers_genmove(void)
{
	conversation c;
	chooser_log log = {0};
	open_conversation(&c);
	bones_engine_set_chooser(c.engine, choose_last, &log);
	CU_ASSERT_STRING_EQUAL(ask(&c, "new holomino seed=3 seat=1"), "ok\n");
	CU_ASSERT_EQUAL(strncmp(ask(&c, "roll"), "ok ", 3), 0);
	char last[BONES_MOVE_TEXT_MAX + 8] = "move ";
	const char *legal = ask(&c, "legal");
	snprintf(last + 5, sizeof last - 5, "%s", strrchr(legal, ' ') + 1);
	CU_ASSERT_STRING_EQUAL(ask(&c, "genmove 1000"), last);
	CU_ASSERT_EQUAL(log.calls, 1);
	CU_ASSERT_EQUAL(log.seat, 0);
	CU_ASSERT(log.seconds > 0 && log.seconds <= 1);
	CU_ASSERT_STRING_EQUAL(ask(&c, "genmove"), last);
	CU_ASSERT_EQUAL(log.seconds, 0);
	log.fail = true;
	CU_ASSERT_STRING_EQUAL(ask(&c, "genmove"), "error: genmove: the agent found no move\n");
	CU_ASSERT_STRING_EQUAL(ask(&c, "tomove"), "player 1\n");
	bones_engine_set_chooser(c.engine, NULL, NULL);
	CU_ASSERT_STRING_EQUAL(ask(&c, "genmove"),
			       "error: genmove: no agent: start the engine with --agent SPEC\n");
	close_conversation(&c);
}

/* seat=N is the engine's own key of `new`, checked against the game's players. */
static void test_engine__a_seat_outside_the_game_is_refused(void)
{
	conversation c;
	open_conversation(&c);
	CU_ASSERT_STRING_EQUAL(ask(&c, "new dominoes players=2 seat=3"),
			       "error: seat: 3 is not a player of this game (1..2)\n");
	CU_ASSERT_STRING_EQUAL(ask(&c, "new dominoes seat=0"),
			       "error: seat: '0' is not a player number\n");
	CU_ASSERT_STRING_EQUAL(ask(&c, "new dominoes seat=x"),
			       "error: seat: 'x' is not a player number\n");
	CU_ASSERT_STRING_EQUAL(ask(&c, "tomove"),
			       "error: tomove: no game yet: start one with 'new GAME'\n");
	CU_ASSERT_STRING_EQUAL(ask(&c, "new dominoes players=4 seat=4"), "ok\n");
	close_conversation(&c);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"a whole game is played through the protocol",
		 test_engine__a_whole_game_is_played_through_the_protocol},
		{"every bad line gets one error line and the engine goes on",
		 test_engine__every_bad_line_gets_one_error_line_and_the_engine_goes_on},
		{"long lines, NUL bytes and missing games are single errors",
		 test_engine__long_lines_nul_bytes_and_missing_games_are_single_errors},
		{"a new game replaces the old one only when it starts",
		 test_engine__a_new_game_replaces_the_old_one_only_when_it_starts},
		{"engines told their seat play hidden dominoes to the end",
		 test_engine__engines_told_their_seat_play_hidden_dominoes_to_the_end},
		{"a seat outside the game is refused", test_engine__a_seat_outside_the_game_is_refused},
		{"genmove MS bounds the search", test_engine__genmove_ms_bounds_the_search},
		{"a chooser answers genmove", test_engine__a_chooser_answers_genmove},
		{"a hurried genmove still repairs the guesses",
		 test_engine__a_hurried_genmove_still_repairs_the_guesses},
		{"without a repair every move is still legal",
		 test_engine__without_a_repair_every_move_is_still_legal},
		{"garbage is refused before a repair", test_engine__garbage_is_refused_before_a_repair},
		{"error replies escape control characters",
		 test_engine__error_replies_escape_control_characters},
		{NULL, NULL}};
	return bones_test_main("engine", cases);
}
