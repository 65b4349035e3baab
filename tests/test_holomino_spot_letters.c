/* Holomino's board text letters the spots of the player to move as the terminal UI
 * letters the targets of legal moves (frontends/tty/tty_moves.c): every cell where a
 * legal move places a tile, and no other, in reading order (upper row first, then left
 * to right, by the render extension's cell centres): a, b, ..., z, aa, ab, ... Checked
 * at every turn of 40 random games, so late, crowded boards are covered too. */
#include "bones_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/render.h"
#include "bones/rng.h"

extern const bones_plugin bones_plugin_entry;

static const bones_plugin *P = &bones_plugin_entry;

typedef struct spot {
	int q, r;
	float x, y;
} spot;

static int reading_order(const void *pa, const void *pb)
{
	const spot *a = pa, *b = pb;
	if (fabsf(a->y - b->y) > 1e-3f)
		return a->y < b->y ? -1 : 1;
	return a->x < b->x ? -1 : a->x > b->x;
}

static void letters_of(size_t k, char *buf)
{
	if (k < 26)
		sprintf(buf, "%c", (char)('a' + k));
	else
		sprintf(buf, "%c%c", (char)('a' + k / 26 - 1), (char)('a' + k % 26));
}

/* The targets of the legal moves, distinct and in reading order; returns how many. */
static size_t targets_in_reading_order(const bones_test_game *g, const void *s,
				       const bones_render *render, spot *out)
{
	bones_move *moves = malloc(g->info.max_moves * sizeof *moves);
	size_t n = P->legal_moves(g->game, s, moves, NULL, g->info.max_moves), count = 0;
	for (size_t i = 0; i < n; i++) {
		bones_move_place place;
		CU_ASSERT_EQUAL_FATAL(render->move_place(g->game, s, moves[i], &place), BONES_OK);
		if (place.target < 0)
			continue; /* a pass */
		spot at = {(place.target >> 10) - 512, (place.target & 1023) - 512, place.x, place.y};
		size_t k = 0;
		while (k < count && (out[k].q != at.q || out[k].r != at.r))
			k++;
		if (k == count)
			out[count++] = at;
	}
	free(moves);
	qsort(out, count, sizeof *out, reading_order);
	return count;
}

/* The board text's open-cell lines "  LETTERS Q,R  [..." must be exactly the expected
 * spots with their letters. */
static void check_turn(const bones_test_game *g, const void *s, const bones_render *render)
{
	static spot expected[4096];
	static char text[1 << 17];
	size_t n = targets_in_reading_order(g, s, render, expected);
	P->render_text(g->game, s, 0, text, sizeof text);
	size_t listed = 0;
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		char letters[4];
		int q, r;
		if (sscanf(line, "  %3[a-z] %d,%d  [", letters, &q, &r) != 3)
			continue;
		char want[4] = "";
		size_t k = 0;
		while (k < n && (expected[k].q != q || expected[k].r != r))
			k++;
		if (k < n)
			letters_of(k, want);
		if (strcmp(letters, want)) {
			CU_FAIL("a spot's board letters differ from the terminal UI's");
			fprintf(stderr, "cell %d,%d: board '%s', expected '%s'\n", q, r, letters,
				want);
			return;
		}
		listed++;
	}
	CU_ASSERT_EQUAL(listed, n);
}

static void test_holomino_spot_letters__board_and_terminal_agree_all_game(void)
{
	bones_test_game g;
	void *s = bones_test_start(&g, P, "");
	const bones_render *render = P->get_extension(g.game, BONES_RENDER_ID);
	CU_ASSERT_PTR_NOT_NULL_FATAL(render);
	bones_move *moves = malloc(g.info.max_moves * sizeof *moves);
	double *probs = malloc(g.info.max_moves * sizeof *probs);
	size_t turns = 0;
	for (uint64_t seed = 1; seed <= 40; seed++) {
		bones_rng rng;
		bones_rng_seed(&rng, seed);
		P->init_state(g.game, s);
		for (int step = 0; step < 2000; step++) {
			int who = P->to_move(g.game, s);
			if (who == BONES_TERMINAL)
				break;
			size_t n = P->legal_moves(g.game, s, moves, probs, g.info.max_moves);
			if (who >= 0) {
				check_turn(&g, s, render);
				turns++;
			}
			size_t pick = who == BONES_CHANCE ? bones_rng_pick(&rng, probs, n)
							  : bones_rng_below(&rng, (uint32_t)n);
			CU_ASSERT_EQUAL_FATAL(P->apply(g.game, s, moves[pick]), BONES_OK);
		}
	}
	CU_ASSERT(turns > 400);
	free(moves);
	free(probs);
	bones_test_finish(&g, s);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"board and terminal agree all game", test_holomino_spot_letters__board_and_terminal_agree_all_game},
		{NULL, NULL}};
	return bones_test_main("holomino_spot_letters", cases);
}
