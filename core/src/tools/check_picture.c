/* The checks of the picture along a game of `bones check`, for a plugin with
 * "bones.render/1": the board's bounds, the board, the hands and every legal move's
 * ghost drawn on a recording canvas that refuses what no canvas can draw; every legal
 * move's place (a hand index inside the mover's hand, a target inside the board); the
 * prompt, words and labels the plugin gives. See check_internal.h. */
#include "check_internal.h"

#include "bones/i18n.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define MAX_HAND 4096       /* more pieces in a hand than any picture shows */
#define MAX_POINTS 65536    /* points of one polygon or mark */
#define FAR 1e7f            /* world units past which a coordinate is nonsense */
#define WORDS_CAP 512

/* The recording canvas: counts what is drawn and keeps the first fault. */
typedef struct recorder {
	const char *fault;  /* N_() text of the first fault, or NULL */
} recorder;

static bool sane(float v)
{
	return isfinite(v) && fabsf(v) < FAR;
}

static void fault(recorder *r, bool ok, const char *what)
{
	if (!ok && !r->fault)
		r->fault = what;
}

static bool utf8_valid(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	while (*u) {
		int more = *u < 0x80 ? 0 : (*u & 0xe0) == 0xc0 ? 1 : (*u & 0xf0) == 0xe0 ? 2
			 : (*u & 0xf8) == 0xf0 ? 3 : -1;
		if (more < 0)
			return false;
		for (u++; more > 0; more--, u++)
			if ((*u & 0xc0) != 0x80)
				return false;
	}
	return true;
}

static void points_ok(recorder *r, const float *xy, int points)
{
	fault(r, xy && points >= 1 && points <= MAX_POINTS,
	      N_("a polygon or mark with no points, too many or none given"));
	for (int i = 0; !r->fault && i < 2 * points; i++)
		fault(r, sane(xy[i]), N_("a coordinate that is not a finite number"));
}

static void rec_polygon(void *user, const float *xy, int points, bones_color fill,
			bones_color stroke, float stroke_width)
{
	(void)fill, (void)stroke;
	points_ok(user, xy, points);
	fault(user, sane(stroke_width) && stroke_width >= 0, N_("a negative or infinite width"));
}

static void rec_circle(void *user, float x, float y, float radius, bones_color fill,
		       bones_color stroke, float stroke_width)
{
	(void)fill, (void)stroke;
	fault(user, sane(x) && sane(y), N_("a coordinate that is not a finite number"));
	fault(user, sane(radius) && radius >= 0 && sane(stroke_width) && stroke_width >= 0,
	      N_("a negative or infinite width"));
}

static void rec_line(void *user, float x0, float y0, float x1, float y1, bones_color color,
		     float width)
{
	(void)color;
	fault(user, sane(x0) && sane(y0) && sane(x1) && sane(y1),
	      N_("a coordinate that is not a finite number"));
	fault(user, sane(width) && width >= 0, N_("a negative or infinite width"));
}

static void rec_text(void *user, float x, float y, float height, bones_color color, int align,
		     const char *utf8)
{
	(void)color;
	fault(user, sane(x) && sane(y), N_("a coordinate that is not a finite number"));
	fault(user, sane(height) && height > 0, N_("a text of no height"));
	fault(user, align >= BONES_ALIGN_CENTER && align <= BONES_ALIGN_RIGHT,
	      N_("a text alignment that is not BONES_ALIGN_*"));
	fault(user, utf8 && utf8_valid(utf8), N_("a text that is NULL or not UTF-8"));
}

static void rec_pips(void *user, float x, float y, float side, int count, bones_color color)
{
	(void)color;
	fault(user, sane(x) && sane(y), N_("a coordinate that is not a finite number"));
	fault(user, sane(side) && side > 0, N_("pips in a square of no side"));
	fault(user, count >= 0 && count <= 9, N_("pips outside 0..9"));
}

static void rec_mark(void *user, const float *xy, int points, int kind)
{
	points_ok(user, xy, points);
	fault(user, kind >= BONES_MARK_TARGET && kind <= BONES_MARK_OPEN,
	      N_("a mark of a kind that is not BONES_MARK_*"));
}

static bones_canvas recording_canvas(recorder *r)
{
	memset(r, 0, sizeof *r);
	return (bones_canvas){sizeof(bones_canvas), r, rec_polygon, rec_circle, rec_line,
			      rec_text, rec_pips, rec_mark, NULL};
}

/* After a drawing call: nothing refused, the state untouched around. */
static bool drew(checker *ck, const recorder *r, const char *call)
{
	if (r->fault)
		return bones_check_fail(ck, N_("%s drew %s"), call, _(r->fault));
	return bones_check_guarded(ck, ck->a, call);
}

/* A text the plugin says it wrote: NUL-terminated within cap, not empty, UTF-8. */
static bool text_ok(checker *ck, const char *buf, size_t cap, const char *call,
		    const char *move)
{
	if (!memchr(buf, '\0', cap) || !buf[0] || !utf8_valid(buf))
		return bones_check_fail(ck, N_("%s of %s returned true with an empty, unended or "
					"not UTF-8 text"), call, move);
	return true;
}

