/* Hegemino notation (docs/games/hegemino.md): pick:N, A-B@X,Y/E|S, stack:..., discard, order:1221,
 * draw:A-B, remove:A-B. Cells are relative to the start token; Dorothy's column counts
 * rows from 0 at the top (A-B@0,Y/E inserts before row Y). */
#include "hegemino.h"

#include <stdio.h>
#include <string.h>

size_t hg_format_domino(int id, char *buf, size_t cap)
{
	int n = snprintf(buf, cap, "%d-%d", hg_dom_a(id), hg_dom_b(id));
	return n > 0 && (size_t)n < cap ? (size_t)n : 0;
}

static size_t format_order(const hg_game *g, int index, char *buf, size_t cap)
{
	char text[16] = "order:";
	for (int i = 0; i < g->tokens; i++) {
		int t = g->order[index][i];
		int who = g->spheres && g->players == 2 ? t : g->token_owner[t];
		text[6 + i] = (char)('1' + who);
		text[7 + i] = '\0';
	}
	int n = snprintf(buf, cap, "%s", text);
	return n > 0 && (size_t)n < cap ? (size_t)n : 0;
}

/* Append v in decimal at p; returns the end. */
static char *put_int(char *p, int v)
{
	char digits[12];
	int n = 0;
	if (v < 0)
		*p++ = '-';
	unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
	do
		digits[n++] = (char)('0' + u % 10);
	while ((u /= 10));
	while (n)
		*p++ = digits[--n];
	return p;
}

/* "[stack:]A-B@X,Y/D" without snprintf: the agents and `bones check` format by the
 * million. */
static size_t format_place(const hg_game *g, const hg_state *s, bones_move m, char *buf,
			   size_t cap)
{
	int off = hg_is_dorothy_tab(g, hg_actor_tab(g, s)) ? 0 : g->grid / 2;
	char text[48], *p = text;
	if (HG_KIND(m) == HG_MV_STACK) {
		memcpy(p, "stack:", 6);
		p += 6;
	}
	p = put_int(p, HG_MA(m));
	*p++ = '-';
	p = put_int(p, HG_MB(m));
	*p++ = '@';
	p = put_int(p, HG_MX(m) - off);
	*p++ = ',';
	p = put_int(p, HG_MY(m) - off);
	*p++ = '/';
	*p++ = HG_MDIR(m) ? 'S' : 'E';
	size_t n = (size_t)(p - text);
	if (n >= cap)
		return 0;
	memcpy(buf, text, n);
	buf[n] = '\0';
	return n;
}

size_t hg_format_move(const void *game, const void *state, bones_move m, char *buf,
		      size_t cap)
{
	const hg_game *g = game;
	const hg_state *s = state;
	int low = (int)(m & 0x0FFFFFFF), n = 0;
	char dom[8];
	if (cap)
		buf[0] = '\0';
	if (!hg_move_legal(g, s, m))
		return 0;
	switch (HG_KIND(m)) {
	case HG_MV_PICK:
		n = snprintf(buf, cap, "pick:%d", low + 1);
		break;
	case HG_MV_DISCARD:
		n = snprintf(buf, cap, "discard");
		break;
	case HG_MV_ORDER:
		return format_order(g, low, buf, cap);
	case HG_MV_DRAW:
	case HG_MV_REMOVE:
		hg_format_domino(low, dom, sizeof dom);
		n = snprintf(buf, cap, "%s:%s", HG_KIND(m) == HG_MV_DRAW ? "draw" : "remove", dom);
		break;
	default:
		return format_place(g, s, m, buf, cap);
	}
	return n > 0 && (size_t)n < cap ? (size_t)n : 0;
}

static bool pip(int v)
{
	return v >= 0 && v <= 6;
}

/* An optionally negative whole number of at most 4 digits at *p, then the character
 * `then` ('\0' for the end of the text); *p moves past both. No sscanf: `bones check`
 * and the agents parse notation by the million. */
