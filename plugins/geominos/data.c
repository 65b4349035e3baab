/* Geominos data files: the tile set and the board, read through the host's INI service,
 * validated (every error is "FILE:LINE: reason") and turned into orientation tables. */
#include "geominos.h"

#include "bones/grid.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A tile while its file is read: both sides as 9x9 grids of pips (-1 = none). */
typedef struct raw_tile {
	char name[GEO_NAME_MAX];
	int8_t grid[2][GEO_MAX_SECTIONS][GEO_MAX_SECTIONS];
	int line;          /* the section's first key */
	int side_line[2];  /* first row of each side */
} raw_tile;

typedef struct tiles_reader {
	const bones_host *host; /* for TR */
	const char *path;
	raw_tile tiles[GEO_MAX_TILES];
	int count;
	char section[64];
	char set_name[64];
	int last_line;
	char *err;
	size_t errcap;
	bool failed;
} tiles_reader;

#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
static int fail_at(char *err, size_t errcap, const char *path, int line, const char *fmt,
		   ...)
{
	char reason[200];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(reason, sizeof reason, fmt, ap);
	va_end(ap);
	if (line > 0)
		snprintf(err, errcap, "%s:%d: %s", path, line, reason);
	else /* no line to blame (an empty file): the file alone, never "FILE:0:" */
		snprintf(err, errcap, "%s: %s", path, reason);
	return 0;
}

static bool valid_name(const char *s)
{
	size_t n = strlen(s);
	if (n == 0 || n >= GEO_NAME_MAX || strcasecmp(s, "pass") == 0)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '-')
			return false;
	return true;
}

/* Start a tile when the section changes; returns it or NULL after an error. */
static raw_tile *tile_for_section(tiles_reader *r, const char *section, int line)
{
	if (strcmp(section, r->section) == 0)
		return &r->tiles[r->count - 1];
	snprintf(r->section, sizeof r->section, "%s", section);
	const char *name = section + 5;
	if (!valid_name(name)) {
		fail_at(r->err, r->errcap, r->path, line,
			TR(r, "tile name '%s' must be 1-15 letters, digits or '-' (and not 'pass')"), name);
		return NULL;
	}
	for (int i = 0; i < r->count; i++)
		if (strcasecmp(r->tiles[i].name, name) == 0) {
			fail_at(r->err, r->errcap, r->path, line, TR(r, "tile '%s' is defined twice"), name);
			return NULL;
		}
	if (r->count == GEO_MAX_TILES) {
		fail_at(r->err, r->errcap, r->path, line, TR(r, "too many tiles (at most %d)"),
			GEO_MAX_TILES);
		return NULL;
	}
	raw_tile *t = &r->tiles[r->count++];
	memset(t, 0, sizeof *t);
	memset(t->grid, -1, sizeof t->grid);
	snprintf(t->name, sizeof t->name, "%s", name);
	t->line = line;
	return t;
}

static int read_row(tiles_reader *r, raw_tile *t, const char *key, const char *value,
		    int line)
{
	int side = key[0] == 'a' ? 0 : key[0] == 'b' ? 1 : -1;
	int row = key[1] - '1';
	if (side < 0 || key[1] < '1' || key[1] > '9' || key[2])
		return fail_at(r->err, r->errcap, r->path, line,
			       TR(r, "unknown key '%s' in tile '%s' (rows are a1..a9 and b1..b9)"), key,
			       t->name);
	if (strlen(value) > GEO_MAX_SECTIONS)
		return fail_at(r->err, r->errcap, r->path, line,
			       TR(r, "row %s of '%s' is longer than %d squares"), key, t->name,
			       GEO_MAX_SECTIONS);
	for (int x = 0; value[x]; x++) {
		char c = value[x];
		if (c >= '7' && c <= '9')
			return fail_at(r->err, r->errcap, r->path, line,
				       TR(r, "row %s of '%s': pips '%c' out of range 0-6"), key, t->name, c);
		if (c != '.' && (c < '0' || c > '6'))
			return fail_at(r->err, r->errcap, r->path, line,
				       TR(r, "row %s of '%s': '%c' is neither pips 0-6 nor '.'"), key,
				       t->name, c);
		t->grid[side][row][x] = (int8_t)(c == '.' ? -1 : c - '0');
	}
	if (!t->side_line[side] || line < t->side_line[side])
		t->side_line[side] = line;
	return 1;
}

