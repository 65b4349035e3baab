/* Holomino as text for terminal UIs: a staggered hex layout where every number point
 * shows its digit once and every hole its value, then pools, open and blocked cells. */
#include <stdio.h>
#include <string.h>

#include "holomino.h"
#include "bones/text.h"

#define HALF 3 /* characters per half tile */

typedef struct grid {
	char *text;
	int rows, cols, minr, minx;
} grid;

static void put_at(grid *gr, int line, int col, const char *s)
{
	for (; *s && line >= 0 && line < gr->rows * 3 + 2 && col >= 0 && col < gr->cols; s++)
		gr->text[(size_t)line * (size_t)(gr->cols + 1) + (size_t)col++] = *s;
}

/* Spot letters as the terminal UI types them (frontends/tty/tty_moves.c): a..z, then
 * aa, ab, ... zz. */
static void spot_letters(int k, char buf[3])
{
	if (k >= 26 * 27)
		k = 26 * 27 - 1;
	if (k < 26) {
		buf[0] = (char)('a' + k), buf[1] = '\0';
		return;
	}
	buf[0] = (char)('a' + k / 26 - 1), buf[1] = (char)('a' + k % 26), buf[2] = '\0';
}

/* Whether a tile of the player to move fits cell c now: a spot the player may take. */
static bool playable(const hm_game *g, const hm_state *s, int c)
{
	for (int i = 0; i < s->pool_n[s->player]; i++)
		if (hm_turns(g, s, c, s->pool[s->player][i]))
			return true;
	return false;
}

/* The open cells that get letters, in reading order (top row first, then left to
 * right), the order in which the terminal UI letters the spots of legal moves: in the
 * move phase the cells a tile of the player to move fits, else every open, unblocked
 * cell. Writes their indices into order (room for s->ncells) and returns how many. */
static int lettered_cells(const hm_game *g, const hm_state *s, int *order)
{
	const hm_cell *cells = hm_ccells(g, s);
	int n = 0;
	for (int c = 0; c < s->ncells; c++) {
		if (cells[c].placed || hm_blocked(g, s, c) ||
		    (s->phase == HM_PHASE_MOVE && !playable(g, s, c)))
			continue;
		int r = cells[c].r, x = 2 * cells[c].q + r, k = n++;
		for (; k > 0; k--) { /* insertion sort: a few dozen cells */
			const hm_cell *o = &cells[order[k - 1]];
			if (o->r < r || (o->r == r && 2 * o->q + o->r < x))
				break;
			order[k] = order[k - 1];
		}
		order[k] = c;
	}
	return n;
}

/* Lines 3k, 3k+1, 3k+2 of row minr + k: number points at the top, hole points, centres. */
static void draw_cell(const hm_game *g, const hm_state *s, grid *gr, int c,
		      const char *centre)
{
	const hm_cell *x = &hm_ccells(g, s)[c];
	int line = 3 * (x->r - gr->minr), col = HALF * (2 * x->q + x->r - gr->minx) + HALF;
	char text[8];
	put_at(gr, line + 2, col, centre);
	if (!x->placed)
		return;
	static const int at[3][2] = {{0, 0}, {3, -HALF}, {3, HALF}}; /* c1, c3, c5 */
	for (int i = 0; i < 3; i++) {
		text[0] = (char)('0' + x->d[i]);
		text[1] = '\0';
		put_at(gr, line + at[i][0], col + at[i][1], text);
	}
	static const int bite[3][3] = {{0, 1, HALF}, {2, 1, -HALF}, {4, 4, 0}}; /* c0 c2 c4 */
	for (int i = 0; i < 3; i++) {
		int dir = bite[i][0];
		int a = hm_find(g, s, x->q + bones_hex_dirs[dir].q,
					    x->r + bones_hex_dirs[dir].r);
		int b = hm_find(g, s, x->q + bones_hex_dirs[(dir + 1) % 6].q,
					    x->r + bones_hex_dirs[(dir + 1) % 6].r);
		const hm_cell *cells = hm_ccells(g, s);
		if (a >= 0 && b >= 0 && cells[a].placed && cells[b].placed) {
			int v = x->d[(dir / 2 + 2) % 3] + x->d[dir / 2] + cells[a].d[dir / 2];
			snprintf(text, sizeof text, "%d", v);
		} else {
			snprintf(text, sizeof text, "o");
		}
		put_at(gr, line + bite[i][1], col + bite[i][2] - (text[1] ? 1 : 0), text);
	}
}

