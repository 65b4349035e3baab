/* Game records: random games of dominoes and testgame survive a save and a replay bit
 * for bit; every kind of corrupt record gets its own message naming file and line. */
#include "bones_test.h"

#include "bones/record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A registry with the test plugins and the build's game plugins. */
static bones_registry *open_registry(void)
{
	bones_registry *reg = bones_registry_create();
	CU_ASSERT_FATAL(reg != NULL);
	bones_registry_scan_dir(reg, BONES_TEST_PLUGIN_DIR);
	bones_registry_scan_dir(reg, BONES_BUILD_PLUGIN_DIR);
	return reg;
}

static bones_session *new_session(bones_registry *reg, const char *id, const char *settings,
				  uint64_t seed)
{
	return bones_test_session(bones_registry_find(reg, id), settings, seed);
}

/* Play up to max_moves random moves: chance by the session, players uniformly. */
static void play_random(bones_session *s, bones_rng *rng, size_t max_moves)
{
	const bones_plugin *p = bones_session_plugin(s);
	size_t cap = bones_session_info(s)->max_moves;
	bones_move *moves = malloc(cap * sizeof *moves);
	CU_ASSERT_FATAL(moves != NULL);
	for (size_t i = 0; i < max_moves; i++) {
		int who = bones_session_to_move(s);
		if (who == BONES_TERMINAL)
			break;
		if (who == BONES_CHANCE) {
			CU_ASSERT_FATAL(bones_session_resolve_chance(s) == BONES_OK);
			continue;
		}
		size_t n = p->legal_moves(bones_session_game(s), bones_session_state(s), moves,
					  NULL, cap);
		CU_ASSERT_FATAL(n > 0);
		CU_ASSERT_FATAL(bones_session_play(s, moves[bones_rng_below(rng, (uint32_t)n)]) ==
				BONES_OK);
	}
	free(moves);
}

static void temp_path(char *buf, size_t cap, const char *name)
{
	const char *dir = getenv("TMPDIR");
	snprintf(buf, cap, "%s/bones-test-record-%ld-%s", dir && *dir ? dir : "/tmp",
		 (long)getpid(), name);
}

/* Save, replay, compare: same options, seed, moves and every state. */
static void round_trip(bones_registry *reg, bones_session *s, const char *path)
{
	char err[512];
	bones_record_players pl = {{"Ann \"the\" \\bold\\", NULL}, .comment = "two\nlines"};
	CU_ASSERT_EQUAL_FATAL(bones_record_save(s, &pl, path, err, sizeof err), BONES_OK);
	bones_session *r = NULL;
	bones_status st = bones_record_replay(path, reg, &r, err, sizeof err);
	if (st)
		fprintf(stderr, "\n%s\n", err);
	CU_ASSERT_EQUAL_FATAL(st, BONES_OK);
	CU_ASSERT_FATAL(r != NULL);
	CU_ASSERT_STRING_EQUAL(bones_session_options_text(r), bones_session_options_text(s));
	CU_ASSERT_EQUAL(bones_session_seed(r), bones_session_seed(s));
	CU_ASSERT_EQUAL_FATAL(bones_session_length(r), bones_session_length(s));
	size_t size = bones_session_info(s)->state_size;
	for (size_t i = 0; i < bones_session_length(s); i++) {
		CU_ASSERT_EQUAL(bones_session_move_at(r, i), bones_session_move_at(s, i));
		CU_ASSERT_EQUAL(bones_session_mover_at(r, i), bones_session_mover_at(s, i));
	}
	CU_ASSERT(!memcmp(bones_session_state(r), bones_session_state(s), size));
	bones_session_destroy(r);
}

static void test_record__random_games_of_two_plugins_replay_bit_for_bit(void)
{
	bones_registry *reg = open_registry();
	bones_rng rng;
	char path[512];
	temp_path(path, sizeof path, "trip.rec");
	bones_rng_seed(&rng, 11);
	const char *ids[] = {"dominoes", "testgame"};
	const char *settings[] = {"variant=draw", "opening=chance players=3 target=21"};
	int played = 0;
	for (int k = 0; k < 2; k++) {
		if (!bones_registry_find(reg, ids[k]))
			continue;
		for (uint64_t seed = 1; seed <= 100; seed++) {
			bones_session *s = new_session(reg, ids[k], settings[k], seed * 7919);
			/* every fourth game stops midway: Result "*" */
			play_random(s, &rng, seed % 4 ? 100000 : seed % 30);
			round_trip(reg, s, path);
			bones_session_destroy(s);
			played++;
		}
	}
	CU_ASSERT(played >= 100);
	unlink(path);
	bones_registry_destroy(reg);
}

