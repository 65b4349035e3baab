/* Classic block dominoes with a double-six set, 2-4 players: the worked example for
 * plugin authors. docs/plugin-guide.md walks through this file section by section;
 * the numbered banners below are the guide's sections. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bones/agents_ext.h"
#include "bones/heuristic.h"
#include "bones/observation.h"
#include "bones/plugin.h"
#include "bones/render.h"
#include "bones/rng.h"
#include "bones/text.h"
#include "bones/translate.h"
#include "dominoes_internal.h"

/* The plugin's own texts in the player's language (docs/plugin-guide.md, "Speaking the
 * player's language"). The host translates the static texts marked N_ (name, summary,
 * option help, variant names and summaries) in the gettext domain named by the entry's
 * text_domain; the texts made at run time go through the host's translate service with
 * TR and TRN. Pass NULL as the host for English: the observation, which the host
 * compares, never changes with the language. po/de.po holds the German. */
#define TEXT_DOMAIN "bones-dominoes"
#define N_(s) s
#define TR(host, s) bones_translate(host, TEXT_DOMAIN, s)
#define TRN(host, s, p, n) bones_translate_plural(host, TEXT_DOMAIN, s, p, (unsigned long)(n))

/* ==== 1. The rules, and how this file models them ====================================
 * Set: 28 tiles, one per pair a-b with 0 <= a <= b <= 6.
 * Deal: hand_size tiles to each player in turn, one chance node per tile (every tile not
 *   dealt yet is an outcome of probability 1/remaining). The tiles left form the boneyard.
 * Lead: whoever holds the highest double leads it; if nobody holds a double, the holder of
 *   the heaviest tile (most pips, then the higher half: 6-5 > 6-4 > 5-4) leads that tile.
 * Play: in turn, add a tile from your hand to the left or right open end of the line; the
 *   touching halves must show the same pips.
 * Block game: a player who cannot play passes.
 * Draw game: a player who cannot play draws from the boneyard until able to play; the
 *   last DRAW_RESERVE tiles are never drawn, and only a player who can neither play nor
 *   draw passes. Drawing is two steps: the player's move "draw" (their only legal move),
 *   then a chance node, one outcome per boneyard tile. The explicit move keeps whose turn
 *   it is public: a chance node right away would tell everybody the player cannot play,
 *   and a resampled hand that could play would change who is to move.
 * End: domino (a hand is empty) or block: every player passed in a row, so nobody can
 *   play (nor draw). Ending on the passes, not on inspecting the hands, keeps the end of
 *   the game public knowledge, as at a real table where everybody knocks.
 * Score: each player scores the pips left in their own hand; the lowest score wins and
 *   ties share a rank (BONES_LOW_SCORE_WINS). Scores read 0 until the game is over, so
 *   they reveal nothing about hidden hands. */

#define TILES 28        /* tiles in a double-six set */
#define MAX_PLAYERS 4
#define DRAW_RESERVE 2  /* boneyard tiles that are never drawn in the draw game */
#define MAX_MOVES (2 * TILES) /* a hand of at most 28 tiles, each at two ends */
#define FLIPPED 0x80u   /* line entry flag: the tile is shown high half first */

/* ==== 2. Moves: small integers packed by the plugin ==================================
 * A move is kind << 5 | tile; the host never looks inside. Notation (section 6):
 *   LEAD "6-6"  LEFT "3-5:L"  RIGHT "3-5:R"  PASS "pass"  DRAW "draw"   (players)
 *   DEAL "deal:3-5"  DRAWN "draw:3-5"                                    (chance) */
enum { LEAD, LEFT, RIGHT, PASS, DRAW, DEAL, DRAWN };
#define MOVE(kind, tile) ((bones_move)((unsigned)(kind) << 5 | (unsigned)(tile)))
#define KIND(m) ((int)((m) >> 5))
#define TILE(m) ((int)((m)&31u))

/* ==== 3. The configured game and the flat state ======================================
 * The game is built once by configure and is read-only afterwards (many threads may
 * share it). The state is flat bytes: no pointers, so the host copies it with memcpy. */
typedef struct game {
	const bones_host *host;     /* borrowed; outlives the game */
	int players, hand_size;
	bool draw_game;             /* the draw variant */
	uint8_t lo[TILES], hi[TILES]; /* pips of tile t, lo <= hi: 0-0, 0-1, .., 0-6, 1-1, .. */
	uint32_t with_pip[7];       /* bitmask of the tiles showing pip value v on a half */
} game;

