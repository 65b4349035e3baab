/* The clock and the match on screen: the table (bones/table.h) keeps time, penalties,
 * forfeit and the match; here they become toasts, the status line's clock, the printed
 * lines scripts check, and the match's next game. Agents are not timed. */
#include <stdio.h>
#include <string.h>

#include "bones/i18n.h"

#include "app.h"

bool gui_timer_live(const gui_app *a)
{
	return bones_table_forfeit(a->game.table) < 0;
}

/* A human of this game is to move on the play screen with a clock running. */
static bool clock_shown(const gui_app *a)
{
	return a->screen == SCREEN_PLAY && bones_table_clock_phase(a->game.table) != BONES_CLOCK_OFF;
}

static void count_game(gui_app *a)
{
	if (!bones_table_count_game(a->game.table))
		return;
	const bones_match *m = bones_table_match(a->game.table);
	printf("match after game %d of %d:", m->played, m->games);
	for (int p = 0; p < m->players; p++)
		printf(" %g", m->total[p]);
	printf("\n");
	fflush(stdout);
}

void gui_timer_update(gui_app *a)
{
	bones_table *t = a->game.table;
	if (a->screen != SCREEN_PLAY)
		return;
	if (bones_table_over(t)) {
		count_game(a);
		return;
	}
	bones_table_tick_result r;
	bones_table_tick(t, bones_clock_now_ms(), &r);
	char name[120];
	if (r.penalised >= 0) {
		double penalty = bones_table_time(t)->penalty;
		gui_toast(a, P_("Time is up: %s gets a penalty of %g point",
				"Time is up: %s gets a penalty of %g points",
				penalty == 1 ? 1 : 2),
			  gui_game_seat_text(&a->game, r.penalised, name, sizeof name), penalty);
		printf("penalty: player %d: %g\n", r.penalised + 1, penalty);
	}
	if (r.forfeited >= 0) {
		a->play.sel = a->play.hover = -1;
		gui_toast(a, _("Out of time: %s forfeits the game"),
			  gui_game_seat_text(&a->game, r.forfeited, name, sizeof name));
		printf("forfeit: player %d\n", r.forfeited + 1);
		count_game(a);
	}
	fflush(stdout);
}

/* With a game clock, every human seat's time left: "  [Ann 4:32 · Bob 5:00]". */
static void bank_status(const gui_app *a, char *buf, size_t cap)
{
	int64_t now = bones_clock_now_ms();
	size_t used = (size_t)snprintf(buf, cap, "  [");
	const char *sep = "";
	for (int s = 0; s < bones_table_players(a->game.table) && used < cap; s++) {
		char name[120], clock[32];
		if (!bones_table_human(a->game.table, s))
			continue; /* agents are not timed */
		gui_game_seat_text(&a->game, s, name, sizeof name);
		bones_clock_text(bones_table_bank(a->game.table, s, now), clock, sizeof clock);
		used += (size_t)snprintf(buf + used, cap - used, "%s%s %s", sep, name, clock);
		sep = " · ";
	}
	if (used < cap)
		snprintf(buf + used, cap - used, "]");
}

void gui_timer_status(const gui_app *a, char *buf, size_t cap)
{
	buf[0] = '\0';
	if (!clock_shown(a))
		return;
	bones_clock_phase phase = bones_table_clock_phase(a->game.table);
	int64_t left = bones_table_clock_remaining(a->game.table, bones_clock_now_ms());
	char left_text[64], clock[32];
	bones_clock_text(left, clock, sizeof clock);
	if (phase == BONES_CLOCK_OVERTIME)
		snprintf(left_text, sizeof left_text, "%s", _("out of time"));
	else if (phase == BONES_CLOCK_GRACE) /* TRANSLATORS: the grace period's time left */
		snprintf(left_text, sizeof left_text, _("grace %s"), clock);
	else
		snprintf(left_text, sizeof left_text, "%s", clock);
	int n = snprintf(buf, cap, "  [%s]", left_text);
	if (bones_table_time(a->game.table)->per_game_ms > 0 && n > 0 && (size_t)n < cap)
		bank_status(a, buf + n, cap - (size_t)n);
}

float gui_timer_fraction(const gui_app *a)
{
	if (!clock_shown(a))
		return -1;
	const bones_time_control *tc = bones_table_time(a->game.table);
	bones_clock_phase phase = bones_table_clock_phase(a->game.table);
	int64_t left = bones_table_clock_remaining(a->game.table, bones_clock_now_ms());
	int64_t whole = phase == BONES_CLOCK_GRACE ? tc->grace_ms
			: tc->per_move_ms > 0 ? tc->per_move_ms : tc->per_game_ms;
	return whole > 0 ? (float)left / (float)whole : 0;
}

