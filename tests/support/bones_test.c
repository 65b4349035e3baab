/* Test support; see bones_test.h. */
#include "bones_test.h"

#include <CUnit/Basic.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int bones_test_main(const char *suite_name, const bones_test_case *cases)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	CU_pSuite suite = CU_add_suite(suite_name, NULL, NULL);
	if (!suite)
		goto out_cleanup;
	for (const bones_test_case *c = cases; c->name; c++)
		if (!CU_add_test(suite, c->name, c->run))
			goto out_cleanup;
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	unsigned failed = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
	CU_cleanup_registry();
	return failed ? 1 : 0;
out_cleanup:
	CU_cleanup_registry();
	return 2;
}

bones_status bones_test_configure(bones_test_game *g, const bones_plugin *plugin,
				  const char *settings)
{
	bones_options opts;
	memset(g, 0, sizeof *g);
	g->plugin = plugin;
	bones_host_init(&g->host);
	bones_status st = bones_options_init(&opts, plugin, g->error, sizeof g->error);
	if (st)
		return st;
	st = bones_options_apply(&opts, settings, g->error, sizeof g->error);
	if (!st) {
		g->info.size = sizeof g->info;
		st = plugin->configure(&g->host, opts.values, &g->game, &g->info, g->error,
				       sizeof g->error);
	}
	bones_options_release(&opts);
	return st;
}

void bones_test_release(bones_test_game *g)
{
	if (g->game)
		g->plugin->destroy_game(g->game);
	g->game = NULL;
}

bones_session *bones_test_session(const bones_plugin *plugin, const char *settings,
				  uint64_t seed)
{
	CU_ASSERT_PTR_NOT_NULL_FATAL(plugin);
	bones_options opts;
	char err[256] = "";
	bones_session *s = NULL;
	bones_status st = bones_options_init(&opts, plugin, err, sizeof err);
	if (!st) {
		st = bones_options_apply(&opts, settings, err, sizeof err);
		if (!st)
			st = bones_session_create(plugin, &opts, seed, &s, err, sizeof err);
		bones_options_release(&opts);
	}
	if (st)
		printf("\n%s '%s': %s\n", plugin->id, settings, err);
	CU_ASSERT_EQUAL_FATAL(st, BONES_OK);
	return s;
}

void *bones_test_new_state(const bones_test_game *g)
{
	void *state = calloc(1, g->info.state_size);
	if (state)
		g->plugin->init_state(g->game, state);
	return state;
}

void *bones_test_start(bones_test_game *g, const bones_plugin *plugin, const char *settings)
{
	bones_status st = bones_test_configure(g, plugin, settings);
	if (st)
		fprintf(stderr, "\nconfigure '%s': %s\n", settings, g->error);
	CU_ASSERT_EQUAL_FATAL(st, BONES_OK);
	void *state = bones_test_new_state(g);
	CU_ASSERT_PTR_NOT_NULL_FATAL(state);
	return state;
}

void bones_test_finish(bones_test_game *g, void *state)
{
	free(state);
	bones_test_release(g);
}

bones_agent *bones_test_agent(const bones_test_game *g, const char *spec, uint64_t seed)
{
	bones_agent *a = NULL;
	char err[256] = "";
	bones_status st = bones_agent_create(spec, g->plugin, g->game, &g->info, seed, &a,
					     err, sizeof err);
	if (st)
		fprintf(stderr, "\n%s\n", err);
	CU_ASSERT_EQUAL_FATAL(st, BONES_OK);
	return a;
}

bones_move bones_test_choose(bones_agent *a, const void *state)
{
	bones_move m = 0;
	CU_ASSERT_EQUAL_FATAL(bones_agent_choose(a, state, &m), BONES_OK);
	return m;
}

bones_search_stats bones_test_search_stats(const bones_agent *a)
{
	bones_search_stats st;
	CU_ASSERT_EQUAL_FATAL(bones_agent_search_stats(a, &st), BONES_OK);
	return st;
}

void *bones_test_count_state(const bones_test_game *g, int total, int player)
{
	int32_t *s = bones_test_new_state(g); /* {total, player, last, pad} */
	s[0] = total;
	s[1] = player;
	s[2] = (player + g->info.players - 1) % g->info.players;
	return s;
}

bool bones_test_play(const bones_test_game *g, void *state, const char *moves)
{
	char text[BONES_MOVE_TEXT_MAX];
	const char *p = moves;
	while (*p) {
		p += strspn(p, " \t\n");
		size_t len = strcspn(p, " \t\n");
		if (!len)
			break;
		if (len >= sizeof text)
			len = sizeof text - 1;
		memcpy(text, p, len);
		text[len] = '\0';
		p += strcspn(p, " \t\n");
		bones_move m;
		bones_status st = g->plugin->parse_move(g->game, state, text, &m);
		if (st == BONES_OK)
			st = g->plugin->apply(g->game, state, m);
		if (st != BONES_OK) {
			char msg[160];
			snprintf(msg, sizeof msg, "move '%s' was refused (status %d)", text, (int)st);
			CU_FAIL(msg);
			fprintf(stderr, "\n%s\n", msg);
			return false;
		}
	}
	return true;
}