typedef struct state {
	uint32_t hand[MAX_PLAYERS]; /* bitmask of the tiles in each hand */
	uint32_t boneyard;          /* tiles neither dealt nor drawn yet */
	uint8_t line[TILES];        /* the line left to right: tile | FLIPPED */
	uint8_t length;             /* tiles on the line */
	uint8_t left, right;        /* pips of the two open ends, when length > 0 */
	uint8_t turn;               /* player to move, or receiving the next deal or draw */
	uint8_t dealt;              /* tiles dealt so far */
	uint8_t passes;             /* passes in a row since the last tile was played */
	uint8_t drawing;            /* 1 after a "draw" move: the next node deals it a tile */
	uint8_t lead;               /* index in line of the lead tile (for the picture) */
} state;
_Static_assert(sizeof(state) == 56, "state has no hidden padding");

/* Every tile of a bitmask, lowest first. */
#define FOR_TILES(t, mask) \
	for (int t = 0; t < TILES; t++) \
		if ((mask) >> t & 1u)

static int count(uint32_t mask)
{
	int n = 0;
	for (; mask; mask &= mask - 1)
		n++;
	return n;
}

static int pips(const game *g, uint32_t mask)
{
	int sum = 0;
	FOR_TILES(t, mask)
		sum += g->lo[t] + g->hi[t];
	return sum;
}

/* ==== 4. Options, variants and configure =============================================
 * The host validates values against this schema before configure sees them. */
static const char *const variant_choices[] = {"block", "draw", NULL};

static const bones_option_def options[] = {
	{"players", BONES_OPT_INT, "2", 2, 4, NULL, N_("number of players")},
	{"hand_size", BONES_OPT_INT, "0", 0, 14, NULL,
	 N_("tiles dealt to each player; 0 = 7 for two players, 5 for three or four")},
	{"variant", BONES_OPT_ENUM, "block", 0, 0, variant_choices,
	 N_("block: pass when you cannot play; draw: draw from the boneyard first")},
};

static const bones_variant variants[] = {
	{"block", N_("Block game"), N_("who cannot play passes"), "variant=block"},
	{"draw", N_("Draw game"), N_("who cannot play draws from the boneyard"), "variant=draw"},
};

static bones_status configure(const bones_host *host, const bones_value *values,
			      void **out, bones_game_info *info, char *err, size_t errcap)
{
	int players = (int)values[0].i, hand = (int)values[1].i;
	if (hand == 0)
		hand = players == 2 ? 7 : 5;
	if (players * hand > TILES) {
		/* TRANSLATORS: keep the option key "hand_size:" */
		snprintf(err, errcap, TR(host, "hand_size: %d players x %d tiles need %d, the set has %d"),
			 players, hand, players * hand, TILES);
		return BONES_EINVAL;
	}
	game *g = host->alloc(host, sizeof *g);
	if (!g) {
		snprintf(err, errcap, "%s", TR(host, "out of memory"));
		return BONES_ENOMEM;
	}
	memset(g, 0, sizeof *g);
	g->host = host;
	g->players = players;
	g->hand_size = hand;
	g->draw_game = values[2].i == 1;
	int t = 0; /* the tables that make the hot paths a few bit operations */
	for (int a = 0; a <= 6; a++)
		for (int b = a; b <= 6; b++, t++) {
			g->lo[t] = (uint8_t)a;
			g->hi[t] = (uint8_t)b;
			g->with_pip[a] |= 1u << t;
			g->with_pip[b] |= 1u << t;
		}
	info->players = players;
	info->state_size = sizeof(state);
	info->max_moves = MAX_MOVES;
	*out = g;
	return BONES_OK;
}

static void destroy_game(void *vg)
{
	game *g = vg;
	if (g)
		g->host->free(g->host, g);
}

/* ==== 5. Game flow: init_state, to_move, legal_moves, apply ======================= */
static bool dealing(const game *g, const state *s)
{
	return s->dealt < g->players * g->hand_size;
}

/* The tiles of player p that fit an open end of a line of at least one tile. */
static uint32_t playable(const game *g, const state *s, int p)
{
	return s->hand[p] & (g->with_pip[s->left] | g->with_pip[s->right]);
}

static bool can_draw(const game *g, const state *s)
{
	return g->draw_game && count(s->boneyard) > DRAW_RESERVE;
}

/* Lead order: doubles first (6-6 highest), then by pips, then by the higher half. */
static int weight(const game *g, int t)
{
	int lo = g->lo[t], hi = g->hi[t];
	return lo == hi ? 100 + lo : (lo + hi) * 8 + hi;
}

static int best_tile(const game *g, uint32_t mask)
{
	int best = -1;
	FOR_TILES(t, mask)
		if (best < 0 || weight(g, t) > weight(g, best))
			best = t;
	return best;
}

