/* The replay's analysis (A): bones_analysis_run on a copy of the game, read back from
 * its record, in a thread of its own; the window draws an evaluation graph over the
 * board's lower edge, the verdict of the move about to be played, the preferred move
 * as a ghost, and the verdicts' marks in the move log (panel.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"
#include "bones/record.h"

#include "app.h"

static bool cancelled(void *ctx)
{
	gui_analysis *an = ctx;
	return SDL_AtomicGet(&an->cancel) != 0;
}

static void progress(void *ctx, const bones_analysis_move *m)
{
	(void)m;
	gui_analysis *an = ctx;
	SDL_AtomicAdd(&an->progress, 1);
	SDL_Event ev = {.type = an->wake}; /* a frame shows the progress */
	SDL_PushEvent(&ev);
}

static int analysis_main(void *data)
{
	gui_analysis *an = data;
	bones_analysis_options o = {.agent = BONES_ANALYSIS_AGENT, .seed = 1,
				    .progress = progress, .ctx = an, .cancelled = cancelled};
	an->status = bones_analysis_run(&an->result, an->copy, &o, an->err, sizeof an->err);
	SDL_AtomicSet(&an->done, 1);
	SDL_Event ev = {.type = an->wake};
	SDL_PushEvent(&ev);
	return 0;
}

/* The game on screen as a session of its own, through its record. */
static bones_session *copy_game(gui_app *a, char *err, size_t errcap)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	bones_session *s = NULL;
	if (!f || bones_record_write(a->game.s, NULL, f) != BONES_OK) {
		if (f)
			fclose(f);
		free(text);
		snprintf(err, errcap, "%s", _("the record cannot be written"));
		return NULL;
	}
	fclose(f);
	f = fmemopen(text, len, "r");
	if (!f || bones_record_read(f, a->game.title, a->reg, &s, err, errcap) != BONES_OK) {
		if (s)
			bones_session_destroy(s);
		s = NULL;
	}
	if (f)
		fclose(f);
	free(text);
	return s;
}

void gui_analysis_start(gui_app *a)
{
	gui_analysis *an = &a->replay.analysis;
	if (an->thread) {
		gui_toast(a, "%s", _("the analysis is running"));
		return;
	}
	gui_analysis_stop(a);
	char err[256] = "";
	an->copy = copy_game(a, err, sizeof err);
	if (!an->copy) {
		gui_toast(a, "%s", err);
		return;
	}
	an->wake = a->wake_event;
	an->total = bones_choices_player_moves(an->copy, bones_session_length(an->copy));
	an->generation = a->generation;
	SDL_AtomicSet(&an->cancel, 0);
	SDL_AtomicSet(&an->done, 0);
	SDL_AtomicSet(&an->progress, 0);
	an->thread = SDL_CreateThread(analysis_main, "bones-analysis", an);
	if (!an->thread)
		gui_toast(a, "%s", _("cannot start the analysis' thread"));
}

void gui_analysis_stop(gui_app *a)
{
	gui_analysis *an = &a->replay.analysis;
	if (an->thread) {
		SDL_AtomicSet(&an->cancel, 1); /* at the next move */
		SDL_WaitThread(an->thread, NULL);
		an->thread = NULL;
	}
	if (an->ready)
		bones_analysis_release(&an->result);
	an->ready = false;
	if (an->copy)
		bones_session_destroy(an->copy);
	an->copy = NULL;
}

bool gui_analysis_running(gui_app *a)
{
	gui_analysis *an = &a->replay.analysis;
	if (!an->thread || !SDL_AtomicGet(&an->done))
		return an->thread != NULL;
	SDL_WaitThread(an->thread, NULL);
	an->thread = NULL;
	an->ready = an->status == BONES_OK;
	if (an->ready) {
		printf("analysis: %zu moves\n", an->result.count);
		for (size_t i = 0; i < an->result.count; i++) {
			const bones_analysis_move *m = &an->result.moves[i];
			printf("analysis: move %zu: player %d: %s\n", m->index + 1, m->mover + 1,
			       bones_analysis_verdict_name(m->verdict));
		}
		fflush(stdout);
	} else {
		gui_toast(a, "%s", an->err);
	}
	return false;
}

/* The analysed move at history index i of the game on screen, or NULL. */
const bones_analysis_move *gui_analysis_at(const gui_app *a, size_t i)
{
	const gui_analysis *an = &a->replay.analysis;
	if (!an->ready || an->generation != a->generation)
		return NULL; /* the game changed since */
	for (size_t k = 0; k < an->result.count; k++)
		if (an->result.moves[k].index == i)
			return &an->result.moves[k];
	return NULL;
}

const char *gui_analysis_mark(const gui_app *a, size_t i)
{
	static const char *const marks[BONES_VERDICT_COUNT] = {"", "", " ?!", " ?", " ??"};
	const bones_analysis_move *m = gui_analysis_at(a, i);
	return m ? marks[m->verdict] : "";
}

/* The analysed move played from position pos: the next player move, reached through
 * chance outcomes only; NULL if none. */
static const bones_analysis_move *next_move(const gui_app *a, size_t pos)
{
	size_t len = bones_session_length(a->game.s);
	for (size_t i = pos; i < len; i++)
		if (bones_session_mover_at(a->game.s, i) >= 0)
			return gui_analysis_at(a, i);
	return NULL;
}

