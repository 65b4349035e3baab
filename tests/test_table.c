/* The table: seats and agents, undo and redo by player moves, the clock's penalty and
 * forfeit with the host's result and tags, and match play with the seats rotating. */
#include "bones_test.h"

#include "bones/registry.h"
#include "bones/table.h"

#include <string.h>

static bones_registry *reg;

/* A table of game id with settings, seats given as agent specs ("human", "greedy"). */
static bones_table *open_table(const char *id, const char *settings, const char *const *agents,
			       bones_time_control time, int games)
{
	bones_table_setup setup;
	memset(&setup, 0, sizeof setup);
	setup.plugin = bones_registry_find(reg, id);
	CU_ASSERT_PTR_NOT_NULL_FATAL(setup.plugin);
	bones_options opts;
	char err[256];
	CU_ASSERT_EQUAL_FATAL(bones_options_init(&opts, setup.plugin, err, sizeof err), BONES_OK);
	CU_ASSERT_EQUAL_FATAL(bones_options_apply(&opts, settings, err, sizeof err), BONES_OK);
	setup.options = &opts;
	setup.seed = 7;
	for (int i = 0; agents[i]; i++)
		snprintf(setup.seats[i].agent, sizeof setup.seats[i].agent, "%s", agents[i]);
	setup.time = time;
	setup.match_games = games;
	bones_table *t = NULL;
	int bad = 0;
	CU_ASSERT_EQUAL(bones_table_create(&setup, &t, &bad, err, sizeof err), BONES_OK);
	CU_ASSERT_EQUAL(bad, -1);
	bones_options_release(&opts);
	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	return t;
}

/* Resolve chance and let the agents move until a human is to move or the game ends. */
static void agents_move(bones_table *t)
{
	bones_session *s = bones_table_session(t);
	for (;;) {
		CU_ASSERT_EQUAL_FATAL(bones_session_resolve_chance(s), BONES_OK);
		int who = bones_session_to_move(s);
		if (who < 0 || bones_table_human(t, who))
			return;
		bones_move m;
		CU_ASSERT_EQUAL_FATAL(bones_agent_choose(bones_table_agent(t, who),
							 bones_session_state(s), &m), BONES_OK);
		CU_ASSERT_EQUAL_FATAL(bones_table_play(t, m), BONES_OK);
	}
}

static void play_first_legal(bones_table *t)
{
	bones_session *s = bones_table_session(t);
	const bones_plugin *p = bones_table_plugin(t);
	bones_move moves[4096];
	size_t n = p->legal_moves(bones_session_game(s), bones_session_state(s), moves, NULL,
				  4096);
	CU_ASSERT_FATAL(n > 0);
	CU_ASSERT_EQUAL(bones_table_play(t, moves[n - 1]), BONES_OK);
}

static void test_table__seats_are_named_and_agents_made(void)
{
	const char *agents[] = {"human", "greedy", NULL};
	bones_table *t = open_table("holomino", "", agents, (bones_time_control){0}, 0);
	CU_ASSERT_EQUAL(bones_table_players(t), 2);
	CU_ASSERT_TRUE(bones_table_human(t, 0));
	CU_ASSERT_FALSE(bones_table_human(t, 1));
	CU_ASSERT_PTR_NULL(bones_table_agent(t, 0));
	CU_ASSERT_PTR_NOT_NULL(bones_table_agent(t, 1));
	CU_ASSERT_STRING_EQUAL(bones_table_seat_name(t, 0), "Player 1");
	CU_ASSERT_STRING_EQUAL(bones_table_seat_name(t, 1), "Player 2 (greedy)");
	CU_ASSERT_STRING_EQUAL(bones_table_seat_agent(t, 1), "greedy");
	CU_ASSERT_PTR_NULL(bones_table_match(t));
	char err[256];
	CU_ASSERT_PTR_NOT_NULL(bones_table_hint_agent(t, err, sizeof err));
	bones_table_destroy(t);
}

