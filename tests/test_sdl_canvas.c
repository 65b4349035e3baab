/* The GUI's canvas (frontends/sdl/canvas_sdl.c): primitives drawn with Cairo onto the
 * frame's image surface, checked pixel by pixel (anti-aliased edges are avoided); and the play screen of every
 * built plugin: each highlighted target, hovered at its centre, picks its own move. */
#include "bones_test.h"

#ifdef BONES_HAVE_GUI
#include <stdlib.h>

#include "app.h"
#include "bones/registry.h"

typedef struct fixture {
	int w, h;
	gui_fonts *fonts;
	gui_draw d;
} fixture;

static bool fx_open(fixture *fx, int w, int h)
{
	char err[256];
	fx->w = w, fx->h = h;
	fx->fonts = gui_fonts_create(err, sizeof err);
	CU_ASSERT_PTR_NOT_NULL_FATAL(fx->fonts);
	gui_draw_init(&fx->d, NULL, fx->fonts); /* no renderer: the Cairo surface alone */
	CU_ASSERT_FATAL(gui_draw_begin(&fx->d, w, h, BONES_RGBA(255, 255, 255, 255)));
	return true;
}

static void fx_close(fixture *fx)
{
	gui_draw_release(&fx->d);
	gui_fonts_destroy(fx->fonts);
}

static void fx_view(fixture *fx, float scale, float ox, float oy)
{
	fx->d.view = (gui_view){scale, ox, oy};
}

/* The pixel at (x, y) as 0xRRGGBBAA. */
static bones_color pixel(fixture *fx, int x, int y)
{
	return gui_draw_pixel(&fx->d, x, y);
}

static bool near(bones_color a, bones_color b, int tol)
{
	for (int shift = 8; shift < 32; shift += 8) {
		int d = (int)((a >> shift) & 0xff) - (int)((b >> shift) & 0xff);
		if (d > tol || d < -tol)
			return false;
	}
	return true;
}

#define RED BONES_RGBA(255, 0, 0, 255)
#define BLUE BONES_RGBA(0, 0, 255, 255)
#define GREEN BONES_RGBA(0, 200, 0, 255)
#define BLACK BONES_RGBA(0, 0, 0, 255)
#define WHITE BONES_RGBA(255, 255, 255, 255)

static void test_sdl__polygon_in_world_units_fills_the_scaled_square(void)
{
	fixture fx;
	fx_open(&fx, 100, 100);
	fx_view(&fx, 10, 10, 10); /* world (0,0)-(5,5) -> pixels 10..60 */
	const float sq[8] = {0, 0, 5, 0, 5, 5, 0, 5};
	fx.d.canvas.polygon(fx.d.canvas.user, sq, 4, RED, BONES_NONE, 0);
	CU_ASSERT(near(pixel(&fx, 35, 35), RED, 0));
	CU_ASSERT(near(pixel(&fx, 12, 58), RED, 0));
	CU_ASSERT(near(pixel(&fx, 5, 5), WHITE, 0));
	CU_ASSERT(near(pixel(&fx, 70, 70), WHITE, 0));
	fx_close(&fx);
}

static void test_sdl__concave_polygon_leaves_its_notch_empty(void)
{
	fixture fx;
	fx_open(&fx, 100, 100);
	fx_view(&fx, 10, 10, 10);
	/* An L: the square 2..6 x 2..6 (pixels 30..70) is the notch. */
	const float ell[12] = {0, 0, 6, 0, 6, 2, 2, 2, 2, 6, 0, 6};
	fx.d.canvas.polygon(fx.d.canvas.user, ell, 6, BLUE, BONES_NONE, 0);
	CU_ASSERT(near(pixel(&fx, 50, 50), WHITE, 0));
	CU_ASSERT(near(pixel(&fx, 15, 60), BLUE, 0));
	CU_ASSERT(near(pixel(&fx, 60, 15), BLUE, 0));
	CU_ASSERT(near(pixel(&fx, 15, 15), BLUE, 0));
	fx_close(&fx);
}