/* Domino (some hand is empty) or block (every player passed in a row). */
static bool game_over(const game *g, const state *s)
{
	if (dealing(g, s))
		return false;
	for (int p = 0; p < g->players; p++)
		if (!s->hand[p])
			return true;
	return s->passes >= g->players;
}

/* Everything in the boneyard: the first node is the chance node of the deal. */
static void init_state(const void *vg, void *vs)
{
	state *s = vs;
	(void)vg;
	memset(s, 0, sizeof *s); /* every byte, padding included, is defined */
	s->boneyard = (1u << TILES) - 1;
}

static int to_move(const void *vg, const void *vs)
{
	const game *g = vg;
	const state *s = vs;
	if (dealing(g, s))
		return BONES_CHANCE;
	if (game_over(g, s))
		return BONES_TERMINAL;
	if (s->drawing)
		return BONES_CHANCE; /* the tile the player asked to draw */
	return s->turn;
}

static size_t legal_moves(const void *vg, const void *vs, bones_move *moves, double *probs,
			  size_t cap)
{
	const game *g = vg;
	const state *s = vs;
	size_t n = 0;
	int who = to_move(g, s);
	if (who == BONES_CHANCE) { /* every tile left is equally likely */
		int kind = dealing(g, s) ? DEAL : DRAWN;
		double p = 1.0 / count(s->boneyard);
		FOR_TILES(t, s->boneyard)
			if (n < cap) {
				if (probs)
					probs[n] = p;
				moves[n++] = MOVE(kind, t);
			}
	} else if (who >= 0 && s->length == 0) {
		if (cap > 0)
			moves[n++] = MOVE(LEAD, best_tile(g, s->hand[who]));
	} else if (who >= 0) {
		FOR_TILES(t, playable(g, s, who)) { /* fits the left end, the right, or both */
			bool l = g->lo[t] == s->left || g->hi[t] == s->left;
			bool r = g->lo[t] == s->right || g->hi[t] == s->right;
			if (l && n < cap)
				moves[n++] = MOVE(LEFT, t);
			if (r && n < cap)
				moves[n++] = MOVE(RIGHT, t);
		}
		if (n == 0 && cap > 0) /* nothing fits */
			moves[n++] = MOVE(can_draw(g, s) ? DRAW : PASS, 0);
	}
	return n;
}

/* The short way to check a move: it must be one of the legal ones. */
static bool is_legal(const game *g, const state *s, bones_move m)
{
	bones_move moves[MAX_MOVES];
	size_t n = legal_moves(g, s, moves, NULL, MAX_MOVES);
	for (size_t i = 0; i < n; i++)
		if (moves[i] == m)
			return true;
	return false;
}

/* Put tile t on the line. Its halves are shown lo-hi unless FLIPPED; the half that
 * touches the open end must match it, the other half becomes the new open end. */
static void place(const game *g, state *s, int kind, int t)
{
	uint8_t lo = g->lo[t], hi = g->hi[t];
	if (kind == LEAD) {
		s->line[0] = (uint8_t)t;
		s->left = lo;
		s->right = hi;
	} else if (kind == LEFT) { /* shown x-y with y touching the left end */
		bool flip = hi != s->left;
		memmove(s->line + 1, s->line, s->length);
		s->line[0] = (uint8_t)(t | (flip ? FLIPPED : 0));
		s->lead++;
		s->left = flip ? hi : lo;
	} else { /* shown x-y with x touching the right end */
		bool flip = lo != s->right;
		s->line[s->length] = (uint8_t)(t | (flip ? FLIPPED : 0));
		s->right = flip ? lo : hi;
	}
	s->length++;
}

static bones_status apply(const void *vg, void *vs, bones_move m)
{
	const game *g = vg;
	state *s = vs;
	if (!is_legal(g, s, m))
		return BONES_EILLEGAL; /* and the state is untouched */
	uint32_t bit = 1u << TILE(m);
	switch (KIND(m)) {
	case DEAL:
		s->boneyard &= ~bit;
		s->hand[s->turn] |= bit;
		s->dealt++;
		s->turn = (uint8_t)(s->dealt % g->players);
		if (!dealing(g, s)) { /* the holder of the best tile dealt leads */
			uint32_t lead = 1u << best_tile(g, ~s->boneyard);
			for (int p = 0; p < g->players; p++)
				if (s->hand[p] & lead)
					s->turn = (uint8_t)p;
		}
		break;
	case DRAW: /* the drawer keeps the turn */
		s->drawing = 1;
		break;
	case DRAWN:
		s->boneyard &= ~bit;
		s->hand[s->turn] |= bit;
		s->drawing = 0;
		break;
	case PASS:
		s->passes++;
		s->turn = (uint8_t)((s->turn + 1) % g->players);
		break;
	default: /* LEAD, LEFT, RIGHT */
		s->hand[s->turn] &= ~bit;
		s->passes = 0;
		place(g, s, KIND(m), TILE(m));
		s->turn = (uint8_t)((s->turn + 1) % g->players);
	}
	return BONES_OK;
}

