/* The GUI's game model: a table (session, seats and agents, clock, match, undo), the
 * legal moves of the current state with their pieces and targets, previews and the
 * history texts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"

#include "gui.h"

bool gui_game_human(const gui_game *g, int player)
{
	return bones_table_human(g->table, player);
}

const void *gui_game_drawn(const gui_game *g)
{
	return bones_text_board_is(g->render)  ? (const void *)&g->text_board
	       : bones_kit_board_is(g->render) ? (const void *)&g->text_board.kit
					       : bones_session_game(g->s);
}

int gui_game_to_move(const gui_game *g)
{
	return bones_session_to_move(g->s);
}

void gui_game_moved(gui_game *g)
{
	const void *drawn;
	g->render = bones_text_board_render(&g->text_board, g->plugin, bones_session_game(g->s),
					    g->players, &drawn);
}

/* The table is made: the plugin's picture extension (or its text board) and the buffers of the model. */
static bones_status setup(gui_game *g, char *err, size_t errcap)
{
	g->s = bones_table_session(g->table);
	g->plugin = bones_session_plugin(g->s);
	g->players = bones_table_players(g->table);
	gui_game_moved(g);
	snprintf(g->label, sizeof g->label, "%s", bones_plugin_text(g->plugin, g->plugin->name));
	const bones_game_info *info = bones_session_info(g->s);
	bones_choices_create(g->s, &g->choices);
	g->scratch = calloc(1, info->state_size ? info->state_size : 1);
	if (!g->choices || !g->scratch) {
		snprintf(err, errcap, "%s", _("out of memory"));
		return BONES_ENOMEM;
	}
	return gui_game_refresh(g);
}

/* Name the seat whose agent could not be made. */
static void seat_error(int bad_seat, char *err, size_t errcap)
{
	if (bad_seat < 0)
		return;
	char why[400];
	snprintf(why, sizeof why, "%s", err);
	snprintf(err, errcap, _("seat %d: %s"), bad_seat + 1, why);
}

bones_status gui_game_adopt(gui_game *g, bones_session *s, const gui_seat *seats,
			    char *err, size_t errcap)
{
	memset(g, 0, sizeof *g);
	int bad = -1;
	bones_status st = bones_table_adopt(s, seats, &g->table, &bad, err, errcap);
	seat_error(bad, err, errcap);
	if (st == BONES_OK)
		st = setup(g, err, errcap);
	if (st != BONES_OK)
		gui_game_release(g);
	return st;
}

bones_status gui_game_start(gui_game *g, const bones_table_setup *table_setup, char *err,
			    size_t errcap)
{
	memset(g, 0, sizeof *g);
	int bad = -1;
	bones_status st = bones_table_create(table_setup, &g->table, &bad, err, errcap);
	seat_error(bad, err, errcap);
	if (st == BONES_OK)
		st = setup(g, err, errcap);
	if (st != BONES_OK)
		gui_game_release(g);
	return st;
}

void gui_game_release(gui_game *g)
{
	bones_choices_destroy(g->choices); /* before the session it reads */
	bones_table_destroy(g->table);
	free(g->scratch);
	memset(g, 0, sizeof *g);
}

bones_status gui_game_refresh(gui_game *g)
{
	const bones_match *m = bones_table_match(g->table);
	if (m)
		snprintf(g->title, sizeof g->title, "%s %d/%d", g->label,
			 bones_table_game_index(g->table) + 1, m->games);
	else
		snprintf(g->title, sizeof g->title, "%s", g->label);
	bones_status st = bones_table_resolve_chance(g->table);
	g->move_count = 0;
	if (st != BONES_OK)
		return st;
	st = bones_choices_build(g->choices, bones_session_to_move(g->s));
	g->move_count = bones_choices_count(g->choices);
	return st;
}

const bones_choice *gui_game_choice(const gui_game *g, size_t i)
{
	return bones_choices_at(g->choices, i);
}

bones_status gui_game_play(gui_game *g, bones_move move)
{
	bones_status st = bones_table_play(g->table, move);
	bones_table_tick(g->table, bones_clock_now_ms(), NULL); /* the bank pays for the move */
	if (st == BONES_OK)
		st = gui_game_refresh(g);
	return st;
}

bool gui_game_undo(gui_game *g)
{
	int taken = bones_table_undo(g->table);
	gui_game_refresh(g);
	return taken > 0;
}

bool gui_game_redo(gui_game *g)
{
	if (!bones_table_can_redo(g->table))
		return false;
	bones_table_redo(g->table);
	gui_game_refresh(g);
	return true;
}

bool gui_game_next(gui_game *g, char *err, size_t errcap)
{
	if (bones_table_next_game(g->table, err, errcap) != BONES_OK)
		return false;
	g->record[0] = '\0'; /* each game of a match in a file of its own */
	gui_game_refresh(g);
	return true;
}

void gui_game_preview(gui_game *g, bones_move move, char *bd, size_t cap)
{
	const bones_game_info *info = bones_session_info(g->s);
	const void *game = bones_session_game(g->s);
	bd[0] = '\0';
	memcpy(g->scratch, bones_session_state(g->s), info->state_size);
	if (g->plugin->breakdown && g->plugin->apply(game, g->scratch, move) == BONES_OK)
		g->plugin->breakdown(game, g->scratch, bd, cap);
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

const char *gui_game_seat_label(const gui_game *g, int p)
{
	return bones_table_seat_name(g->table, p);
}

/* As the table names a seat (core/src table.c), in the player's language. */
static const char *seat_text(const bones_table_seat *who, int participant, char *buf,
			     size_t cap)
{
	if (who->name[0])
		snprintf(buf, cap, "%s", who->name);
	else if (!who->agent[0] || !strcmp(who->agent, "human"))
		snprintf(buf, cap, _("Player %d"), participant + 1);
	else /* TRANSLATORS: a seat played by an agent: "Player 2 (greedy)" */
		snprintf(buf, cap, _("Player %d (%s)"), participant + 1, who->agent);
	return buf;
}

const char *gui_game_seat_text(const gui_game *g, int p, char *buf, size_t cap)
{
	return seat_text(bones_table_seat_setup(g->table, p), bones_table_participant(g->table, p),
			 buf, cap);
}

const char *gui_game_participant_text(const gui_game *g, int participant, char *buf,
				      size_t cap)
{
	for (int s = 0; s < g->players; s++)
		if (bones_table_participant(g->table, s) == participant)
			return gui_game_seat_text(g, s, buf, cap);
	snprintf(buf, cap, "%s", bones_table_participant_name(g->table, participant));
	return buf;
}
