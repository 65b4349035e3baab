/* The GUI's host services: time per move for human seats (the preset's [time]: limit,
 * penalty, grace, forfeit) and match play (the preset's [match]: the seats rotating,
 * totals by participant). Agents are not timed. */
#include <stdio.h>
#include <string.h>

#include "app.h"

static bool low_wins(const gui_app *a)
{
	return a->game.plugin->flags & BONES_LOW_SCORE_WINS;
}

void gui_timer_launched(gui_app *a, int idx, int k)
{
	const gui_entry *e = &a->entries[idx];
	a->time = e->time;
	int64_t ms;
	if (a->time_arg[0] && bones_clock_parse_duration(a->time_arg[0], &ms) && ms > 0)
		a->time.per_move_ms = ms;
	if (a->time_arg[1] && bones_clock_parse_duration(a->time_arg[1], &ms))
		a->time.grace_ms = ms;
	a->clock_seat = -1;
	a->forfeited = 0;
	memset(a->penalties, 0, sizeof a->penalties);
	a->match_counted = false;
	if (k > 0)
		return; /* the match goes on */
	memset(&a->match, 0, sizeof a->match);
	if (e->match_games > 0 &&
	    bones_match_init(&a->match, a->game.players, e->match_games, low_wins(a)) == BONES_OK) {
		a->match_entry = idx;
		a->match_seed = bones_session_seed(a->game.s);
		memcpy(a->match_seats, a->game.seats, sizeof a->match_seats);
		for (int i = 0; i < GUI_MAX_SEATS; i++)
			a->match_seats[i].ag = NULL; /* the game owns its agents */
	}
}

bool gui_timer_live(const gui_app *a)
{
	return !a->forfeited;
}

static bool timed_turn(const gui_app *a)
{
	int who = gui_game_to_move(&a->game);
	return a->time.per_move_ms > 0 && a->screen == SCREEN_PLAY && !a->forfeited &&
	       who >= 0 && gui_game_human(&a->game, who);
}

static void count_game(gui_app *a)
{
	double scores[GUI_MAX_SEATS];
	int ranks[GUI_MAX_SEATS];
	if (a->match_counted || !a->match.games || bones_match_over(&a->match))
		return;
	gui_timer_final(a, scores, ranks);
	bones_match_add(&a->match, scores, ranks);
	a->match_counted = true;
	printf("match after game %d of %d:", a->match.played, a->match.games);
	for (int p = 0; p < a->match.players; p++)
		printf(" %g", a->match.total[p]);
	printf("\n");
	fflush(stdout);
}

void gui_timer_update(gui_app *a)
{
	bool over = gui_game_to_move(&a->game) == BONES_TERMINAL || a->forfeited;
	if (over && a->screen == SCREEN_PLAY)
		count_game(a);
	if (!timed_turn(a)) {
		a->clock_seat = -1;
		return;
	}
	int who = gui_game_to_move(&a->game);
	int64_t now = bones_clock_now_ms();
	size_t at = bones_session_length(a->game.s);
	if (a->clock_seat != who || a->clock_at != at) {
		bones_clock_init(&a->clock, &a->time);
		bones_clock_start(&a->clock, now);
		a->clock_seat = who, a->clock_at = at;
	}
	bool penalised = false;
	bones_clock_phase ph = bones_clock_update(&a->clock, now, &penalised);
	char name[96];
	gui_game_seat_label(&a->game, who, name, sizeof name);
	if (penalised) {
		a->penalties[who] += a->time.penalty;
		gui_toast(a, "Time is up: %s gets a penalty of %g points", name, a->time.penalty);
		printf("penalty: player %d: %g\n", who + 1, a->time.penalty);
	}
	if (ph == BONES_CLOCK_FORFEIT) {
		a->forfeited = who + 1;
		a->sel = a->hover = -1;
		gui_toast(a, "Out of time: %s forfeits the game", name);
		printf("forfeit: player %d\n", who + 1);
		count_game(a);
	}
	fflush(stdout);
}

