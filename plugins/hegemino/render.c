/* Hegemino on the host canvas ("bones.render/1"): the market columns with tokens on the
 * left, then each tableau (gap, wilds, pips); moves map to the hand domino and a cell. */
#include "hegemino.h"

#include <stdio.h>
#include <string.h>

#include "bones/render.h"

#define MARKET_W 6.8f   /* world units taken by the two market columns and a gap */
#define ROW_H 1.25f
#define LEGEND_Y ((float)HG_ROWS * ROW_H + 0.4f) /* the wild legend, under the market */

static const bones_color soft = BONES_RGBA(90, 80, 70, 255);
static const bones_color ink = BONES_RGBA(20, 20, 20, 255);
static const bones_color bone = BONES_RGBA(250, 246, 230, 255);
static const bones_color wild = BONES_RGBA(250, 225, 150, 255);

static int view(const hg_game *g)
{
	return g->grid - 2;
}

/* Tableaus per row: three or four go in two rows, so that each is drawn large. */
static int tab_cols(const hg_game *g)
{
	return g->tableaus >= 3 ? (g->tableaus + 1) / 2 : g->tableaus;
}

static float tab_x(const hg_game *g, int k)
{
	return MARKET_W + (float)(k % tab_cols(g)) * ((float)view(g) + 1.0f);
}

/* The top of tableau k: its row times a tableau and its label. */
static float tab_y(const hg_game *g, int k)
{
	return (float)(k / tab_cols(g)) * ((float)view(g) + 1.3f);
}

static void rect(const bones_canvas *cv, float x, float y, float w, float h, bones_color fill,
		 bones_color stroke, float sw)
{
	const float xy[8] = {x, y, x + w, y, x + w, y + h, x, y + h};
	cv->polygon(cv->user, xy, 4, fill, stroke, sw);
}

static void half(const bones_canvas *cv, float x, float y, int pips, bones_color fill)
{
	rect(cv, x, y, 1.0f, 1.0f, pips == 0 ? wild : fill, ink, 0.03f);
	cv->pips(cv->user, x + 0.5f, y + 0.5f, 0.8f, pips, ink);
}

/* A domino of (a, b): b east of a (dir 0) or south of it (dir 1); top-left at (x, y). */
static void domino(const bones_canvas *cv, float x, float y, int dir, int a, int b,
		   bones_color fill)
{
	half(cv, x, y, a, fill);
	half(cv, x + (dir ? 0.0f : 1.0f), y + (dir ? 1.0f : 0.0f), b, fill);
	rect(cv, x, y, dir ? 1.0f : 2.0f, dir ? 2.0f : 1.0f, BONES_NONE, ink, 0.08f);
}

static void board_bounds(const void *game, const void *state, float box[4])
{
	const hg_game *g = game;
	(void)state;
	float h = tab_y(g, g->tableaus - 1) + (float)view(g);
	if (h < LEGEND_Y + 1.0f)
		h = LEGEND_Y + 1.0f;
	box[0] = 0.0f;
	box[1] = -1.1f;
	box[2] = MARKET_W + (float)tab_cols(g) * ((float)view(g) + 1.0f) - 1.0f;
	box[3] = h;
}

static void draw_token(const hg_game *g, const bones_canvas *cv, float x, float y, int t)
{
	if (t == HG_NONE)
		return;
	int owner = g->mode == HG_MODE_SOLO_MEGA ? 0 : g->token_owner[t];
	cv->circle(cv->user, x, y, 0.3f, bones_player_color(owner), ink, 0.04f);
}

