/* The choices of a player (bones/choices.h) over random games of every plugin: every
 * legal move listed once with the points a played move really scores, the spots and
 * ways partitioning the moves on the board, the numbering of player moves, and what a
 * viewer may see in games with hidden pieces. */
#include "bones_test.h"

#include "bones/choices.h"
#include "bones/registry.h"

#include <stdlib.h>
#include <string.h>

static bones_registry *reg;

/* The settings played for each plugin: its defaults and its hidden-information variants. */
static const char *const games[][2] = {
	{"holomino", ""},
	{"hegemino", ""},
	{"hegemino", "chaos=hidden"},
	{"hegemino", "players=3 chaos=open"},
	{"geominos", ""},
	{"dominoes", ""},
	{"dominoes", "variant=draw players=4"},
};

/* The mover's score change when move is really played on the session (and taken back). */
static double played_points(bones_session *s, bones_move move)
{
	const bones_plugin *p = bones_session_plugin(s);
	double before[BONES_CHOICES_MAX_PLAYERS] = {0}, after[BONES_CHOICES_MAX_PLAYERS] = {0};
	int mover = bones_session_to_move(s);
	p->scores(bones_session_game(s), bones_session_state(s), before);
	CU_ASSERT_EQUAL_FATAL(bones_session_play(s, move), BONES_OK);
	p->scores(bones_session_game(s), bones_session_state(s), after);
	CU_ASSERT_EQUAL_FATAL(bones_session_undo(s), BONES_OK);
	return after[mover] - before[mover];
}

/* What the choices of the seat to move must be in the session's current state. */
static void check_choices(bones_session *s, bones_choices *c)
{
	const bones_plugin *p = bones_session_plugin(s);
	size_t cap = bones_session_info(s)->max_moves;
	bones_move *moves = malloc(cap * sizeof *moves);
	CU_ASSERT_PTR_NOT_NULL_FATAL(moves);
	size_t n = p->legal_moves(bones_session_game(s), bones_session_state(s), moves, NULL, cap);
	int mover = bones_session_to_move(s);
	CU_ASSERT_EQUAL(bones_choices_build(c, mover), BONES_OK);
	CU_ASSERT_EQUAL(bones_choices_count(c), n);
	for (size_t i = 0; i < n; i++) { /* each legal move once, in order */
		const bones_choice *m = bones_choices_at(c, i);
		CU_ASSERT_PTR_NOT_NULL_FATAL(m);
		CU_ASSERT_EQUAL(m->move, moves[i]);
		CU_ASSERT_EQUAL(bones_choices_find(c, moves[i]), (long)i);
		CU_ASSERT_DOUBLE_EQUAL(m->points, played_points(s, m->move), 1e-9);
		CU_ASSERT(m->target >= 0 ? m->label[0] == '\0' : m->label[0] != '\0');
	}
	/* spots and ways: every move on the board is way k of its piece at its spot, and
	 * no two moves are the same way */
	size_t on_board = 0, listed = 0;
	for (size_t i = 0; i < n; i++) {
		const bones_choice *m = bones_choices_at(c, i);
		if (m->target < 0) {
			CU_ASSERT_EQUAL(m->spot, -1);
			continue;
		}
		on_board++;
		CU_ASSERT(m->spot >= 0 && (size_t)m->spot < bones_choices_spots(c));
		size_t index = n;
		CU_ASSERT(bones_choices_ways(c, m->piece, m->spot, (size_t)m->way - 1, &index) >=
			  (size_t)m->way);
		CU_ASSERT_EQUAL(index, i);
	}
	for (size_t spot = 0; spot < bones_choices_spots(c); spot++) {
		size_t k = bones_choices_ways(c, BONES_CHOICES_ANY_PIECE, (int)spot, 0, NULL);
		CU_ASSERT(k > 0); /* no empty spot */
		listed += k;
	}
	CU_ASSERT_EQUAL(listed, on_board);
	size_t by_piece = bones_choices_of_piece(c, -1, NULL);
	for (int piece = 0; piece <= bones_choices_last_piece(c); piece++)
		by_piece += bones_choices_of_piece(c, piece, NULL);
	CU_ASSERT_EQUAL(by_piece, n);
	/* another viewer sees none of them */
	CU_ASSERT_EQUAL(bones_choices_build(c, mover + 1), BONES_OK);
	CU_ASSERT_EQUAL(bones_choices_count(c), 0);
	CU_ASSERT_EQUAL(bones_choices_build(c, -1), BONES_OK);
	CU_ASSERT_EQUAL(bones_choices_count(c), 0);
	free(moves);
}

/* The history's points and numbers against the game as it was played. */
static void check_history(bones_session *s, const double *points)
{
	size_t len = bones_session_length(s), number = 0;
	for (size_t i = 0; i < len; i++) {
		CU_ASSERT_EQUAL(bones_choices_player_moves(s, i), number);
		CU_ASSERT_DOUBLE_EQUAL(bones_choices_points_at(s, i), points[i], 1e-9);
		if (bones_session_mover_at(s, i) >= 0) {
			CU_ASSERT_EQUAL(bones_choices_after_player_moves(s, (long)number), i);
			number++;
		}
	}
	CU_ASSERT_EQUAL(bones_choices_player_moves(s, len), number);
	CU_ASSERT_EQUAL(bones_choices_after_player_moves(s, (long)number), len);
	CU_ASSERT_EQUAL(bones_choices_after_player_moves(s, -1), len);
}