/* For heuristic.c: the legal moves, the mover's view and the moves that lay a tile. */
size_t dom_legal_moves(const void *vg, const void *vs, bones_move *moves, size_t cap)
{
	return legal_moves(vg, vs, moves, NULL, cap);
}

void dom_view_of(const void *vg, const void *vs, dom_view *v)
{
	const game *g = vg;
	const state *s = vs;
	int who = s->turn;
	*v = (dom_view){g->lo, g->hi, g->with_pip, s->hand[who], 0, -1, -1};
	for (int i = 0; i < s->length; i++)
		v->line |= 1u << (s->line[i] & ~FLIPPED);
	if (s->length) {
		v->left = s->left;
		v->right = s->right;
	}
}

bool dom_move_lays(bones_move m, int *tile, int *end)
{
	int kind = KIND(m);
	*tile = TILE(m);
	*end = kind == LEAD ? -1 : kind == LEFT ? 0 : 1;
	return kind == LEAD || kind == LEFT || kind == RIGHT;
}

/* ==== 6. Notation: every legal move has exactly one text, and it parses back ====== */
static size_t format_move(const void *vg, const void *vs, bones_move m, char *buf,
			  size_t cap)
{
	const game *g = vg;
	static const char *const pattern[] = {"%d-%d", "%d-%d:L", "%d-%d:R", "pass", "draw",
					      "deal:%d-%d", "draw:%d-%d"};
	if (!is_legal(g, vs, m) || cap == 0)
		return 0;
	int t = TILE(m), kind = KIND(m);
	int len = kind == PASS || kind == DRAW
			  ? snprintf(buf, cap, "%s", pattern[kind])
			  : snprintf(buf, cap, pattern[kind], g->lo[t], g->hi[t]);
	return len > 0 && (size_t)len < cap ? (size_t)len : 0;
}

/* Accepts the halves in either order ("5-3" is "3-5") and l/r in either case. */
static bones_status parse_move(const void *vg, const void *vs, const char *text,
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
	return is_legal(g, vs, *out) ? BONES_OK : BONES_EILLEGAL;
}

/* ==== 7. Scores, ranks and the breakdown ========================================== */
static void scores(const void *vg, const void *vs, double *out)
{
	const game *g = vg;
	const state *s = vs;
	bool over = game_over(g, s);
	for (int p = 0; p < g->players; p++)
		out[p] = over ? pips(g, s->hand[p]) : 0;
}

/* Lowest pips ranks 1; equal pips share a rank (1, 1, 3). */
static void ranks(const void *vg, const void *vs, int *out)
{
	const game *g = vg;
	double score[MAX_PLAYERS];
	scores(g, vs, score);
	for (int p = 0; p < g->players; p++) {
		out[p] = 1;
		for (int q = 0; q < g->players; q++)
			out[p] += score[q] < score[p];
	}
}

/* A small appender so text functions never overflow and return the length written. */
/* At the end: "blocked: pips left P1 12, P2 3" or "domino by P2: pips left ...". */
static size_t breakdown(const void *vg, const void *vs, char *buf, size_t cap)
{
	const game *g = vg;
	const state *s = vs;
	bones_text o = {buf, cap, 0};
	if (cap)
		buf[0] = '\0';
	if (!game_over(g, s))
		return 0;
	int winner = -1;
	for (int p = 0; p < g->players; p++)
		if (!s->hand[p])
			winner = p;
	char left[64];
	bones_text list = {left, sizeof left, 0};
	for (int p = 0; p < g->players; p++) {
		bones_text_printf(&list, "%s", p ? ", " : "");
		/* TRANSLATORS: player P%d and the pips left in their hand */
		bones_text_printf(&list, TR(g->host, "P%d %d"), p + 1, pips(g, s->hand[p]));
	}
	if (winner >= 0)
		bones_text_printf(&o, TR(g->host, "domino by P%d: pips left %s"), winner + 1, left);
	else
		bones_text_printf(&o, TR(g->host, "blocked: pips left %s"), left);
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
	bool over = game_over(g, s);
	if (cap)
		buf[0] = '\0';
	bones_text_printf(&o, "%s ", g->draw_game ? TR(host, "Dominoes, draw game:")
						 : TR(host, "Dominoes, block game:"));
	if (dealing(g, s))
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
	int rest = count(s->boneyard);
	bones_text_printf(&o, "\n");
	bones_text_printf(&o, TRN(host, "Boneyard: %d tile", "Boneyard: %d tiles", rest), rest);
	bones_text_printf(&o, "\n");
	for (int p = 0; p < g->players; p++) {
		int n = count(s->hand[p]);
		if (p == viewer)
			bones_text_printf(&o, TRN(host, "Player %d (you): %d tile",
						  "Player %d (you): %d tiles", n), p + 1, n);
		else
			bones_text_printf(&o, TRN(host, "Player %d: %d tile", "Player %d: %d tiles", n),
					  p + 1, n);
		if (p == viewer || over)
			put_tiles(g, &o, s->hand[p]);
		if (over) {
			int sum = pips(g, s->hand[p]);
			bones_text_printf(&o, " ");
			bones_text_printf(&o, TRN(host, "= %d pip", "= %d pips", sum), sum);
		}
		bones_text_printf(&o, "\n");
	}
	return o.len;
}