static void test_table__a_bad_agent_names_its_seat(void)
{
	bones_table_setup setup;
	memset(&setup, 0, sizeof setup);
	setup.plugin = bones_registry_find(reg, "dominoes");
	CU_ASSERT_PTR_NOT_NULL_FATAL(setup.plugin);
	bones_options opts;
	char err[256] = "";
	CU_ASSERT_EQUAL_FATAL(bones_options_init(&opts, setup.plugin, err, sizeof err), BONES_OK);
	setup.options = &opts;
	snprintf(setup.seats[1].agent, sizeof setup.seats[1].agent, "no-such-agent");
	bones_table *t = (bones_table *)&setup; /* must be set to NULL on failure */
	int bad = -1;
	CU_ASSERT_NOT_EQUAL(bones_table_create(&setup, &t, &bad, err, sizeof err), BONES_OK);
	bones_options_release(&opts);
	CU_ASSERT_PTR_NULL(t);
	CU_ASSERT_EQUAL(bad, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "no-such-agent"));
}

/* One human move and the agent's reply, with Holomino's chance draws between them:
 * undo takes back 2 player moves, redo plays the same 2 again. */
static void test_table__undo_and_redo_count_player_moves(void)
{
	const char *agents[] = {"human", "greedy", NULL};
	bones_table *t = open_table("holomino", "", agents, (bones_time_control){0}, 0);
	bones_session *s = bones_table_session(t);
	CU_ASSERT_EQUAL(bones_table_undo(t), 0);
	agents_move(t);
	size_t start = bones_session_length(s);
	play_first_legal(t);
	agents_move(t);
	size_t after = bones_session_length(s);
	CU_ASSERT(after - start > 2); /* chance draws were played too */
	CU_ASSERT_EQUAL(bones_table_player_moves(t, after) - bones_table_player_moves(t, start), 2);
	bones_move last = bones_session_move_at(s, after - 1);
	CU_ASSERT_EQUAL(bones_table_undo(t), 2);
	CU_ASSERT_EQUAL(bones_session_length(s), start);
	CU_ASSERT_TRUE(bones_table_can_redo(t));
	CU_ASSERT_EQUAL(bones_table_redo(t), 2);
	CU_ASSERT_EQUAL(bones_session_length(s), after);
	CU_ASSERT_EQUAL(bones_session_move_at(s, after - 1), last);
	CU_ASSERT_FALSE(bones_table_can_redo(t));
	/* a new move after an undo forgets the redo */
	CU_ASSERT_EQUAL(bones_table_undo(t), 2);
	agents_move(t);
	play_first_legal(t);
	CU_ASSERT_FALSE(bones_table_can_redo(t));
	bones_table_destroy(t);
}