static void draw_market(const hg_game *g, const hg_state *s, const bones_canvas *cv)
{
	/* TRANSLATORS: above the market's left column (picture; about 9 characters) */
	cv->text(cv->user, 1.0f, -0.5f, 0.55f, soft, BONES_ALIGN_CENTER, TR(g, "to place"));
	/* TRANSLATORS: above the market's right column (picture; about 9 characters) */
	cv->text(cv->user, 4.0f, -0.5f, 0.55f, soft, BONES_ALIGN_CENTER, TR(g, "to pick"));
	/* the wild legend: a blank half is drawn in the wild colour */
	rect(cv, 0.0f, LEGEND_Y, 0.7f, 0.7f, wild, ink, 0.03f);
	cv->text(cv->user, 0.95f, LEGEND_Y + 0.35f, 0.5f, soft, BONES_ALIGN_LEFT,
		 TR(g, "blank half = wild"));
	for (int i = 0; i < HG_ROWS; i++) {
		float y = (float)i * ROW_H;
		/* rows above the acting one are used up (placed or discarded, their token
		 * moved on); the acting token, once it has picked, sits in the right column */
		bool used = i < s->row, acting = i == s->row && s->phase == HG_PH_PLAY;
		if (s->left_dom[i] != HG_NONE && !used)
			domino(cv, 0.0f, y, 0, hg_dom_a(s->left_dom[i]), hg_dom_b(s->left_dom[i]), bone);
		if (!used && !(acting && s->picked))
			draw_token(g, cv, 2.4f, y + 0.5f, s->left_tok[i]);
		if (s->right_dom[i] != HG_NONE) {
			domino(cv, 3.0f, y, 0, hg_dom_a(s->right_dom[i]), hg_dom_b(s->right_dom[i]),
			       bone);
			/* the whole domino is the spot to click when picking it */
			const float xy[8] = {3.0f, y, 5.0f, y, 5.0f, y + 1.0f, 3.0f, y + 1.0f};
			cv->mark(cv->user, xy, 4, BONES_MARK_OPEN);
		}
		if (g->mode == HG_MODE_SOLO_MEGA && s->right_tok[i] != HG_NONE)
			cv->circle(cv->user, 2.6f, y + 0.5f, 0.3f, bones_player_color(0), ink, 0.04f);
		else
			draw_token(g, cv, 5.4f, y + 0.5f, s->right_tok[i]);
	}
}

/* Lighten the cells the tableau may still grow into: within the board's side of every
 * cell placed (all of them under Sprawlomino, which has no side). */
static void reachable(const hg_game *g, const hg_tab *t, float ox, float oy,
		      const bones_canvas *cv)
{
	int lo[2] = {1, 1}, hi[2] = {g->grid - 2, g->grid - 2};
	if (g->board > 0 && t->x0 <= t->x1) {
		const int min[2] = {t->x0, t->y0}, max[2] = {t->x1, t->y1};
		for (int i = 0; i < 2; i++) {
			lo[i] = max[i] - (g->board - 1) > lo[i] ? max[i] - (g->board - 1) : lo[i];
			hi[i] = min[i] + (g->board - 1) < hi[i] ? min[i] + (g->board - 1) : hi[i];
		}
	}
	rect(cv, ox + (float)(lo[0] - 1), oy + (float)(lo[1] - 1), (float)(hi[0] - lo[0] + 1),
	     (float)(hi[1] - lo[1] + 1), BONES_RGBA(255, 255, 255, 150), BONES_NONE, 0.0f);
}

static void draw_tab(const hg_game *g, const hg_state *s, int k, const bones_canvas *cv)
{
	const uint8_t *cells = hg_ccells(g, s, k);
	float ox = tab_x(g, k), oy = tab_y(g, k);
	int G = g->grid, V = view(g);
	if (hg_is_dorothy_tab(g, k)) {
		for (int r = 0; r < s->tab[1].rows; r++)
			domino(cv, ox, oy + (float)r, 0, HG_CODE(cells[2 * r]) - 1,
			       HG_CODE(cells[2 * r + 1]) - 1, bone);
		return;
	}
	int owner = g->spheres && g->players == 2 ? k / 2 : k % g->players;
	char label[64];
	const char *name = BONES_CANVAS_SEAT_NAME(cv, owner);
	if (name)
		snprintf(label, sizeof label, "%s", name);
	else
		snprintf(label, sizeof label, TR(g, "Player %d"), owner + 1);
	rect(cv, ox, oy, (float)V, (float)V, BONES_RGBA(255, 255, 255, 60),
	     bones_player_color(owner), 0.05f);
	reachable(g, &s->tab[k], ox, oy, cv);
	cv->text(cv->user, ox, oy - 0.5f, 0.55f, bones_player_color(owner), BONES_ALIGN_LEFT, label);
	for (int y = 1; y <= G - 2; y++)
		for (int x = 1; x <= G - 2; x++) {
			uint8_t c = cells[y * G + x];
			float px = ox + (float)(x - 1), py = oy + (float)(y - 1);
			if (HG_CODE(c) == HG_GAP) {
				cv->circle(cv->user, px + 0.5f, py + 0.5f, 0.35f,
					   bones_player_color(owner), ink, 0.04f);
			} else if (HG_CODE(c) != HG_EMPTY) {
				half(cv, px, py, HG_CODE(c) - 1, bone);
			}
			if (c & (HG_JOIN_E | HG_JOIN_S))
				rect(cv, px, py, (c & HG_JOIN_E) ? 2.0f : 1.0f,
				     (c & HG_JOIN_S) ? 2.0f : 1.0f, BONES_NONE, ink, 0.08f);
		}
}