static size_t render_text(const void *vg, const void *vs, int viewer, char *buf, size_t cap)
{
	const game *g = vg;
	return view(g, g->host, vs, viewer, buf, cap);
}

/* ==== 9. Hidden information ======================================================= */
static size_t observation(const void *vg, const void *vs, int player, char *buf, size_t cap)
{
	return view(vg, NULL, vs, player, buf, cap); /* English in every language */
}

/* Deal the tiles `player` cannot see (other hands and the boneyard) afresh, keeping every
 * count. Nothing is hidden once the game is over. */
static void resample(const void *vg, void *vs, int player,
		     uint64_t (*next_random)(void *rng), void *rng)
{
	const game *g = vg;
	state *s = vs;
	if (game_over(g, s))
		return;
	uint8_t pool[TILES];
	int n = 0;
	uint32_t unseen = s->boneyard;
	for (int p = 0; p < g->players; p++)
		if (p != player)
			unseen |= s->hand[p];
	FOR_TILES(t, unseen)
		pool[n++] = (uint8_t)t;
	for (int i = n - 1; i > 0; i--) { /* Fisher-Yates shuffle */
		int j = (int)bones_random_below(next_random, rng, (uint32_t)i + 1);
		uint8_t swap = pool[i];
		pool[i] = pool[j];
		pool[j] = swap;
	}
	for (int p = 0; p <= g->players; p++) { /* p == players is the boneyard */
		uint32_t *mask = p < g->players ? &s->hand[p] : &s->boneyard;
		if (p == player)
			continue;
		int want = count(*mask);
		*mask = 0;
		while (want-- > 0)
			*mask |= 1u << pool[--n];
	}
}

/* A dealt or drawn tile is seen only by the player who receives it. */
static bool move_visible(const void *vg, const void *vs, bones_move m, int player)
{
	const state *s = vs;
	(void)vg;
	return KIND(m) < DEAL || player == s->turn;
}

/* ==== 10. The "bones.render/1" extension =============================================
 * World units: a tile is 2 x 1, a double 1 x 2 (set crosswise). The lead tile sits at
 * (0, 0); each arm runs outwards and, past |x| = ARM, bends with one upright tile into
 * the next row (the right arm downwards, the left one upwards): a snake. Targets: 0 is
 * the left end, 1 the right end, at the place the next tile would take. */
#define ARM 9.0f
static const bones_color IVORY = BONES_RGBA(250, 246, 232, 255);
static const bones_color INK = BONES_RGBA(30, 30, 30, 255);
static const bones_color BACK = BONES_RGBA(40, 90, 60, 255);

/* A domino centred on (x, y) whose halves are u x u squares; a < 0 draws it face down.
 * Upright: a on top; else a on the left. */
static void draw_domino(const bones_canvas *c, float x, float y, float u, bool upright,
			int a, int b, uint32_t alpha)
{
	float hw = upright ? u / 2 : u, hh = upright ? u : u / 2;
	float xy[8] = {x - hw, y - hh, x + hw, y - hh, x + hw, y + hh, x - hw, y + hh};
	bones_color face = a < 0 ? BACK : IVORY;
	c->polygon(c->user, xy, 4, (face & ~0xffu) | alpha, (INK & ~0xffu) | alpha, u / 25);
	if (a < 0)
		return;
	float dx = upright ? 0 : u / 2, dy = upright ? u / 2 : 0;
	if (upright)
		c->line(c->user, x - hw * 0.8f, y, x + hw * 0.8f, y, INK, u / 25);
	else
		c->line(c->user, x, y - hh * 0.8f, x, y + hh * 0.8f, INK, u / 25);
	c->pips(c->user, x - dx, y - dy, u * 0.9f, a, INK);
	c->pips(c->user, x + dx, y + dy, u * 0.9f, b, INK);
}