static void test_sdl__circle_covers_its_radius_and_no_more(void)
{
	fixture fx;
	fx_open(&fx, 100, 100);
	fx_view(&fx, 10, 0, 0);
	fx.d.canvas.circle(fx.d.canvas.user, 5, 5, 3, BLUE, BONES_NONE, 0); /* r = 30 px */
	CU_ASSERT(near(pixel(&fx, 50, 50), BLUE, 0));
	CU_ASSERT(near(pixel(&fx, 50, 76), BLUE, 0));
	CU_ASSERT(near(pixel(&fx, 85, 50), WHITE, 0));
	CU_ASSERT(near(pixel(&fx, 25, 25), WHITE, 0)); /* 35 px from the centre */
	fx_close(&fx);
}

static void test_sdl__stroke_without_fill_leaves_the_inside_empty(void)
{
	fixture fx;
	fx_open(&fx, 100, 100);
	fx_view(&fx, 10, 10, 10);
	const float sq[8] = {0, 0, 6, 0, 6, 6, 0, 6};
	fx.d.canvas.polygon(fx.d.canvas.user, sq, 4, BONES_NONE, BLACK, 0.4f); /* 4 px */
	CU_ASSERT(near(pixel(&fx, 10, 40), BLACK, 0));
	CU_ASSERT(near(pixel(&fx, 40, 70), BLACK, 0));
	CU_ASSERT(near(pixel(&fx, 40, 40), WHITE, 0));
	fx_close(&fx);
}

static void test_sdl__thick_line_covers_its_width(void)
{
	fixture fx;
	fx_open(&fx, 100, 100);
	fx_view(&fx, 10, 0, 0);
	fx.d.canvas.line(fx.d.canvas.user, 1, 5, 9, 5, GREEN, 1); /* 10 px wide at y = 50 */
	CU_ASSERT(near(pixel(&fx, 50, 50), GREEN, 0));
	CU_ASSERT(near(pixel(&fx, 50, 46), GREEN, 0));
	CU_ASSERT(near(pixel(&fx, 50, 60), WHITE, 0));
	CU_ASSERT(near(pixel(&fx, 95, 50), WHITE, 0));
	fx_close(&fx);
}

static void test_sdl__a_ghost_is_laid_over_see_through(void)
{
	fixture fx;
	fx_open(&fx, 100, 100);
	fx_view(&fx, 10, 10, 10);
	const float sq[8] = {0, 0, 5, 0, 5, 5, 0, 5};
	gui_ghost_begin(&fx.d);
	fx.d.canvas.polygon(fx.d.canvas.user, sq, 4, BLACK, BONES_NONE, 0); /* opaque */
	gui_ghost_end(&fx.d, 0.5);
	CU_ASSERT(near(pixel(&fx, 35, 35), BONES_RGBA(128, 128, 128, 255), 2));
	CU_ASSERT(near(pixel(&fx, 80, 80), WHITE, 0));
	const float after[8] = {5, 5, 8, 5, 8, 8, 5, 8}; /* drawing goes on as before */
	fx.d.canvas.polygon(fx.d.canvas.user, after, 4, BLACK, BONES_NONE, 0);
	CU_ASSERT(near(pixel(&fx, 75, 75), BLACK, 0));
	fx_close(&fx);
}

static void test_sdl__translucent_fill_blends_with_what_is_below(void)
{
	fixture fx;
	fx_open(&fx, 50, 50);
	fx_view(&fx, 1, 0, 0);
	const float sq[8] = {0, 0, 50, 0, 50, 50, 0, 50};
	fx.d.canvas.polygon(fx.d.canvas.user, sq, 4, BONES_RGBA(255, 0, 0, 128), BONES_NONE, 0);
	/* 255 * 128/255 + 255 * 127/255 for red, 255 * 127/255 = 127 for green and blue. */
	CU_ASSERT(near(pixel(&fx, 25, 25), BONES_RGBA(255, 127, 127, 255), 2));
	fx.d.canvas.polygon(fx.d.canvas.user, sq, 4, BONES_RGBA(0, 0, 0, 0), BONES_NONE, 0);
	CU_ASSERT(near(pixel(&fx, 25, 25), BONES_RGBA(255, 127, 127, 255), 2));
	fx_close(&fx);
}

static int dark_pixels(fixture *fx, int x0, int y0, int x1, int y1)
{
	int n = 0;
	for (int y = y0; y < y1; y++)
		for (int x = x0; x < x1; x++)
			n += ((pixel(fx, x, y) >> 24) & 0xff) < 100;
	return n;
}