static void test_record__a_record_lists_tags_then_numbered_moves_with_movers(void)
{
	bones_registry *reg = open_registry();
	bones_session *s = new_session(reg, "testgame", "opening=chance", 5);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	CU_ASSERT_FATAL(f != NULL);
	char err[256];
	CU_ASSERT_EQUAL(bones_session_play_text(s, "=1", err, sizeof err), BONES_OK);
	CU_ASSERT_EQUAL(bones_session_play_text(s, "+2", err, sizeof err), BONES_OK);
	bones_record_players pl = {{"Ann", "Bob"}, .variant = "long", .preset = "count"};
	CU_ASSERT_EQUAL(bones_record_write(s, &pl, f), BONES_OK);
	fclose(f);
	const char *expect[] = {
		"[Game \"testgame\"]\n[PluginVersion \"1.0.0\"]\n[Variant \"long\"]\n"
		"[Preset \"count\"]\n",
		"[Options \"players=2 target=10 max_step=2 misere=false opening=chance "
		"title=Count\"]\n[Seed \"5\"]\n[Players \"2\"]\n[Player1 \"Ann\"]\n"
		"[Player2 \"Bob\"]\n[Date \"",
		"[Result \"*\"]\n\n1. chance =1\n2. p1 +2\n",
	};
	for (int i = 0; i < 3; i++)
		CU_ASSERT_PTR_NOT_NULL(strstr(buf, expect[i]));
	free(buf);
	bones_session_destroy(s);
	bones_registry_destroy(reg);
}

/* The record of s as text (malloc'ed). */
static char *record_text(bones_session *s, const bones_record_players *pl)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	CU_ASSERT_FATAL(f != NULL);
	CU_ASSERT_EQUAL(bones_record_write(s, pl, f), BONES_OK);
	fclose(f);
	return buf;
}

/* Move lines ("N. ...") carrying a " ; " comment, and the last of them in *last. */
static int commented_moves(const char *text, const char **last)
{
	int n = 0;
	*last = NULL;
	for (const char *line = text; line && *line; line = strchr(line, '\n'), line += !!line) {
		const char *end = strchr(line, '\n');
		const char *c = strstr(line, " ; ");
		if (line[0] >= '1' && line[0] <= '9' && c && (!end || c < end)) {
			n++;
			*last = line;
		}
	}
	return n;
}

/* Tournament records carry the score breakdown on the last move only, the same text
 * as a full record's last line; the moves are the same. */
