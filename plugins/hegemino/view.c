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
	bones_text_printf(o, "%s\n", g->mode == HG_MODE_SOLO_MEGA
				      ? TR(g, "market (X: marked row)")
				      : TR(g, "market (left: to place, right: to pick; >: acting row)"));
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
	bones_text_printf(o, TR(g, "boneyard %d"), s->bone_n);
	int removed = 0;
	for (int i = 0; i < HG_DOMINOES; i++)
		removed += s->removed[i];
	if (g->chaos == HG_CHAOS_HIDDEN)
		bones_text_printf(o, TR(g, ", %d removed face down"), removed);
	if (g->chaos == HG_CHAOS_OPEN) {
		bones_text_printf(o, "%s", TR(g, ", removed:"));
		for (int i = 0; i < HG_DOMINOES; i++)
			for (int c = 0; c < s->removed[i]; c++)
				bones_text_printf(o, " %d-%d", hg_dom_a(i), hg_dom_b(i));
	}
	if (s->solo_hand != HG_NONE)
		bones_text_printf(o, TR(g, ", in hand %d-%d"), hg_dom_a(s->solo_hand),
				  hg_dom_b(s->solo_hand));
	bones_text_printf(o, "\n");
}

/* ---- Tableaus: side by side in bands within TEXT_COLS columns ------------------ */

#define TEXT_COLS 78 /* a terminal's 80 columns, less a margin */
#define BLOCK_GAP 4  /* blanks between two tableaus of a band */
#define GLYPH0 6     /* column of the first cell's glyph in a grid line */

/* One tableau's block of lines: its title, then its grid (or Dorothy's column). */
typedef struct tab_block {
	int k;
	int x0, y0, x1, y1; /* grid cells drawn: every cell a placement can reach */
	int width, height;  /* columns taken in a band, lines */
	char title[64];
} tab_block;

/* The cells a placement can reach: two beyond the tableau's box (one half touches the
 * box, the other lies one further), within the 5x5 or 7x7 bound that the box, gap
 * included, must keep (as rules.c generates placements). */
static void reach_window(const hg_game *g, const hg_tab *t, tab_block *b)
{
	int lo = 1, hi = g->grid - 2, w = g->board - 1;
	b->x0 = t->x0 - 2;
	b->y0 = t->y0 - 2;
	b->x1 = t->x1 + 2;
	b->y1 = t->y1 + 2;
	if (g->board) {
		b->x0 = b->x0 > t->x1 - w ? b->x0 : t->x1 - w;
		b->y0 = b->y0 > t->y1 - w ? b->y0 : t->y1 - w;
		b->x1 = b->x1 < t->x0 + w ? b->x1 : t->x0 + w;
		b->y1 = b->y1 < t->y0 + w ? b->y1 : t->y0 + w;
	}
	b->x0 = b->x0 > lo ? b->x0 : lo;
	b->y0 = b->y0 > lo ? b->y0 : lo;
	b->x1 = b->x1 < hi ? b->x1 : hi;
	b->y1 = b->y1 < hi ? b->y1 : hi;
}

static void block_init(const hg_game *g, const hg_state *s, int k, tab_block *b)
{
	hg_score sc;
	hg_score_tab(g, s, k, &sc);
	b->k = k;
	snprintf(b->title, sizeof b->title,
		 hg_is_dorothy_tab(g, k) ? TR(g, "tableau %d (President Dorothy): total %d")
					 : TR(g, "tableau %d: total %d"),
		 k + 1, sc.total);
	int title = (int)strlen(b->title);
	if (hg_is_dorothy_tab(g, k)) {
		b->height = 2 + (s->tab[1].rows ? s->tab[1].rows : 1);
		b->width = title;
		return;
	}
	reach_window(g, &s->tab[k], b);
	int cols = b->x1 - b->x0 + 1;
	/* a bounded window is at most board + 2 cells wide: keep the band's layout still */
	if (g->board)
		cols = g->board + 2;
	b->height = 2 + b->y1 - b->y0 + 1;
	b->width = GLYPH0 + 3 * (cols - 1) + 1;
	b->width = b->width > title ? b->width : title;
}

static char cell_char(uint8_t c)
{
	int code = HG_CODE(c);
	return code == HG_EMPTY ? '.' : code == HG_GAP ? '#' : (char)('0' + code - 1);
}

/* Row y of a grid: "2==5" joins the halves of a domino across, "2v" marks the upper
 * half of one down (its partner is right below, so a row needs no line of joins and
 * a game fits an 80x24 terminal); a stacked half has a ' after it. */
static void grid_row(const hg_game *g, const hg_state *s, const tab_block *b, int y,
		     bones_text *o)
{
	const uint8_t *cells = hg_ccells(g, s, b->k);
	int G = g->grid, c = G / 2;
	bones_text_printf(o, "%4d  ", y - c);
	for (int x = b->x0; x <= b->x1; x++) {
		uint8_t v = cells[y * G + x];
		char join = (v & HG_JOIN_E) && x < b->x1 ? '=' : ' ';
		char down = (v & HG_JOIN_S) && y < b->y1 ? 'v' : join;
		if (v & HG_STACKED)
			bones_text_printf(o, "%c'%c", cell_char(v), down);
		else
			bones_text_printf(o, "%c%c%c", cell_char(v), down, join);
	}
}

/* Line `line` of a block: the title, the column numbers (x, as the notation counts
 * them), then rows numbered by y. */
