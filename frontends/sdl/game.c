/* The GUI's game model: a session, its seats (humans and agents), the legal moves of
 * the current state with their pieces and targets, previews and the history texts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gui.h"

bool gui_game_human(const gui_game *g, int player)
{
	return player >= 0 && player < GUI_MAX_SEATS && !g->seats[player].ag;
}

int gui_game_to_move(const gui_game *g)
{
	return bones_session_to_move(g->s);
}

static bool is_human_spec(const char *spec)
{
	return !*spec || !strcmp(spec, "human");
}

static bones_status make_agents(gui_game *g, const gui_seat *seats, char *err,
				size_t errcap)
{
	const bones_game_info *info = bones_session_info(g->s);
	g->players = info->players > GUI_MAX_SEATS ? GUI_MAX_SEATS : info->players;
	for (int i = 0; i < g->players; i++) {
		gui_seat *seat = &g->seats[i];
		if (seats)
			snprintf(seat->agent, sizeof seat->agent, "%s", seats[i].agent),
				snprintf(seat->name, sizeof seat->name, "%s", seats[i].name);
		if (is_human_spec(seat->agent)) {
			snprintf(seat->agent, sizeof seat->agent, "human");
			continue;
		}
		uint64_t seed = bones_session_seed(g->s) * 31u + (uint64_t)i + 1;
		bones_status st = bones_agent_create(seat->agent, g->plugin,
						     bones_session_game(g->s), info, seed,
						     &seat->ag, err, errcap);
		if (st != BONES_OK)
			return st;
	}
	return BONES_OK;
}

static bones_status setup(gui_game *g, const gui_seat *seats, char *err, size_t errcap)
{
	g->plugin = bones_session_plugin(g->s);
	g->render = NULL;
	if (g->plugin->get_extension)
		g->render = g->plugin->get_extension(bones_session_game(g->s), BONES_RENDER_ID);
	if (!g->render) {
		snprintf(err, errcap, "'%s' has no %s extension: it cannot be drawn",
			 g->plugin->id, BONES_RENDER_ID);
		return BONES_ENOTFOUND;
	}
	snprintf(g->title, sizeof g->title, "%s", g->plugin->name);
	const bones_game_info *info = bones_session_info(g->s);
	g->move_cap = info->max_moves ? info->max_moves : 1;
	g->moves = calloc(g->move_cap, sizeof *g->moves);
	g->places = calloc(g->move_cap, sizeof *g->places);
	g->scratch = calloc(1, info->state_size ? info->state_size : 1);
	if (!g->moves || !g->places || !g->scratch) {
		snprintf(err, errcap, "out of memory");
		return BONES_ENOMEM;
	}
	bones_status st = make_agents(g, seats, err, errcap);
	if (st == BONES_OK)
		st = gui_game_refresh(g);
	return st;
}

bones_status gui_game_adopt(gui_game *g, bones_session *s, const gui_seat *seats,
			    char *err, size_t errcap)
{
	memset(g, 0, sizeof *g);
	g->s = s;
	bones_status st = setup(g, seats, err, errcap);
	if (st != BONES_OK)
		gui_game_release(g);
	return st;
}

bones_status gui_game_start(gui_game *g, const bones_plugin *plugin,
			    const bones_options *opts, const gui_seat *seats, uint64_t seed,
			    char *err, size_t errcap)
{
	bones_session *s = NULL;
	memset(g, 0, sizeof *g);
	bones_status st = bones_session_create(plugin, opts, seed, &s, err, errcap);
	if (st != BONES_OK)
		return st;
	return gui_game_adopt(g, s, seats, err, errcap);
}

void gui_game_release(gui_game *g)
{
	for (int i = 0; i < GUI_MAX_SEATS; i++)
		bones_agent_destroy(g->seats[i].ag);
	bones_agent_destroy(g->hint);
	bones_session_destroy(g->s);
	free(g->moves);
	free(g->places);
	free(g->scratch);
	free(g->redo);
	memset(g, 0, sizeof *g);
}

bones_agent *gui_game_hint_agent(gui_game *g, char *err, size_t errcap)
{
	if (!g->hint &&
	    bones_agent_create(BONES_HINT_AGENT, g->plugin, bones_session_game(g->s),
			       bones_session_info(g->s), bones_session_seed(g->s) ^ 0x5bd1e995u,
			       &g->hint, err, errcap) != BONES_OK)
		g->hint = NULL;
	return g->hint;
}

bones_status gui_game_refresh(gui_game *g)
{
	bones_status st = bones_session_resolve_chance(g->s);
	g->move_count = 0;
	if (st != BONES_OK)
		return st;
	int who = bones_session_to_move(g->s);
	if (who < 0)
		return BONES_OK;
	const void *state = bones_session_state(g->s);
	const void *game = bones_session_game(g->s);
	g->move_count = g->plugin->legal_moves(game, state, g->moves, NULL, g->move_cap);
	for (size_t i = 0; i < g->move_count; i++) {
		bones_move_place *p = &g->places[i];
		memset(p, 0, sizeof *p);
		if (g->render->move_place(game, state, g->moves[i], p) != BONES_OK)
			p->piece = -2, p->target = -1;
	}
	return BONES_OK;
}

bones_status gui_game_play(gui_game *g, bones_move move)
{
	bones_status st = bones_session_play(g->s, move);
	if (st == BONES_OK) {
		g->redo_count = 0; /* a new move: what was undone cannot come back */
		st = gui_game_refresh(g);
	}
	return st;
}

