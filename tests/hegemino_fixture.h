/* Fixtures shared by the Hegemino suites (they link the plugin's objects): configure a
 * game, draw a tableau from a picture, hand a token a domino, ask about moves. */
#ifndef BONES_TEST_HEGEMINO_FIXTURE_H
#define BONES_TEST_HEGEMINO_FIXTURE_H

#include <stdlib.h>
#include <string.h>

#include "bones_test.h"
#include "../plugins/hegemino/hegemino.h"

extern const bones_plugin bones_plugin_entry;
#define P (&bones_plugin_entry)

static inline hg_state *start(bones_test_game *tg, const char *settings)
{
	return bones_test_start(tg, P, settings);
}

static inline void finish(bones_test_game *tg, hg_state *s)
{
	bones_test_finish(tg, s);
}

/* A picture ('.', '#', '0'..'6', rows split by '/') into tableau k, '#' on the gap. */
static inline void put_tab(const hg_game *g, hg_state *s, int k, const char *pic)
{
	int gx = 0, gy = 0, x = 0, y = 0, c = g->grid / 2;
	for (const char *p = pic; *p; p++, x++) {
		if (*p == '/') {
			y++;
			x = -1;
		} else if (*p == '#') {
			gx = x;
			gy = y;
		}
	}
	uint8_t *cells = hg_cells(g, s, k);
	memset(cells, 0, (size_t)(g->grid * g->grid));
	x = y = 0;
	for (const char *p = pic; *p; p++, x++) {
		if (*p == '/') {
			y++;
			x = -1;
			continue;
		}
		uint8_t v = *p == '#' ? HG_GAP : *p == '.' ? HG_EMPTY : (uint8_t)(*p - '0' + 1);
		cells[(c - gy + y) * g->grid + c - gx + x] = v;
	}
	hg_refresh_tab(g, s, k);
}

/* Token t acts in the given round, holding "A-B" with nothing left to pick. */
static inline void give(hg_state *s, int token, int round, const char *domino)
{
	s->phase = HG_PH_PLAY;
	memset(s->left_dom, HG_NONE, sizeof s->left_dom);
	memset(s->left_tok, HG_NONE, sizeof s->left_tok);
	memset(s->right_dom, HG_NONE, sizeof s->right_dom);
	memset(s->right_tok, HG_NONE, sizeof s->right_tok);
	s->left_n = 1;
	s->right_n = 0;
	s->left_tok[0] = (uint8_t)token;
	s->left_dom[0] = (uint8_t)hg_dom_id(domino[0] - '0', domino[2] - '0');
	s->row = 0;
	s->picked = 0;
	s->round = (uint8_t)round;
}

static inline bones_status try_move(const bones_test_game *tg, const hg_state *s,
				    const char *text)
{
	bones_move m;
	return P->parse_move(tg->game, s, text, &m);
}

static inline size_t legal_count(const bones_test_game *tg, const hg_state *s)
{
	bones_move *moves = malloc(tg->info.max_moves * sizeof *moves);
	size_t n = P->legal_moves(tg->game, s, moves, NULL, tg->info.max_moves);
	free(moves);
	return n;
}

#endif /* BONES_TEST_HEGEMINO_FIXTURE_H */