static void draw_board(const void *game, const void *state, int viewer,
		       const bones_canvas *cv)
{
	const hg_game *g = game;
	const hg_state *s = state;
	(void)viewer;
	draw_market(g, s, cv);
	for (int k = 0; k < g->tableaus; k++)
		draw_tab(g, s, k, cv);
}

static int hand_size(const void *game, const void *state, int player, int viewer)
{
	const hg_game *g = game;
	const hg_state *s = state;
	(void)viewer;
	return hg_to_move(g, s) == player && hg_actor_domino(g, s) != HG_NONE;
}

static void draw_piece(const void *game, const void *state, int player, int piece,
		       int viewer, const bones_canvas *cv)
{
	const hg_game *g = game;
	const hg_state *s = state;
	(void)viewer;
	int id = hg_actor_domino(g, s);
	if (piece != 0 || id == HG_NONE || hg_to_move(g, s) != player)
		return;
	/* a blank half in the wild colour, as on the board and in the market */
	rect(cv, -0.5f, -0.25f, 0.5f, 0.5f, hg_dom_a(id) == 0 ? wild : bone, ink, 0.03f);
	rect(cv, 0.0f, -0.25f, 0.5f, 0.5f, hg_dom_b(id) == 0 ? wild : bone, ink, 0.03f);
	cv->pips(cv->user, -0.25f, 0.0f, 0.45f, hg_dom_a(id), ink);
	cv->pips(cv->user, 0.25f, 0.0f, 0.45f, hg_dom_b(id), ink);
	cv->line(cv->user, 0.0f, -0.25f, 0.0f, 0.25f, ink, 0.02f);
}

static bones_status move_place(const void *game, const void *state, bones_move m,
			       bones_move_place *place)
{
	const hg_game *g = game;
	const hg_state *s = state;
	if (!hg_move_legal(g, s, m))
		return BONES_EINVAL;
	int kind = HG_KIND(m), k = hg_actor_tab(g, s), id = hg_actor_domino(g, s);
	place->piece = -1;
	place->target = -1;
	place->x = place->y = 0.0f;
	place->variant = 0;
	if (kind == HG_MV_PICK) {
		place->target = 1000 + (int)(m & 0xFF);
		place->x = 4.0f;
		place->y = (float)(m & 0xFF) * ROW_H + 0.5f;
	} else if (kind == HG_MV_DISCARD) {
		place->piece = 0;
	} else if (kind == HG_MV_PLACE || kind == HG_MV_STACK) {
		int x = HG_MX(m), y = HG_MY(m), dir = HG_MDIR(m);
		bool dorothy = hg_is_dorothy_tab(g, k);
		place->piece = 0;
		place->target = (k * g->grid + y) * g->grid + x;
		place->x = tab_x(g, k) + (float)(dorothy ? x : x - 1) + (dir ? 0.5f : 1.0f);
		place->y = tab_y(g, k) + (float)(dorothy ? y : y - 1) + (dir ? 1.0f : 0.5f);
		place->variant = dir * 2 + (HG_MA(m) != hg_dom_a(id)) + (kind == HG_MV_STACK ? 4 : 0);
	}
	return BONES_OK;
}