static int tiles_handler(void *user, const char *section, const char *key,
			 const char *value, int line)
{
	tiles_reader *r = user;
	if (r->failed)
		return 0;
	r->last_line = line;
	int ok;
	if (strcmp(section, "set") == 0 && strcmp(key, "name") == 0) {
		snprintf(r->set_name, sizeof r->set_name, "%s", value);
		ok = 1;
	} else if (strncmp(section, "tile.", 5) == 0) {
		raw_tile *t = tile_for_section(r, section, line);
		ok = t ? read_row(r, t, key, value, line) : 0;
	} else if (strcmp(section, "set") == 0) {
		ok = fail_at(r->err, r->errcap, r->path, line,
			     TR(r, "unknown key '%s' in [set] (expected name)"), key);
	} else {
		/* Quote nothing of a file that is no tile set: a record or a protocol client
		 * may name any local file, and its contents are nobody else's business. */
		ok = fail_at(r->err, r->errcap, r->path, line,
			     TR(r, "not a Geominos tile file (keys belong under [set] or [tile.NAME])"));
	}
	r->failed = !ok;
	return ok;
}

/* Cells of one side, in reading order; returns the count. */
static int side_cells(const raw_tile *t, int side, int *xs, int *ys, int *pips)
{
	int n = 0;
	for (int y = 0; y < GEO_MAX_SECTIONS; y++)
		for (int x = 0; x < GEO_MAX_SECTIONS; x++)
			if (t->grid[side][y][x] >= 0) {
				if (n < GEO_MAX_SECTIONS * GEO_MAX_SECTIONS) {
					xs[n] = x;
					ys[n] = y;
					pips[n] = t->grid[side][y][x];
				}
				n++;
			}
	return n;
}

static bool side_connected(const raw_tile *t, int side)
{
	enum { W = GEO_MAX_SECTIONS, A = W * W };
	bool in[A];
	int labels[A], stack[A];
	for (int i = 0; i < A; i++)
		in[i] = t->grid[side][i / W][i % W] >= 0;
	return bones_grid_components(in, W, W, labels, NULL, stack) == 1;
}

/* Shape as a sorted list of cells packed y*16+x after moving to the origin. */
static void normalise(int n, const int *xs, const int *ys, int *key)
{
	int mx = 99, my = 99;
	for (int i = 0; i < n; i++) {
		mx = xs[i] < mx ? xs[i] : mx;
		my = ys[i] < my ? ys[i] : my;
	}
	for (int i = 0; i < n; i++) {
		int v = (ys[i] - my) * 16 + (xs[i] - mx), j = i;
		for (; j > 0 && key[j - 1] > v; j--)
			key[j] = key[j - 1];
		key[j] = v;
	}
}

/* The smallest normalised form over the 8 symmetries: equal for equal free shapes. */
static void canonical(int n, const int *xs, const int *ys, int *best)
{
	int x[GEO_MAX_SECTIONS], y[GEO_MAX_SECTIONS], key[GEO_MAX_SECTIONS];
	for (int f = 0; f < 2; f++)
		for (int r = 0; r < 4; r++) {
			for (int i = 0; i < n; i++) {
				int a = f ? -xs[i] : xs[i], b = ys[i];
				for (int k = 0; k < r; k++) {
					int tmp = a;
					a = -b;
					b = tmp;
				}
				x[i] = a;
				y[i] = b;
			}
			normalise(n, x, y, key);
			if ((f == 0 && r == 0) || memcmp(key, best, (size_t)n * sizeof *key) < 0)
				memcpy(best, key, (size_t)n * sizeof *key);
		}
}

/* Side b must be side a turned over left to right. */
static bool is_mirror(int n, const int *ax, const int *ay, const int *bx, const int *by)
{
	int mx[GEO_MAX_SECTIONS], ka[GEO_MAX_SECTIONS], kb[GEO_MAX_SECTIONS];
	for (int i = 0; i < n; i++)
		mx[i] = -ax[i];
	normalise(n, mx, ay, ka);
	normalise(n, bx, by, kb);
	return memcmp(ka, kb, (size_t)n * sizeof *ka) == 0;
}

