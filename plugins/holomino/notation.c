/* Holomino notation (TILE@Q,R[/K], pass:TILE, draw:TILE) and the score breakdown. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "holomino.h"

void hm_tile_name(const hm_game *g, int t, char out[4])
{
	unsigned v = g->tile_name[t];
	out[0] = (char)('0' + v / 100);
	out[1] = (char)('0' + v / 10 % 10);
	out[2] = (char)('0' + v % 10);
	out[3] = '\0';
}

static size_t put(char *buf, size_t cap, int n)
{
	if (n < 0 || (size_t)n >= cap) {
		if (cap)
			buf[0] = '\0';
		return 0;
	}
	return (size_t)n;
}

size_t hm_format(const void *game, const void *state, bones_move m, char *buf,
			     size_t cap)
{
	const hm_game *g = game;
	const hm_state *s = state;
	if (cap)
		buf[0] = '\0';
	if (!hm_legal(g, s, m))
		return 0;
	char name[4];
	hm_tile_name(g, hm_tile(m), name);
	if (hm_kind(m) == HM_DRAW)
		return put(buf, cap, snprintf(buf, cap, "draw:%s", name));
	if (hm_kind(m) == HM_PASS)
		return put(buf, cap, snprintf(buf, cap, "pass:%s", name));
	int c = hm_find(g, s, hm_q(m), hm_r(m));
	unsigned turns = hm_turns(g, s, c, hm_tile(m));
	if (turns & (turns - 1))
		return put(buf, cap, snprintf(buf, cap, "%s@%d,%d/%d", name, hm_q(m), hm_r(m),
					      hm_turn(m)));
	return put(buf, cap, snprintf(buf, cap, "%s@%d,%d", name, hm_q(m), hm_r(m)));
}

/* A tile name: exactly three digits naming a tile of the set. */
static int parse_tile(const hm_game *g, const char *p, const char **end)
{
	for (int i = 0; i < 3; i++)
		if (p[i] < '0' || p[i] > '9')
			return -1;
	*end = p + 3;
	return g->name_index[(p[0] - '0') * 100 + (p[1] - '0') * 10 + (p[2] - '0')];
}

static bool parse_int(const char *p, const char **end, int *out)
{
	char *e;
	if (!(*p == '-' || *p == '+' || (*p >= '0' && *p <= '9')))
		return false;
	long v = strtol(p, &e, 10);
	if (e == p || v <= -HM_COORD_BIAS || v >= HM_COORD_BIAS)
		return false;
	*out = (int)v;
	*end = e;
	return true;
}

static bones_status parse_place(const hm_game *g, const hm_state *s, int t, const char *p,
				bones_move *move)
{
	int q, r, k = -1;
	if (*p++ != '@' || !parse_int(p, &p, &q) || *p++ != ',' || !parse_int(p, &p, &r))
		return BONES_EPARSE;
	if (*p == '/') {
		if (p[1] < '0' || p[1] > '2' || p[2])
			return BONES_EPARSE;
		k = p[1] - '0';
	} else if (*p) {
		return BONES_EPARSE;
	}
	int c = hm_find(g, s, q, r);
	unsigned turns = c >= 0 && s->phase == HM_PHASE_MOVE ? hm_turns(g, s, c, t)
							     : 0;
	if (k < 0)
		k = turns == 2 ? 1 : turns == 4 ? 2 : 0;
	*move = hm_pack(HM_PLACE, t, k, q, r);
	if (!((turns >> k) & 1u) || (p[0] != '/' && (turns & (turns - 1))))
		return BONES_EILLEGAL; /* no fit, or ambiguous without /K */
	return hm_legal(g, s, *move) ? BONES_OK : BONES_EILLEGAL;
}

bones_status hm_parse(const void *game, const void *state, const char *text,
				  bones_move *move)
{
	const hm_game *g = game;
	const hm_state *s = state;
	const char *p = text, *end;
	int kind = HM_PLACE;
	if (!strncmp(p, "draw:", 5)) {
		kind = HM_DRAW;
		p += 5;
	} else if (!strncmp(p, "pass:", 5)) {
		kind = HM_PASS;
		p += 5;
	}
	int t = parse_tile(g, p, &end);
	if (t < 0)
		return BONES_EPARSE;
	if (kind == HM_PLACE)
		return parse_place(g, s, t, end, move);
	if (*end)
		return BONES_EPARSE;
	*move = hm_pack(kind, t, 0, 0, 0);
	return hm_legal(g, s, *move) ? BONES_OK : BONES_EILLEGAL;
}

size_t hm_explain(const hm_game *g, const hm_moverec *rec, char *buf, size_t cap)
{
	int n = rec->nholes;
	if (cap)
		buf[0] = '\0';
	if (!rec->valid || rec->chance || !n)
		return 0;
	if (n == 1)
		return put(buf, cap, snprintf(buf, cap, TR(g, "hole: %d + %d + %d = %d"),
					      rec->digit[0][0], rec->digit[0][1],
					      rec->digit[0][2], (int)rec->points));
	char inner[64];
	const char *sep = g->product ? " x " : " + ";
	size_t len = 0;
	for (int i = 0; i < n; i++)
		len += (size_t)snprintf(inner + len, sizeof inner - len, "%s%d", i ? sep : "",
					rec->hole[i]);
	if (g->product)
		return put(buf, cap, snprintf(buf, cap, n == 2 ? TR(g, "double hole: %s = %d")
							       : TR(g, "triple hole: %s = %d"),
					      inner, (int)rec->points));
	/* TRANSLATORS: the sum of the holes' scores times their number (2 or 3) */
	return put(buf, cap, snprintf(buf, cap, n == 2 ? TR(g, "double hole: %d x (%s) = %d")
						       : TR(g, "triple hole: %d x (%s) = %d"),
				      n, inner, (int)rec->points));
}

size_t hm_breakdown(const void *game, const void *state, char *buf, size_t cap)
{
	const hm_state *s = state;
	if (!s->last_play) { /* a chance outcome (or nothing yet): no breakdown */
		if (cap)
			buf[0] = '\0';
		return 0;
	}
	return hm_explain(game, &s->play, buf, cap);
}