static void draw_ghost(const void *game, const void *state, bones_move m,
		       const bones_canvas *cv)
{
	const hg_game *g = game;
	const hg_state *s = state;
	int kind = HG_KIND(m);
	if (!hg_move_legal(g, s, m))
		return;
	if (kind == HG_MV_PICK) {
		int t = hg_actor_token(g, s);
		float y = (float)(m & 0xFF) * ROW_H + 0.5f;
		if (t >= 0)
			cv->circle(cv->user, 5.4f, y, 0.3f, bones_player_color(g->token_owner[t]) & 0xFFFFFF80u,
				   ink, 0.02f);
		return;
	}
	if (kind != HG_MV_PLACE && kind != HG_MV_STACK)
		return;
	int k = hg_actor_tab(g, s), x = HG_MX(m), y = HG_MY(m);
	bool dorothy = hg_is_dorothy_tab(g, k);
	float px = tab_x(g, k) + (float)(dorothy ? x : x - 1);
	float py = tab_y(g, k) + (float)(dorothy ? y : y - 1);
	domino(cv, px, py, HG_MDIR(m), HG_MA(m), HG_MB(m), BONES_RGBA(250, 246, 230, 128));
}

static bool prompt(const void *game, const void *state, char *buf, size_t cap)
{
	const hg_game *g = game;
	const hg_state *s = state;
	int id = hg_actor_domino(g, s), k = hg_actor_tab(g, s);
	if (s->phase == HG_PH_END) { /* why the game ended, for the status line */
		snprintf(buf, cap, "%s", TR(g, "the market and the boneyard are empty: every "
					       "domino is placed or discarded"));
		return true;
	}
	if (hg_to_move(g, s) < 0 || (s->phase != HG_PH_PLAY && s->phase != HG_PH_SOLO))
		return false;
	if (id == HG_NONE) {
		snprintf(buf, cap, "%s", TR(g, "pick: click a domino to pick from the market"));
		return true;
	}
	/* one whole sentence per place and discard option */
	bool discard = hg_move_legal(g, s, HG_MOVE(HG_MV_DISCARD, 0));
	int a = hg_dom_a(id), b = hg_dom_b(id);
	if (hg_is_dorothy_tab(g, k))
		snprintf(buf, cap,
			 discard ? TR(g, "place: click a green spot on Dorothy's column for "
				      "%d-%d (R turns it), or Discard")
				 : TR(g, "place: click a green spot on Dorothy's column for "
				      "%d-%d (R turns it)"),
			 a, b);
	else if (g->tableaus > g->players)
		snprintf(buf, cap,
			 discard ? TR(g, "place: click a green spot on tableau %d for %d-%d "
				      "(R turns it), or Discard")
				 : TR(g, "place: click a green spot on tableau %d for %d-%d "
				      "(R turns it)"),
			 k + 1, a, b);
	else
		snprintf(buf, cap,
			 discard ? TR(g, "place: click a green spot on your tableau for %d-%d "
				      "(R turns it), or Discard")
				 : TR(g, "place: click a green spot on your tableau for %d-%d "
				      "(R turns it)"),
			 a, b);
	return true;
}

/* The chance outcomes in words: who picks in which order, a domino to the market, a
 * domino removed face down (Chaos). */
static bool describe_chance(const void *game, const void *state, bones_move m, char *buf,
			    size_t cap)
{
	const hg_game *g = game;
	char dom[16];
	int id = (int)(m & 0x0FFFFFFF);
	switch (HG_KIND(m)) {
	case HG_MV_ORDER: {
		char order[16];
		if (!hg_format_move(game, state, m, order, sizeof order))
			return false;
		char seq[16] = "";
		size_t n = 0;
		for (const char *d = order + 6; *d && n + 3 < sizeof seq; d++)
			n += (size_t)snprintf(seq + n, sizeof seq - n, "%s%c", n ? " " : "", *d);
		/* TRANSLATORS: %s lists the players by number, e.g. "2 1 1 2" */
		snprintf(buf, cap, TR(g, "the players pick in the order %s"), seq);
		return true;
	}
	case HG_MV_DRAW:
		hg_format_domino(id, dom, sizeof dom);
		snprintf(buf, cap, TR(g, "%s comes to the market"), dom);
		return true;
	case HG_MV_REMOVE:
		hg_format_domino(id, dom, sizeof dom);
		snprintf(buf, cap, TR(g, "%s is removed from the game"), dom);
		return true;
	default:
		return false;
	}
}

/* The button of the one move off the board, as the prompt names it. */
static bool move_label(const void *game, const void *state, bones_move m, char *buf,
		       size_t cap)
{
	(void)state;
	if (HG_KIND(m) != HG_MV_DISCARD)
		return false;
	snprintf(buf, cap, "%s", TR((const hg_game *)game, "Discard"));
	return true;
}