/* Fill one orientation from side cells turned rot quarter turns clockwise. */
static void make_orient(geo_orient *o, int side, int rot, int n, const int *xs,
			const int *ys, const int *pips)
{
	int x[GEO_MAX_SECTIONS], y[GEO_MAX_SECTIONS], order[GEO_MAX_SECTIONS];
	memset(o, 0, sizeof *o);
	for (int i = 0; i < n; i++) {
		int a = xs[i], b = ys[i];
		for (int k = 0; k < rot; k++) {
			int tmp = a; /* (x, y) -> (-y, x): clockwise with y downwards */
			a = -b;
			b = tmp;
		}
		x[i] = a;
		y[i] = b;
		int j = i;
		for (; j > 0 && (y[order[j - 1]] > b || (y[order[j - 1]] == b && x[order[j - 1]] > a)); j--)
			order[j] = order[j - 1];
		order[j] = i;
	}
	int x0 = x[order[0]], y0 = y[order[0]];
	o->side = (uint8_t)side;
	o->rot = (uint8_t)rot;
	o->count = (uint8_t)n;
	for (int k = 0; k < n; k++) {
		int i = order[k];
		o->dx[k] = (int8_t)(x[i] - x0);
		o->dy[k] = (int8_t)(y[i] - y0);
		o->pips[k] = (uint8_t)pips[i];
		if (o->dx[k] < o->minx) o->minx = o->dx[k];
		if (o->dx[k] > o->maxx) o->maxx = o->dx[k];
		if (o->dy[k] + 1 > o->height) o->height = (uint8_t)(o->dy[k] + 1);
	}
	for (int k = 0; k < n; k++) {
		o->rows[o->dy[k]] |= 1u << (o->dx[k] - o->minx);
		o->pipmask |= (uint8_t)(1u << o->pips[k]);
		o->rs[k] = (uint8_t)(o->dx[k] > 0 ? o->dx[k] : 0);
		o->ls[k] = (uint8_t)(o->dx[k] < 0 ? -o->dx[k] : 0);
	}
	for (int ax = -o->minx; ax + o->maxx < GEO_N; ax++)
		o->xmask |= 1u << ax;
	o->xmask3 = o->xmask | (uint64_t)o->xmask << GEO_N | (uint64_t)o->xmask << (2 * GEO_N);
}

static bool same_orient(const geo_orient *a, const geo_orient *b)
{
	return a->count == b->count && !memcmp(a->dx, b->dx, a->count) &&
	       !memcmp(a->dy, b->dy, a->count) && !memcmp(a->pips, b->pips, a->count);
}

/* The distinct orientations and the centre placement of a validated tile. */
static void build_tile(geo_tile *t, geo_pip_sections *by_pip, const raw_tile *raw)
{
	int xs[81], ys[81], pips[81];
	memset(t, 0, sizeof *t);
	memcpy(t->name, raw->name, sizeof t->name);
	for (int side = 0; side < 2; side++) {
		int n = side_cells(raw, side, xs, ys, pips);
		t->count = n;
		for (int rot = 0; rot < 4; rot++) {
			geo_orient o;
			make_orient(&o, side, rot, n, xs, ys, pips);
			int k = 0;
			while (k < t->orient_count && !same_orient(&t->orient[k], &o))
				k++;
			if (k == t->orient_count)
				t->orient[t->orient_count++] = o;
			t->orient_of[side][rot] = (int8_t)k;
		}
	}
	memset(by_pip, 0, sizeof *by_pip);
	for (int oi = 0; oi < t->orient_count; oi++)
		for (int k = 0; k < t->orient[oi].count; k++) {
			int pip = t->orient[oi].pips[k];
			by_pip->at[pip][by_pip->count[pip]++] = (uint8_t)(oi << 4 | k);
		}
	/* Centre: the section of orientation 0 nearest its bounding box centre. */
	const geo_orient *o = &t->orient[0];
	int best = 0, bestd = 1 << 30;
	for (int k = 0; k < o->count; k++) {
		int ex = 2 * (o->dx[k] - o->minx) - (o->maxx - o->minx);
		int ey = 2 * o->dy[k] - (o->height - 1);
		if (ex * ex + ey * ey < bestd) {
			bestd = ex * ex + ey * ey;
			best = k;
		}
	}
	t->centre_x = (int8_t)(GEO_CENTRE - o->dx[best]);
	t->centre_y = (int8_t)(GEO_CENTRE - o->dy[best]);
}

