/* The batch of games for learning agents (batch.h) and the dense legal actions under it
 * (dense.h), on block dominoes, Holomino and Geominos: the same seed gives the same games, the
 * legal lists, the mask and the plugin's own legal moves agree, random games end with
 * zero-sum returns and restart, wrong actions are refused, and a plugin without dense
 * actions is refused by name. */
#include "bones_test.h"

#include "bones/batch.h"
#include "bones/dense.h"
#include "bones/observe.h"

#include <stdlib.h>
#include <string.h>

#define GAMES 16

typedef struct fixture {
	bones_registry *reg;
	bones_session *session;
	bones_batch *batch;
	size_t a, max_moves, state_size;
	int players;
	bones_dense dense;
} fixture;

static void open_fixture(fixture *f, const char *dir, const char *id, const char *settings,
			 uint64_t seed)
{
	char err[256] = "";
	bones_options opts;
	memset(f, 0, sizeof *f);
	f->reg = bones_registry_create();
	CU_ASSERT_FATAL(f->reg != NULL);
	bones_registry_scan_dir(f->reg, dir);
	const bones_plugin *p = bones_registry_find(f->reg, id);
	CU_ASSERT_FATAL(p != NULL);
	CU_ASSERT_FATAL(!bones_options_init(&opts, p, err, sizeof err) &&
			!bones_options_apply(&opts, settings, err, sizeof err) &&
			!bones_session_create(p, &opts, seed, &f->session, err, sizeof err));
	bones_options_release(&opts);
	const bones_game_info *info = bones_session_info(f->session);
	f->max_moves = info->max_moves;
	f->state_size = info->state_size;
	f->players = info->players;
}

static void open_batch(fixture *f, const char *id, const char *settings, uint64_t seed)
{
	char err[256] = "";
	open_fixture(f, BONES_BUILD_PLUGIN_DIR, id, settings, seed);
	CU_ASSERT_EQUAL_FATAL(bones_batch_create(f->session, GAMES, seed, &f->batch, err,
						 sizeof err), BONES_OK);
	f->a = bones_batch_actions(f->batch);
	CU_ASSERT_FATAL(bones_dense_init(&f->dense, bones_session_plugin(f->session),
					 bones_session_game(f->session),
					 bones_session_info(f->session)));
	CU_ASSERT_EQUAL(bones_batch_size(f->batch), GAMES);
	CU_ASSERT_FATAL(f->a > 0);
}

static void close_fixture(fixture *f)
{
	bones_batch_destroy(f->batch);
	bones_session_destroy(f->session);
	bones_registry_destroy(f->reg);
}

static int compare_ids(const void *a, const void *b)
{
	int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
	return (x > y) - (x < y);
}

/* bones_dense_legal_sorted of st is the batch's list[0..k), sorted. */
static void check_sorted(const bones_dense *d, const void *st, bones_move *moves,
			 const int32_t *list, size_t k)
{
	char fault[256] = "";
	int32_t *sorted = calloc(d->max_moves, sizeof *sorted);
	int32_t *expected = calloc(d->max_moves, sizeof *expected);
	size_t n;
	CU_ASSERT_FATAL(sorted && expected);
	CU_ASSERT_EQUAL(bones_dense_legal_sorted(d, st, moves, sorted, &n, fault, sizeof fault),
			BONES_OK);
	memcpy(expected, list, k * sizeof *list);
	qsort(expected, k, sizeof *expected, compare_ids);
	CU_ASSERT_EQUAL(n, k);
	CU_ASSERT(n == k && memcmp(sorted, expected, k * sizeof *list) == 0);
	free(sorted);
	free(expected);
}

/* A uniformly random legal action of every game (any value for a game that is over),
 * each list checked against the mask and the plugin's legal moves of that state. */