/* One second, a 5-point penalty, one second of grace, then forfeit. */
static void test_table__the_clock_penalises_then_forfeits(void)
{
	const char *agents[] = {"human", "greedy", NULL};
	bones_table *t = open_table("geominos", "", agents, (bones_time_control){1000, 5, 1000, true, 0, 0}, 0);
	agents_move(t);
	int who = bones_session_to_move(bones_table_session(t));
	CU_ASSERT_EQUAL_FATAL(who, 0);
	bones_table_tick_result r;
	bones_table_tick(t, 10000, &r);
	CU_ASSERT_EQUAL(r.phase, BONES_CLOCK_RUNNING);
	CU_ASSERT_EQUAL(r.remaining_ms, 1000);
	CU_ASSERT_EQUAL(r.penalised, -1);
	bones_table_tick(t, 11200, &r);
	CU_ASSERT_EQUAL(r.phase, BONES_CLOCK_GRACE);
	CU_ASSERT_EQUAL(r.penalised, 0);
	CU_ASSERT_EQUAL(bones_table_penalty(t, 0), 5);
	bones_table_tick(t, 11300, &r);
	CU_ASSERT_EQUAL(r.penalised, -1); /* once per move */
	CU_ASSERT_FALSE(bones_table_over(t));
	bones_table_tick(t, 12300, &r);
	CU_ASSERT_EQUAL(r.forfeited, 0);
	CU_ASSERT_EQUAL(bones_table_forfeit(t), 0);
	CU_ASSERT_TRUE(bones_table_over(t));
	CU_ASSERT_EQUAL(bones_table_clock_phase(t), BONES_CLOCK_OFF);
	CU_ASSERT_EQUAL(bones_table_undo(t), 0);
	double scores[2];
	int ranks[2];
	bones_table_result(t, scores, ranks);
	CU_ASSERT_EQUAL(ranks[0], 2);
	CU_ASSERT_EQUAL(ranks[1], 1);
	const char *tags[12];
	char buf[6][160];
	bones_table_tags(t, tags, buf);
	int found = 0;
	for (int i = 0; tags[i]; i += 2) {
		if (!strcmp(tags[i], "TimeControl"))
			found += !strcmp(tags[i + 1], "per_move=1s penalty=5 grace=1s forfeit=true");
		if (!strcmp(tags[i], "Penalties"))
			found += !strcmp(tags[i + 1], "5 0");
		if (!strcmp(tags[i], "Forfeit"))
			found += !strcmp(tags[i + 1], "1");
		if (!strcmp(tags[i], "FinalResult"))
			found += strstr(tags[i + 1], "ranks 2 1") != NULL;
	}
	CU_ASSERT_EQUAL(found, 4);
	bones_table_destroy(t);
}

/* A clock never runs on an agent's move nor in an untimed game. */
static void test_table__agents_and_untimed_games_have_no_clock(void)
{
	const char *agents[] = {"greedy", "greedy", NULL};
	bones_table *t = open_table("geominos", "", agents, (bones_time_control){1000, 5, 0, true, 0, 0}, 0);
	bones_session_resolve_chance(bones_table_session(t));
	bones_table_tick_result r;
	bones_table_tick(t, 0, &r);
	bones_table_tick(t, 100000, &r);
	CU_ASSERT_EQUAL(r.phase, BONES_CLOCK_OFF);
	CU_ASSERT_EQUAL(bones_table_forfeit(t), -1);
	bones_table_destroy(t);
	const char *humans[] = {"human", "human", NULL};
	t = open_table("geominos", "", humans, (bones_time_control){0}, 0);
	bones_table_tick(t, 0, &r);
	bones_table_tick(t, 100000000, &r);
	CU_ASSERT_EQUAL(r.phase, BONES_CLOCK_OFF);
	CU_ASSERT_FALSE(bones_table_timed(t));
	bones_table_destroy(t);
}

/* A game clock of 3 s and 1 s a move, time injected: each move's time comes off its
 * seat's bank and the increment goes on; the seat whose bank runs out forfeits on its
 * third move, not before; the record's TimeControl tag names the clock. */