static bool check_tile(const tiles_reader *r, int i, int (*canon)[GEO_MAX_SECTIONS],
		       char *err, size_t errcap)
{
	const raw_tile *t = &r->tiles[i];
	int ax[81], ay[81], ap[81], bx[81], by[81], bp[81];
	int na = side_cells(t, 0, ax, ay, ap), nb = side_cells(t, 1, bx, by, bp);
	int line_a = t->side_line[0] ? t->side_line[0] : t->line;
	int line_b = t->side_line[1] ? t->side_line[1] : t->line;
	if (na < GEO_MIN_SECTIONS || na > GEO_MAX_SECTIONS)
		return fail_at(err, errcap, r->path, line_a,
			       TR(r, "side a of '%s' has %d sections, expected %d to %d"), t->name, na,
			       GEO_MIN_SECTIONS, GEO_MAX_SECTIONS);
	if (nb != na)
		return fail_at(err, errcap, r->path, line_b,
			       TR(r, "side b of '%s' has %d sections but side a has %d"), t->name, nb, na);
	for (int side = 0; side < 2; side++)
		if (!side_connected(t, side))
			return fail_at(err, errcap, r->path, side ? line_b : line_a,
				       TR(r, "side %c of '%s' is not connected"), "ab"[side], t->name);
	if (!is_mirror(na, ax, ay, bx, by))
		return fail_at(err, errcap, r->path, line_b,
			       TR(r, "side b of '%s' is not side a turned over (mirror it left to right)"),
			       t->name);
	canonical(na, ax, ay, canon[i]);
	for (int j = 0; j < i; j++)
		if (r->tiles[j].side_line[0] && na == side_cells(&r->tiles[j], 0, bx, by, bp) &&
		    !memcmp(canon[j], canon[i], (size_t)na * sizeof(int)))
			return fail_at(err, errcap, r->path, line_a,
				       TR(r, "'%s' has the same shape as '%s' (line %d)"), t->name,
				       r->tiles[j].name, r->tiles[j].line);
	return true;
}

/* Every tile's own checks in file order, then the count; the first failure is kept. */
static bones_status check_tiles(geo_game *g, const tiles_reader *r, char *msg, size_t cap)
{
	bones_status st = BONES_OK;
	int (*canon)[GEO_MAX_SECTIONS] = g->host->alloc(g->host,
		sizeof(int[GEO_MAX_TILES][GEO_MAX_SECTIONS]));
	if (!canon) {
		snprintf(msg, cap, TR(g, "out of memory reading '%.400s'"), r->path);
		return BONES_ENOMEM;
	}
	for (int i = 0; i < r->count && st == BONES_OK; i++)
		if (!check_tile(r, i, canon, msg, cap))
			st = BONES_EINVAL;
	g->host->free(g->host, canon);
	if (st == BONES_OK && r->count < 2) {
		fail_at(msg, cap, r->path, r->last_line,
			TR(g, "a tile set needs at least 2 tiles, found %d"), r->count);
		st = BONES_EINVAL;
	}
	return st;
}

bones_status geo_load_tiles(geo_game *g, const char *name, char *err, size_t errcap)
{
	char path[1024];
	bones_status found = g->host->find_file(g->host, name, path, sizeof path);
	if (found == BONES_EIO) {
		snprintf(err, errcap, TR(g, "tiles: '%s' is not a regular file"), name);
		return BONES_EIO;
	}
	if (found != BONES_OK) {
		snprintf(err, errcap, TR(g, "tiles: cannot find '%s' (an absolute path, or one under "
			 "configs/ or BONES_DATA_PATH)"), name);
		return BONES_ENOTFOUND;
	}
	tiles_reader *r = g->host->alloc(g->host, sizeof *r);
	if (!r) {
		snprintf(err, errcap, TR(g, "tiles: out of memory reading '%s'"), path);
		return BONES_ENOMEM;
	}
	memset(r, 0, sizeof *r);
	char msg[512] = "";
	r->path = path;
	r->host = g->host;
	r->err = msg;
	r->errcap = sizeof msg;
	int line = 0;
	bones_status st = g->host->ini_parse(g->host, path, tiles_handler, r, &line);
	if (st == BONES_EIO)
		snprintf(msg, sizeof msg, TR(g, "cannot read '%.400s'"), path);
	else if (st != BONES_OK && !msg[0])
		fail_at(msg, sizeof msg, path, line, TR(g, "syntax error"));
	if (st == BONES_OK)
		st = check_tiles(g, r, msg, sizeof msg);
	if (st == BONES_OK) {
		g->tile_count = r->count;
		for (int i = 0; i < r->count; i++) {
			build_tile(&g->tiles[i], &g->by_pip[i], &r->tiles[i]);
			if (g->tiles[i].orient_count > g->max_orient)
				g->max_orient = g->tiles[i].orient_count;
		}
		snprintf(g->set_name, sizeof g->set_name, "%s", r->set_name[0] ? r->set_name : name);
	} else {
		snprintf(err, errcap, "tiles: %s", msg);
		if (st != BONES_EIO && st != BONES_ENOMEM)
			st = BONES_EINVAL;
	}
	g->host->free(g->host, r);
	return st;
}

/* ---- The board ------------------------------------------------------------------- */

typedef struct board_reader {
	const bones_host *host; /* for TR */
	const char *path;
	geo_game *g;
	bool seen[GEO_N];
	int rows, last_line;
	char name[64];
	char *err;
	size_t errcap;
	bool failed;
} board_reader;

