/* The window's size: the size it was last left at (kept in SDL's preferences folder,
 * XDG_DATA_HOME/bones/window-size), else 1280x800; either made to fit the screen's
 * usable area (a 1366x768 laptop, a panel), title bar included. */
#include <stdio.h>
#include <stdlib.h>

#include "app.h"

#define WINDOW_FILE "window-size"

/* XDG_DATA_HOME/bones/window-size (the folder made when missing); false when unknown. */
static bool kept_path(char *buf, size_t cap)
{
	char *dir = SDL_GetPrefPath("", "bones");
	if (!dir)
		return false;
	int n = snprintf(buf, cap, "%s%s", dir, WINDOW_FILE);
	SDL_free(dir);
	return n > 0 && (size_t)n < cap;
}

void gui_window_size(int *w, int *h)
{
	char path[1024];
	FILE *f = kept_path(path, sizeof path) ? fopen(path, "r") : NULL;
	int kw = 0, kh = 0;
	*w = 1280, *h = 800;
	if (f && fscanf(f, "%dx%d", &kw, &kh) == 2 && kw >= GUI_WINDOW_MIN_W && kh >= GUI_WINDOW_MIN_H &&
	    kw <= 16384 && kh <= 16384)
		*w = kw, *h = kh;
	if (f)
		fclose(f);
	SDL_Rect usable;
	if (SDL_GetDisplayUsableBounds(0, &usable) != 0)
		return;
	/* room for the window manager's frame and title bar */
	int fit_w = usable.w - 40, fit_h = usable.h - 60;
	*w = *w > fit_w && fit_w >= GUI_WINDOW_MIN_W ? fit_w : *w;
	*h = *h > fit_h && fit_h >= GUI_WINDOW_MIN_H ? fit_h : *h;
}

void gui_window_keep(SDL_Window *win)
{
	char path[1024], tmp[1040];
	int w = 0, h = 0;
	if (!win || (SDL_GetWindowFlags(win) & (SDL_WINDOW_MAXIMIZED | SDL_WINDOW_FULLSCREEN)) ||
	    !kept_path(path, sizeof path))
		return;
	SDL_GetWindowSize(win, &w, &h);
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	FILE *f = fopen(tmp, "w");
	if (!f)
		return; /* a preference only: the next window has the default size */
	bool ok = fprintf(f, "%dx%d\n", w, h) > 0;
	ok = fclose(f) == 0 && ok;
	if (!ok || rename(tmp, path) != 0)
		remove(tmp);
}
