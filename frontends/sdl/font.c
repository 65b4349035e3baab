/* The GUI's font: DejaVu Sans located through fontconfig and checked once at the start,
 * so a missing font is said plainly; Cairo draws all text (bones/picture.h). */
#include <errno.h>
#include <fontconfig/fontconfig.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"

#include "gui.h"

struct gui_fonts {
	char path[1024];
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
	FILE *probe = fopen(f->path, "rb");
	if (!probe) {
		snprintf(err, errcap, _("cannot open the font '%s': %s"), f->path, strerror(errno));
		free(f);
		return NULL;
	}
	fclose(probe);
	return f;
}

void gui_fonts_destroy(gui_fonts *f)
{
	if (!f)
		return;
	free(f);
	/* The GUI is closing (gui_draw_release came first): free Cairo's font caches. */
	bones_picture_release_caches();
}