static void emit_board(const hm_game *g, const hm_state *s, bones_text *o)
{
	const hm_cell *cells = hm_ccells(g, s);
	if (!s->ncells)
		return;
	int minr = cells[0].r, maxr = minr, minx = 2 * cells[0].q + minr, maxx = minx;
	for (int c = 1; c < s->ncells; c++) {
		int r = cells[c].r, x = 2 * cells[c].q + r;
		minr = r < minr ? r : minr;
		maxr = r > maxr ? r : maxr;
		minx = x < minx ? x : minx;
		maxx = x > maxx ? x : maxx;
	}
	grid gr = {NULL, maxr - minr + 1, HALF * (maxx - minx + 2) + 2, minr, minx};
	size_t size = (size_t)(gr.rows * 3 + 2) * (size_t)(gr.cols + 1);
	gr.text = g->host->alloc(g->host, size + 1);
	if (!gr.text) {
		bones_text_printf(o, "  %s\n", TR(g, "(out of memory: the board cannot be drawn)"));
		return;
	}
	memset(gr.text, ' ', size);
	int *order = g->host->alloc(g->host, (size_t)s->ncells * sizeof *order);
	if (!order) {
		g->host->free(g->host, gr.text);
		bones_text_printf(o, "  (out of memory: the board cannot be drawn)\n");
		return;
	}
	for (int c = 0; c < s->ncells; c++) {
		bool last = s->play.valid && hm_kind(s->play.move) == HM_PLACE &&
			    cells[c].q == hm_q(s->play.move) && cells[c].r == hm_r(s->play.move);
		draw_cell(g, s, &gr, c,
			  cells[c].placed ? (last ? "*" : "#") : hm_blocked(g, s, c) ? "x" : ".");
	}
	int lettered = lettered_cells(g, s, order);
	for (int k = 0; k < lettered; k++) {
		char letters[3];
		spot_letters(k, letters);
		draw_cell(g, s, &gr, order[k], letters);
	}
	g->host->free(g->host, order);
	for (int line = 0; line < gr.rows * 3 + 2; line++) {
		char *row = gr.text + (size_t)line * (size_t)(gr.cols + 1);
		int end = gr.cols;
		while (end > 0 && row[end - 1] == ' ')
			end--;
		if (end)
			bones_text_printf(o, "  %.*s\n", end, row);
	}
	g->host->free(g->host, gr.text);
}

/* One lettered cell of the open-cells list: letters, place, fixed digits, the holes a
 * tile there closes, and which of the mover's tiles fit. */
static void emit_open_cell(const hm_game *g, const hm_state *s, int c, const char *letters,
			   bones_text *o)
{
	const hm_cell *x = &hm_ccells(g, s)[c];
	uint8_t hole[3];
	int n = hm_holes_at(g, s, c, hole, NULL);
	bones_text_printf(o, "  %s %d,%d  [%c %c %c]", letters, x->q, x->r,
			  x->d[0] ? '0' + x->d[0] : '-', x->d[1] ? '0' + x->d[1] : '-',
			  x->d[2] ? '0' + x->d[2] : '-');
	for (int h = 0; h < n; h++) {
		if (!h)
			bones_text_printf(o, "  %s", TR(g, "holes:"));
		bones_text_printf(o, "%s%d", h ? " + " : " ", hole[h]);
	}
	if (n) {
		int points = (int)hm_points(g, n, hole);
		bones_text_printf(o, " -> ");
		bones_text_printf(o, TRN(g, "%d point", "%d points", points), points);
	}
	bool fits = false;
	for (int i = 0; s->phase == HM_PHASE_MOVE && i < s->pool_n[s->player]; i++) {
		if (!hm_turns(g, s, c, s->pool[s->player][i]))
			continue;
		char name[4];
		hm_tile_name(g, s->pool[s->player][i], name);
		if (!fits)
			bones_text_printf(o, "  %s", TR(g, "fits:"));
		bones_text_printf(o, " %s", name);
		fits = true;
	}
	bones_text_printf(o, "\n");
}