/* Where a tile of the line goes: centre, upright or not, first half towards the lead. */
typedef struct spot {
	float x, y;
	bool upright, near_first; /* near_first: the half towards the lead is drawn first */
} spot;

/* An arm being laid: the point its next tile touches, its direction, the row's turn. */
typedef struct arm {
	float x, y;
	int dx, bend;      /* dx +-1 along the row; bend +-1: the way to the next row */
	bool after_double; /* never bend right after a crosswise double */
} arm;

static spot arm_step(arm *w, bool dbl)
{
	spot p;
	float along = dbl ? 1.0f : 2.0f;
	if (!dbl && !w->after_double && fabsf(w->x + (float)w->dx * along) > ARM) {
		/* the bend: an upright tile under (or over) the row's last half */
		p.x = w->x - 0.5f * (float)w->dx;
		p.y = w->y + 1.5f * (float)w->bend;
		p.upright = true;
		p.near_first = w->bend > 0;
		w->x -= (float)w->dx;
		w->y += 2.0f * (float)w->bend;
		w->dx = -w->dx;
		w->after_double = false;
		return p;
	}
	p.x = w->x + (float)w->dx * along / 2;
	p.y = w->y;
	p.upright = dbl;
	p.near_first = w->dx > 0;
	w->x += (float)w->dx * along;
	w->after_double = dbl;
	return p;
}

/* The spots of every tile of the line, then of the next tile at the left and right ends
 * (out[length] and out[length + 1]). */
static void lay_out(const game *g, const state *s, spot out[TILES + 2])
{
	if (s->length == 0) {
		out[0] = out[1] = (spot){0, 0, false, true};
		return;
	}
	int lead = s->lead < s->length ? s->lead : 0, t = s->line[lead] & ~FLIPPED;
	bool dbl = g->lo[t] == g->hi[t];
	float half = dbl ? 0.5f : 1.0f;
	out[lead] = (spot){0, 0, dbl, true};
	arm right = {half, 0, 1, 1, dbl}, left = {-half, 0, -1, -1, dbl};
	for (int i = lead + 1; i < s->length; i++) {
		int k = s->line[i] & ~FLIPPED;
		out[i] = arm_step(&right, g->lo[k] == g->hi[k]);
	}
	for (int i = lead - 1; i >= 0; i--) {
		int k = s->line[i] & ~FLIPPED;
		out[i] = arm_step(&left, g->lo[k] == g->hi[k]);
	}
	out[s->length] = arm_step(&left, false);
	out[s->length + 1] = arm_step(&right, false);
}

/* Tile i of the line at its spot: the left-to-right halves are a, b of the line entry;
 * on the right arm a touches the lead, on the left arm b does. */
static void draw_entry(const game *g, const bones_canvas *c, const state *s, int i,
		       const spot *p, uint32_t alpha)
{
	int t = s->line[i] & ~FLIPPED, flip = s->line[i] & FLIPPED;
	int a = flip ? g->hi[t] : g->lo[t], b = flip ? g->lo[t] : g->hi[t];
	int lead = s->lead < s->length ? s->lead : 0;
	int near = i >= lead ? a : b, far = i >= lead ? b : a;
	draw_domino(c, p->x, p->y, 1, p->upright, p->near_first ? near : far,
		    p->near_first ? far : near, alpha);
}

static void spot_box(const spot *p, float box[4])
{
	float hw = p->upright ? 0.5f : 1.0f, hh = p->upright ? 1.0f : 0.5f;
	box[0] = fminf(box[0], p->x - hw), box[1] = fminf(box[1], p->y - hh);
	box[2] = fmaxf(box[2], p->x + hw), box[3] = fmaxf(box[3], p->y + hh);
}

/* At least the width of two arms and three rows, so the scale stays put as the line
 * grows; more when the snake needs it. */
static void board_bounds(const void *vg, const void *vs, float box[4])
{
	const state *s = vs;
	spot at[TILES + 2];
	lay_out(vg, s, at);
	box[0] = -ARM - 1.0f, box[1] = -3.5f, box[2] = ARM + 1.0f, box[3] = 3.5f;
	for (int i = 0; i < s->length + 2; i++)
		spot_box(&at[i], box);
	box[1] -= 2.0f; /* room for the boneyard above */
}