void gui_timer_status(const gui_app *a, char *buf, size_t cap)
{
	buf[0] = '\0';
	if (!timed_turn(a) || a->clock_seat < 0)
		return;
	int64_t left = bones_clock_remaining(&a->clock, bones_clock_now_ms());
	int64_t s = (left + 999) / 1000;
	if (a->clock.phase == BONES_CLOCK_OVERTIME)
		snprintf(buf, cap, "  [out of time]");
	else
		snprintf(buf, cap, "  [%s%d:%02d]", a->clock.phase == BONES_CLOCK_GRACE ? "grace " : "",
			 (int)(s / 60), (int)(s % 60));
}

float gui_timer_fraction(const gui_app *a)
{
	if (!timed_turn(a) || a->clock_seat < 0)
		return -1;
	int64_t left = bones_clock_remaining(&a->clock, bones_clock_now_ms());
	int64_t whole = a->clock.phase == BONES_CLOCK_GRACE ? a->time.grace_ms
							    : a->time.per_move_ms;
	return whole > 0 ? (float)left / (float)whole : 0;
}

void gui_timer_final(const gui_app *a, double *scores, int *ranks)
{
	const gui_game *g = &a->game;
	const void *game = bones_session_game(g->s), *state = bones_session_state(g->s);
	double plugin[GUI_MAX_SEATS] = {0};
	int pranks[GUI_MAX_SEATS] = {0};
	bool over = gui_game_to_move(g) == BONES_TERMINAL;
	g->plugin->scores(game, state, plugin);
	if (over)
		bones_record_ranks(g->plugin, game, state, g->players, pranks);
	bones_preset_final_result(low_wins(a), g->players, plugin, over ? pranks : NULL,
				  a->penalties, a->forfeited - 1, scores, ranks);
}

void gui_timer_tags(const gui_app *a, const char **tags, char (*buf)[160])
{
	int n = 0, b = 0;
	bool over = gui_game_to_move(&a->game) == BONES_TERMINAL || a->forfeited;
	if (a->time.per_move_ms > 0) {
		const bones_time_control *tc = &a->time;
		snprintf(buf[b], 160, "per_move=%gs penalty=%g grace=%gs forfeit=%s",
			 (double)tc->per_move_ms / 1000, tc->penalty, (double)tc->grace_ms / 1000,
			 tc->forfeit ? "true" : "false");
		tags[n++] = "TimeControl", tags[n++] = buf[b++];
		size_t used = 0;
		buf[b][0] = '\0';
		for (int i = 0; i < a->game.players && used < 140; i++)
			used += (size_t)snprintf(buf[b] + used, 160 - used, "%s%g", i ? " " : "",
						 a->penalties[i]);
		tags[n++] = "Penalties", tags[n++] = buf[b++];
	}
	if (a->forfeited) {
		snprintf(buf[b], 160, "%d", a->forfeited);
		tags[n++] = "Forfeit", tags[n++] = buf[b++];
	}
	if (over && (a->time.per_move_ms > 0 || a->forfeited)) {
		double scores[GUI_MAX_SEATS];
		int ranks[GUI_MAX_SEATS];
		gui_timer_final(a, scores, ranks);
		bones_preset_result_text(a->game.players, scores, ranks, buf[b], 160);
		tags[n++] = "FinalResult", tags[n++] = buf[b++];
	}
	if (a->match.games) {
		int k = a->match.played - (a->match_counted ? 1 : 0);
		snprintf(buf[b], 160, "game %d of %d", k + 1, a->match.games);
		tags[n++] = "Match", tags[n++] = buf[b++];
	}
	tags[n] = NULL;
}

void gui_timer_match_seats(const gui_app *a, int k, gui_seat *seats)
{
	for (int s = 0; s < a->match.players; s++)
		seats[s] = a->match_seats[bones_match_participant(&a->match, k, s)];
}

bool gui_timer_next_game(gui_app *a)
{
	if (!a->match.games || !a->match_counted || bones_match_over(&a->match))
		return false;
	return gui_start_launch_game(a, a->match_entry, a->match.played);
}
