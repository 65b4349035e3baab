/* `bones-gui --render` (frontends/sdl/render_png.c): a record drawn off-screen to a PNG
 * with no display; the picture's size and the colours at known places are checked. */
#include "bones_test.h"

#ifdef BONES_HAVE_GUI
#include <SDL.h>
#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app.h"
#include "bones/record.h"
#include "bones/registry.h"
#include "bones/session.h"

typedef struct picture {
	char record[64], png[64];
} picture;

/* A Holomino record of `moves` random player moves, seed 9. False when not built. */
static bool write_record(picture *pic, int moves)
{
	char path[1024], err[256];
	snprintf(path, sizeof path, "%s/holomino.so", BONES_BUILD_PLUGIN_DIR);
	bones_registry *reg = bones_registry_create();
	if (bones_registry_load(reg, path) != BONES_OK) {
		bones_registry_destroy(reg);
		return false;
	}
	const bones_plugin *plugin = bones_registry_find(reg, "holomino");
	bones_options opts;
	bones_session *s = NULL;
	CU_ASSERT_FATAL(bones_options_init(&opts, plugin, err, sizeof err) == BONES_OK);
	CU_ASSERT_FATAL(bones_session_create(plugin, &opts, 9, &s, err, sizeof err) == BONES_OK);
	bones_options_release(&opts);
	bones_move buf[4096];
	for (int i = 0; i < moves; i++) {
		CU_ASSERT_FATAL(bones_session_resolve_chance(s) == BONES_OK);
		if (bones_session_to_move(s) < 0)
			break;
		size_t n = plugin->legal_moves(bones_session_game(s), bones_session_state(s), buf,
					       NULL, 4096);
		CU_ASSERT_FATAL(n > 0);
		CU_ASSERT_FATAL(bones_session_play(s, buf[(size_t)i * 7 % n]) == BONES_OK);
	}
	snprintf(pic->record, sizeof pic->record, "/tmp/bones-sdl-render-%d.rec", (int)getpid());
	snprintf(pic->png, sizeof pic->png, "/tmp/bones-sdl-render-%d.png", (int)getpid());
	bones_record_players players;
	memset(&players, 0, sizeof players);
	CU_ASSERT_FATAL(bones_record_save(s, &players, pic->record, err, sizeof err) == BONES_OK);
	bones_session_destroy(s);
	bones_registry_destroy(reg);
	return true;
}

static int render(const picture *pic, const char *move, const char *size)
{
	char *argv[] = {"bones-gui", "--render", (char *)pic->record, "--png", (char *)pic->png,
			"--size", (char *)size, "--move", (char *)move, NULL};
	setenv("BONES_PLUGIN_PATH", BONES_BUILD_PLUGIN_DIR, 1);
	return gui_render_main(move ? 9 : 7, argv);
}

static Uint32 rgb_at(SDL_Surface *s, int x, int y)
{
	const Uint8 *p = (const Uint8 *)s->pixels + y * s->pitch + x * 4;
	return (Uint32)p[0] << 16 | (Uint32)p[1] << 8 | p[2];
}

/* Pixels of the last-move highlight's outline colour (235, 150, 0) in the board area. */
static int last_move_pixels(SDL_Surface *s)
{
	int n = 0;
	for (int y = 0; y < s->h; y++)
		for (int x = 0; x < s->w * 6 / 10; x++)
			n += rgb_at(s, x, y) == 0xeb9600;
	return n;
}

static SDL_Surface *load(const picture *pic)
{
	cairo_surface_t *png = cairo_image_surface_create_from_png(pic->png);
	CU_ASSERT_EQUAL_FATAL(cairo_surface_status(png), CAIRO_STATUS_SUCCESS);
	/* Cairo's ARGB32 is SDL's ARGB8888: one native-endian word a pixel */
	SDL_Surface *raw = SDL_CreateRGBSurfaceWithFormatFrom(
		cairo_image_surface_get_data(png), cairo_image_surface_get_width(png),
		cairo_image_surface_get_height(png), 32, cairo_image_surface_get_stride(png),
		SDL_PIXELFORMAT_ARGB8888);
	CU_ASSERT_PTR_NOT_NULL_FATAL(raw);
	SDL_Surface *s = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_RGBA32, 0);
	SDL_FreeSurface(raw);
	cairo_surface_destroy(png);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	return s;
}

static void test_sdl_render__png_has_the_size_asked_and_the_screen_colours(void)
{
	picture pic;
	if (!write_record(&pic, 6)) {
		printf("SKIP: holomino.so is not built\n");
		return;
	}
	CU_ASSERT_EQUAL_FATAL(render(&pic, NULL, "640x400"), 0);
	SDL_Surface *s = load(&pic);
	CU_ASSERT_EQUAL(s->w, 640);
	CU_ASSERT_EQUAL(s->h, 400);
	/* Layout at 640x400: u = 400/42 -> 11 px; the panel is 17u = 187 px wide, so the
	 * board fills x < 453. Board colour near its left edge, panel colour at the right. */
	CU_ASSERT_EQUAL(rgb_at(s, 3, 380), 0xe4dece);
	CU_ASSERT_EQUAL(rgb_at(s, 637, 200), 0x22262e);
	CU_ASSERT(last_move_pixels(s) > 20);
	SDL_FreeSurface(s);
	unlink(pic.png);
	unlink(pic.record);
}

static void test_sdl_render__move_zero_shows_no_last_move(void)
{
	picture pic;
	if (!write_record(&pic, 4)) {
		printf("SKIP: holomino.so is not built\n");
		return;
	}
	CU_ASSERT_EQUAL_FATAL(render(&pic, "0", "600x400"), 0);
	SDL_Surface *s = load(&pic);
	CU_ASSERT_EQUAL(last_move_pixels(s), 0);
	SDL_FreeSurface(s);
	CU_ASSERT_EQUAL_FATAL(render(&pic, "2", "600x400"), 0);
	s = load(&pic);
	CU_ASSERT(last_move_pixels(s) > 20);
	SDL_FreeSurface(s);
	unlink(pic.png);
	unlink(pic.record);
}

static void test_sdl_render__bad_arguments_are_refused_with_status_2(void)
{
	char *no_png[] = {"bones-gui", "--render", "x.rec", NULL};
	char *bad_size[] = {"bones-gui", "--render", "x.rec", "--png", "x.png", "--size", "huge", NULL};
	CU_ASSERT_EQUAL(gui_render_main(3, no_png), 2);
	CU_ASSERT_EQUAL(gui_render_main(7, bad_size), 2);
	char *missing[] = {"bones-gui", "--render", "/nonexistent/x.rec", "--png", "/tmp/x.png", NULL};
	CU_ASSERT_EQUAL(gui_render_main(5, missing), 1);
}

static const bones_test_case cases[] = {
	{"png has the size asked and the screen colours",
	 test_sdl_render__png_has_the_size_asked_and_the_screen_colours},
	{"move zero shows no last move", test_sdl_render__move_zero_shows_no_last_move},
	{"bad arguments are refused with status 2",
	 test_sdl_render__bad_arguments_are_refused_with_status_2},
	{NULL, NULL}
};

int main(void)
{
	return bones_test_main("sdl_render", cases);
}
#else
#include <stdio.h>

int main(void)
{
	printf("SKIP: bones-gui is not built (no SDL2)\n");
	return 77; /* CTest's SKIP_RETURN_CODE */
}
#endif
