/* Dominoes in words: the notation of the moves (docs/plugin-guide.md section 6), the
 * breakdown (7), the text view that doubles as the observation (8), and the words of the
 * pictures: chance outcomes, button labels, moves, the end and the rules (10). */
#include <stdio.h>
#include <string.h>

#include "bones/text.h"
#include "dominoes_internal.h"

/* ==== 6. Notation: every legal move has exactly one text, and it parses back ====== */
size_t dom_format_move(const void *vg, const void *vs, bones_move m, char *buf, size_t cap)
{
	const game *g = vg;
	static const char *const pattern[] = {"%d-%d", "%d-%d:L", "%d-%d:R", "pass", "draw",
					      "deal:%d-%d", "draw:%d-%d"};
	if (!dom_is_legal(g, vs, m) || cap == 0)
		return 0;
	int t = TILE(m), kind = KIND(m);
	int len = kind == PASS || kind == DRAW
			  ? snprintf(buf, cap, "%s", pattern[kind])
			  : snprintf(buf, cap, pattern[kind], g->lo[t], g->hi[t]);
	return len > 0 && (size_t)len < cap ? (size_t)len : 0;
}

/* Accepts the halves in either order ("5-3" is "3-5") and l/r in either case. */
bones_status dom_parse_move(const void *vg, const void *vs, const char *text,
			    bones_move *out)
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
			kind = (end[1] | 0x20) == 'l' ? LEFT : (end[1] | 0x20) == 'r' ? RIGHT : -1;
			end += 2;
		}
		if (kind < 0 || *end)
			return BONES_EPARSE;
		while (g->lo[tile] != (a < b ? a : b) || g->hi[tile] != (a < b ? b : a))
			tile++;
	}
	*out = MOVE(kind, tile);
	return dom_is_legal(g, vs, *out) ? BONES_OK : BONES_EILLEGAL;
}

/* The breakdown of section 7, at the end: "blocked, pips left: player 1 (12), player 2
 * (3)" or "domino by player 2, pips left: ...". Each player is the text "player %d",
 * which a host may replace by the seat's name (bones_plugin_text_names). */
size_t dom_breakdown(const void *vg, const void *vs, char *buf, size_t cap)
{
	const game *g = vg;
	const state *s = vs;
	bones_text o = {buf, cap, 0};
	if (cap)
		buf[0] = '\0';
	if (!dom_game_over(g, s))
		return 0;
	int winner = -1;
	for (int p = 0; p < g->players; p++)
		if (!s->hand[p])
			winner = p;
	char left[160], who[32];
	bones_text list = {left, sizeof left, 0};
	for (int p = 0; p < g->players; p++) {
		bones_text_printf(&list, "%s", p ? ", " : "");
		snprintf(who, sizeof who, TR(g->host, "player %d"), p + 1);
		/* TRANSLATORS: a player ("player 1") and the pips left in their hand */
		bones_text_printf(&list, TR(g->host, "%s (%d)"), who, dom_pips(g, s->hand[p]));
	}
	if (winner >= 0) {
		snprintf(who, sizeof who, TR(g->host, "player %d"), winner + 1);
		/* TRANSLATORS: the player who played out their hand, then the pips left */
		bones_text_printf(&o, TR(g->host, "domino by %s, pips left: %s"), who, left);
	} else {
		bones_text_printf(&o, TR(g->host, "blocked, pips left: %s"), left);
	}
	return o.len;
}

/* ==== 8. Text rendering, which doubles as the observation ============================
 * render_text shows exactly what `viewer` may see: the line, the counts of the other
 * hands and of the boneyard, and the viewer's own hand (every hand once the game is
 * over). Two states that differ only in what the viewer cannot see render the same, so
 * it is also the observation that the hidden-information contract asks for. */
static void put_tiles(const game *g, bones_text *o, uint32_t mask)
{
	FOR_TILES(t, mask)
		bones_text_printf(o, " %d-%d", g->lo[t], g->hi[t]);
}