static void block_line(const hg_game *g, const hg_state *s, const tab_block *b, int line,
		       bones_text *o)
{
	int c = g->grid / 2;
	if (line == 0) {
		bones_text_printf(o, "%s", b->title);
	} else if (hg_is_dorothy_tab(g, b->k)) {
		const uint8_t *cells = hg_ccells(g, s, 1);
		int r = line - 2;
		if (line == 1)
			bones_text_printf(o, "   y");
		else if (s->tab[1].rows == 0)
			bones_text_printf(o, "      %s", TR(g, "(empty)"));
		else
			bones_text_printf(o, "%4d  %d==%d", r, HG_CODE(cells[2 * r]) - 1,
					  HG_CODE(cells[2 * r + 1]) - 1);
	} else if (line == 1) {
		bones_text_printf(o, "%*s", GLYPH0 - 2, "y\\x");
		for (int x = b->x0; x <= b->x1; x++)
			bones_text_printf(o, "%3d", x - c);
	} else {
		grid_row(g, s, b, b->y0 + line - 2, o);
	}
}

/* Blocks n0..n1 - 1 side by side, line by line, without trailing blanks. */
static void render_band(const hg_game *g, const hg_state *s, const tab_block *b, int n0,
			int n1, bones_text *o)
{
	int height = 0;
	for (int i = n0; i < n1; i++)
		height = b[i].height > height ? b[i].height : height;
	for (int line = 0; line < height; line++) {
		char buf[1024];
		bones_text t = {buf, sizeof buf, 0};
		buf[0] = '\0';
		int at = 0;
		for (int i = n0; i < n1; i++) {
			bones_text_printf(&t, "%*s", at - (int)t.len > 0 ? at - (int)t.len : 0, "");
			if (line < b[i].height)
				block_line(g, s, &b[i], line, &t);
			at += b[i].width + BLOCK_GAP;
		}
		while (t.len && buf[t.len - 1] == ' ')
			buf[--t.len] = '\0';
		bones_text_printf(o, "%s\n", buf);
	}
}

/* A breakdown ("2s: ...; 4s: ...; total 14") within TEXT_COLS columns: broken after
 * a "; ", continued indented. */
static void put_wrapped(bones_text *o, const char *text)
{
	int col = 0;
	while (*text) {
		const char *end = strstr(text, "; ");
		int part = end ? (int)(end - text) + 1 : (int)strlen(text);
		if (col > 4 && col + 1 + part > TEXT_COLS) {
			bones_text_printf(o, "\n   ");
			col = 3;
		}
		bones_text_printf(o, "%s%.*s", col > 3 ? " " : "", part, text);
		col += (col > 3) + part;
		text += part;
		text += strspn(text, " ");
	}
	bones_text_printf(o, "\n");
}

static void render_tableaus(const hg_game *g, const hg_state *s, bones_text *o)
{
	tab_block b[HG_MAX_TABS];
	for (int k = 0; k < g->tableaus; k++)
		block_init(g, s, k, &b[k]);
	for (int n0 = 0, n1; n0 < g->tableaus; n0 = n1) {
		int width = b[n0].width;
		for (n1 = n0 + 1; n1 < g->tableaus; n1++) {
			if (width + BLOCK_GAP + b[n1].width > TEXT_COLS)
				break;
			width += BLOCK_GAP + b[n1].width;
		}
		render_band(g, s, b, n0, n1, o);
	}
	bones_text_printf(o, "%s\n",
			  g->stacking ? TR(g, "(2==5 a domino across, 2v over 5 one down, # start "
					      "token, . empty, ' stacked)")
				      : TR(g, "(2==5 a domino across, 2v over 5 one down, # start "
					      "token, . empty)"));
	for (int k = 0; k < g->tableaus; k++) { /* how each total comes about */
		hg_score sc;
		char line[512], why[540];
		hg_score_tab(g, s, k, &sc);
		if (!hg_score_has_parts(&sc))
			continue;
		hg_format_score(g, &sc, line, sizeof line);
		snprintf(why, sizeof why, TR(g, "tableau %d: %s"), k + 1, line);
		put_wrapped(o, why);
	}
}

/* Whose turn it is. s->round counts the columns shifted so far; people count rounds
 * from 1. Solo Mega-Hegemino has no rounds: one pick after another. */
static void render_header(const hg_game *g, const hg_state *s, bones_text *o)
{
	int who = hg_to_move(g, s);
	if (who == BONES_TERMINAL) {
		bones_text_printf(o, "%s\n", TR(g, "Hegemino: game over"));
		return;
	}
	if (g->mode == HG_MODE_SOLO_MEGA)
		bones_text_printf(o, TR(g, "Hegemino, pick %d of %d:"), s->solo_picks + 1,
				  g->solo_target);
	else
		bones_text_printf(o, TR(g, "Hegemino, round %d:"), s->round + 1);
	bones_text_printf(o, " ");
	if (who == BONES_CHANCE)
		/* TRANSLATORS: a chance event (a deal) is next */
		bones_text_printf(o, "%s\n", TR(g, "chance"));
	else if (hg_actor_domino(g, s) == HG_NONE)
		bones_text_printf(o, TR(g, "player %d to pick"), who + 1);
	else
		bones_text_printf(o, TR(g, "player %d to place"), who + 1);
	if (who != BONES_CHANCE)
		bones_text_printf(o, "\n");
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
	render_tableaus(g, s, &o);
	return o.len; /* no "scores:" line: the host prints the players' scores */
}