static void test_record__final_breakdown_only_keeps_the_last_comment(void)
{
	bones_registry *reg = open_registry();
	bones_session *s = new_session(reg, "hegemino", "", 3);
	bones_rng rng;
	bones_rng_seed(&rng, 3);
	play_random(s, &rng, 100000);
	CU_ASSERT_EQUAL_FATAL(bones_session_to_move(s), BONES_TERMINAL);
	bones_record_players full = {{"Ann", "Bob"}, .comment = NULL};
	bones_record_players brief = {{"Ann", "Bob"}, .final_breakdown_only = true};
	char *a = record_text(s, &full), *b = record_text(s, &brief);
	const char *last_a, *last_b;
	CU_ASSERT(commented_moves(a, &last_a) > 10);
	CU_ASSERT_EQUAL(commented_moves(b, &last_b), 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(last_a);
	CU_ASSERT_PTR_NOT_NULL_FATAL(last_b);
	CU_ASSERT_STRING_EQUAL(last_a, last_b);
	CU_ASSERT(strlen(b) < strlen(a));
	free(a);
	free(b);
	bones_session_destroy(s);
	bones_registry_destroy(reg);
}

/* testgame, count to 10 adding 1 or 2: +2 +2 +2 +2 +2 reaches 10 on player 1's third
 * move (totals 2 4 6 8 10), so player 1 ranks 1 with score 1, player 2 ranks 2. */
static void test_record__the_result_tag_gives_ranks_and_scores(void)
{
	bones_registry *reg = open_registry();
	bones_session *s = new_session(reg, "testgame", "", 1);
	char err[256], result[128];
	bones_record_result(s, result, sizeof result);
	CU_ASSERT_STRING_EQUAL(result, "*");
	for (int i = 0; i < 5; i++)
		CU_ASSERT_EQUAL(bones_session_play_text(s, "+2", err, sizeof err), BONES_OK);
	bones_record_result(s, result, sizeof result);
	CU_ASSERT_STRING_EQUAL(result, "ranks 1 2; scores 1 0");
	bones_session_destroy(s);
	bones_registry_destroy(reg);
}

/* Replay text as a file; returns the status and the message with the path cut off. */
static bones_status replay_text(bones_registry *reg, const char *text, char *msg,
				size_t cap, size_t *moves)
{
	char path[512], err[1024];
	temp_path(path, sizeof path, "corrupt.rec");
	FILE *f = fopen(path, "w");
	CU_ASSERT_FATAL(f != NULL);
	fputs(text, f);
	fclose(f);
	bones_session *s = NULL;
	bones_status st = bones_record_replay(path, reg, &s, err, sizeof err);
	*moves = s ? bones_session_length(s) : (size_t)-1;
	bones_session_destroy(s);
	size_t plen = strlen(path);
	CU_ASSERT(!st || strncmp(err, path, plen) == 0);
	snprintf(msg, cap, "%s", st && !strncmp(err, path, plen) ? err + plen : err);
	unlink(path);
	return st;
}

#define HEAD "[Game \"testgame\"]\n[Options \"players=2 target=10\"]\n[Seed \"3\"]\n"

static void test_record__each_corrupt_record_gets_its_own_message(void)
{
	static const struct {
		const char *text, *message;
		size_t moves; /* kept in the session, (size_t)-1 = none */
	} cases[] = {
		{"[Seed \"1\"]\n\n1. p1 +1\n",
		 ":3: no [Game \"...\"] tag before the moves: not a Bones record", (size_t)-1},
		{"", ":1: no [Game \"...\"] tag before the moves: not a Bones record", (size_t)-1},
		{"[Game \"nosuch\"]\n1. p1 +1\n",
		 ":1: Game: no plugin 'nosuch' is installed (see `bones games`)", (size_t)-1},
		{"[Game \"../evil.so\"]\n",
		 ":1: Game: no plugin '../evil.so' is installed (see `bones games`)", (size_t)-1},
		{"[Game \"testgame\"]\n[Options \"players=9\"]\n",
		 ":2: Options: players: 9 is out of range 2..4", (size_t)-1},
		{"[Game \"testgame\"]\n[Options \"target=5 max_step=5\"]\n",
		 ":2: Options: max_step: 5 must be below the target 5", (size_t)-1},
		{"[Game \"testgame\"]\n[Variant \"fast\"]\n",
		 ":2: Variant: 'fast' is no variant of 'testgame' (known: misere, long)",
		 (size_t)-1},
		{"[Game \"testgame\"]\n[Seed \"-4\"]\n",
		 ":2: Seed: '-4' is not a whole number 0..2^64-1", (size_t)-1},
		{"[Game testgame]\n", ":1: malformed tag: expected [Name \"value\"]", (size_t)-1},
		{"\x7f" "ELF\x02\x01\n", ":1: expected 'N. MOVER MOVE', found '?ELF?" "?'", (size_t)-1},
		{HEAD "1. p1 +2\n2. p2 +3\n", ":5: move 2: '+3': not legal now", 1},
		{HEAD "1. p1 +2\n2. p2 two\n", ":5: move 2: 'two': not a move of testgame", 1},
		{HEAD "1. p1 +2\n2. p2 +2\n; nine would overshoot\n3. p1 +2\n4. p2 +2\n"
		      "5. p1 +2\n6. p2 +1\n", ":10: move 6: '+1': the game is over", 5},
		{HEAD "1. p1 +2\n3. p2 +2\n", ":5: move 2: '+2': numbered 3, expected 2", 1},
		{HEAD "1. p2 +2\n", ":4: move 1: '+2': recorded for 'p2' but p1 is to move", 0},
		{HEAD "1. p1\n", ":4: expected 'N. MOVER MOVE', found '1. p1'", 0},
		{HEAD "1. p1 +2\n99999999999999999999. p2 +2\n",
		 ":5: move 2: the move number in '99999999999999999999. p2 +2' is too large", 1},
		{HEAD "1. p1 +1\n[Result \"*\"]\n", ":5: tag 'Result' after the first move", 1},
		{HEAD "[Result \"ranks 2 1; scores 0 1\"]\n1. p1 +2\n2. p2 +2\n3. p1 +2\n"
		      "4. p2 +2\n5. p1 +2\n",
		 ":4: Result: the record says 'ranks 2 1; scores 0 1' but the replay ends with "
		 "'ranks 1 2; scores 1 0'", 5},
		{HEAD "[Result \"ranks 1 2; scores 1 0\"]\n1. p1 +2\n",
		 ":4: Result: the record says 'ranks 1 2; scores 1 0' but the game is not over "
		 "after 1 moves", 1},
	};
	bones_registry *reg = open_registry();
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char msg[1024];
		size_t moves;
		bones_status st = replay_text(reg, cases[i].text, msg, sizeof msg, &moves);
		CU_ASSERT_NOT_EQUAL(st, BONES_OK);
		if (strcmp(msg, cases[i].message))
			fprintf(stderr, "\ncase %zu:\n  got  '%s'\n  want '%s'\n", i, msg,
				cases[i].message);
		CU_ASSERT_STRING_EQUAL(msg, cases[i].message);
		if (moves != cases[i].moves)
			fprintf(stderr, "\ncase %zu: %zu moves kept, want %zu\n", i, moves,
				cases[i].moves);
		CU_ASSERT_EQUAL(moves, cases[i].moves);
	}
	bones_registry_destroy(reg);
}