static void random_actions(fixture *f, bones_rng *rng, int32_t *actions)
{
	char err[256] = "";
	int32_t *legal = calloc(GAMES * f->max_moves, sizeof *legal);
	int64_t offsets[GAMES + 1];
	uint8_t *mask = calloc(GAMES * f->a, 1);
	bones_move *moves = calloc(f->max_moves, sizeof *moves);
	int32_t players[GAMES];
	CU_ASSERT_FATAL(legal && mask && moves);
	CU_ASSERT_EQUAL(bones_batch_legal(f->batch, legal, offsets, err, sizeof err), BONES_OK);
	CU_ASSERT_EQUAL(bones_batch_mask(f->batch, mask, err, sizeof err), BONES_OK);
	bones_batch_players(f->batch, players);
	const bones_plugin *p = bones_session_plugin(f->session);
	const void *game = bones_session_game(f->session);
	for (size_t i = 0; i < GAMES; i++) {
		size_t k = (size_t)(offsets[i + 1] - offsets[i]), ones = 0;
		const void *st = bones_batch_state(f->batch, i);
		CU_ASSERT(players[i] >= 0 || players[i] == BONES_TERMINAL);
		CU_ASSERT_EQUAL(k, players[i] < 0 ? 0 : p->legal_moves(game, st, moves, NULL,
								       f->max_moves));
		for (size_t j = 0; j < f->a; j++)
			ones += mask[i * f->a + j];
		CU_ASSERT_EQUAL(ones, k);
		check_sorted(&f->dense, st, moves, legal + offsets[i], k);
		for (size_t j = 0; j < k; j++) {
			int32_t id = legal[offsets[i] + (int64_t)j];
			CU_ASSERT(id >= 0 && (size_t)id < f->a && mask[i * f->a + (size_t)id]);
			mask[i * f->a + (size_t)id] = 0; /* each id once */
		}
		actions[i] = k ? legal[offsets[i] + (int64_t)bones_rng_below(rng, (uint32_t)k)] : -1;
	}
	free(legal);
	free(mask);
	free(moves);
}

static void play_to_the_end(const char *id, const char *settings)
{
	fixture f;
	char err[256] = "";
	bones_rng rng;
	int32_t actions[GAMES], players[GAMES];
	uint8_t restarted[GAMES];
	open_batch(&f, id, settings, 7);
	bones_rng_seed(&rng, 7);
	size_t ended = 0;
	for (int step = 0; step < 100000 && ended < 2 * GAMES; step++) {
		random_actions(&f, &rng, actions);
		CU_ASSERT_EQUAL_FATAL(bones_batch_apply(f.batch, actions, err, sizeof err), BONES_OK);
		bones_batch_players(f.batch, players);
		double returns[GAMES * 4];
		CU_ASSERT_EQUAL(bones_batch_returns(f.batch, returns, err, sizeof err), BONES_OK);
		for (size_t i = 0; i < GAMES; i++) {
			double sum = 0, spread = 0;
			for (int s = 0; s < f.players; s++) {
				sum += returns[i * (size_t)f.players + (size_t)s];
				spread += returns[i * (size_t)f.players + (size_t)s] != 0;
			}
			CU_ASSERT(sum > -1e-9 && sum < 1e-9);
			if (players[i] >= 0)
				CU_ASSERT_EQUAL(spread, 0);
		}
		size_t n = bones_batch_reset_over(f.batch, restarted);
		for (size_t i = 0; i < GAMES; i++)
			CU_ASSERT_EQUAL(restarted[i], players[i] == BONES_TERMINAL);
		ended += n;
	}
	CU_ASSERT(ended >= 2 * GAMES);
	CU_ASSERT_PTR_NULL(bones_batch_fault(f.batch));
	close_fixture(&f);
}

static void test_batch__random_dominoes_games_end_zero_sum_and_restart(void)
{
	play_to_the_end("dominoes", "players=3");
}

static void test_batch__random_holomino_games_end_zero_sum_and_restart(void)
{
	play_to_the_end("holomino", "");
}

static void test_batch__random_geominos_games_end_zero_sum_and_restart(void)
{
	play_to_the_end("geominos", ""); /* hundreds of legal moves: the long sort */
}

static void test_batch__the_same_seed_gives_the_same_games(void)
{
	fixture f, g;
	open_batch(&f, "dominoes", "", 11);
	open_batch(&g, "dominoes", "", 11);
	size_t bytes = f.state_size;
	bool differ = false;
	for (size_t i = 0; i < GAMES; i++) {
		CU_ASSERT_EQUAL(memcmp(bones_batch_state(f.batch, i), bones_batch_state(g.batch, i),
				       bytes), 0);
		differ |= i && memcmp(bones_batch_state(f.batch, i),
				      bones_batch_state(f.batch, 0), bytes) != 0;
	}
	CU_ASSERT(differ); /* each game its own deal */
	close_fixture(&f);
	close_fixture(&g);
}