/* The boneyard: a face-down tile and the count, above the line's top left corner. */
static void draw_boneyard(const game *g, const state *s, const bones_canvas *c,
			  const float box[4])
{
	char text[64];
	int n = count(s->boneyard);
	snprintf(text, sizeof text, TR(g->host, "boneyard: %d"), n);
	if (n > 0)
		draw_domino(c, box[0] + 1.5f, box[1] + 1.0f, 0.6f, false, -1, 0, 255);
	c->text(c->user, box[0] + (n > 0 ? 2.5f : 0.5f), box[1] + 1.0f, 0.55f,
		BONES_RGBA(70, 60, 50, 255), BONES_ALIGN_LEFT, text);
}

static void draw_board(const void *vg, const void *vs, int viewer, const bones_canvas *c)
{
	const game *g = vg;
	const state *s = vs;
	(void)viewer; /* the line and the boneyard's size are public */
	spot at[TILES + 2];
	float box[4];
	lay_out(g, s, at);
	board_bounds(vg, vs, box);
	if (!dealing(g, s))
		draw_boneyard(g, s, c, box);
	for (int i = 0; i < s->length; i++)
		draw_entry(g, c, s, i, &at[i], 255);
	if (s->length == 0 || game_over(g, s))
		return;
	for (int end = 0; end < 2; end++) {
		const spot *p = &at[s->length + end];
		float hw = p->upright ? 0.5f : 1.0f, hh = p->upright ? 1.0f : 0.5f;
		float xy[8] = {p->x - hw, p->y - hh, p->x + hw, p->y - hh,
			       p->x + hw, p->y + hh, p->x - hw, p->y + hh};
		c->mark(c->user, xy, 4, BONES_MARK_OPEN);
	}
}

static int hand_size(const void *vg, const void *vs, int player, int viewer)
{
	const state *s = vs;
	(void)vg;
	(void)viewer; /* hand sizes are public */
	return count(s->hand[player]);
}

/* The piece-th tile (lowest first) of the hand, or -1. */
static int nth_tile(uint32_t hand, int piece)
{
	FOR_TILES(t, hand)
		if (piece-- == 0)
			return t;
	return -1;
}

static void draw_piece(const void *vg, const void *vs, int player, int piece, int viewer,
		       const bones_canvas *c)
{
	const game *g = vg;
	const state *s = vs;
	int t = nth_tile(s->hand[player], piece);
	if (t < 0)
		return;
	bool face_up = viewer == player || game_over(g, s);
	draw_domino(c, 0, 0, 0.5f, true, face_up ? g->lo[t] : -1, g->hi[t], 255);
}

static bones_status move_place(const void *vg, const void *vs, bones_move m,
			       bones_move_place *place_out)
{
	const game *g = vg;
	const state *s = vs;
	int kind = KIND(m), t = TILE(m);
	if (kind >= DEAL || !is_legal(g, s, m))
		return BONES_EINVAL; /* chance outcomes are no player's move */
	bones_move_place p = {-1, -1, 0, 0, 0};
	if (kind < PASS) {
		spot at[TILES + 2];
		lay_out(g, s, at);
		p.piece = count(s->hand[s->turn] & ((1u << t) - 1)); /* tiles below t */
		p.target = kind == RIGHT;
		p.x = kind == LEAD ? 0.0f : at[s->length + (kind == RIGHT)].x;
		p.y = kind == LEAD ? 0.0f : at[s->length + (kind == RIGHT)].y;
	}
	*place_out = p;
	return BONES_OK;
}

/* Apply the move to a copy (states are plain bytes) and draw the placed tile faintly. */
static void draw_ghost(const void *vg, const void *vs, bones_move m, const bones_canvas *c)
{
	const game *g = vg;
	state next;
	memcpy(&next, vs, sizeof next);
	if (KIND(m) > RIGHT || apply(g, &next, m) != BONES_OK)
		return;
	spot at[TILES + 2];
	int i = KIND(m) == RIGHT ? next.length - 1 : 0;
	lay_out(g, &next, at);
	draw_entry(g, c, &next, i, &at[i], 150);
}

