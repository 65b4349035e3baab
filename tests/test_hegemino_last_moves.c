/* The host's last-move outlines (bones_picture_last_moves) on Hegemino, whose market
 * column shifts left at each new round: a pick is ringed in the right column while its
 * token sits there, never in the new column that replaced it; then the player's
 * placement is outlined instead. */
#include "bones_test.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../plugins/hegemino/hegemino.h"
#include "bones/picture.h"
#include "bones/registry.h"
#include "bones/session.h"

#define RIGHT_TOKEN_X 5.4f /* render.c: a token in the market's right column */

/* What the outlines drew: circles in the right column, polygons anywhere. */
typedef struct drawn {
	int right_rings, polygons;
} drawn;

static void rec_polygon(void *user, const float *xy, int points, bones_color fill,
			bones_color stroke, float width)
{
	(void)xy, (void)points, (void)fill, (void)stroke, (void)width;
	((drawn *)user)->polygons++;
}

static void rec_circle(void *user, float x, float y, float radius, bones_color fill,
		       bones_color stroke, float width)
{
	(void)y, (void)radius, (void)fill, (void)stroke, (void)width;
	if (fabsf(x - RIGHT_TOKEN_X) < 0.01f)
		((drawn *)user)->right_rings++;
}

/* The outlines of the current position: how many moves, and what they drew. */
static int outlines(const bones_session *s, drawn *d)
{
	bones_picture_canvas c;
	memset(&c, 0, sizeof c);
	memset(d, 0, sizeof *d);
	c.canvas.size = sizeof c.canvas;
	c.canvas.user = d;
	c.canvas.polygon = rec_polygon;
	c.canvas.circle = rec_circle;
	return bones_picture_last_moves(&c, s, bones_session_length(s));
}

static int round_of(const bones_session *s)
{
	return ((const hg_state *)bones_session_state(s))->round;
}

/* Plays the first legal move (chance resolved) until the round is `round`, or the game
 * ends; the last move played is returned in *last. */
static bool play_to_round(const bones_plugin *p, bones_session *s, int round, bones_move *last)
{
	bones_move buf[4096];
	for (;;) {
		CU_ASSERT_FATAL(bones_session_resolve_chance(s) == BONES_OK);
		if (round_of(s) >= round)
			return true;
		if (bones_session_to_move(s) < 0)
			return false;
		size_t n = p->legal_moves(bones_session_game(s), bones_session_state(s), buf, NULL,
					  4096);
		CU_ASSERT_FATAL(n > 0);
		*last = buf[0];
		CU_ASSERT_FATAL(bones_session_play(s, buf[0]) == BONES_OK);
	}
}

static void test_hegemino_last_moves__a_pick_is_ringed_only_while_its_token_sits_there(void)
{
	char path[1024], err[256];
	snprintf(path, sizeof path, "%s/hegemino.so", BONES_BUILD_PLUGIN_DIR);
	bones_registry *reg = bones_registry_create();
	if (bones_registry_load(reg, path) != BONES_OK) {
		bones_registry_destroy(reg);
		printf("SKIP: hegemino.so is not built\n");
		return;
	}
	const bones_plugin *p = bones_registry_find(reg, "hegemino");
	bones_options opts;
	bones_session *s = NULL;
	CU_ASSERT_FATAL(bones_options_init(&opts, p, err, sizeof err) == BONES_OK);
	CU_ASSERT_FATAL(bones_session_create(p, &opts, 3, &s, err, sizeof err) == BONES_OK);
	bones_options_release(&opts);
	drawn d;
	bones_move last = 0;
	/* round 1 begins: every move so far was a pick whose column has moved left */
	CU_ASSERT_FATAL(play_to_round(p, s, 1, &last));
	CU_ASSERT_EQUAL(HG_KIND(last), HG_MV_PICK);
	CU_ASSERT_EQUAL(outlines(s, &d), 0);
	CU_ASSERT_EQUAL(d.right_rings, 0);
	/* within round 1, the picks made are ringed in the right column */
	bones_move buf[4096];
	int rings = 0;
	while (round_of(s) == 1 && bones_session_to_move(s) >= 0) {
		size_t n = p->legal_moves(bones_session_game(s), bones_session_state(s), buf, NULL,
					  4096);
		CU_ASSERT_FATAL(n > 0 && bones_session_play(s, buf[0]) == BONES_OK);
		CU_ASSERT_FATAL(bones_session_resolve_chance(s) == BONES_OK);
		if (round_of(s) == 1 && HG_KIND(buf[0]) == HG_MV_PICK) {
			CU_ASSERT(outlines(s, &d) >= 1);
			rings += d.right_rings > 0;
		}
	}
	CU_ASSERT(rings > 0);
	/* round 2 begins: the picks of round 1 moved left; each player's placement is
	 * outlined instead, and nothing is ringed in the new right column */
	CU_ASSERT_FATAL(round_of(s) == 2);
	CU_ASSERT_EQUAL(outlines(s, &d), 2);
	CU_ASSERT_EQUAL(d.right_rings, 0);
	CU_ASSERT(d.polygons > 0);
	bones_session_destroy(s);
	bones_registry_destroy(reg);
}

static const bones_test_case cases[] = {
	{"a pick is ringed only while its token sits there",
	 test_hegemino_last_moves__a_pick_is_ringed_only_while_its_token_sits_there},
	{NULL, NULL}
};

int main(void)
{
	return bones_test_main("hegemino_last_moves", cases);
}