/* The view in the language of host (NULL: English, for the observation). */
static size_t view(const game *g, const bones_host *host, const state *s, int viewer,
		   char *buf, size_t cap)
{
	bones_text o = {buf, cap, 0};
	bool over = dom_game_over(g, s);
	if (cap)
		buf[0] = '\0';
	bones_text_printf(&o, "%s ", g->draw_game ? TR(host, "Dominoes, draw game:")
						 : TR(host, "Dominoes, block game:"));
	if (dom_dealing(g, s))
		bones_text_printf(&o, TR(host, "dealing, %d of %d tiles dealt"), s->dealt,
				  g->players * g->hand_size);
	else if (over)
		bones_text_printf(&o, "%s", TR(host, "game over"));
	else if (s->drawing)
		bones_text_printf(&o, TR(host, "player %d draws from the boneyard"), s->turn + 1);
	else if (s->passes)
		bones_text_printf(&o, TR(host, "player %d to play, %d passed in a row"), s->turn + 1,
				  s->passes);
	else
		bones_text_printf(&o, TR(host, "player %d to play"), s->turn + 1);
	bones_text_printf(&o, "\n%s", TR(host, "Line:"));
	for (int i = 0; i < s->length; i++) {
		int t = s->line[i] & ~FLIPPED, flip = s->line[i] & FLIPPED;
		bones_text_printf(&o, " [%d|%d]", flip ? g->hi[t] : g->lo[t], flip ? g->lo[t] : g->hi[t]);
	}
	if (s->length)
		bones_text_printf(&o, "   ");
	if (s->length)
		bones_text_printf(&o, TR(host, "(open ends %d and %d)"), s->left, s->right);
	else
		bones_text_printf(&o, " %s", TR(host, "empty"));
	int rest = dom_count(s->boneyard);
	bones_text_printf(&o, "\n");
	bones_text_printf(&o, TRN(host, "Boneyard: %d tile", "Boneyard: %d tiles", rest), rest);
	bones_text_printf(&o, "\n");
	for (int p = 0; p < g->players; p++) {
		int n = dom_count(s->hand[p]);
		if (p == viewer)
			bones_text_printf(&o, TRN(host, "Player %d (you): %d tile",
						  "Player %d (you): %d tiles", n), p + 1, n);
		else
			bones_text_printf(&o, TRN(host, "Player %d: %d tile", "Player %d: %d tiles", n),
					  p + 1, n);
		if (p == viewer || over)
			put_tiles(g, &o, s->hand[p]);
		if (over) {
			int sum = dom_pips(g, s->hand[p]);
			bones_text_printf(&o, " ");
			bones_text_printf(&o, TRN(host, "= %d pip", "= %d pips", sum), sum);
		}
		bones_text_printf(&o, "\n");
	}
	return o.len;
}

size_t dom_render_text(const void *vg, const void *vs, int viewer, char *buf, size_t cap)
{
	const game *g = vg;
	return view(g, g->host, vs, viewer, buf, cap);
}

/* The observation of section 9: the view in English. */
size_t dom_observation(const void *vg, const void *vs, int player, char *buf, size_t cap)
{
	return view(vg, NULL, vs, player, buf, cap); /* English in every language */
}

/* The words of "bones.render/1" (section 10). */

/* A deal or a draw in words (shown only to those who may see the tile). */
bool dom_describe_chance(const void *vg, const void *vs, bones_move m, char *buf,
			 size_t cap)
{
	const game *g = vg;
	const state *s = vs;
	if ((KIND(m) != DEAL && KIND(m) != DRAWN) || TILE(m) >= TILES)
		return false;
	char tile[8];
	snprintf(tile, sizeof tile, "%d-%d", g->lo[TILE(m)], g->hi[TILE(m)]);
	snprintf(buf, cap, KIND(m) == DEAL ? TR(g->host, "%s is dealt to player %d")
					   : TR(g->host, "%s is drawn by player %d"),
		 tile, s->turn + 1);
	return true;
}