/* A deal or a draw in words (shown only to those who may see the tile). */
static bool describe_chance(const void *vg, const void *vs, bones_move m, char *buf,
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
static bool move_label(const void *vg, const void *vs, bones_move m, char *buf, size_t cap)
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
static bool move_words(const void *vg, const void *vs, bones_move m, char *buf, size_t cap)
{
	const game *g = vg;
	const state *s = vs;
	int kind = KIND(m), t = TILE(m);
	if (kind >= DEAL || !is_legal(g, s, m))
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
static bool end_text(const void *vg, const void *vs, char *buf, size_t cap)
{
	const game *g = vg;
	const state *s = vs;
	if (!game_over(g, s) || !cap)
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
		int n = pips(g, s->hand[p]);
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

static bool rules_text(const void *vg, char *buf, size_t cap)
{
	const game *g = vg;
	return bones_translate_paragraphs(g->host, TEXT_DOMAIN, rules, buf, cap) > 0;
}

/* Designated fields: a later minor version's appended fields stay NULL (host default). */
static const bones_render render = {
	.size = sizeof(bones_render),
	.board_bounds = board_bounds,
	.draw_board = draw_board,
	.hand_size = hand_size,
	.draw_piece = draw_piece,
	.move_place = move_place,
	.draw_ghost = draw_ghost,
	.describe_chance = describe_chance,
	.move_label = move_label,
	.move_words = move_words,
	.rules_text = rules_text,
	.end_text = end_text,
};

/* The observation tensor ("bones.observation/1"), one row of floats: the player's hand
 * (28), the tiles on the line (28), the open ends' pips (7 + 7), each seat's hand size
 * from the player's on (MAX_PLAYERS), the boneyard's size, whose turn it is from the
 * player's seat on (MAX_PLAYERS), whether a draw is pending, the passes in a row. A
 * spectator's hand reads empty; nobody sees another hand or the boneyard's tiles. */
#define OBS_LENGTH (2 * TILES + 14 + 2 * MAX_PLAYERS + 3)

static int obs_shape(const void *vg, size_t dims[BONES_OBSERVATION_MAX_RANK])
{
	(void)vg;
	dims[0] = OBS_LENGTH;
	return 1;
}

static void obs_fill(const void *vg, const void *vs, int player, float *v)
{
	const game *g = vg;
	const state *s = vs;
	int me = player < 0 ? 0 : player;
	memset(v, 0, OBS_LENGTH * sizeof *v);
	FOR_TILES(t, player < 0 ? 0u : s->hand[player])
		v[t] = 1;
	for (int i = 0; i < s->length; i++)
		v[TILES + (s->line[i] & ~FLIPPED)] = 1;
	if (s->length > 0) {
		v[2 * TILES + s->left] = 1;
		v[2 * TILES + 7 + s->right] = 1;
	}
	float *rest = v + 2 * TILES + 14;
	for (int i = 0; i < g->players; i++)
		rest[i] = (float)count(s->hand[(me + i) % g->players]);
	rest[MAX_PLAYERS] = (float)count(s->boneyard);
	rest[MAX_PLAYERS + 1 + (s->turn + g->players - me) % g->players] = 1;
	rest[2 * MAX_PLAYERS + 1] = s->drawing;
	rest[2 * MAX_PLAYERS + 2] = s->passes;
}

static const bones_observation tensor = {
	.size = sizeof(bones_observation),
	.shape = obs_shape,
	.fill = obs_fill,
};

/* The pictures, and the game knowledge of heuristic.c: move priors and `keeper`. */
static const void *get_extension(const void *vg, const char *id)
{
	(void)vg;
	if (!strcmp(id, BONES_HEURISTIC_ID))
		return &dom_heuristic;
	if (!strcmp(id, BONES_AGENTS_ID))
		return &dom_agents;
	if (!strcmp(id, BONES_OBSERVATION_ID))
		return &tensor;
	return !strcmp(id, BONES_RENDER_ID) ? &render : NULL;
}

/* ==== 11. The one exported symbol ================================================= */
BONES_PLUGIN_ENTRY = {
	.abi_major = BONES_ABI_MAJOR,
	.abi_minor = BONES_ABI_MINOR,
	.size = sizeof(bones_plugin),
	.id = "dominoes",
	.name = N_("Dominoes"),
	.version = "1.0.0",
	.summary = N_("Classic block and draw dominoes with a double-six set"),
	.min_players = 2,
	.max_players = 4,
	.flags = BONES_LOW_SCORE_WINS | BONES_HIDDEN_INFO | BONES_HAS_CHANCE,
	.options = options,
	.option_count = sizeof options / sizeof options[0],
	.variants = variants,
	.variant_count = sizeof variants / sizeof variants[0],
	.configure = configure,
	.destroy_game = destroy_game,
	.init_state = init_state,
	.to_move = to_move,
	.legal_moves = legal_moves,
	.apply = apply,
	.format_move = format_move,
	.parse_move = parse_move,
	.scores = scores,
	.ranks = ranks,
	.breakdown = breakdown,
	.observation = observation,
	.resample = resample,
	.move_visible = move_visible,
	.render_text = render_text,
	.get_extension = get_extension,
	.text_domain = TEXT_DOMAIN, /* ABI 1.2: the catalogues' gettext domain */
};
