/* External engines in server tournaments (docs/web.md, "Engines"): the operator lists
 * the engines the server may run (`bones serve --engines FILE`, [engine.NAME] sections
 * with `command = ...`); a posted tournament names one (`engine = NAME`) and never a
 * command. A game with a person and an engine is a table whose engine seat the server
 * moves for (web_engine_seat.c); a game of engines and agents only is played by the
 * tournament library as `bones tourney` plays it (bones_tourney_play_one: its engine
 * processes, time per move and forfeits), on a thread of its own, and stored in the
 * tournament's results file. */
#include "web_tourney_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"
#include "bones/ini.h"
#include "web_table.h"


bool web_tourney_resolve(const web_tourneys *w, bones_tourney *t,
			 char (*names)[64], char *err, size_t errcap)
{
	for (int p = 0; p < t->player_count; p++) {
		bones_tourney_player *pl = &t->players[p];
		if (names)
			snprintf(names[p], 64, "%s", pl->engine);
		if (!pl->engine[0])
			continue;
		int i = 0;
		while (i < w->engine_count && strcmp(w->engines[i].name, pl->engine))
			i++;
		if (i == w->engine_count) {
			char known[512] = "";
			for (int k = 0; k < w->engine_count; k++)
				snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s",
					 k ? ", " : "", w->engines[k].name);
			snprintf(err, errcap, _("tournament:%d: %s: engine '%.100s' is not one of "
						"the server's engines (%s)"), pl->line, pl->name,
				 pl->engine, known[0] ? known : _("it lists none"));
			return false;
		}
		snprintf(pl->engine, sizeof pl->engine, "%s", w->engines[i].command);
	}
	return true;
}

void web_tourneys_engines_json(const web_tourneys *w, web_buf *out)
{
	web_buf_puts(out, "[");
	for (int i = 0; w && i < w->engine_count; i++) {
		web_buf_puts(out, i ? ",{\"name\":" : "{\"name\":");
		web_buf_json_string(out, w->engines[i].name);
		web_buf_puts(out, "}");
	}
	web_buf_puts(out, "]");
}

/* A game thread: play, then store (the row, or nothing when the server stops). */
static void *play_game(void *arg)
{
	web_engine_game *g = arg;
	web_tourneys *w = g->w;
	bones_tourney_game_row row;
	char err[512] = "";
	bones_status st = bones_tourney_play_one(g->r->t, &g->slot, &w->halt, &row);
	pthread_mutex_lock(&w->lock);
	if (!st && bones_tourney_db_add(g->r->db, &row, err, sizeof err))
		web_log("tourney %s: %s", g->r->id, err);
	else if (!st && row.forfeit[0])
		web_log("tourney %s: round %d game %d: forfeit: %s", g->r->id, g->slot.round + 1,
			g->slot.slot + 1, row.forfeit);
	g->stored = !st && !err[0];
	g->done = true;
	pthread_mutex_unlock(&w->lock);
	if (!st)
		bones_tourney_row_free(&row);
	return NULL;
}

bool web_tourney_engine_slot(web_tourneys *w, web_tourney_run *r, const bones_tourney_slot *slot)
{
	web_engine_game *free_game = NULL;
	for (int i = 0; i < WEB_ENGINE_GAMES; i++) {
		web_engine_game *g = &w->games[i];
		bool this = g->busy && g->r == r && g->slot.round == slot->round &&
			    g->slot.slot == slot->slot;
		if (g->busy && g->done) { /* its thread ended: reaped (stored, or played again) */
			pthread_join(g->thread, NULL);
			g->busy = false;
			if (this)
				return g->stored;
		}
		if (this)
			return false;
		if (!g->busy && !free_game)
			free_game = g;
	}
	if (!free_game || atomic_load(&w->halt))
		return false;
	*free_game = (web_engine_game){.w = w, .r = r, .slot = *slot, .busy = true};
	if (pthread_create(&free_game->thread, NULL, play_game, free_game)) {
		free_game->busy = false;
		return false;
	}
	web_log("tourney %s: round %d game %d: played by the engines' runner", r->id,
		slot->round + 1, slot->slot + 1);
	return false;
}

bool web_tourney_engine_playing(const web_tourneys *w, const web_tourney_run *r, int round,
				int slot)
{
	for (int i = 0; i < WEB_ENGINE_GAMES; i++)
		if (w->games[i].busy && !w->games[i].done && w->games[i].r == r &&
		    w->games[i].slot.round == round && w->games[i].slot.slot == slot)
			return true;
	return false;
}

void web_tourney_engines_stop(web_tourneys *w)
{
	atomic_store(&w->halt, true);
	for (int i = 0; i < WEB_ENGINE_GAMES; i++)
		if (w->games[i].busy) {
			pthread_join(w->games[i].thread, NULL);
			w->games[i].busy = false;
		}
}