/* Where a placed domino lies from what it touches, as the picture shows it (no
 * coordinates): beside a domino, or beside the start token; by the side of it. */
static const char *const beside_domino[4] = {
	/* TRANSLATORS: the domino placed, then a domino of the tableau it touches */
	N_("places %s to the right of %s"), N_("places %s below %s"),
	N_("places %s to the left of %s"), N_("places %s above %s"),
};
static const char *const beside_token[4] = {
	/* TRANSLATORS: the domino placed next to the tableau's start token */
	N_("places %s to the right of the start token"), N_("places %s below the start token"),
	N_("places %s to the left of the start token"), N_("places %s above the start token"),
};

/* The domino whose half is cell c of a tableau's cells (the half's partner by the join
 * bits) into dom, or false where the partner is unknown (covered by a stack). */
static bool domino_at(const hg_game *g, const uint8_t *cells, int c, char *dom, size_t cap)
{
	int G = g->grid, n = G * G, other = -1;
	if (cells[c] & HG_JOIN_E)
		other = c + 1;
	else if (cells[c] & HG_JOIN_S)
		other = c + G;
	else if (c % G > 0 && cells[c - 1] & HG_JOIN_E)
		other = c - 1;
	else if (c >= G && cells[c - G] & HG_JOIN_S)
		other = c - G;
	if (other < 0 || other >= n || HG_CODE(cells[other]) < 1 || HG_CODE(cells[other]) > 7)
		return false;
	hg_format_domino(hg_dom_id(HG_CODE(cells[c]) - 1, HG_CODE(cells[other]) - 1), dom, cap);
	return true;
}

/* Placement m on tableau cells in words: beside the first thing it touches, an equal
 * half (the match the rules ask for) before any other; dom is the domino placed. */
static void place_words(const hg_game *g, const uint8_t *cells, bones_move m,
			const char *dom, char *buf, size_t cap)
{
	static const int dx[4] = {1, 0, -1, 0}, dy[4] = {0, 1, 0, -1};
	int G = g->grid, dir = HG_MDIR(m);
	const int hx[2] = {HG_MX(m), HG_MX(m) + !dir}, hy[2] = {HG_MY(m), HG_MY(m) + dir};
	const int pips[2] = {HG_MA(m), HG_MB(m)};
	for (int pass = 0; pass < 2; pass++)
		for (int h = 0; h < 2; h++)
			for (int j = 0; j < 4; j++) {
				int x = hx[h] + dx[j], y = hy[h] + dy[j];
				if (x < 0 || y < 0 || x >= G || y >= G ||
				    (x == hx[!h] && y == hy[!h]))
					continue;
				int code = HG_CODE(cells[y * G + x]);
				char near[8];
				if (code == HG_GAP && pass) {
					snprintf(buf, cap, TR(g, beside_token[(j + 2) % 4]), dom);
					return;
				}
				if (code < 1 || code > 7 || (!pass && code - 1 != pips[h]) ||
				    !domino_at(g, cells, y * G + x, near, sizeof near))
					continue;
				snprintf(buf, cap, TR(g, beside_domino[(j + 2) % 4]), dom, near);
				return;
			}
	/* TRANSLATORS: a domino placed touching nothing named (a stack's cover) */
	snprintf(buf, cap, TR(g, "places %s"), dom);
}

/* A player's move in words, after the mover's name: the domino picked and its market
 * row, or the domino placed: beside what (the picture shows no coordinates), on what it
 * is stacked, or in which row of Dorothy's column, and whether it lies across or up. */