/* The board: its bounds, drawn for a spectator and the mover; the hands' sizes. */
static bool check_board(checker *ck, const bones_render *r, int who, float box[4], int *hand)
{
	recorder rec;
	bones_canvas cv = recording_canvas(&rec);
	r->board_bounds(ck->rg, ck->a, box);
	if (!bones_check_guarded(ck, ck->a, "board_bounds"))
		return false;
	if (!sane(box[0]) || !sane(box[1]) || !sane(box[2]) || !sane(box[3]) ||
	    box[0] > box[2] || box[1] > box[3])
		return bones_check_fail(ck, N_("board_bounds gave the box %g,%g..%g,%g (expected "
					"finite numbers, x0 <= x1 and y0 <= y1)"), (double)box[0],
					(double)box[1], (double)box[2], (double)box[3]);
	r->draw_board(ck->rg, ck->a, -1, &cv);
	if (!drew(ck, &rec, "draw_board"))
		return false;
	if (who >= 0) {
		cv = recording_canvas(&rec);
		r->draw_board(ck->rg, ck->a, who, &cv);
		if (!drew(ck, &rec, "draw_board"))
			return false;
	}
	int viewer = who >= 0 ? who : -1;
	for (int p = 0; p < ck->info.players; p++) {
		hand[p] = r->hand_size(ck->rg, ck->a, p, viewer);
		if (hand[p] < 0 || hand[p] > MAX_HAND)
			return bones_check_fail(ck, N_("hand_size of player %d gave %d (expected "
						"0..%d)"), p + 1, hand[p], MAX_HAND);
		for (int k = 0; k < hand[p] && (p == who || k == 0); k++) {
			cv = recording_canvas(&rec);
			r->draw_piece(ck->rg, ck->a, p, k, viewer, &cv);
			if (!drew(ck, &rec, "draw_piece"))
				return false;
		}
	}
	return bones_check_guarded(ck, ck->a, "hand_size");
}

/* A legal move's place: inside the mover's hand and the board grown by half its side. */
static bool check_place(checker *ck, const bones_render *r, bones_move m, const char *text,
			const float box[4], int hand)
{
	bones_move_place at = {-1, -1, 0, 0, 0};
	bones_status st = r->move_place(ck->rg, ck->a, m, &at);
	if (!bones_check_guarded(ck, ck->a, "move_place"))
		return false;
	if (st != BONES_OK)
		return bones_check_fail(ck, N_("move_place refused the legal move %s (status %d)"),
					text, (int)st);
	if (at.piece < -1 || at.piece >= hand)
		return bones_check_fail(ck, N_("move_place of %s gave hand index %d, but the "
					"mover's hand has %d pieces (hand_size)"), text, at.piece,
					hand);
	if (at.target < -1 || at.variant < 0)
		return bones_check_fail(ck, N_("move_place of %s gave target %d, variant %d "
					"(expected -1 or more, 0 or more)"), text, at.target,
					at.variant);
	float grow = 0.5f * fmaxf(box[2] - box[0], box[3] - box[1]) + 2.0f;
	if (at.target >= 0 && (!sane(at.x) || !sane(at.y) || at.x < box[0] - grow ||
			       at.x > box[2] + grow || at.y < box[1] - grow || at.y > box[3] + grow))
		return bones_check_fail(ck, N_("move_place of %s put its target at %g,%g, far "
					"outside the board's bounds %g,%g..%g,%g"), text,
					(double)at.x, (double)at.y, (double)box[0], (double)box[1],
					(double)box[2], (double)box[3]);
	if (at.target < 0 && BONES_RENDER_HAS(r, move_label)) {
		char label[WORDS_CAP];
		memset(label, 0, sizeof label);
		if (!r->move_label(ck->rg, ck->a, m, label, sizeof label))
			return bones_check_fail(ck, N_("move_label gave no label for %s, a move "
						"without a target (a button)"), text);
		if (!text_ok(ck, label, sizeof label, "move_label", text))
			return false;
	}
	return true;
}

/* The ghost and the words of a legal move. */
static bool check_ghost(checker *ck, const bones_render *r, bones_move m, const char *text)
{
	recorder rec;
	bones_canvas cv = recording_canvas(&rec);
	r->draw_ghost(ck->rg, ck->a, m, &cv);
	if (!drew(ck, &rec, "draw_ghost"))
		return false;
	char words[WORDS_CAP];
	memset(words, 0, sizeof words);
	if (BONES_RENDER_HAS(r, move_words) && r->move_words(ck->rg, ck->a, m, words,
							     sizeof words))
		return text_ok(ck, words, sizeof words, "move_words", text) &&
		       bones_check_guarded(ck, ck->a, "move_words");
	return true;
}

bool bones_check_picture(checker *ck, int who, size_t n)
{
	const bones_render *r = ck->render;
	float box[4];
	int hand[64] = {0};
	if (!r || ck->info.players > 64)
		return true;
	if (!check_board(ck, r, who, box, hand))
		return false;
	char prompt[WORDS_CAP];
	memset(prompt, 0, sizeof prompt);
	if (who >= 0 && BONES_RENDER_HAS(r, prompt) &&
	    r->prompt(ck->rg, ck->a, prompt, sizeof prompt) &&
	    !text_ok(ck, prompt, sizeof prompt, "prompt", _("the position")))
		return false;
	/* every legal move in a deep game, else CHECK_PICTURE_SAMPLE at random */
	bool all = ck->deep || n <= CHECK_PICTURE_SAMPLE;
	size_t count = all ? n : CHECK_PICTURE_SAMPLE;
	for (size_t k = 0; who >= 0 && k < count; k++) {
		size_t i = all ? k : bones_rng_below(&ck->aux, (uint32_t)n);
		char text[BONES_MOVE_TEXT_MAX] = "?";
		ck->p->format_move(ck->game, ck->a, ck->moves[i], text, sizeof text);
		if (!check_place(ck, r, ck->moves[i], text, box, hand[who]) ||
		    !check_ghost(ck, r, ck->moves[i], text))
			return false;
	}
	ck->rep->checks++;
	return true;
}
