/* Pictures (core/src/picture, bones/picture.h): a Holomino position drawn to memory as
 * PNG, SVG and PDF; the reported view maps every legal target into the board area and
 * onto a highlighted pixel; hand slots match the hands; a game without hands (Hegemino)
 * gives the board the width; bad requests are refused. */
#include "bones_test.h"

#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/picture.h"
#include "bones/kit_board.h"
#include "bones/registry.h"
#include "bones/session.h"

typedef struct fixture {
	bones_registry *reg;
	bones_session *s;
	const bones_plugin *plugin;
} fixture;

/* A game (Holomino unless named) after `moves` player moves (the first legal move each
 * time). */
static bool fx_open_game(fixture *fx, const char *name, int moves)
{
	char path[1024], err[256];
	memset(fx, 0, sizeof *fx);
	snprintf(path, sizeof path, "%s/%s.so", BONES_BUILD_PLUGIN_DIR, name);
	fx->reg = bones_registry_create();
	if (bones_registry_load(fx->reg, path) != BONES_OK) {
		bones_registry_destroy(fx->reg);
		printf("SKIP: %s.so is not built\n", name);
		return false;
	}
	fx->plugin = bones_registry_find(fx->reg, name);
	bones_options opts;
	CU_ASSERT_FATAL(bones_options_init(&opts, fx->plugin, err, sizeof err) == BONES_OK);
	CU_ASSERT_FATAL(bones_session_create(fx->plugin, &opts, 3, &fx->s, err, sizeof err) == BONES_OK);
	bones_options_release(&opts);
	bones_move buf[4096];
	for (int i = 0; i <= moves; i++) {
		CU_ASSERT_FATAL(bones_session_resolve_chance(fx->s) == BONES_OK);
		if (i == moves || bones_session_to_move(fx->s) < 0)
			break;
		size_t n = fx->plugin->legal_moves(bones_session_game(fx->s),
						   bones_session_state(fx->s), buf, NULL, 4096);
		CU_ASSERT_FATAL(n > 0);
		CU_ASSERT_FATAL(bones_session_play(fx->s, buf[0]) == BONES_OK);
	}
	return true;
}

static bool fx_open(fixture *fx, int moves)
{
	return fx_open_game(fx, "holomino", moves);
}

static void fx_close(fixture *fx)
{
	bones_session_destroy(fx->s);
	bones_registry_destroy(fx->reg);
}

static bones_picture_game current(const fixture *fx)
{
	return bones_picture_game_of(fx->s, bones_session_length(fx->s));
}

static void test_picture__formats_have_their_signatures(void)
{
	fixture fx;
	if (!fx_open(&fx, 2))
		return;
	bones_picture_game pos = current(&fx);
	bones_picture_request req = bones_picture_defaults();
	req.width = 300, req.height = 200;
	static const char *const magic[3] = {"\x89PNG", "<?xml", "%PDF-"};
	for (int f = 0; f < 3; f++) {
		unsigned char *data = NULL;
		size_t size = 0;
		char err[256] = "";
		CU_ASSERT_EQUAL_FATAL(bones_picture_encode(&pos, &req, (bones_picture_format)f, &data,
							   &size, NULL, err, sizeof err), BONES_OK);
		CU_ASSERT(size > 100);
		CU_ASSERT(data && memcmp(data, magic[f], strlen(magic[f])) == 0);
		if (f == BONES_PICTURE_SVG)
			CU_ASSERT(strstr((const char *)data, "width=\"300px\"") != NULL);
		free(data);
	}
	fx_close(&fx);
}

/* Reads back a PNG written to memory. */
typedef struct reader {
	const unsigned char *data;
	size_t size, at;
} reader;

static cairo_status_t read_png(void *closure, unsigned char *out, unsigned int n)
{
	reader *r = closure;
	if (r->at + n > r->size)
		return CAIRO_STATUS_READ_ERROR;
	memcpy(out, r->data + r->at, n);
	r->at += n;
	return CAIRO_STATUS_SUCCESS;
}