static bool take_int(const char **p, int *v, char then)
{
	const char *s = *p;
	bool minus = *s == '-';
	s += minus;
	int n = 0, digits = 0;
	for (; *s >= '0' && *s <= '9' && digits < 5; s++, digits++)
		n = 10 * n + (*s - '0');
	if (!digits || digits > 4 || *s != then)
		return false;
	*v = minus ? -n : n;
	*p = s + (then != '\0');
	return true;
}

static bones_status parse_place(const hg_game *g, const hg_state *s, const char *text,
				int kind, bones_move *move)
{
	int a, b, x, y;
	if (!take_int(&text, &a, '-') || !take_int(&text, &b, '@') ||
	    !take_int(&text, &x, ',') || !take_int(&text, &y, '/') ||
	    (text[0] != 'E' && text[0] != 'S') || text[1] != '\0' || !pip(a) || !pip(b))
		return BONES_EPARSE;
	char d = text[0];
	int tab = hg_actor_tab(g, s);
	int off = tab >= 0 && hg_is_dorothy_tab(g, tab) ? 0 : g->grid / 2;
	x += off;
	y += off;
	if (x < 0 || y < 0 || x > 255 || y > 255)
		return BONES_EILLEGAL;
	*move = HG_PLACE_MOVE(kind, x, y, d == 'S', a, b);
	return hg_move_legal(g, s, *move) ? BONES_OK : BONES_EILLEGAL;
}

static bones_status parse_domino(const char *text, int *id)
{
	int a, b;
	if (!take_int(&text, &a, '-') || !take_int(&text, &b, '\0') || !pip(a) || !pip(b))
		return BONES_EPARSE;
	*id = hg_dom_id(a, b);
	return BONES_OK;
}

static bones_status parse_order(const hg_game *g, const hg_state *s, const char *text,
				bones_move *move)
{
	size_t len = strlen(text);
	if (len == 0 || len > 4 || strspn(text, "1234") != len)
		return BONES_EPARSE;
	for (int i = 0; i < g->orders; i++) {
		char buf[16];
		*move = HG_MOVE(HG_MV_ORDER, i);
		if (format_order(g, i, buf, sizeof buf) && strcmp(buf + 6, text) == 0)
			return hg_move_legal(g, s, *move) ? BONES_OK : BONES_EILLEGAL;
	}
	return BONES_EILLEGAL;
}

bones_status hg_parse_move(const void *game, const void *state, const char *text,
			   bones_move *move)
{
	const hg_game *g = game;
	const hg_state *s = state;
	int v, id;
	bones_status st;
	if (strcmp(text, "discard") == 0) {
		*move = HG_MOVE(HG_MV_DISCARD, 0);
	} else if (strncmp(text, "pick:", 5) == 0) {
		const char *p = text + 5;
		if (!take_int(&p, &v, '\0'))
			return BONES_EPARSE;
		if (v < 1 || v > HG_ROWS)
			return BONES_EILLEGAL;
		*move = HG_MOVE(HG_MV_PICK, v - 1);
	} else if (strncmp(text, "order:", 6) == 0) {
		return parse_order(g, s, text + 6, move);
	} else if (strncmp(text, "draw:", 5) == 0 || strncmp(text, "remove:", 7) == 0) {
		bool draw = text[0] == 'd';
		if ((st = parse_domino(text + (draw ? 5 : 7), &id)) != BONES_OK)
			return st;
		*move = HG_MOVE(draw ? HG_MV_DRAW : HG_MV_REMOVE, id);
	} else if (strncmp(text, "stack:", 6) == 0) {
		return parse_place(g, s, text + 6, HG_MV_STACK, move);
	} else {
		return parse_place(g, s, text, HG_MV_PLACE, move);
	}
	return hg_move_legal(g, s, *move) ? BONES_OK : BONES_EILLEGAL;
}