/* A random game of id with settings: the choices of each turn and the history. */
static void play_random(const char *id, const char *settings, uint64_t seed)
{
	const bones_plugin *p = bones_registry_find(reg, id);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	bones_session *s = bones_test_session(p, settings, seed);
	bones_choices *c = NULL;
	CU_ASSERT_EQUAL_FATAL(bones_choices_create(s, &c), BONES_OK);
	bones_rng rng;
	bones_rng_seed(&rng, seed);
	double points[600];
	size_t steps = 0;
	while (steps < 600) {
		CU_ASSERT_EQUAL_FATAL(bones_session_resolve_chance(s), BONES_OK);
		while (steps < bones_session_length(s))
			points[steps++] = 0;
		if (bones_session_to_move(s) < 0)
			break;
		check_choices(s, c);
		CU_ASSERT_EQUAL_FATAL(bones_choices_build(c, bones_session_to_move(s)), BONES_OK);
		size_t n = bones_choices_count(c);
		CU_ASSERT_FATAL(n > 0);
		const bones_choice *m = bones_choices_at(c, bones_rng_below(&rng, (uint32_t)n));
		double expect = m->points;
		CU_ASSERT_EQUAL_FATAL(bones_session_play(s, m->move), BONES_OK);
		points[steps++] = expect;
	}
	check_history(s, points);
	bones_choices_destroy(c);
	bones_session_destroy(s);
}

static void test_choices__list_every_legal_move_once_with_its_points(void)
{
	for (size_t g = 0; g < sizeof games / sizeof games[0]; g++)
		for (uint64_t seed = 1; seed <= 3; seed++)
			play_random(games[g][0], games[g][1], seed);
}

/* In draw dominoes a tile drawn is seen by its drawer alone, and a hidden game's
 * history hides some entries from every seat but never a player's own move. */
static void test_choices__a_viewer_sees_no_hidden_draw(void)
{
	const bones_plugin *p = bones_registry_find(reg, "dominoes");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	bones_session *s = bones_test_session(p, "variant=draw players=2", 3);
	CU_ASSERT_EQUAL_FATAL(bones_session_resolve_chance(s), BONES_OK);
	size_t hidden_from_other = 0;
	for (size_t i = 0; i < bones_session_length(s); i++) {
		char text[BONES_MOVE_TEXT_MAX];
		bones_session_seen_text(s, i, 0, text, sizeof text);
		bool seen0 = bones_choices_visible_at(s, i, 0);
		bool seen1 = bones_choices_visible_at(s, i, 1);
		CU_ASSERT(seen0 || seen1); /* a deal goes to one of them */
		hidden_from_other += !seen0 || !seen1;
		CU_ASSERT_EQUAL(seen0, strcmp(text + strcspn(text, ":"), ":?") != 0);
		CU_ASSERT_FALSE(bones_choices_visible_at(s, i, -1)); /* no spectator sees a hand */
	}
	CU_ASSERT_EQUAL(hidden_from_other, 14); /* seven tiles dealt to each */
	bones_session_destroy(s);
}

/* Hegemino with hidden chaos: the removed dominoes are hidden from every seat, and no
 * player's move ever is. */
static void test_choices__hidden_chaos_hides_its_removals_from_everyone(void)
{
	const bones_plugin *p = bones_registry_find(reg, "hegemino");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	bones_session *s = bones_test_session(p, "chaos=hidden", 9);
	bones_rng rng;
	bones_rng_seed(&rng, 9);
	bones_move moves[4096];
	size_t hidden = 0;
	for (int step = 0; step < 400; step++) {
		CU_ASSERT_EQUAL_FATAL(bones_session_resolve_chance(s), BONES_OK);
		if (bones_session_to_move(s) < 0)
			break;
		size_t n = p->legal_moves(bones_session_game(s), bones_session_state(s), moves, NULL,
					  4096);
		CU_ASSERT_FATAL(n > 0);
		CU_ASSERT_EQUAL_FATAL(bones_session_play(s, moves[bones_rng_below(&rng, (uint32_t)n)]),
				      BONES_OK);
	}
	for (size_t i = 0; i < bones_session_length(s); i++) {
		bool seen0 = bones_choices_visible_at(s, i, 0), seen1 = bones_choices_visible_at(s, i, 1);
		if (bones_session_mover_at(s, i) >= 0)
			CU_ASSERT(seen0 && seen1);
		CU_ASSERT_EQUAL(seen0, seen1);
		hidden += !seen0;
	}
	CU_ASSERT(hidden > 0);
	bones_session_destroy(s);
}

static void test_choices__a_move_that_cannot_be_applied_scores_nothing(void)
{
	const bones_plugin *p = bones_registry_find(reg, "holomino");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	bones_session *s = bones_test_session(p, "", 5);
	CU_ASSERT_EQUAL_FATAL(bones_session_resolve_chance(s), BONES_OK);
	const bones_game_info *info = bones_session_info(s);
	void *scratch = malloc(info->state_size);
	double points = 1;
	CU_ASSERT_EQUAL(bones_choices_points(p, bones_session_game(s), info, bones_session_state(s),
					     NULL, (bones_move)-1, scratch, &points),
			BONES_EILLEGAL);
	CU_ASSERT_EQUAL(points, 0);
	free(scratch);
	bones_session_destroy(s);
}

int main(void)
{
	reg = bones_registry_create();
	bones_registry_scan_dir(reg, BONES_BUILD_PLUGIN_DIR);
	static const bones_test_case cases[] = {
		{"list every legal move once with its points", test_choices__list_every_legal_move_once_with_its_points},
		{"a viewer sees no hidden draw", test_choices__a_viewer_sees_no_hidden_draw},
		{"hidden chaos hides its removals from everyone", test_choices__hidden_chaos_hides_its_removals_from_everyone},
		{"a move that cannot be applied scores nothing", test_choices__a_move_that_cannot_be_applied_scores_nothing},
		{NULL, NULL}};
	int rc = bones_test_main("choices", cases);
	bones_registry_destroy(reg);
	return rc;
}
