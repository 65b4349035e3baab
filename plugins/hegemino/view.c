/* Hegemino views: the text rendering for terminal UIs, and hidden information (Chaos
 * hides the removed dominoes from everyone: observation, resample, move_visible). */
#include "hegemino.h"

#include <stdio.h>
#include <string.h>

#include "bones/rng.h"
#include "bones/text.h"

static bool hidden_chaos(const hg_game *g)
{
	return g->chaos == HG_CHAOS_HIDDEN;
}

/* ---- Hidden information ----------------------------------------------------------- */

size_t hg_observation(const void *game, const void *state, int player, char *buf,
		      size_t cap)
{
	const hg_game *g = game;
	const hg_state *s = state;
	bones_text o = {buf, cap, 0};
	(void)player; /* every player sees the same: only Chaos' removals are hidden */
	if (cap)
		buf[0] = '\0';
	bones_text_printf(&o, "ph%d r%d w%d p%d n%d,%d,%d x%d h%d k%d|", s->phase, s->round, s->row,
	    s->picked, s->left_n, s->right_n, s->right_target, s->to_remove, s->solo_hand,
	    s->solo_picks);
	bones_text_hex(&o, s->left_dom, sizeof s->left_dom);
	bones_text_hex(&o, s->left_tok, sizeof s->left_tok);
	bones_text_hex(&o, s->right_dom, sizeof s->right_dom);
	bones_text_hex(&o, s->right_tok, sizeof s->right_tok);
	/* hex, not printf: `bones check` and the search agents compare these by the million */
	uint8_t seen[HG_DOMINOES];
	for (int i = 0; i < HG_DOMINOES; i++) /* Chaos hides which dominoes were removed */
		seen[i] = (uint8_t)(hidden_chaos(g) ? s->bone[i] + s->removed[i] : s->bone[i]);
	bones_text_printf(&o, "|");
	bones_text_hex(&o, seen, sizeof seen);
	if (!hidden_chaos(g))
		bones_text_hex(&o, s->removed, sizeof s->removed);
	bones_text_hex(&o, s->setaside, sizeof s->setaside);
	for (int k = 0; k < g->tableaus; k++) {
		const hg_tab *t = &s->tab[k];
		const uint8_t *cells = hg_ccells(g, s, k);
		int stride = hg_is_dorothy_tab(g, k) ? 2 : g->grid;
		bones_text_printf(&o, "|%d,%d,%d,%d,%d,%d:", t->x0, t->y0, t->x1, t->y1, t->stacks, t->placed);
		for (int y = t->y0; y <= t->y1 && t->x1 >= t->x0; y++)
			bones_text_hex(&o, cells + y * stride + t->x0, (size_t)(t->x1 - t->x0 + 1));
	}
	return o.len;
}

void hg_resample(const void *game, void *state, int player,
		 uint64_t (*next_random)(void *rng), void *rng)
{
	const hg_game *g = game;
	hg_state *s = state;
	(void)player;
	if (!hidden_chaos(g))
		return;
	int k = 0, total = 0;
	for (int i = 0; i < HG_DOMINOES; i++) {
		k += s->removed[i];
		s->bone[i] = (uint8_t)(s->bone[i] + s->removed[i]);
		s->removed[i] = 0;
		total += s->bone[i];
	}
	for (int j = 0; j < k; j++) {
		int r = (int)bones_random_below(next_random, rng, (uint32_t)total);
		for (int i = 0; i < HG_DOMINOES; i++) {
			if (r < s->bone[i]) {
				s->bone[i]--;
				s->removed[i]++;
				break;
			}
			r -= s->bone[i];
		}
		total--;
	}
}

bool hg_move_visible(const void *game, const void *state, bones_move move, int player)
{
	(void)state;
	(void)player;
	return !(hidden_chaos(game) && HG_KIND(move) == HG_MV_REMOVE);
}

/* ---- Text rendering ------------------------------------------------------------- */

static void put_domino(bones_text *o, int id)
{
	if (id == HG_NONE)
		bones_text_printf(o, "     ");
	else
		bones_text_printf(o, "[%d-%d]", hg_dom_a(id), hg_dom_b(id));
}

static void put_token(const hg_game *g, bones_text *o, int t)
{
	if (t == HG_NONE)
		bones_text_printf(o, "     ");
	else if (g->mode == HG_MODE_SOLO_MEGA)
		bones_text_printf(o, " <X  ");
	else if (g->spheres && g->players == 2)
		bones_text_printf(o, " <T%d ", t + 1);
	else
		bones_text_printf(o, " <P%d ", g->token_owner[t] + 1);
}