/* Keep the move at history index i for redo (pushed newest first, so it pops first). */
static bool push_redo(gui_game *g, size_t i)
{
	if (g->redo_count == g->redo_cap) {
		size_t cap = g->redo_cap ? 2 * g->redo_cap : 64;
		bones_move *m = realloc(g->redo, cap * sizeof *m);
		if (!m)
			return false;
		g->redo = m, g->redo_cap = cap;
	}
	g->redo[g->redo_count++] = bones_session_move_at(g->s, i);
	return true;
}

bool gui_game_undo(gui_game *g)
{
	size_t n = bones_session_length(g->s);
	size_t i = n;
	/* The last move made by a human, if any. */
	while (i > 0 && !gui_game_human(g, bones_session_mover_at(g->s, i - 1)))
		i--;
	if (i == 0)
		return false;
	i--;
	while (bones_session_length(g->s) > i) {
		bool kept = push_redo(g, bones_session_length(g->s) - 1);
		if (bones_session_undo(g->s) != BONES_OK)
			break;
		if (!kept)
			g->redo_count = 0; /* out of memory: no redo rather than a wrong one */
	}
	gui_game_refresh(g);
	return true;
}

bool gui_game_redo(gui_game *g)
{
	if (g->redo_count == 0)
		return false;
	/* the human move undone, then chance and agents' replies up to a human's turn */
	do {
		if (bones_session_play(g->s, g->redo[--g->redo_count]) != BONES_OK) {
			g->redo_count = 0;
			break;
		}
	} while (g->redo_count > 0 && !gui_game_human(g, bones_session_to_move(g->s)));
	gui_game_refresh(g);
	return true;
}

double gui_game_preview(gui_game *g, bones_move move, char *bd, size_t cap)
{
	const bones_game_info *info = bones_session_info(g->s);
	const void *game = bones_session_game(g->s);
	double before[GUI_MAX_SEATS] = {0}, after[GUI_MAX_SEATS] = {0};
	int who = bones_session_to_move(g->s);
	if (bd && cap)
		bd[0] = '\0';
	if (who < 0 || info->players > GUI_MAX_SEATS)
		return 0;
	memcpy(g->scratch, bones_session_state(g->s), info->state_size);
	g->plugin->scores(game, g->scratch, before);
	if (g->plugin->apply(game, g->scratch, move) != BONES_OK)
		return 0;
	g->plugin->scores(game, g->scratch, after);
	if (bd && g->plugin->breakdown)
		g->plugin->breakdown(game, g->scratch, bd, cap);
	return after[who] - before[who];
}

void gui_game_move_text(const gui_game *g, size_t i, char *buf, size_t cap)
{
	const void *game = bones_session_game(g->s);
	buf[0] = '\0';
	if (!g->plugin->format_move(game, bones_session_state_at(g->s, i),
				    bones_session_move_at(g->s, i), buf, cap))
		snprintf(buf, cap, "?");
}

void gui_game_breakdown_after(const gui_game *g, size_t i, char *buf, size_t cap)
{
	buf[0] = '\0';
	if (g->plugin->breakdown)
		g->plugin->breakdown(bones_session_game(g->s), bones_session_state_at(g->s, i + 1),
				     buf, cap);
}

void gui_game_seat_label(const gui_game *g, int p, char *buf, size_t cap)
{
	const gui_seat *seat = &g->seats[p];
	if (seat->name[0])
		snprintf(buf, cap, "%s", seat->name);
	else if (seat->ag)
		snprintf(buf, cap, "Player %d (%.40s)", p + 1, seat->agent);
	else
		snprintf(buf, cap, "Player %d", p + 1);
}

size_t gui_game_player_moves(const gui_game *g, size_t upto)
{
	size_t n = 0;
	for (size_t i = 0; i < upto; i++)
		n += bones_session_mover_at(g->s, i) >= 0;
	return n;
}

size_t gui_game_position_after(const gui_game *g, long n)
{
	size_t len = bones_session_length(g->s), i = 0;
	if (n < 0)
		return len;
	for (long seen = 0; i < len; i++) {
		if (bones_session_mover_at(g->s, i) >= 0) {
			if (seen == n)
				break;
			seen++;
		}
	}
	return i;
}