size_t bones_test_random_playout(const bones_test_game *g, void *state, bones_rng *rng,
				 size_t max_steps)
{
	size_t cap = g->info.max_moves;
	bones_move *moves = malloc(cap * sizeof *moves);
	double *probs = malloc(cap * sizeof *probs);
	size_t steps = 0;
	while (moves && probs && steps < max_steps) {
		int who = g->plugin->to_move(g->game, state);
		if (who == BONES_TERMINAL)
			break;
		size_t n = g->plugin->legal_moves(g->game, state, moves, probs, cap);
		CU_ASSERT_FATAL(n > 0 && n <= cap);
		size_t pick = who == BONES_CHANCE ? bones_rng_pick(rng, probs, n)
						  : bones_rng_below(rng, (uint32_t)n);
		CU_ASSERT_EQUAL_FATAL(g->plugin->apply(g->game, state, moves[pick]), BONES_OK);
		steps++;
	}
	free(moves);
	free(probs);
	return steps;
}

void bones_test_check_draws(const bones_test_game *g, const void *state, bones_rng *rng,
			    unsigned per_move)
{
	const bones_plugin *p = g->plugin;
	size_t cap = g->info.max_moves;
	bones_move *moves = malloc(cap * sizeof *moves);
	double *probs = malloc(cap * sizeof *probs);
	unsigned *count = calloc(cap, sizeof *count);
	CU_ASSERT_FATAL(moves && probs && count);
	size_t n = p->legal_moves(g->game, state, moves, probs, cap);
	CU_ASSERT_FATAL(n > 0);
	if (p->to_move(g->game, state) != BONES_CHANCE)
		for (size_t i = 0; i < n; i++)
			probs[i] = 1.0 / (double)n;
	unsigned draws = per_move * (unsigned)n;
	for (unsigned d = 0; d < draws; d++) {
		bones_move m;
		CU_ASSERT_EQUAL_FATAL(p->sample_move(g->game, state, bones_rng_next_void, rng, &m),
				      BONES_OK);
		size_t i = 0;
		while (i < n && moves[i] != m)
			i++;
		CU_ASSERT_FATAL(i < n);
		count[i]++;
	}
	double chi = 0;
	for (size_t i = 0; i < n; i++) {
		double e = probs[i] * draws;
		chi += (count[i] - e) * (count[i] - e) / e;
	}
	double df = (double)n - 1;
	CU_ASSERT(chi <= df + 6 * sqrt(2 * df) + 10);
	free(count);
	free(probs);
	free(moves);
}

void bones_test_draws_follow_the_list(const bones_plugin *plugin, const char *settings,
				      uint64_t seed, int games, int every, unsigned per_move)
{
	bones_test_game g;
	CU_ASSERT_EQUAL_FATAL(bones_test_configure(&g, plugin, settings), BONES_OK);
	void *s = bones_test_new_state(&g);
	bones_rng rng;
	bones_rng_seed(&rng, seed);
	for (int game = 0; game < games; game++) {
		plugin->init_state(g.game, s);
		for (int step = 0; plugin->to_move(g.game, s) != BONES_TERMINAL; step++) {
			if (step % every == every / 2)
				bones_test_check_draws(&g, s, &rng, per_move);
			bones_test_random_playout(&g, s, &rng, 1);
		}
		bones_move m;
		CU_ASSERT_EQUAL(plugin->sample_move(g.game, s, bones_rng_next_void, &rng, &m),
				BONES_EILLEGAL);
	}
	free(s);
	bones_test_release(&g);
}

double bones_test_mean_score(const bones_test_game *g, bool draw, int games, uint64_t seed)
{
	const bones_plugin *p = g->plugin;
	size_t cap = g->info.max_moves;
	bones_move *moves = malloc(cap * sizeof *moves);
	double *probs = malloc(cap * sizeof *probs), total = 0;
	double *sc = malloc((size_t)g->info.players * sizeof *sc);
	void *s = bones_test_new_state(g);
	CU_ASSERT_FATAL(moves && probs && sc);
	bones_rng rng;
	bones_rng_seed(&rng, seed);
	for (int i = 0; i < games; i++) {
		p->init_state(g->game, s);
		for (int who; (who = p->to_move(g->game, s)) != BONES_TERMINAL;) {
			bones_move m;
			if (draw) {
				bones_status st = p->sample_move(g->game, s, bones_rng_next_void,
								 &rng, &m);
				CU_ASSERT_EQUAL_FATAL(st, BONES_OK);
			} else {
				size_t n = p->legal_moves(g->game, s, moves, probs, cap);
				m = moves[who == BONES_CHANCE ? bones_rng_pick(&rng, probs, n)
							      : bones_rng_below(&rng, (uint32_t)n)];
			}
			CU_ASSERT_EQUAL_FATAL(p->apply(g->game, s, m), BONES_OK);
		}
		p->scores(g->game, s, sc);
		for (int q = 0; q < g->info.players; q++)
			total += sc[q];
	}
	free(s);
	free(sc);
	free(probs);
	free(moves);
	return total / games;
}

void bones_test_temp_file(char *path, size_t cap, const char *text)
{
	const char *dir = getenv("TMPDIR");
	snprintf(path, cap, "%s/bones-test-XXXXXX", dir && *dir ? dir : "/tmp");
	int fd = mkstemp(path);
	CU_ASSERT_FATAL(fd >= 0);
	FILE *f = fdopen(fd, "w");
	CU_ASSERT_FATAL(f != NULL);
	if (text)
		fputs(text, f);
	fclose(f);
	if (!text)
		unlink(path);
}

bones_registry *bones_test_load_plugin(const char *file, const char *id,
				       const bones_plugin **plugin)
{
	bones_registry *reg = bones_registry_create();
	CU_ASSERT_FATAL(reg != NULL);
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", BONES_TEST_PLUGIN_DIR, file);
	bones_registry_load(reg, path);
	*plugin = bones_registry_find(reg, id);
	CU_ASSERT_FATAL(*plugin != NULL);
	return reg;
}