static void test_sdl__text_is_drawn_on_the_side_its_anchor_says(void)
{
	fixture fx;
	fx_open(&fx, 200, 100);
	fx_view(&fx, 10, 0, 0);
	CU_ASSERT(gui_text_width(&fx.d, 40, "Bones") > 40);
	fx.d.canvas.text(fx.d.canvas.user, 10, 5, 4, BLACK, BONES_ALIGN_RIGHT, "Bones");
	CU_ASSERT(dark_pixels(&fx, 0, 30, 100, 70) > 100);
	CU_ASSERT_EQUAL(dark_pixels(&fx, 101, 0, 200, 100), 0);
	CU_ASSERT_EQUAL(dark_pixels(&fx, 0, 0, 100, 20), 0);
	fx_close(&fx);
}

static void test_sdl__five_pips_have_a_centre_and_four_do_not(void)
{
	fixture fx;
	fx_open(&fx, 200, 100);
	fx_view(&fx, 10, 0, 0);
	fx.d.canvas.pips(fx.d.canvas.user, 5, 5, 10, 4, BLACK);  /* centre (50, 50) */
	fx.d.canvas.pips(fx.d.canvas.user, 15, 5, 10, 5, BLACK); /* centre (150, 50) */
	CU_ASSERT(near(pixel(&fx, 50, 50), WHITE, 0));
	CU_ASSERT(near(pixel(&fx, 150, 50), BLACK, 0));
	/* Corner pips sit 0.28 x side = 28 px off the centre. */
	CU_ASSERT(near(pixel(&fx, 22, 22), BLACK, 0));
	CU_ASSERT(near(pixel(&fx, 78, 78), BLACK, 0));
	CU_ASSERT(near(pixel(&fx, 178, 22), BLACK, 0));
	fx_close(&fx);
}

static void test_sdl__marks_are_kept_in_world_units_while_capturing(void)
{
	fixture fx;
	fx_open(&fx, 100, 100);
	fx_view(&fx, 10, 50, 50);
	const float tri[6] = {-2, -2, 2, -2, 0, 2};
	fx.d.canvas.mark(fx.d.canvas.user, tri, 3, BONES_MARK_TARGET);
	CU_ASSERT_EQUAL(fx.d.mark_count, 0);
	fx.d.capture = true;
	fx.d.canvas.mark(fx.d.canvas.user, tri, 3, BONES_MARK_TARGET);
	CU_ASSERT_EQUAL_FATAL(fx.d.mark_count, 1);
	CU_ASSERT_EQUAL(fx.d.marks[0].kind, BONES_MARK_TARGET);
	CU_ASSERT(gui_point_in_poly(fx.d.marks[0].xy, 3, 0, -1));
	CU_ASSERT(!gui_point_in_poly(fx.d.marks[0].xy, 3, 1.8f, 1.8f));
	/* A target is drawn green over the white background. */
	bones_color c = pixel(&fx, 50, 45);
	CU_ASSERT(((c >> 16) & 0xff) > ((c >> 24) & 0xff));
	fx_close(&fx);
}

/* ---- the play screen of every built plugin ---------------------------------------- */

static const char *const plugin_names[] = {"holomino", "hegemino", "geominos", "dominoes"};

/* Hover every distinct target of every piece: the hovered move has that piece and target. */
static int check_targets(gui_app *a, int *checked)
{
	int wrong = 0;
	for (int piece = 0; piece < 16; piece++) {
		bool any = false;
		for (size_t i = 0; i < a->game.move_count; i++)
			any |= gui_game_choice(&a->game, i)->piece == piece &&
			       gui_game_choice(&a->game, i)->target >= 0;
		if (!any)
			continue;
		a->play.sel = piece;
		gui_frame(a);
		float x, y;
		for (int k = 0; gui_play_target_pos(a, k, &x, &y); k++) {
			SDL_Event ev = {0};
			ev.type = SDL_MOUSEMOTION;
			ev.motion.x = (Sint32)x, ev.motion.y = (Sint32)y;
			gui_play_event(a, &ev);
			if (x < a->layout.board.x || x >= a->layout.board.x + a->layout.board.w)
				continue; /* panned off screen */
			(*checked)++;
			if (a->play.hover < 0 ||
			    gui_game_choice(&a->game, (size_t)a->play.hover)->piece != piece) {
				wrong++;
				continue;
			}
			const bones_choice *p = gui_game_choice(&a->game, (size_t)a->play.hover);
			float hx = p->x * a->view.board_view.scale + a->view.board_view.ox;
			float hy = p->y * a->view.board_view.scale + a->view.board_view.oy;
			wrong += (hx - x) * (hx - x) + (hy - y) * (hy - y) > 4;
		}
	}
	return wrong;
}