/* The buttons of the moves off the line of play: a pass, a draw from the boneyard. */
bool dom_move_label(const void *vg, const void *vs, bones_move m, char *buf, size_t cap)
{
	const game *g = vg;
	(void)vs;
	if (KIND(m) != PASS && KIND(m) != DRAW)
		return false;
	snprintf(buf, cap, "%s", KIND(m) == PASS ? TR(g->host, "Pass")
						 : TR(g->host, "Draw from the boneyard"));
	return true;
}

/* A player's move in words, after the mover's name: the tile and the end it goes to. */
bool dom_move_words(const void *vg, const void *vs, bones_move m, char *buf, size_t cap)
{
	const game *g = vg;
	const state *s = vs;
	int kind = KIND(m), t = TILE(m);
	if (kind >= DEAL || !dom_is_legal(g, s, m))
		return false;
	char tile[8];
	snprintf(tile, sizeof tile, "%d-%d", t < TILES ? g->lo[t] : 0, t < TILES ? g->hi[t] : 0);
	if (kind == PASS)
		snprintf(buf, cap, "%s", TR(g->host, "passes"));
	else if (kind == DRAW)
		snprintf(buf, cap, "%s", TR(g->host, "draws from the boneyard"));
	else if (kind == LEAD)
		snprintf(buf, cap, TR(g->host, "leads %s"), tile);
	else
		snprintf(buf, cap, kind == RIGHT ? TR(g->host, "plays %s on the right end")
						 : TR(g->host, "plays %s on the left end"),
			 tile);
	return true;
}

/* render.h end_text: domino or blocked, then the pips left in every hand. */
bool dom_end_text(const void *vg, const void *vs, char *buf, size_t cap)
{
	const game *g = vg;
	const state *s = vs;
	if (!dom_game_over(g, s) || !cap)
		return false;
	bones_text o = {buf, cap, 0};
	int winner = -1;
	for (int p = 0; p < g->players; p++)
		if (!s->hand[p])
			winner = p;
	if (winner >= 0)
		bones_text_printf(&o, TR(g->host, "domino: player %d played out their hand"),
				  winner + 1);
	else
		bones_text_printf(&o, "%s", TR(g->host, "blocked: every player passed in a row"));
	for (int p = 0; p < g->players; p++) {
		int n = dom_pips(g, s->hand[p]);
		bones_text_printf(&o, "\n");
		bones_text_printf(&o, TRN(g->host, "player %d: %d pip left in hand",
					  "player %d: %d pips left in hand", n),
				  p + 1, n);
	}
	return true;
}

/* The full rules for the help, paragraph by paragraph (render.h rules_text). */
static const char *const rules[] = {
	N_("Goal: get rid of your dominoes. The pips left in your hand are your points; the "
	   "fewest points win."),
	N_("The set: 28 dominoes, double six. Each player is dealt a hand; the rest form "
	   "the boneyard."),
	N_("The lead: whoever holds the highest double plays it first; when nobody holds a "
	   "double, the holder of the heaviest domino plays that."),
	N_("Your turn: add a domino of your hand to the left or the right end of the line; "
	   "the touching halves show the same pips."),
	N_("When you cannot play: in the block game you pass. In the draw game you draw "
	   "from the boneyard until you can play (the last two dominoes are never drawn), "
	   "and pass only when you can neither play nor draw."),
	N_("The end: as soon as a hand is empty (domino), or when every player has passed "
	   "in a row (blocked). Everybody scores the pips in their hand; equal points share "
	   "the rank."),
	NULL,
};

bool dom_rules_text(const void *vg, char *buf, size_t cap)
{
	const game *g = vg;
	return bones_translate_paragraphs(g->host, TEXT_DOMAIN, rules, buf, cap) > 0;
}