static void test_table__a_game_clock_forfeits_when_the_bank_runs_out(void)
{
	const char *humans[] = {"human", "human", NULL};
	bones_table *t = open_table("geominos", "", humans, (bones_time_control){0, 0, 0, false, 3000, 1000}, 0);
	bones_session *s = bones_table_session(t);
	agents_move(t);
	int a = bones_session_to_move(s);
	CU_ASSERT_FATAL(a >= 0);
	bones_table_tick(t, 0, NULL);
	play_first_legal(t); /* a: 2 s */
	bones_table_tick(t, 2000, NULL);
	agents_move(t);
	CU_ASSERT_EQUAL(bones_table_bank(t, a, 2000), 2000); /* 3 - 2 + 1 */
	int b = bones_session_to_move(s);
	CU_ASSERT_FATAL(b >= 0 && b != a);
	bones_table_tick(t, 2000, NULL);
	CU_ASSERT_EQUAL(bones_table_bank(t, b, 2500), 2500); /* running down */
	play_first_legal(t); /* b: 0.5 s */
	bones_table_tick(t, 2500, NULL);
	agents_move(t);
	CU_ASSERT_EQUAL(bones_table_bank(t, b, 9999), 3500);
	CU_ASSERT_EQUAL_FATAL(bones_session_to_move(s), a);
	size_t before = bones_session_length(s);
	bones_table_tick_result r;
	bones_table_tick(t, 2500, &r);
	bones_table_tick(t, 4499, &r); /* 1 ms left of a's 2 s */
	CU_ASSERT_EQUAL(r.phase, BONES_CLOCK_RUNNING);
	CU_ASSERT_EQUAL(r.remaining_ms, 1);
	CU_ASSERT_EQUAL(r.forfeited, -1);
	bones_table_tick(t, 4500, &r);
	CU_ASSERT_EQUAL(r.forfeited, a);
	CU_ASSERT_EQUAL(bones_table_forfeit(t), a);
	CU_ASSERT_EQUAL(bones_session_length(s), before); /* at a's move, none played */
	CU_ASSERT_EQUAL(bones_table_bank(t, a, 4500), 0);
	const char *tags[12];
	char buf[6][160];
	bones_table_tags(t, tags, buf);
	int found = 0;
	for (int i = 0; tags[i]; i += 2)
		found += !strcmp(tags[i], "TimeControl") &&
			 !strcmp(tags[i + 1], "per_game=3s increment=1s");
	CU_ASSERT_EQUAL(found, 1);
	bones_table_destroy(t);
}

/* Two games of dominoes between two agents: the seats rotate, the seeds follow on,
 * and the totals are by participant. */
