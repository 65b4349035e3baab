/* Geominos' board text letters the spots of the player to move as the terminal UI
 * letters the targets of legal moves (bones/choices.h, frontends/tty/tty_moves.c): the
 * anchor square of every placement, and no other square, in reading order: a, b, ...,
 * z, aa, ab, ... Checked at every turn of four seeded games of random moves, so crowded
 * boards are covered too. */
#include "bones_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../plugins/geominos/geominos.h"
#include "bones/choices.h"
#include "bones/rng.h"

extern const bones_plugin bones_plugin_entry;

static const bones_plugin *P = &bones_plugin_entry;

/* The label the terminal gives spot rank k. */
static void label(size_t k, char *buf, size_t cap)
{
	if (k < 26)
		snprintf(buf, cap, "%c", (char)('a' + k));
	else
		snprintf(buf, cap, "%c%c", (char)('a' + k / 26 - 1), (char)('a' + k % 26));
}

/* The text of square (x, y), 0-based, of the board text (three characters a square
 * after a row number of three), without its spaces. */
static void square_text(const char *text, int x, int y, char out[4])
{
	const char *line = text;
	for (int i = 0; i < y + 1 && line; i++) {
		line = strchr(line, '\n');
		line = line ? line + 1 : NULL;
	}
	out[0] = '\0';
	if (!line)
		return;
	const char *sq = line + 3 + 3 * x;
	int n = 0;
	for (int i = 0; i < 3 && sq[i] && sq[i] != '\n'; i++)
		if (sq[i] != ' ')
			out[n++] = sq[i];
	out[n] = '\0';
}

static bool is_spot_label(const char *s)
{
	size_t n = strspn(s, "abcdefghijklmnopqrstuvwxyz");
	return n >= 1 && !s[n];
}

/* Every spot of the position has its label on its square; no other square has one. */
static void check_position(bones_session *s, bones_choices *c, char *text, size_t cap)
{
	CU_ASSERT_FATAL(bones_choices_build(c, bones_session_to_move(s)) == BONES_OK);
	P->render_text(bones_session_game(s), bones_session_state(s), -1, text, cap);
	bool want[GEO_CELLS] = {false};
	for (size_t i = 0; i < bones_choices_count(c); i++) {
		const bones_choice *m = bones_choices_at(c, i);
		if (m->spot < 0)
			continue;
		int x = m->target % GEO_N, y = m->target / GEO_N;
		char expect[4], got[4];
		label((size_t)m->spot, expect, sizeof expect);
		square_text(text, x, y, got);
		CU_ASSERT_STRING_EQUAL(got, expect);
		want[m->target] = true;
	}
	for (int i = 0; i < GEO_CELLS; i++) {
		char got[4];
		square_text(text, i % GEO_N, i / GEO_N, got);
		if (!want[i])
			CU_ASSERT(!is_spot_label(got));
	}
}

static void test_geominos_spot_letters__the_board_letters_the_spots_as_the_terminal(void)
{
	size_t cap = 1 << 16;
	char *text = malloc(cap);
	CU_ASSERT_FATAL(text != NULL);
	int checked = 0;
	for (uint64_t seed = 1; seed <= 4; seed++) {
		bones_session *s = bones_test_session(P, "players=2", seed);
		bones_choices *c = NULL;
		CU_ASSERT_FATAL(bones_choices_create(s, &c) == BONES_OK);
		bones_rng rng;
		bones_rng_seed(&rng, seed);
		while (bones_session_to_move(s) != BONES_TERMINAL) {
			if (bones_session_to_move(s) == BONES_CHANCE) {
				CU_ASSERT_FATAL(bones_session_resolve_chance(s) == BONES_OK);
				continue;
			}
			check_position(s, c, text, cap);
			checked++;
			size_t n = bones_choices_count(c);
			CU_ASSERT_FATAL(n > 0);
			size_t pick = bones_rng_below(&rng, (uint32_t)n);
			CU_ASSERT_FATAL(bones_session_play(s, bones_choices_at(c, pick)->move) == BONES_OK);
		}
		bones_choices_destroy(c);
		bones_session_destroy(s);
	}
	CU_ASSERT(checked > 20);
	free(text);
}

static const bones_test_case cases[] = {
	{"the board letters the spots as the terminal",
	 test_geominos_spot_letters__the_board_letters_the_spots_as_the_terminal},
	{NULL, NULL}
};

int main(void)
{
	return bones_test_main("geominos_spot_letters", cases);
}