static bones_color verdict_color(bones_verdict v)
{
	static const bones_color c[BONES_VERDICT_COUNT] = {
		BONES_RGBA(120, 200, 120, 255), BONES_RGBA(200, 200, 200, 255),
		BONES_RGBA(240, 210, 80, 255), BONES_RGBA(240, 140, 50, 255),
		BONES_RGBA(230, 60, 50, 255)};
	return c[v];
}

/* Each seat's win chance after its moves over the game, the position shown marked. */
static void graph(gui_app *a, SDL_FRect g, const bones_analysis_move *now)
{
	static const bones_color seat[4] = {BONES_RGBA(230, 90, 80, 255),
					    BONES_RGBA(90, 150, 230, 255),
					    BONES_RGBA(90, 200, 120, 255),
					    BONES_RGBA(190, 120, 220, 255)};
	const bones_analysis *r = &a->replay.analysis.result;
	float u = a->layout.u;
	gui_fill_rect(&a->draw, g, BONES_RGBA(20, 24, 30, 215));
	gui_line_px(&a->draw, g.x, g.y + g.h / 2, g.x + g.w, g.y + g.h / 2,
		    BONES_RGBA(110, 110, 110, 255), 1);
	float x0 = g.x + u, w = g.w - 2 * u, y0 = g.y + 0.3f * u, h = g.h - 0.6f * u;
	for (int p = 0; p < a->game.players; p++) {
		float px = -1, py = 0;
		for (size_t k = 0; k < r->count; k++) {
			const bones_analysis_move *m = &r->moves[k];
			if (m->mover != p)
				continue;
			float x = x0 + w * (r->count > 1 ? (float)k / (float)(r->count - 1) : 0.5f);
			float y = y0 + h * (1 - (float)m->win_after);
			if (px >= 0)
				gui_line_px(&a->draw, px, py, x, y, seat[p % 4], 2);
			px = x, py = y;
			if (m == now)
				gui_line_px(&a->draw, x, g.y, x, g.y + g.h, BONES_RGBA(255, 255, 255, 200), 1);
			bool bad = m->verdict >= BONES_VERDICT_INACCURACY;
			gui_circle_px(&a->draw, x, y, bad ? 0.3f * u : 0.18f * u,
				      bad ? verdict_color(m->verdict) : seat[p % 4],
				      BONES_RGBA(0, 0, 0, 255), 1);
		}
	}
}

/* The line over the graph: the verdict of the move played from here, or the progress. */
static void caption(gui_app *a, const bones_analysis_move *m, char *buf, size_t cap)
{
	const gui_analysis *an = &a->replay.analysis;
	if (an->thread) {
		snprintf(buf, cap, _("analysing: %d of %zu moves"), SDL_AtomicGet((SDL_atomic_t *)&an->progress),
			 an->total);
	} else if (!m) {
		snprintf(buf, cap, "%s", _("analysis: the end of the analysed moves"));
	} else {
		char played[BONES_MOVE_TEXT_MAX], best[BONES_MOVE_TEXT_MAX];
		const bones_plugin *p = a->game.plugin;
		const void *game = bones_session_game(a->game.s),
			   *state = bones_session_state_at(a->game.s, m->index);
		if (!p->format_move(game, state, m->played, played, sizeof played))
			snprintf(played, sizeof played, "?");
		if (!p->format_move(game, state, m->preferred, best, sizeof best))
			snprintf(best, sizeof best, "?");
		if (m->played == m->preferred)
			/* TRANSLATORS: the next move's analysis: player, move, verdict, win chance */
			snprintf(buf, cap, _("next: P%d %s: %s, win %.0f%%"), m->mover + 1, played,
				 _(bones_analysis_verdict_name(m->verdict)), 100 * m->win_after);
		else
			/* TRANSLATORS: ... and the preferred move (drawn as a ghost), its win chance */
			snprintf(buf, cap, _("next: P%d %s: %s, win %.0f%%; best %s (ghost), win %.0f%%"),
				 m->mover + 1, played, _(bones_analysis_verdict_name(m->verdict)),
				 100 * m->win_after, best, 100 * m->win_before);
	}
}

void gui_analysis_draw(gui_app *a, size_t pos)
{
	const gui_analysis *an = &a->replay.analysis;
	if (!an->thread && !(an->ready && an->generation == a->generation))
		return;
	const bones_analysis_move *m = an->thread ? NULL : next_move(a, pos);
	SDL_FRect b = a->layout.board;
	float u = a->layout.u;
	if (m && m->preferred != m->played && a->game.render) { /* the preferred move's ghost */
		gui_clip(&a->draw, b);
		a->draw.view = a->view.board_view;
		gui_ghost_begin(&a->draw); /* see-through, never taken for a move played */
		a->game.render->draw_ghost(gui_game_drawn(&a->game),
					   bones_session_state_at(a->game.s, m->index), m->preferred,
					   &a->draw.canvas);
		gui_ghost_end(&a->draw, 0.45);
		gui_unclip(&a->draw);
	}
	char text[400];
	caption(a, m, text, sizeof text);
	SDL_FRect g = {b.x, b.y + b.h - 5.5f * u, b.w, 5.5f * u};
	gui_fill_rect(&a->draw, (SDL_FRect){g.x, g.y - 1.5f * u, g.w, 1.5f * u},
		      BONES_RGBA(20, 24, 30, 235));
	gui_text_fit(&a->draw, g.x + u / 2, g.y - 0.75f * u, 0.9f * u, g.w - u,
		     m ? verdict_color(m->verdict) : BONES_RGBA(245, 245, 245, 255),
		     BONES_ALIGN_LEFT, text);
	if (!an->thread)
		graph(a, g, m);
}