static void test_table__a_match_rotates_seats_and_totals_by_participant(void)
{
	const char *agents[] = {"greedy", "random", NULL};
	bones_table *t = open_table("dominoes", "", agents, (bones_time_control){0}, 2);
	const bones_match *m = bones_table_match(t);
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	double expect[2] = {0, 0};
	for (int k = 0; k < 2; k++) {
		CU_ASSERT_EQUAL(bones_table_game_index(t), k);
		CU_ASSERT_EQUAL(bones_session_seed(bones_table_session(t)), 7u + (unsigned)k);
		CU_ASSERT_STRING_EQUAL(bones_table_seat_agent(t, 0), k ? "random" : "greedy");
		CU_ASSERT_EQUAL(bones_table_participant(t, 0), k);
		const char *tags[12];
		char buf[6][160];
		bones_table_tags(t, tags, buf);
		CU_ASSERT_STRING_EQUAL(tags[0], "Match");
		CU_ASSERT_STRING_EQUAL(tags[1], k ? "game 2 of 2" : "game 1 of 2");
		char err[256];
		CU_ASSERT_EQUAL(bones_table_next_game(t, err, sizeof err), BONES_ERANGE);
		agents_move(t);
		CU_ASSERT_TRUE_FATAL(bones_table_over(t));
		double scores[2];
		int ranks[2];
		bones_table_result(t, scores, ranks);
		for (int s = 0; s < 2; s++)
			expect[bones_table_participant(t, s)] += scores[s];
		CU_ASSERT_TRUE(bones_table_count_game(t));
		CU_ASSERT_FALSE(bones_table_count_game(t)); /* once */
		CU_ASSERT_EQUAL(m->played, k + 1);
		if (k == 0)
			CU_ASSERT_EQUAL(bones_table_next_game(t, err, sizeof err), BONES_OK);
	}
	CU_ASSERT_TRUE(bones_match_over(m));
	CU_ASSERT_DOUBLE_EQUAL(m->total[0], expect[0], 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(m->total[1], expect[1], 1e-9);
	CU_ASSERT_STRING_EQUAL(bones_table_participant_name(t, 0), "Player 1 (greedy)");
	char err[256];
	CU_ASSERT_EQUAL(bones_table_next_game(t, err, sizeof err), BONES_ERANGE);
	bones_table_destroy(t);
}

/* A session adopted (a record played on): every seat human by default, no clock. */
static void test_table__adopts_a_session(void)
{
	const bones_plugin *p = bones_registry_find(reg, "dominoes");
	bones_session *s = bones_test_session(p, "", 3);
	bones_table *t = NULL;
	char err[256];
	CU_ASSERT_EQUAL(bones_table_adopt(s, NULL, &t, NULL, err, sizeof err), BONES_OK);
	CU_ASSERT_PTR_EQUAL(bones_table_session(t), s);
	CU_ASSERT_TRUE(bones_table_human(t, 0) && bones_table_human(t, 1));
	CU_ASSERT_STRING_EQUAL(bones_table_seat_agent(t, 1), "human");
	CU_ASSERT_FALSE(bones_table_timed(t));
	bones_table_destroy(t);
}

/* The value of tag name in a record's tags, or NULL. */
static const char *tag_of(const char *const *tags, const char *name)
{
	for (int i = 0; tags[i]; i += 2)
		if (!strcmp(tags[i], name))
			return tags[i + 1];
	return NULL;
}

/* Resigning stops the game like a forfeit: the seat ranks last, moves and undo are
 * refused, the record's tags say who resigned and the host's result. */
static void test_table__a_resigning_seat_ranks_last(void)
{
	const char *agents[] = {"human", "human", NULL};
	bones_table *t = open_table("geominos", "", agents, (bones_time_control){0}, 0);
	agents_move(t);
	play_first_legal(t);
	agents_move(t);
	CU_ASSERT_EQUAL(bones_table_resign(t, 5), BONES_EINVAL);
	CU_ASSERT_EQUAL(bones_table_resigned(t), -1);
	CU_ASSERT_EQUAL(bones_table_resign(t, 0), BONES_OK);
	CU_ASSERT_EQUAL(bones_table_resigned(t), 0);
	CU_ASSERT_EQUAL(bones_table_forfeit(t), -1);
	CU_ASSERT_TRUE(bones_table_over(t));
	CU_ASSERT_EQUAL(bones_table_resign(t, 1), BONES_ERANGE);
	CU_ASSERT_EQUAL(bones_table_undo(t), 0);
	CU_ASSERT_EQUAL(bones_table_take_back(t, 0), 0);
	bones_session *s = bones_table_session(t);
	bones_move moves[4096];
	size_t n = bones_table_plugin(t)->legal_moves(bones_session_game(s), bones_session_state(s),
						      moves, NULL, 4096);
	CU_ASSERT_FATAL(n > 0);
	CU_ASSERT_EQUAL(bones_table_play(t, moves[0]), BONES_ERANGE);
	double scores[2];
	int ranks[2];
	bones_table_result(t, scores, ranks);
	CU_ASSERT_EQUAL(ranks[0], 2);
	CU_ASSERT_EQUAL(ranks[1], 1);
	bones_table_record rec;
	bones_table_record_init(t, &rec);
	CU_ASSERT_STRING_EQUAL(tag_of(rec.tags, "Resigned"), "1");
	CU_ASSERT_PTR_NULL(tag_of(rec.tags, "Forfeit"));
	CU_ASSERT_PTR_NULL(tag_of(rec.tags, "TimeControl"));
	CU_ASSERT_PTR_NOT_NULL(strstr(tag_of(rec.tags, "FinalResult"), "ranks 2 1"));
	CU_ASSERT_STRING_EQUAL(rec.players.comment, "Player 1 (seat 1) resigned");
	CU_ASSERT_STRING_EQUAL(rec.players.names[1], "Player 2");
	bones_table_destroy(t);
}

/* Taking back a seat's last move takes back everything after it too, whoever made it. */
static void test_table__take_back_by_seat(void)
{
	const char *agents[] = {"human", "human", NULL};
	bones_table *t = open_table("holomino", "", agents, (bones_time_control){0}, 0);
	bones_session *s = bones_table_session(t);
	agents_move(t);
	int first = bones_session_to_move(s);
	CU_ASSERT_EQUAL(bones_table_take_back(t, first), 0); /* no move yet */
	size_t before = bones_session_length(s);
	play_first_legal(t);
	agents_move(t);
	play_first_legal(t); /* the other seat */
	agents_move(t);
	CU_ASSERT_EQUAL(bones_table_take_back(t, -1), 0);
	CU_ASSERT_EQUAL(bones_table_take_back(t, first), 2);
	CU_ASSERT_EQUAL(bones_session_length(s), before);
	CU_ASSERT_EQUAL(bones_session_to_move(s), first);
	CU_ASSERT_FALSE(bones_table_can_redo(t));
	bones_table_destroy(t);
}

/* A turn by text: parsed, played, the chance after it drawn; a bad text or a stopped
 * game changes nothing and says which move. */
static void test_table__a_turn_by_text_draws_the_chance_after_it(void)
{
	const char *agents[] = {"human", "human", NULL};
	bones_table *t = open_table("holomino", "", agents, (bones_time_control){0}, 0);
	bones_session *s = bones_table_session(t);
	const bones_plugin *p = bones_table_plugin(t);
	char err[256], text[BONES_MOVE_TEXT_MAX];
	CU_ASSERT_EQUAL(bones_table_resolve_chance(t), BONES_OK);
	size_t before = bones_session_length(s);
	CU_ASSERT_NOT_EQUAL(bones_table_play_turn_text(t, "zz@99,99", err, sizeof err), BONES_OK);
	CU_ASSERT_EQUAL(bones_session_length(s), before);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "'zz@99,99'"));
	for (int turn = 0; turn < 6 && bones_session_to_move(s) >= 0; turn++) {
		bones_move moves[4096];
		size_t n = p->legal_moves(bones_session_game(s), bones_session_state(s), moves,
					  NULL, 4096);
		CU_ASSERT_FATAL(n > 0);
		CU_ASSERT_FATAL(p->format_move(bones_session_game(s), bones_session_state(s),
					       moves[0], text, sizeof text) > 0);
		CU_ASSERT_EQUAL_FATAL(bones_table_play_turn_text(t, text, err, sizeof err), BONES_OK);
		CU_ASSERT(bones_session_to_move(s) >= 0 || bones_table_over(t)); /* no chance left */
	}
	CU_ASSERT(bones_table_undo(t) > 0);
	CU_ASSERT_TRUE(bones_table_can_redo(t));
	bones_move m;
	bones_move moves[4096];
	size_t n = p->legal_moves(bones_session_game(s), bones_session_state(s), moves, NULL, 4096);
	CU_ASSERT_FATAL(n > 0);
	m = moves[0];
	CU_ASSERT_EQUAL(bones_table_play_turn(t, m), BONES_OK);
	CU_ASSERT_FALSE(bones_table_can_redo(t)); /* a new turn forgets redo */
	CU_ASSERT(bones_session_to_move(s) >= 0 || bones_table_over(t));
	CU_ASSERT(bones_table_undo(t) > 0); /* a typed move too (the terminal's) */
	CU_ASSERT_TRUE(bones_table_can_redo(t));
	CU_ASSERT_FATAL(p->format_move(bones_session_game(s), bones_session_state(s), m, text,
				       sizeof text) > 0);
	CU_ASSERT_EQUAL(bones_table_play_text(t, text, err, sizeof err), BONES_OK);
	CU_ASSERT_FALSE(bones_table_can_redo(t));
	CU_ASSERT_EQUAL(bones_table_resolve_chance(t), BONES_OK);
	CU_ASSERT_EQUAL(bones_table_resign(t, bones_session_to_move(s)), BONES_OK);
	before = bones_session_length(s);
	CU_ASSERT_EQUAL(bones_table_play_turn_text(t, text, err, sizeof err), BONES_ERANGE);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "the game is over"));
	CU_ASSERT_EQUAL(bones_session_length(s), before);
	bones_table_destroy(t);
}

