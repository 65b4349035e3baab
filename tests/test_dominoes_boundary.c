/* The plugin boundary changes nothing: the same random playouts of dominoes, once through
 * dominoes.so loaded by the registry (dlopen, calls through the entry's pointers) and once
 * through the same code linked into this program (dominoes_obj), reach the same games:
 * the same number of moves, the same final state bytes and scores. (Its cost is a speed
 * question, for `bones bench`, not for a unit test.) */
#include "bones_test.h"

#include "bones/bench.h"
#include "bones/registry.h"

#include <stdlib.h>
#include <string.h>

#define PLAYOUTS 300

/* The entry of the dominoes objects linked into this suite (tests/CMakeLists.txt). */
extern const bones_plugin bones_plugin_entry;

typedef struct side {
	const bones_plugin *p;
	void *game;
	bones_game_info info;
	bones_host host;
	void *state;
	bones_move *moves;
	double *probs;
} side;

static void side_open(side *s, const bones_plugin *p)
{
	bones_options opts;
	char err[256];
	memset(s, 0, sizeof *s);
	s->p = p;
	bones_host_init(&s->host);
	s->info.size = sizeof s->info;
	CU_ASSERT_FATAL(bones_options_init(&opts, p, err, sizeof err) == BONES_OK);
	CU_ASSERT_FATAL(p->configure(&s->host, opts.values, &s->game, &s->info, err,
				     sizeof err) == BONES_OK);
	bones_options_release(&opts);
	s->state = malloc(s->info.state_size);
	s->moves = malloc(s->info.max_moves * sizeof *s->moves);
	s->probs = malloc(s->info.max_moves * sizeof *s->probs);
	CU_ASSERT_FATAL(s->state && s->moves && s->probs);
}

static void side_close(side *s)
{
	free(s->state);
	free(s->moves);
	free(s->probs);
	s->p->destroy_game(s->game);
}

static uint64_t playout(side *s, bones_rng *rng)
{
	return bones_bench_playout(s->p, s->game, s->state, s->moves, s->probs,
				   s->info.max_moves, rng, UINT64_MAX);
}

static void test_dominoes_boundary__the_loaded_plugin_plays_the_same_games_as_the_linked_one(void)
{
	bones_registry *reg = bones_registry_create();
	bones_registry_scan_dir(reg, BONES_BUILD_PLUGIN_DIR);
	const bones_plugin *loaded = bones_registry_find(reg, "dominoes");
	CU_ASSERT_PTR_NOT_NULL_FATAL(loaded);
	CU_ASSERT_FATAL(loaded != &bones_plugin_entry);
	side linked, via;
	side_open(&linked, &bones_plugin_entry);
	side_open(&via, loaded);
	CU_ASSERT_EQUAL_FATAL(linked.info.state_size, via.info.state_size);
	bones_rng ra, rb;
	bones_rng_seed(&ra, 2024);
	bones_rng_seed(&rb, 2024);
	uint64_t moves = 0;
	for (int i = 0; i < PLAYOUTS; i++) {
		uint64_t a = playout(&linked, &ra), b = playout(&via, &rb);
		CU_ASSERT_EQUAL_FATAL(a, b);
		CU_ASSERT_FATAL(!memcmp(linked.state, via.state, linked.info.state_size));
		double sa[8], sb[8];
		linked.p->scores(linked.game, linked.state, sa);
		via.p->scores(via.game, via.state, sb);
		CU_ASSERT_FATAL(!memcmp(sa, sb, (size_t)linked.info.players * sizeof *sa));
		moves += a;
	}
	CU_ASSERT(moves > PLAYOUTS); /* whole games were played, not empty ones */
	side_close(&linked);
	side_close(&via);
	bones_registry_destroy(reg);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"the loaded plugin plays the same games as the linked one",
		 test_dominoes_boundary__the_loaded_plugin_plays_the_same_games_as_the_linked_one},
		{NULL, NULL}};
	return bones_test_main("dominoes boundary", cases);
}
