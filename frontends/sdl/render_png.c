/* Off-screen rendering: `bones-gui --render RECORD [--move N] --png FILE [--size WxH]`
 * draws the whole replay screen of a record (board and panel, as the window shows it)
 * on the Cairo surface alone, no renderer and no display; and in-window screenshots.
 * Pictures of the board alone, also as SVG and PDF, are `bones render`'s. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"

#include "app.h"

bool gui_screenshot(gui_app *a, const char *path)
{
	bool ok = gui_draw_save_png(&a->draw, path);
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
				fprintf(stderr, _("bones-gui --render: --size '%s': expected WxH, 64..8192\n"), v);
				return 2;
			}
			i++;
		} else if (!ra->record && argv[i][0] != '-')
			ra->record = argv[i];
		else {
			fprintf(stderr, _("bones-gui --render: unknown argument '%s'\n"), argv[i]);
			return 2;
		}
	}
	if (!ra->record || !ra->png) {
		fprintf(stderr, "%s", _("usage: bones-gui --render RECORD [--move N] --png FILE [--size WxH]\n"));
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
		fprintf(stderr, "bones-gui --render: %s\n", err[0] ? err : _("cannot read the record"));
		return 1;
	}
	if (st != BONES_OK)
		fprintf(stderr, _("bones-gui --render: %s (drawing the game up to there)\n"), err);
	if (gui_game_adopt(&a->game, s, NULL, err, sizeof err) != BONES_OK) {
		fprintf(stderr, "bones-gui --render: %s\n", err);
		return 1;
	}
	a->has_game = true;
	a->screen = SCREEN_REPLAY;
	a->replay.pos = bones_choices_after_player_moves(a->game.s, ra->move);
	gui_frame(a);
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
	if (!a)
		return 1;
	rc = 1;
	a->w = ra.w, a->h = ra.h, a->dpi = 1, a->view.zoom = 1, a->play.sel = a->play.hover = -1;
	a->fonts = gui_fonts_create(err, sizeof err);
	a->reg = bones_registry_create();
	if (!a->fonts || !a->reg) {
		fprintf(stderr, "bones-gui --render: %s\n", a->fonts ? _("out of memory") : err);
		goto out;
	}
	bones_registry_scan_default(a->reg);
	gui_draw_init(&a->draw, NULL, a->fonts);
	rc = render(a, &ra);
	if (rc == 0 && !gui_draw_save_png(&a->draw, ra.png)) {
		fprintf(stderr, _("bones-gui --render: cannot write '%s'\n"), ra.png);
		rc = 1;
	}
	if (a->has_game)
		gui_game_release(&a->game);
	gui_draw_release(&a->draw);
out:
	gui_fonts_destroy(a->fonts);
	bones_registry_destroy(a->reg);
	free(a);
	return rc;
}