/* Penalties, a forfeit or a resignation saved elsewhere come back as they were. */
static void test_table__restores_penalties_and_the_end(void)
{
	const char *agents[] = {"human", "human", NULL};
	bones_time_control tc = {1000, 5, 1000, true, 0, 0};
	bones_table *t = open_table("geominos", "", agents, tc, 0);
	agents_move(t);
	double pen[2] = {5, 10};
	CU_ASSERT_EQUAL(bones_table_restore(t, pen, 0, 1), BONES_EINVAL);
	CU_ASSERT_EQUAL(bones_table_restore(t, pen, 2, -1), BONES_EINVAL);
	CU_ASSERT_EQUAL(bones_table_penalty(t, 0), 0);
	CU_ASSERT_EQUAL(bones_table_restore(t, pen, -1, -1), BONES_OK);
	CU_ASSERT_EQUAL(bones_table_penalty(t, 1), 10);
	CU_ASSERT_FALSE(bones_table_over(t));
	CU_ASSERT_EQUAL(bones_table_restore(t, NULL, 1, -1), BONES_OK);
	CU_ASSERT_EQUAL(bones_table_penalty(t, 0), 5);
	CU_ASSERT_EQUAL(bones_table_forfeit(t), 1);
	CU_ASSERT_TRUE(bones_table_over(t));
	bones_table_tick_result r;
	bones_table_tick(t, 50000, &r);
	CU_ASSERT_EQUAL(r.phase, BONES_CLOCK_OFF);
	bones_table_record rec;
	bones_table_record_init(t, &rec);
	CU_ASSERT_STRING_EQUAL(tag_of(rec.tags, "Penalties"), "5 10");
	CU_ASSERT_STRING_EQUAL(tag_of(rec.tags, "Forfeit"), "2");
	CU_ASSERT_PTR_NOT_NULL(strstr(rec.players.comment, "(seat 2) forfeited"));
	CU_ASSERT_EQUAL(bones_table_restore(t, NULL, -1, 0), BONES_OK);
	CU_ASSERT_EQUAL(bones_table_forfeit(t), -1);
	CU_ASSERT_EQUAL(bones_table_resigned(t), 0);
	bones_table_destroy(t);
}