static void emit_open(const hm_game *g, const hm_state *s, bones_text *o)
{
	const hm_cell *cells = hm_ccells(g, s);
	bones_text_printf(o, "%s\n", TR(g, "open cells (TILE@Q,R): fixed digits at c1 c3 c5, "
					  "holes a tile there closes"));
	int *order = g->host->alloc(g->host, (size_t)s->ncells * sizeof *order);
	int lettered = order ? lettered_cells(g, s, order) : 0;
	for (int k = 0; k < lettered; k++) {
		char letters[3];
		spot_letters(k, letters);
		emit_open_cell(g, s, order[k], letters, o);
	}
	g->host->free(g->host, order);
	int unfit = 0, blocked = 0;
	for (int c = 0; c < s->ncells; c++) {
		blocked += !cells[c].placed && hm_blocked(g, s, c);
		if (cells[c].placed || hm_blocked(g, s, c) || s->phase != HM_PHASE_MOVE ||
		    playable(g, s, c))
			continue;
		if (!unfit++)
			bones_text_printf(o, "%s", TR(g, "open cells no tile of the mover fits:"));
		bones_text_printf(o, " %d,%d", cells[c].q, cells[c].r);
	}
	if (unfit)
		bones_text_printf(o, "\n");
	if (!blocked)
		return;
	bones_text_printf(o, "%s", TR(g, "blocked cells:"));
	for (int c = 0; c < s->ncells; c++)
		if (!cells[c].placed && hm_blocked(g, s, c))
			bones_text_printf(o, " %d,%d", cells[c].q, cells[c].r);
	bones_text_printf(o, "\n");
}

static void emit_header(const hm_game *g, const hm_state *s, bones_text *o)
{
	if (s->phase == HM_PHASE_DEAL)
		bones_text_printf(o, "%s", TR(g, "Holomino - dealing"));
	else if (s->phase == HM_PHASE_DRAW)
		bones_text_printf(o, TR(g, "Holomino - draw for player %d"), s->player + 1);
	else if (s->phase == HM_PHASE_MOVE)
		bones_text_printf(o, TR(g, "Holomino - to move: player %d"), s->player + 1);
	else
		bones_text_printf(o, "%s", TR(g, "Holomino - game over"));
	bones_text_printf(o, "    ");
	bones_text_printf(o, TRN(g, "supply: %d tile", "supply: %d tiles", s->supply_n),
			  s->supply_n);
	bones_text_printf(o, "\n");
	for (int p = 0; p < g->players; p++) {
		/* TRANSLATORS: a player's line of the terminal view; the pool's tiles follow */
		bones_text_printf(o, TR(g, "player %d: %4d points  pool:"), p + 1, (int)s->score[p]);
		for (int i = 0; i < s->pool_n[p]; i++) {
			char name[4];
			hm_tile_name(g, s->pool[p][i], name);
			bones_text_printf(o, " %s", name);
		}
		bones_text_printf(o, "\n");
	}
	if (s->play.valid) {
		char why[96];
		hm_explain(g, &s->play, why, sizeof why);
		char name[4], move[32];
		hm_tile_name(g, hm_tile(s->play.move), name);
		if (hm_kind(s->play.move) == HM_PASS)
			snprintf(move, sizeof move, "pass:%s", name);
		else
			snprintf(move, sizeof move, "%s@%d,%d", name, hm_q(s->play.move),
				 hm_r(s->play.move));
		/* TRANSLATORS: %2$s is the move's notation, e.g. 135@1,-1 or pass:135 */
		bones_text_printf(o, TR(g, "last move: player %d %s"), s->play.player + 1, move);
		bones_text_printf(o, "%s%s\n", why[0] ? "  " : "", why);
	}
}

size_t hm_render_text(const void *game, const void *state, int viewer,
				  char *buf, size_t cap)
{
	(void)viewer;
	const hm_game *g = game;
	const hm_state *s = state;
	bones_text o = {buf, cap, 0};
	if (cap)
		buf[0] = '\0';
	emit_header(g, s, &o);
	bones_text_printf(&o, "%s\n",
			  TR(g, "(digits at number points, o open bite, NN closed hole, # tile,\n"
				" * last tile, letters spots to play, . other open cells, x blocked)"));
	emit_board(g, s, &o);
	if (s->phase == HM_PHASE_MOVE || s->phase == HM_PHASE_DRAW)
		emit_open(g, s, &o);
	return o.len;
}