static void test_picture__targets_map_through_the_view_onto_green_dots(void)
{
	fixture fx;
	if (!fx_open(&fx, 3))
		return;
	bones_picture_game pos = current(&fx);
	bones_picture_request req = bones_picture_defaults();
	req.width = 800, req.height = 500;
	req.flags |= BONES_PICTURE_TARGETS;
	bones_picture_layout layout;
	unsigned char *data;
	size_t size;
	char err[256];
	CU_ASSERT_EQUAL_FATAL(bones_picture_encode(&pos, &req, BONES_PICTURE_PNG, &data, &size,
						   &layout, err, sizeof err), BONES_OK);
	reader rd = {data, size, 0};
	cairo_surface_t *img = cairo_image_surface_create_from_png_stream(read_png, &rd);
	CU_ASSERT_EQUAL_FATAL(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
	CU_ASSERT_EQUAL(cairo_image_surface_get_width(img), 800);
	const unsigned char *px = cairo_image_surface_get_data(img);
	int stride = cairo_image_surface_get_stride(img);
	bones_move moves[4096];
	size_t n = fx.plugin->legal_moves(pos.game, pos.state, moves, NULL, 4096);
	bones_kit_board kb;
	const void *rg;
	const bones_render *r = bones_kit_board_render(&kb, fx.plugin, pos.game, &rg);
	int targets = 0, green = 0;
	for (size_t i = 0; i < n; i++) {
		bones_move_place p;
		if (r->move_place(rg, pos.state, moves[i], &p) != BONES_OK || p.target < 0)
			continue;
		double x = p.x * layout.board.scale + layout.board.ox;
		double y = p.y * layout.board.scale + layout.board.oy;
		targets++;
		CU_ASSERT(x > layout.board_box[0] && x < layout.board_box[2]);
		CU_ASSERT(y > layout.board_box[1] && y < layout.board_box[3]);
		const unsigned char *q = px + (int)y * stride + 4 * (int)x; /* B G R A */
		green += q[1] > q[2] + 40 && q[1] > q[0];
	}
	CU_ASSERT(targets > 0);
	CU_ASSERT_EQUAL(green, targets);
	/* A slot per hand piece of each player (a spectator sees Holomino's open pools). */
	int pieces = 0;
	for (int p = 0; p < pos.players; p++)
		pieces += r->hand_size(rg, pos.state, p, -1);
	CU_ASSERT_EQUAL(layout.slot_count, pieces);
	for (int k = 0; k < layout.slot_count; k++)
		CU_ASSERT(layout.slot[k].x >= layout.board_box[2] - 1);
	cairo_surface_destroy(img);
	free(data);
	fx_close(&fx);
}

/* One rule fits every board: centred, the margin on the tighter side 5% of the box's
 * larger side plus 0.3, and a tiny board not blown up past a third of the area. */
static void test_picture__a_board_fits_centred_with_its_margin(void)
{
	const double box[4] = {-10, 0, 10, 5}, area[4] = {100, 50, 500, 450};
	bones_picture_view v = bones_picture_fit(box, area);
	double m = 0.05 * 20 + 0.3;
	CU_ASSERT_DOUBLE_EQUAL(v.scale, 400 / (20 + 2 * m), 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(box[0] * v.scale + v.ox - 100, 500 - (box[2] * v.scale + v.ox), 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(box[1] * v.scale + v.oy - 50, 450 - (box[3] * v.scale + v.oy), 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(box[0] * v.scale + v.ox - 100, m * v.scale, 1e-9);
	const double tile[4] = {0, 0, 0.01, 0.01};
	CU_ASSERT_DOUBLE_EQUAL(bones_picture_fit(tile, area).scale, 400.0 / 3, 1e-9);
}

/* The share of a picture that the board's bounds take as drawn. */
static double board_share(const fixture *fx, const bones_picture_layout *layout,
			  const bones_picture_request *req)
{
	bones_kit_board kb;
	const void *rg;
	const bones_render *r = bones_kit_board_render(&kb, fx->plugin, bones_session_game(fx->s),
						       &rg);
	float box[4] = {0, 0, 1, 1};
	r->board_bounds(rg, bones_session_state(fx->s), box);
	double k = layout->board.scale;
	return (box[2] - box[0]) * k * (box[3] - box[1]) * k / ((double)req->width * req->height);
}

/* A game whose hands are empty (Hegemino: its market and tableaus are the board) gives
 * the hands column's width to the board, the scores in a band at the top; a game with
 * hands (Holomino) keeps its column. */
static void test_picture__a_board_without_hands_takes_the_width(void)
{
	fixture fx;
	if (!fx_open_game(&fx, "hegemino", 6))
		return;
	bones_picture_game pos = current(&fx);
	bones_picture_request req = bones_picture_defaults();
	bones_picture_layout layout;
	unsigned char *data = NULL;
	size_t size = 0;
	char err[256] = "";
	CU_ASSERT_EQUAL_FATAL(bones_picture_encode(&pos, &req, BONES_PICTURE_PNG, &data, &size,
						   &layout, err, sizeof err), BONES_OK);
	free(data);
	CU_ASSERT_EQUAL(layout.slot_count, 0);
	CU_ASSERT_DOUBLE_EQUAL(layout.board_box[2], req.width, 1e-9);
	CU_ASSERT(layout.board_box[1] > 0); /* under the scores band */
	double share = board_share(&fx, &layout, &req);
	CU_ASSERT(share > 0.4);
	printf("hegemino board share %.2f\n", share);
	fx_close(&fx);
	if (!fx_open(&fx, 2))
		return;
	pos = current(&fx);
	CU_ASSERT_EQUAL_FATAL(bones_picture_encode(&pos, &req, BONES_PICTURE_PNG, &data, &size,
						   &layout, err, sizeof err), BONES_OK);
	free(data);
	CU_ASSERT(layout.slot_count > 0);
	CU_ASSERT(layout.board_box[2] < req.width * 0.8);
	fx_close(&fx);
}

static void test_picture__bad_requests_are_refused(void)
{
	fixture fx;
	if (!fx_open(&fx, 1))
		return;
	bones_picture_game pos = current(&fx);
	bones_picture_request req = bones_picture_defaults();
	unsigned char *data = (unsigned char *)"x";
	size_t size = 1;
	char err[256] = "";
	req.width = 10;
	CU_ASSERT_EQUAL(bones_picture_encode(&pos, &req, BONES_PICTURE_PNG, &data, &size, NULL,
					     err, sizeof err), BONES_EINVAL);
	CU_ASSERT_PTR_NULL(data);
	CU_ASSERT(strstr(err, "10x800") != NULL);
	req = bones_picture_defaults();
	CU_ASSERT_EQUAL(bones_picture_write(&pos, &req, BONES_PICTURE_SVG, "/nonexistent/x.svg",
					    NULL, err, sizeof err), BONES_EIO);
	CU_ASSERT(strstr(err, "/nonexistent/x.svg") != NULL);
	bones_picture_format f;
	CU_ASSERT(bones_picture_format_parse("out.SVG", &f) && f == BONES_PICTURE_SVG);
	CU_ASSERT(bones_picture_format_parse("pdf", &f) && f == BONES_PICTURE_PDF);
	CU_ASSERT(!bones_picture_format_parse("out.gif", &f));
	fx_close(&fx);
}

static const bones_test_case cases[] = {
	{"formats have their signatures", test_picture__formats_have_their_signatures},
	{"targets map through the view onto green dots",
	 test_picture__targets_map_through_the_view_onto_green_dots},
	{"a board fits centred with its margin", test_picture__a_board_fits_centred_with_its_margin},
	{"a board without hands takes the width",
	 test_picture__a_board_without_hands_takes_the_width},
	{"bad requests are refused", test_picture__bad_requests_are_refused},
	{NULL, NULL}
};

int main(void)
{
	int rc = bones_test_main("picture", cases);
	bones_picture_release_caches();
	return rc;
}