static void test_record__a_missing_file_is_named(void)
{
	bones_registry *reg = open_registry();
	bones_session *s = (bones_session *)1;
	char err[512];
	CU_ASSERT_EQUAL(bones_record_replay("/nonexistent/x.rec", reg, &s, err, sizeof err),
			BONES_ENOTFOUND);
	CU_ASSERT_PTR_NULL(s);
	CU_ASSERT_STRING_EQUAL(err, "'/nonexistent/x.rec': no such file");
	CU_ASSERT_EQUAL(bones_record_replay("/dev/null", reg, &s, err, sizeof err), BONES_EIO);
	CU_ASSERT_STRING_EQUAL(err, "'/dev/null': not a regular file");
	bones_registry_destroy(reg);
}

static void test_record__saving_into_a_missing_folder_fails_and_leaves_nothing(void)
{
	bones_registry *reg = open_registry();
	bones_session *s = new_session(reg, "testgame", "", 1);
	char err[512];
	CU_ASSERT_EQUAL(bones_record_save(s, NULL, "/nonexistent/dir/x.rec", err, sizeof err),
			BONES_EIO);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "cannot write '/nonexistent/dir/x.rec': "));
	bones_session_destroy(s);
	bones_registry_destroy(reg);
}

static void test_record__a_binary_file_is_refused_at_its_first_line(void)
{
	static const char zip[] = "PK\x03\x04\x00\x00zip\n";
	char path[512], err[1024];
	temp_path(path, sizeof path, "zip.rec");
	FILE *f = fopen(path, "w");
	CU_ASSERT_FATAL(f != NULL);
	fwrite(zip, 1, sizeof zip - 1, f);
	fclose(f);
	bones_registry *reg = open_registry();
	bones_session *s = NULL;
	CU_ASSERT_EQUAL(bones_record_replay(path, reg, &s, err, sizeof err), BONES_EPARSE);
	CU_ASSERT_PTR_NULL(s);
	char want[600];
	snprintf(want, sizeof want, "%s:1: NUL byte: not a text file", path);
	CU_ASSERT_STRING_EQUAL(err, want);
	unlink(path);
	bones_registry_destroy(reg);
}

/* A file of games one after another (a tournament's games.bones): counted, each replayed
 * alone, and a bad move in game 2 named by its line in the whole file. */
static void test_record__a_file_of_games_is_read_game_by_game(void)
{
	static const char text[] =
		"[Game \"testgame\"]\n[Seed \"1\"]\n\n1. p1 +1\n2. p2 +2\n\n"
		"[Game \"testgame\"]\n[Seed \"2\"]\n; second\n\n1. p1 +2\n2. p2 +2\n3. p1 +2\n\n"
		"[Game \"testgame\"]\n[Seed \"3\"]\n\n1. p1 +2\n2. p2 +9\n";
	char path[512], err[1024];
	temp_path(path, sizeof path, "games.bones");
	FILE *f = fopen(path, "w");
	CU_ASSERT_FATAL(f != NULL);
	fputs(text, f);
	fclose(f);
	bones_registry *reg = open_registry();
	size_t games;
	CU_ASSERT_EQUAL_FATAL(bones_record_count(path, &games, err, sizeof err), BONES_OK);
	CU_ASSERT_EQUAL(games, 3);
	bones_session *s = NULL;
	CU_ASSERT_EQUAL(bones_record_replay_game(path, 2, reg, &s, err, sizeof err), BONES_OK);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_EQUAL(bones_session_length(s), 3);
	bones_session_destroy(s);
	CU_ASSERT_EQUAL(bones_record_replay_game(path, 3, reg, &s, err, sizeof err),
			BONES_EILLEGAL);
	char want[700];
	snprintf(want, sizeof want, "%s:19: move 2: '+9': not legal now", path);
	CU_ASSERT_STRING_EQUAL(err, want);
	bones_session_destroy(s);
	CU_ASSERT_EQUAL(bones_record_replay_game(path, 4, reg, &s, err, sizeof err), BONES_ERANGE);
	CU_ASSERT_PTR_NULL(s);
	unlink(path);
	bones_registry_destroy(reg);
}