static void test_batch__wrong_actions_are_refused(void)
{
	fixture f;
	char err[256] = "";
	bones_rng rng;
	int32_t actions[GAMES];
	open_batch(&f, "dominoes", "", 3);
	bones_rng_seed(&rng, 3);
	random_actions(&f, &rng, actions);
	unsigned char *before = malloc(GAMES * f.state_size);
	CU_ASSERT_FATAL(before != NULL);
	for (size_t i = 0; i < GAMES; i++)
		memcpy(before + i * f.state_size, bones_batch_state(f.batch, i), f.state_size);
	int32_t saved = actions[5];
	actions[5] = (int32_t)f.a;
	CU_ASSERT_EQUAL(bones_batch_apply(f.batch, actions, err, sizeof err), BONES_ERANGE);
	CU_ASSERT_STRING_EQUAL(err, "game 5: action 86 is out of range 0..85");
	for (size_t i = 0; i < GAMES; i++)
		CU_ASSERT_EQUAL(memcmp(before + i * f.state_size, bones_batch_state(f.batch, i),
				       f.state_size), 0);
	/* a legal action of another game's hand is (almost surely) not legal in game 5 */
	actions[5] = saved;
	int32_t other = -1;
	uint8_t *mask = calloc(GAMES * f.a, 1);
	CU_ASSERT_FATAL(mask != NULL);
	CU_ASSERT_EQUAL(bones_batch_mask(f.batch, mask, err, sizeof err), BONES_OK);
	for (size_t j = 0; j < f.a && other < 0; j++)
		if (!mask[5 * f.a + j])
			other = (int32_t)j;
	actions[5] = other;
	CU_ASSERT_EQUAL(bones_batch_apply(f.batch, actions, err, sizeof err), BONES_EILLEGAL);
	CU_ASSERT_EQUAL(memcmp(before + 5 * f.state_size, bones_batch_state(f.batch, 5),
			       f.state_size), 0);
	CU_ASSERT_NOT_EQUAL(memcmp(before, bones_batch_state(f.batch, 0), f.state_size), 0);
	free(mask);
	free(before);
	close_fixture(&f);
}

static void test_batch__observations_are_the_plugins_for_the_player_to_move(void)
{
	fixture f;
	char err[256] = "";
	open_batch(&f, "dominoes", "", 5);
	size_t count = bones_batch_observation_size(f.batch);
	CU_ASSERT_FATAL(count > 0);
	float *values = calloc(GAMES * count, sizeof *values), *one = calloc(count, sizeof *one);
	int32_t players[GAMES], viewers[GAMES];
	CU_ASSERT_FATAL(values && one);
	bones_batch_players(f.batch, players);
	CU_ASSERT_EQUAL(bones_batch_observe(f.batch, NULL, values, err, sizeof err), BONES_OK);
	const bones_observation *obs = bones_observe_find(bones_session_plugin(f.session),
							  bones_session_game(f.session));
	for (size_t i = 0; i < GAMES; i++) {
		bones_observe_fill(obs, bones_session_game(f.session), bones_batch_state(f.batch, i),
				   players[i], one);
		CU_ASSERT_EQUAL(memcmp(one, values + i * count, count * sizeof *one), 0);
		viewers[i] = 2;
	}
	CU_ASSERT_EQUAL(bones_batch_observe(f.batch, viewers, values, err, sizeof err),
			BONES_EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "game 0: viewer 2 is out of range -1..1");
	free(values);
	free(one);
	close_fixture(&f);
}

static void test_batch__a_plugin_without_dense_actions_is_refused(void)
{
	fixture f;
	char err[256] = "";
	open_fixture(&f, BONES_TEST_PLUGIN_DIR, "testgame", "", 1);
	bones_dense d;
	CU_ASSERT_FALSE(bones_dense_init(&d, bones_session_plugin(f.session),
					 bones_session_game(f.session), bones_session_info(f.session)));
	CU_ASSERT_EQUAL(bones_batch_create(f.session, 4, 1, &f.batch, err, sizeof err),
			BONES_EINVAL);
	CU_ASSERT_PTR_NULL(f.batch);
	CU_ASSERT_STRING_EQUAL(err, "plugin 'testgame' numbers no dense actions (bones.actions/1)");
	close_fixture(&f);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"random dominoes games end zero sum and restart",
		 test_batch__random_dominoes_games_end_zero_sum_and_restart},
		{"random holomino games end zero sum and restart",
		 test_batch__random_holomino_games_end_zero_sum_and_restart},
		{"random geominos games end zero sum and restart",
		 test_batch__random_geominos_games_end_zero_sum_and_restart},
		{"the same seed gives the same games", test_batch__the_same_seed_gives_the_same_games},
		{"wrong actions are refused", test_batch__wrong_actions_are_refused},
		{"observations are the plugin's for the player to move",
		 test_batch__observations_are_the_plugins_for_the_player_to_move},
		{"a plugin without dense actions is refused",
		 test_batch__a_plugin_without_dense_actions_is_refused},
		{NULL, NULL},
	};
	return bones_test_main("batch", cases);
}