static int read_board_row(board_reader *r, const char *key, const char *value, int line)
{
	char *end;
	long row = strncmp(key, "row", 3) == 0 ? strtol(key + 3, &end, 10) : 0;
	if (row == 0 || *end)
		return fail_at(r->err, r->errcap, r->path, line,
			       TR(r, "unknown key '%s' in [board] (expected name, row1..row%d)"), key, GEO_N);
	if (row < 1 || row > GEO_N)
		return fail_at(r->err, r->errcap, r->path, line,
			       TR(r, "%s: the board has %d rows, row1..row%d"), key, GEO_N, GEO_N);
	if (r->seen[row - 1])
		return fail_at(r->err, r->errcap, r->path, line, TR(r, "%s is given twice"), key);
	size_t len = strlen(value);
	if (len != GEO_N)
		return fail_at(r->err, r->errcap, r->path, line,
			       TR(r, "%s has %zu squares, expected %d"), key, len, GEO_N);
	for (int x = 0; x < GEO_N; x++) {
		char c = value[x];
		if (!strchr("LDld", c))
			return fail_at(r->err, r->errcap, r->path, line,
				       TR(r, "%s: '%c' is not L, D (light, dark) or l, d (in the free area)"),
				       key, c);
		int i = (int)(row - 1) * GEO_N + x;
		r->g->light[i] = c == 'L' || c == 'l';
		r->g->free_area[i] = c == 'l' || c == 'd';
	}
	r->seen[row - 1] = true;
	r->rows++;
	r->last_line = line;
	return 1;
}

static int board_handler(void *user, const char *section, const char *key,
			 const char *value, int line)
{
	board_reader *r = user;
	if (r->failed)
		return 0;
	int ok;
	if (strcmp(section, "board") != 0) /* quote nothing: see tiles_handler */
		ok = fail_at(r->err, r->errcap, r->path, line,
			     TR(r, "not a Geominos board file (keys belong under [board])"));
	else if (strcmp(key, "name") == 0)
		ok = (snprintf(r->name, sizeof r->name, "%s", value), 1);
	else
		ok = read_board_row(r, key, value, line);
	r->failed = !ok;
	return ok;
}

bones_status geo_load_board(geo_game *g, const char *name, char *err, size_t errcap)
{
	char path[1024], msg[512] = "";
	bones_status found = g->host->find_file(g->host, name, path, sizeof path);
	if (found == BONES_EIO) {
		snprintf(err, errcap, TR(g, "board: '%s' is not a regular file"), name);
		return BONES_EIO;
	}
	if (found != BONES_OK) {
		snprintf(err, errcap, TR(g, "board: cannot find '%s' (an absolute path, or one under "
			 "configs/ or BONES_DATA_PATH)"), name);
		return BONES_ENOTFOUND;
	}
	board_reader r;
	memset(&r, 0, sizeof r);
	r.path = path;
	r.g = g;
	r.host = g->host;
	r.err = msg;
	r.errcap = sizeof msg;
	int line = 0;
	bones_status st = g->host->ini_parse(g->host, path, board_handler, &r, &line);
	if (st == BONES_EIO)
		snprintf(msg, sizeof msg, TR(g, "cannot read '%.400s'"), path);
	else if (st != BONES_OK && !msg[0])
		fail_at(msg, sizeof msg, path, line, TR(g, "syntax error"));
	else if (st == BONES_OK && r.rows != GEO_N) {
		fail_at(msg, sizeof msg, path, r.last_line, TR(g, "board has %d rows, expected %d"),
			r.rows, GEO_N);
		st = BONES_EINVAL;
	} else if (st == BONES_OK && !g->free_area[GEO_CENTRE * GEO_N + GEO_CENTRE]) {
		fail_at(msg, sizeof msg, path, r.last_line,
			TR(g, "the middle square (%d,%d) must be in the free area"), GEO_CENTRE + 1,
			GEO_CENTRE + 1);
		st = BONES_EINVAL;
	}
	if (st != BONES_OK) {
		snprintf(err, errcap, "board: %s", msg);
		return st == BONES_EIO ? BONES_EIO : BONES_EINVAL;
	}
	for (int i = 0; i < GEO_CELLS; i++)
		if (g->light[i] && !g->free_area[i])
			g->cost_rows[i / GEO_N] |= 1u << (i % GEO_N);
	snprintf(g->board_name, sizeof g->board_name, "%s", r.name[0] ? r.name : name);
	return BONES_OK;
}