int main(void)
{
	reg = bones_registry_create();
	bones_registry_scan_dir(reg, BONES_BUILD_PLUGIN_DIR);
	static const bones_test_case cases[] = {
		{"seats are named and agents made", test_table__seats_are_named_and_agents_made},
		{"a bad agent names its seat", test_table__a_bad_agent_names_its_seat},
		{"undo and redo count player moves", test_table__undo_and_redo_count_player_moves},
		{"the clock penalises then forfeits", test_table__the_clock_penalises_then_forfeits},
		{"agents and untimed games have no clock", test_table__agents_and_untimed_games_have_no_clock},
		{"a game clock forfeits when the bank runs out", test_table__a_game_clock_forfeits_when_the_bank_runs_out},
		{"a match rotates seats and totals by participant", test_table__a_match_rotates_seats_and_totals_by_participant},
		{"adopts a session", test_table__adopts_a_session},
		{"a resigning seat ranks last", test_table__a_resigning_seat_ranks_last},
		{"take back by seat", test_table__take_back_by_seat},
		{"restores penalties and the end", test_table__restores_penalties_and_the_end},
		{"a turn by text draws the chance after it", test_table__a_turn_by_text_draws_the_chance_after_it},
		{NULL, NULL}};
	int rc = bones_test_main("table", cases);
	bones_registry_destroy(reg);
	return rc;
}