static bool move_words(const void *game, const void *state, bones_move m, char *buf,
		       size_t cap)
{
	const hg_game *g = game;
	const hg_state *s = state;
	int kind = HG_KIND(m), low = (int)(m & 0x0FFFFFFF);
	if (!hg_move_legal(g, s, m) || kind >= HG_MV_ORDER)
		return false;
	char dom[8];
	if (kind == HG_MV_PICK) {
		hg_format_domino(s->right_dom[low], dom, sizeof dom);
		snprintf(buf, cap, TR(g, "picks %s from row %d"), dom, low + 1);
		return true;
	}
	hg_format_domino(hg_actor_domino(g, s), dom, sizeof dom);
	if (kind == HG_MV_DISCARD) {
		snprintf(buf, cap, TR(g, "discards %s"), dom);
		return true;
	}
	int k = hg_actor_tab(g, s), n = 0;
	const uint8_t *cells = hg_ccells(g, s, k);
	char under[8];
	snprintf(dom, sizeof dom, "%d-%d", HG_MA(m), HG_MB(m)); /* as it lies: left or top first */
	if (hg_is_dorothy_tab(g, k))
		/* TRANSLATORS: a domino, a row of Dorothy's column */
		n = snprintf(buf, cap, TR(g, "places %s in Dorothy's row %d"), dom, HG_MY(m) + 1);
	else if (kind == HG_MV_STACK &&
		 domino_at(g, cells, HG_MY(m) * g->grid + HG_MX(m), under, sizeof under))
		/* TRANSLATORS: the domino stacked, then the domino its first half covers */
		n = snprintf(buf, cap, TR(g, "stacks %s on %s"), dom, under);
	else if (kind == HG_MV_STACK)
		n = snprintf(buf, cap, TR(g, "stacks %s"), dom);
	else
		place_words(g, cells, m, dom, buf, cap), n = (int)strlen(buf);
	if (n >= 0 && (size_t)n < cap)
		/* TRANSLATORS: after the place: the domino lies left to right, or top down */
		snprintf(buf + n, cap - (size_t)n, "%s",
			 HG_MDIR(m) ? TR(g, ", upright") : TR(g, ", across"));
	return true;
}

/* The full rules for the help, paragraph by paragraph (render.h rules_text). */
static const char *const rules[] = {
	N_("Goal: build the best tableau of 5 x 5 squares out of dominoes around your start "
	   "token. Each pip value scores its largest region that holds a zero; the highest "
	   "total wins."),
	N_("The dominoes: a double-six set without 0-6, 0-5, 5-6 and 4-5 (24 dominoes) for 2 "
	   "players; two sets less eight dominoes for 3 or 4 players. Everybody places 12."),
	N_("A round: a new column of four dominoes comes to the market, sorted: first those "
	   "without a zero and not doubles, then doubles, then zeros. In the order of the "
	   "tokens on the old column, each player moves their token onto a free domino of "
	   "the new column (pick), then places the domino their token stood on into their "
	   "tableau. The higher a token stands in a column, the earlier it moves next round."),
	N_("Placing: one half lies next to an equal half (not diagonally), or next to your "
	   "start token, or either half is a zero or touches a zero: zeros match anything. "
	   "The other half need not match. Nothing overlaps, and the whole tableau, start "
	   "token included, fits in 5 x 5 squares. A domino that fits nowhere is discarded."),
	N_("The end: when the boneyard and the market are empty, after 12 dominoes each."),
	N_("Scoring, for each value 1 to 6: a region is a group of connected squares (not "
	   "diagonally) showing that value or a zero, with at least one of that value. Only "
	   "the largest region holding a zero counts: its squares times max(1, value - "
	   "(zeros - 1)). A zero may count for several values. The start token is no square "
	   "and connects no regions."),
	N_("Bonuses: +5 for a complete tableau (all 25 squares), +5 when the start token "
	   "lies in the exact centre, +10 when it lies in a corner (both only with the full "
	   "5 x 5)."),
	N_("The options and variants of a table may change some of these rules; the start "
	   "screen lists them."),
	NULL,
};

static bool rules_text(const void *game, char *buf, size_t cap)
{
	const hg_game *g = game;
	return bones_translate_paragraphs(g->host, HG_TEXT_DOMAIN, rules, buf, cap) > 0;
}

/* Designated fields: a later minor version's appended fields stay NULL (host default). */
static const bones_render render_ext = {
	.size = sizeof(bones_render),
	.board_bounds = board_bounds,
	.draw_board = draw_board,
	.hand_size = hand_size,
	.draw_piece = draw_piece,
	.move_place = move_place,
	.draw_ghost = draw_ghost,
	.prompt = prompt,
	.describe_chance = describe_chance,
	.move_label = move_label,
	.move_words = move_words,
	.rules_text = rules_text,
	.end_text = hg_end_text,
};

const void *hg_render_ext(void)
{
	return &render_ext;
}
