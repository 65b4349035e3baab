/* Off-screen rendering: `bones-gui --render RECORD [--move N] --png FILE [--size WxH]`
 * draws the replay view of a record with SDL's software renderer onto a surface and
 * saves it with IMG_SavePNG (no display needed); and in-window screenshots. */
#include <SDL_image.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"

bool gui_screenshot(gui_app *a, const char *path)
{
	SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, a->w, a->h, 32, SDL_PIXELFORMAT_RGBA32);
	if (!s)
		return false;
	bool ok = SDL_RenderReadPixels(a->r, NULL, SDL_PIXELFORMAT_RGBA32, s->pixels, s->pitch) == 0 &&
		  IMG_SavePNG(s, path) == 0;
	SDL_FreeSurface(s);
	if (ok) {
		printf("screenshot %s\n", path);
		fflush(stdout);
	}
	return ok;
}

typedef struct render_args {
	const char *record, *png;
	long move;
	int w, h;
} render_args;

static int parse_args(int argc, char **argv, render_args *ra)
{
	ra->record = ra->png = NULL;
	ra->move = -1;
	ra->w = 1200, ra->h = 800;
	for (int i = 1; i < argc; i++) {
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(argv[i], "--render")) {
			if (v && v[0] != '-' && !ra->record)
				ra->record = v, i++;
		} else if (!strcmp(argv[i], "--help")) {
			ra->record = NULL;
			break;
		} else if (!strcmp(argv[i], "--png") && v)
			ra->png = v, i++;
		else if (!strcmp(argv[i], "--move") && v)
			ra->move = strtol(v, NULL, 10), i++;
		else if (!strcmp(argv[i], "--size") && v) {
			if (sscanf(v, "%dx%d", &ra->w, &ra->h) != 2 || ra->w < 64 || ra->h < 64 ||
			    ra->w > 8192 || ra->h > 8192) {
				fprintf(stderr, "bones render: --size '%s': expected WxH, 64..8192\n", v);
				return 2;
			}
			i++;
		} else if (!ra->record && argv[i][0] != '-')
			ra->record = argv[i];
		else {
			fprintf(stderr, "bones render: unknown argument '%s'\n", argv[i]);
			return 2;
		}
	}
	if (!ra->record || !ra->png) {
		fprintf(stderr, "usage: bones render RECORD [--move N] --png FILE [--size WxH]\n");
		return 2;
	}
	return 0;
}

static int render(gui_app *a, const render_args *ra)
{
	bones_session *s = NULL;
	char err[512] = "";
	bones_status st = bones_record_replay(ra->record, a->reg, &s, err, sizeof err);
	if (!s) {
		fprintf(stderr, "bones render: %s\n", err[0] ? err : "cannot read the record");
		return 1;
	}
	if (st != BONES_OK)
		fprintf(stderr, "bones render: %s (drawing the game up to there)\n", err);
	if (gui_game_adopt(&a->game, s, NULL, err, sizeof err) != BONES_OK) {
		fprintf(stderr, "bones render: %s\n", err);
		return 1;
	}
	a->has_game = true;
	a->screen = SCREEN_REPLAY;
	a->replay_pos = gui_game_position_after(&a->game, ra->move);
	gui_frame(a);
	SDL_RenderFlush(a->r);
	return 0;
}

int gui_render_main(int argc, char **argv)
{
	render_args ra;
	int rc = parse_args(argc, argv, &ra);
	if (rc)
		return rc;
	gui_app *a = calloc(1, sizeof *a);
	char err[512];
	SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, ra.w, ra.h, 32, SDL_PIXELFORMAT_RGBA32);
	rc = 1;
	if (!a || !surf)
		goto out;
	a->clock_seat = -1;
	a->w = ra.w, a->h = ra.h, a->dpi = 1, a->zoom = 1, a->sel = a->hover = -1;
	a->r = SDL_CreateSoftwareRenderer(surf);
	a->fonts = a->r ? gui_fonts_create(err, sizeof err) : NULL;
	a->reg = bones_registry_create();
	if (!a->r || !a->fonts || !a->reg) {
		fprintf(stderr, "bones render: %s\n", a->r ? err : SDL_GetError());
		goto out;
	}
	bones_registry_scan_default(a->reg);
	gui_draw_init(&a->draw, a->r, a->fonts);
	rc = render(a, &ra);
	if (rc == 0 && IMG_SavePNG(surf, ra.png) != 0) {
		fprintf(stderr, "bones render: cannot write '%s': %s\n", ra.png, IMG_GetError());
		rc = 1;
	}
	if (a->has_game)
		gui_game_release(&a->game);
	gui_draw_release(&a->draw);
out:
	if (a) {
		gui_fonts_destroy(a->fonts);
		if (a->r)
			SDL_DestroyRenderer(a->r);
		bones_registry_destroy(a->reg);
	}
	SDL_FreeSurface(surf);
	free(a);
	TTF_Quit();
	SDL_Quit();
	return rc;
}