static void play_plugin(const bones_plugin *plugin, fixture *fx)
{
	gui_app *a = calloc(1, sizeof *a);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	a->r = NULL, a->fonts = fx->fonts, a->w = fx->w, a->h = fx->h;
	a->dpi = 1, a->view.zoom = 1, a->play.sel = a->play.hover = -1;
	gui_draw_init(&a->draw, a->r, a->fonts);
	bones_options opts;
	char err[256];
	CU_ASSERT_FATAL(bones_options_init(&opts, plugin, err, sizeof err) == BONES_OK);
	bones_table_setup setup = {.plugin = plugin, .options = &opts, .seed = 5}; /* all human */
	CU_ASSERT_FATAL(gui_game_start(&a->game, &setup, err, sizeof err) == BONES_OK);
	bones_options_release(&opts);
	a->has_game = true, a->screen = SCREEN_PLAY;
	int wrong = 0, checked = 0;
	bones_rng rng;
	bones_rng_seed(&rng, 11);
	for (int turn = 0; turn < 8 && a->game.move_count > 0; turn++) {
		wrong += check_targets(a, &checked);
		a->play.sel = -1;
		size_t k = bones_rng_below(&rng, (uint32_t)a->game.move_count);
		gui_play_move(a, gui_game_choice(&a->game, k)->move);
	}
	gui_frame(a);
	if (wrong)
		fprintf(stderr, "%s: %d of %d targets picked another move\n", plugin->id, wrong, checked);
	CU_ASSERT_EQUAL(wrong, 0);
	CU_ASSERT(checked > 0);
	/* The board area has the board colour somewhere, the panel its own. */
	CU_ASSERT(near(gui_draw_pixel(&a->draw, a->w - 3, a->h / 2), BONES_RGBA(34, 38, 46, 255), 0));
	gui_game_release(&a->game);
	gui_draw_release(&a->draw);
	free(a);
}

static void test_sdl__every_target_hovered_at_its_centre_picks_its_own_piece(void)
{
	fixture fx;
	fx_open(&fx, 900, 600);
	bones_registry *reg = bones_registry_create();
	int found = 0;
	for (size_t i = 0; i < sizeof plugin_names / sizeof *plugin_names; i++) {
		char path[1024];
		snprintf(path, sizeof path, "%s/%s.so", BONES_BUILD_PLUGIN_DIR, plugin_names[i]);
		if (bones_registry_load(reg, path) != BONES_OK)
			continue;
		found++;
		play_plugin(bones_registry_find(reg, plugin_names[i]), &fx);
	}
	CU_ASSERT(found > 0);
	bones_registry_destroy(reg);
	fx_close(&fx);
}

static const bones_test_case cases[] = {
	{"polygon in world units fills the scaled square",
	 test_sdl__polygon_in_world_units_fills_the_scaled_square},
	{"concave polygon leaves its notch empty", test_sdl__concave_polygon_leaves_its_notch_empty},
	{"circle covers its radius and no more", test_sdl__circle_covers_its_radius_and_no_more},
	{"stroke without fill leaves the inside empty",
	 test_sdl__stroke_without_fill_leaves_the_inside_empty},
	{"thick line covers its width", test_sdl__thick_line_covers_its_width},
	{"a ghost is laid over see-through", test_sdl__a_ghost_is_laid_over_see_through},
	{"translucent fill blends with what is below",
	 test_sdl__translucent_fill_blends_with_what_is_below},
	{"text is drawn on the side its anchor says",
	 test_sdl__text_is_drawn_on_the_side_its_anchor_says},
	{"five pips have a centre and four do not", test_sdl__five_pips_have_a_centre_and_four_do_not},
	{"marks are kept in world units while capturing",
	 test_sdl__marks_are_kept_in_world_units_while_capturing},
	{"every target hovered at its centre picks its own piece",
	 test_sdl__every_target_hovered_at_its_centre_picks_its_own_piece},
	{NULL, NULL}
};

int main(void)
{
	return bones_test_main("sdl_canvas", cases);
}
#else
#include <stdio.h>

int main(void)
{
	printf("SKIP: bones-gui is not built (no SDL2)\n");
	return 77; /* CTest's SKIP_RETURN_CODE */
}
#endif