static void test_record__comments_blank_lines_and_crlf_are_accepted(void)
{
	bones_registry *reg = open_registry();
	char msg[512];
	size_t moves;
	const char *text = "; a comment first\r\n[Game \"testgame\"]\r\n  [Seed \"9\"]  \r\n"
			   "\r\n1.  p1\t+1   ; one\r\n\r\n; between\r\n2. p2 +2\r\n";
	CU_ASSERT_EQUAL(replay_text(reg, text, msg, sizeof msg, &moves), BONES_OK);
	CU_ASSERT_EQUAL(moves, 2);
	bones_registry_destroy(reg);
}

/* Names with '"' and '\\' (a tournament's, a player's), one longer than the writer's
 * slices, read back as written, and the record still replays. */
static void test_record__quotes_and_backslashes_in_tags_read_back_the_same(void)
{
	static const char event[] = "The \"Big\" Cup \\ 2024 \\\"";
	char long_name[1300], path[512], err[512], value[1400];
	for (size_t i = 0; i < sizeof long_name - 1; i++)
		long_name[i] = "ab\"\\"[i % 4];
	long_name[sizeof long_name - 1] = '\0';
	const char *tags[] = {"Event", event, "Round", "1", NULL};
	bones_record_players pl = {{"Ann \"A\"", long_name}, .tags = tags};
	bones_registry *reg = open_registry();
	bones_session *s = new_session(reg, "testgame", NULL, 3);
	temp_path(path, sizeof path, "quoted.bones");
	CU_ASSERT_EQUAL_FATAL(bones_record_save(s, &pl, path, err, sizeof err), BONES_OK);
	CU_ASSERT(bones_record_tag(path, 1, "Event", value, sizeof value));
	CU_ASSERT_STRING_EQUAL(value, event);
	CU_ASSERT(bones_record_tag(path, 1, "Player1", value, sizeof value));
	CU_ASSERT_STRING_EQUAL(value, "Ann \"A\"");
	CU_ASSERT(bones_record_tag(path, 1, "Player2", value, sizeof value));
	CU_ASSERT_STRING_EQUAL(value, long_name);
	bones_session *r = NULL;
	CU_ASSERT_EQUAL(bones_record_replay(path, reg, &r, err, sizeof err), BONES_OK);
	bones_session_destroy(r);
	char line[128], name[16];
	size_t n = bones_record_tag_line("Event", event, line, sizeof line);
	CU_ASSERT_EQUAL(n, strlen(line));
	CU_ASSERT_EQUAL(bones_record_tag_line("Event", event, NULL, 0), n);
	CU_ASSERT(bones_record_tag_parse(line, name, sizeof name, value, sizeof value));
	CU_ASSERT_STRING_EQUAL(name, "Event");
	CU_ASSERT_STRING_EQUAL(value, event);
	unlink(path);
	bones_session_destroy(s);
	bones_registry_destroy(reg);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"a file of games is read game by game",
		 test_record__a_file_of_games_is_read_game_by_game},
		{"random games of two plugins replay bit for bit",
		 test_record__random_games_of_two_plugins_replay_bit_for_bit},
		{"a record lists tags then numbered moves with movers",
		 test_record__a_record_lists_tags_then_numbered_moves_with_movers},
		{"final breakdown only keeps the last comment",
		 test_record__final_breakdown_only_keeps_the_last_comment},
		{"the result tag gives ranks and scores",
		 test_record__the_result_tag_gives_ranks_and_scores},
		{"each corrupt record gets its own message",
		 test_record__each_corrupt_record_gets_its_own_message},
		{"a missing file is named", test_record__a_missing_file_is_named},
		{"saving into a missing folder fails and leaves nothing",
		 test_record__saving_into_a_missing_folder_fails_and_leaves_nothing},
		{"a binary file is refused at its first line",
		 test_record__a_binary_file_is_refused_at_its_first_line},
		{"quotes and backslashes in tags read back the same",
		 test_record__quotes_and_backslashes_in_tags_read_back_the_same},
		{"comments, blank lines and CRLF are accepted",
		 test_record__comments_blank_lines_and_crlf_are_accepted},
		{NULL, NULL}};
	return bones_test_main("record", cases);
}