static void render_market(const hg_game *g, const hg_state *s, bones_text *o)
{
	bones_text_printf(o, "market%s\n", g->mode == HG_MODE_SOLO_MEGA ? " (X: marked row)" : " (left: to place, right: to pick; >: acting row)");
	for (int i = 0; i < HG_ROWS; i++) {
		bool any = s->left_dom[i] != HG_NONE || s->left_tok[i] != HG_NONE ||
			   s->right_dom[i] != HG_NONE || s->right_tok[i] != HG_NONE;
		if (!any)
			continue;
		/* rows above the acting one are used up (placed or discarded, their token
		 * moved on); the acting token, once it has picked, sits in the right column */
		bool used = i < s->row, acting = i == s->row && s->phase == HG_PH_PLAY;
		bones_text_printf(o, "%s%d  ", acting ? " > " : "   ", i + 1);
		put_domino(o, used ? HG_NONE : s->left_dom[i]);
		put_token(g, o, used || (acting && s->picked) ? HG_NONE : s->left_tok[i]);
		bones_text_printf(o, "   ");
		put_domino(o, s->right_dom[i]);
		put_token(g, o, s->right_tok[i]);
		bones_text_printf(o, "\n");
	}
	bones_text_printf(o, "boneyard %d", s->bone_n);
	int removed = 0;
	for (int i = 0; i < HG_DOMINOES; i++)
		removed += s->removed[i];
	if (g->chaos == HG_CHAOS_HIDDEN)
		bones_text_printf(o, ", %d removed face down", removed);
	if (g->chaos == HG_CHAOS_OPEN) {
		bones_text_printf(o, ", removed:");
		for (int i = 0; i < HG_DOMINOES; i++)
			for (int c = 0; c < s->removed[i]; c++)
				bones_text_printf(o, " %d-%d", hg_dom_a(i), hg_dom_b(i));
	}
	if (s->solo_hand != HG_NONE)
		bones_text_printf(o, ", in hand %d-%d", hg_dom_a(s->solo_hand), hg_dom_b(s->solo_hand));
	bones_text_printf(o, "\n");
}

static void render_dorothy(const hg_game *g, const hg_state *s, bones_text *o)
{
	const uint8_t *cells = hg_ccells(g, s, 1);
	for (int r = 0; r < s->tab[1].rows; r++)
		bones_text_printf(o, "  %2d  %d==%d\n", r, HG_CODE(cells[2 * r]) - 1,
				  HG_CODE(cells[2 * r + 1]) - 1);
}

static char cell_char(uint8_t c)
{
	int code = HG_CODE(c);
	return code == HG_EMPTY ? '.' : code == HG_GAP ? '#' : (char)('0' + code - 1);
}

static void render_grid(const hg_game *g, const hg_state *s, int k, bones_text *o)
{
	const hg_tab *t = &s->tab[k];
	const uint8_t *cells = hg_ccells(g, s, k);
	int G = g->grid, c = G / 2;
	int x0 = t->x0 > 1 ? t->x0 - 1 : 1, x1 = t->x1 < G - 2 ? t->x1 + 1 : G - 2;
	int y0 = t->y0 > 1 ? t->y0 - 1 : 1, y1 = t->y1 < G - 2 ? t->y1 + 1 : G - 2;
	bones_text_printf(o, "     ");
	for (int x = x0; x <= x1; x++)
		bones_text_printf(o, "%3d", x - c);
	bones_text_printf(o, "\n");
	for (int y = y0; y <= y1; y++) {
		bones_text_printf(o, "  %3d  ", y - c);
		for (int x = x0; x <= x1; x++) {
			uint8_t v = cells[y * G + x]; /* "2==5": a lone '-' read as minus */
			char join = (v & HG_JOIN_E) ? '=' : ' ';
			bones_text_printf(o, "%c%c%c", cell_char(v), (v & HG_STACKED) ? '\'' : join, join);
		}
		bones_text_printf(o, "\n       ");
		for (int x = x0; x <= x1; x++)
			bones_text_printf(o, "%c  ", (cells[y * G + x] & HG_JOIN_S) ? '|' : ' ');
		bones_text_printf(o, "\n");
	}
}

/* Whose turn it is. s->round counts the columns shifted so far; people count rounds
 * from 1. Solo Mega-Hegemino has no rounds: one pick after another. */
static void render_header(const hg_game *g, const hg_state *s, bones_text *o)
{
	int who = hg_to_move(g, s);
	if (who == BONES_TERMINAL) {
		bones_text_printf(o, "Hegemino: game over\n");
		return;
	}
	if (g->mode == HG_MODE_SOLO_MEGA)
		bones_text_printf(o, "Hegemino, pick %d of %d: ", s->solo_picks + 1, g->solo_target);
	else
		bones_text_printf(o, "Hegemino, round %d: ", s->round + 1);
	if (who == BONES_CHANCE)
		bones_text_printf(o, "chance\n");
	else
		bones_text_printf(o, "player %d to %s\n", who + 1,
		    hg_actor_domino(g, s) == HG_NONE ? "pick" : "place");
}

size_t hg_render_text(const void *game, const void *state, int viewer, char *buf,
		      size_t cap)
{
	const hg_game *g = game;
	const hg_state *s = state;
	bones_text o = {buf, cap, 0};
	(void)viewer;
	if (cap)
		buf[0] = '\0';
	render_header(g, s, &o);
	render_market(g, s, &o);
	for (int k = 0; k < g->tableaus; k++) {
		hg_score sc;
		char line[512];
		hg_score_tab(g, s, k, &sc);
		hg_format_score(&sc, line, sizeof line);
		bones_text_printf(&o, "tableau %d%s: %s\n", k + 1,
		    hg_is_dorothy_tab(g, k) ? " (President Dorothy)" : "", line);
		if (hg_is_dorothy_tab(g, k))
			render_dorothy(g, s, &o);
		else
			render_grid(g, s, k, &o);
	}
	bones_text_printf(&o, "(2==5 a domino across, | joins one down, # start token, . empty%s)\n",
			  g->stacking ? ", ' stacked" : "");
	return o.len; /* no "scores:" line: the host prints the players' scores */
}
