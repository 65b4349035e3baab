/* All Fives in words: the notation, the breakdown of the points, and the text view that
 * doubles as the observation (English when the host is NULL). */
#include <stdio.h>
#include <string.h>

#include "allfives.h"
#include "bones/text.h"

static const char arm_letter[ARMS] = {'L', 'R', 'U', 'D'};

size_t af_format_move(const void *vg, const void *vs, bones_move m, char *buf, size_t cap)
{
	const game *g = vg;
	if (!af_is_legal(g, vs, m) || cap == 0)
		return 0;
	int t = TILE(m), kind = KIND(m), len;
	if (kind == PASS || kind == DRAW)
		len = snprintf(buf, cap, "%s", kind == PASS ? "pass" : "draw");
	else if (kind < ARMS)
		len = snprintf(buf, cap, "%d-%d:%c", g->lo[t], g->hi[t], arm_letter[kind]);
	else
		len = snprintf(buf, cap, kind == LEAD ? "%d-%d" : kind == DEAL ? "deal:%d-%d"
										: "draw:%d-%d",
			       g->lo[t], g->hi[t]);
	return len > 0 && (size_t)len < cap ? (size_t)len : 0;
}

/* The halves in either order ("5-3" is "3-5"), the arm in either case. */
bones_status af_parse_move(const void *vg, const void *vs, const char *text, bones_move *out)
{
	const game *g = vg;
	int kind = LEAD, tile = 0;
	if (!strcmp(text, "pass") || !strcmp(text, "draw")) {
		kind = text[0] == 'p' ? PASS : DRAW;
	} else {
		if (!strncmp(text, "deal:", 5) || !strncmp(text, "draw:", 5)) {
			kind = text[1] == 'e' ? DEAL : DRAWN;
			text += 5;
		}
		if (text[0] < '0' || text[0] > '6' || text[1] != '-' || text[2] < '0' ||
		    text[2] > '6')
			return BONES_EPARSE;
		int a = text[0] - '0', b = text[2] - '0';
		const char *end = text + 3;
		if (kind == LEAD && end[0] == ':' && end[1] && !end[2]) {
			const char *at = strchr("LRUD", end[1] & ~0x20);
			kind = at && end[1] ? (int)(at - "LRUD") : -1;
			end += 2;
		}
		if (kind < 0 || *end)
			return BONES_EPARSE;
		while (g->lo[tile] != (a < b ? a : b) || g->hi[tile] != (a < b ? b : a))
			tile++;
	}
	*out = MOVE(kind, tile);
	return af_is_legal(g, vs, *out) ? BONES_OK : BONES_EILLEGAL;
}

/* "ends 5 + 10 = 15: 15 points", or at the end the hand's bonus. */
size_t af_breakdown(const void *vg, const void *vs, char *buf, size_t cap)
{
	const game *g = vg;
	const state *s = vs;
	bones_text o = {buf, cap, 0};
	if (cap)
		buf[0] = '\0';
	int winner, bonus = af_hand_bonus(g, s, &winner);
	if (s->scored)
		bones_text_printf(&o, TR(g->host, "the ends count %d: %d points"), s->scored,
				  s->scored);
	if (af_over(g, s) && winner >= 0) {
		bones_text_printf(&o, "%s", o.len ? "; " : "");
		bones_text_printf(&o, TR(g->host, "player %d wins the hand: %d points"), winner + 1,
				  bonus);
	}
	return o.len;
}

static void put_tiles(const game *g, bones_text *o, uint32_t mask)
{
	FOR_TILES(t, mask)
		bones_text_printf(o, " %d-%d", g->lo[t], g->hi[t]);
}

/* One arm from the lead outwards, each tile shown with the touching half first. */
static void put_arm(const game *g, const state *s, bones_text *o, int arm)
{
	int pips = arm == ARM_L ? g->lo[s->center] : arm == ARM_R ? g->hi[s->center]
								  : g->lo[s->spinner];
	for (int i = 0; i < s->length; i++) {
		if (s->seq[i] >> 5 != arm)
			continue;
		int t = s->seq[i] & 31, other = g->lo[t] == pips ? g->hi[t] : g->lo[t];
		bones_text_printf(o, " [%d|%d]%s", pips, other, t == s->spinner ? "*" : "");
		pips = other;
	}
}

static size_t view(const game *g, const bones_host *host, const state *s, int viewer,
		   char *buf, size_t cap)
{
	bones_text o = {buf, cap, 0};
	bool over = af_over(g, s);
	if (cap)
		buf[0] = '\0';
	bones_text_printf(&o, "%s ", TR(host, "All Fives:"));
	if (af_dealing(g, s))
		bones_text_printf(&o, TR(host, "dealing, %d of %d tiles dealt"), s->dealt,
				  g->players * g->hand_size);
	else if (over)
		bones_text_printf(&o, "%s", TR(host, "hand over"));
	else if (s->drawing)
		bones_text_printf(&o, TR(host, "player %d draws from the boneyard"), s->turn + 1);
	else
		bones_text_printf(&o, TR(host, "player %d to play"), s->turn + 1);
	bones_text_printf(&o, "\n%s", TR(host, "Lead:"));
	if (s->center == NONE) {
		bones_text_printf(&o, " %s\n", TR(host, "none yet"));
	} else {
		int c = s->center;
		bones_text_printf(&o, " [%d|%d]%s   ", g->lo[c], g->hi[c], c == s->spinner ? "*" : "");
		bones_text_printf(&o, TR(host, "(the ends count %d)"), af_count_ends(g, s));
		bones_text_printf(&o, "\n");
		for (int arm = 0; arm < ARMS; arm++) {
			if (arm >= ARM_U && !af_spinner_open(s))
				break;
			bones_text_printf(&o, "  %c:", arm_letter[arm]);
			put_arm(g, s, &o, arm);
			bones_text_printf(&o, "   ");
			bones_text_printf(&o, TR(host, "(open end %d)"), s->end[arm]);
			bones_text_printf(&o, "\n");
		}
	}
	int rest = af_count(s->boneyard);
	bones_text_printf(&o, TRN(host, "Boneyard: %d tile", "Boneyard: %d tiles", rest), rest);
	bones_text_printf(&o, "\n");
	for (int p = 0; p < g->players; p++) {
		int n = af_count(s->hand[p]);
		if (p == viewer)
			bones_text_printf(&o, TRN(host, "Player %d (you): %d tile",
						  "Player %d (you): %d tiles", n), p + 1, n);
		else
			bones_text_printf(&o, TRN(host, "Player %d: %d tile", "Player %d: %d tiles", n),
					  p + 1, n);
		bones_text_printf(&o, ", ");
		bones_text_printf(&o, TRN(host, "%d point", "%d points", s->points[p]), s->points[p]);
		if (p == viewer || over)
			put_tiles(g, &o, s->hand[p]);
		bones_text_printf(&o, "\n");
	}
	return o.len;
}

size_t af_render_text(const void *vg, const void *vs, int viewer, char *buf, size_t cap)
{
	const game *g = vg;
	return view(g, g->host, vs, viewer, buf, cap);
}

size_t af_observation(const void *vg, const void *vs, int player, char *buf, size_t cap)
{
	return view(vg, NULL, vs, player, buf, cap);
}
