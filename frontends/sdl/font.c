/* Fonts for the GUI: DejaVu Sans located through fontconfig, opened with SDL_ttf at
 * each pixel size on first use and kept until the GUI closes. */
#include <fontconfig/fontconfig.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"

#include "gui.h"

#define FONT_MIN 4
#define FONT_MAX 200

struct gui_fonts {
	char path[1024];
	TTF_Font *sizes[FONT_MAX + 1];
};

static bool find_font(char *path, size_t cap)
{
	const char *env = getenv("BONES_GUI_FONT");
	if (env && *env) {
		snprintf(path, cap, "%s", env);
		return true;
	}
	FcConfig *config = FcInitLoadConfigAndFonts();
	if (!config)
		return false;
	bool ok = false;
	FcPattern *pat = FcNameParse((const FcChar8 *)"DejaVu Sans");
	if (pat) {
		FcConfigSubstitute(config, pat, FcMatchPattern);
		FcDefaultSubstitute(pat);
		FcResult res;
		FcPattern *match = FcFontMatch(config, pat, &res);
		FcChar8 *file = NULL;
		if (match && FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch) {
			snprintf(path, cap, "%s", (const char *)file);
			ok = true;
		}
		if (match)
			FcPatternDestroy(match);
		FcPatternDestroy(pat);
	}
	FcConfigDestroy(config);
	return ok;
}

gui_fonts *gui_fonts_create(char *err, size_t errcap)
{
	if (!TTF_WasInit() && TTF_Init() != 0) {
		snprintf(err, errcap, _("cannot start SDL_ttf: %s"), TTF_GetError());
		return NULL;
	}
	gui_fonts *f = calloc(1, sizeof *f);
	if (!f) {
		snprintf(err, errcap, "%s", _("out of memory"));
		return NULL;
	}
	if (!find_font(f->path, sizeof f->path)) {
		snprintf(err, errcap, "%s", _("cannot find the font 'DejaVu Sans': install fonts-dejavu-core"));
		free(f);
		return NULL;
	}
	TTF_Font *probe = TTF_OpenFont(f->path, 16);
	if (!probe) {
		snprintf(err, errcap, _("cannot open the font '%s': %s"), f->path, TTF_GetError());
		free(f);
		return NULL;
	}
	f->sizes[16] = probe;
	return f;
}

void gui_fonts_destroy(gui_fonts *f)
{
	if (!f)
		return;
	for (int i = 0; i <= FONT_MAX; i++)
		if (f->sizes[i])
			TTF_CloseFont(f->sizes[i]);
	free(f);
	/* The GUI is closing (gui_draw_release came first): free Cairo's font caches. */
	bones_picture_release_caches();
}

TTF_Font *gui_fonts_get(gui_fonts *f, int px)
{
	if (px < FONT_MIN)
		px = FONT_MIN;
	if (px > FONT_MAX)
		px = FONT_MAX;
	if (!f->sizes[px])
		f->sizes[px] = TTF_OpenFont(f->path, px);
	return f->sizes[px];
}
