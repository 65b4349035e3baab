/* What one viewer may see of a table, as JSON: the plugin's picture for that viewer
 * (SVG), the move list with hidden moves masked, scores, and for the seat to move its
 * legal moves with their targets in picture units. Also the finished game's record. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/choices.h"
#include "bones/result.h"
#include "bones/i18n.h"
#include "bones/picture.h"
#include "bones/record.h"
#include "bones/kit_board.h"
#include "web_table_internal.h"

/* A player's move in the plugin's words for people (render.h move_words), after the
 * mover's name; false when the plugin has none for it. */
static bool move_words(const web_table *t, const void *state, bones_move move, char *buf,
		       size_t cap)
{
	const void *game = bones_session_game(t->s);
	bones_kit_board kb;
	const void *rg;
	const bones_render *r = bones_kit_board_render(&kb, t->plugin, game, &rg);
	buf[0] = '\0';
	return r && BONES_RENDER_HAS(r, move_words) && r->move_words(rg, state, move, buf, cap);
}

/* The breakdown after history entry i, its players by the seats' names. */
static void breakdown(const web_table *t, size_t i, char *why, size_t cap)
{
	char plain[512] = "";
	const char *names[WEB_MAX_SEATS];
	int count = t->row.seat_count < WEB_MAX_SEATS ? t->row.seat_count : WEB_MAX_SEATS;
	for (int k = 0; k < count; k++)
		names[k] = web_table_seat_row(t, k)->name;
	t->plugin->breakdown(bones_session_game(t->s), bones_session_state_at(t->s, i + 1),
			     plain, sizeof plain);
	bones_plugin_text_names(t->plugin, plain, names, count, why, cap);
}

/* The history entries before len, as viewer may see them: n is the history index + 1,
 * number the player move's number (chance outcomes have none, and words if the plugin
 * describes them). */
static void write_moves(const web_table *t, int viewer, size_t len, web_buf *out)
{
	const bones_plugin *p = t->plugin;
	int number = 0;
	web_buf_puts(out, "[");
	for (size_t i = 0; i < len; i++) {
		char text[BONES_MOVE_TEXT_MAX], why[512] = "", words[160] = "";
		bool visible = bones_session_seen_text(t->s, i, viewer, text, sizeof text);
		int mover = bones_session_mover_at(t->s, i);
		if (visible && mover >= 0 && p->breakdown)
			breakdown(t, i, why, sizeof why);
		if (visible && mover < 0 && !bones_session_chance_words(t->s, i, words, sizeof words))
			words[0] = '\0';
		if (visible && mover >= 0)
			move_words(t, bones_session_state_at(t->s, i), bones_session_move_at(t->s, i),
				   words, sizeof words);
		bool f = true;
		web_buf_puts(out, i ? ",{" : "{");
		web_buf_json_key(out, &f, "n");
		web_buf_printf(out, "%zu", i + 1);
		if (mover >= 0) {
			web_buf_json_key(out, &f, "number");
			web_buf_printf(out, "%d", ++number);
		}
		web_buf_json_key(out, &f, "seat");
		web_buf_printf(out, "%d", mover >= 0 ? mover + 1 : 0);
		if (words[0]) {
			web_buf_json_key(out, &f, "words");
			web_buf_json_string(out, words);
		}
		web_buf_json_key(out, &f, "text");
		web_buf_json_string(out, text);
		if (visible && mover >= 0) {
			web_buf_json_key(out, &f, "points");
			web_buf_json_number(out, bones_choices_points_at(t->s, i));
		}
		if (why[0]) {
			web_buf_json_key(out, &f, "breakdown");
			web_buf_json_string(out, why);
		}
		web_buf_puts(out, "}");
	}
	web_buf_puts(out, "]");
}

/* The seats with their scores in state: the table's result now (ranks when it is
 * over), the plugin's scores at a past position. */
static void write_seats(const web_table *t, const void *state, web_buf *out)
{
	double scores[WEB_MAX_SEATS] = {0};
	int ranks[WEB_MAX_SEATS] = {0};
	bool now = state == bones_session_state(t->s), ended = now && web_table_over(t);
	if (now)
		bones_table_result(t->table, scores, ranks);
	else
		t->plugin->scores(bones_session_game(t->s), state, scores);
	web_buf_puts(out, "[");
	for (int i = 0; i < t->row.seat_count; i++) {
		const web_seat_row *row = web_table_seat_row(t, i);
		double penalty = bones_table_penalty(t->table, i);
		bool f = true;
		web_buf_puts(out, i ? ",{" : "{");
		web_buf_json_key(out, &f, "seat");
		web_buf_printf(out, "%d", i + 1);
		web_buf_json_key(out, &f, "name");
		web_buf_json_string(out, row->name);
		web_buf_json_key(out, &f, "kind");
		web_buf_json_string(out, row->kind);
		web_buf_json_key(out, &f, "open");
		web_buf_puts(out, row->open ? "true" : "false");
		web_buf_json_key(out, &f, "score");
		web_buf_json_number(out, scores[i]);
		if (penalty != 0) {
			web_buf_json_key(out, &f, "penalty");
			web_buf_json_number(out, penalty);
		}
		if (ended) {
			web_buf_json_key(out, &f, "rank");
			web_buf_printf(out, "%d", ranks[i]);
		}
		web_buf_puts(out, "}");
	}
	web_buf_puts(out, "]");
}

static void write_target(const web_table *t, web_buf *out, const bones_choice *c,
			 const bones_picture_layout *layout)
{
	bool f = true;
	char words[160];
	web_buf_json_key(out, &f, "move");
	web_buf_json_string(out, c->text);
	if (move_words(t, bones_session_state(t->s), c->move, words, sizeof words)) {
		web_buf_json_key(out, &f, "words");
		web_buf_json_string(out, words);
	}
	if (c->target < 0) { /* a move off the board, in the reader's language */
		web_buf_json_key(out, &f, "label");
		web_buf_json_string(out, c->label);
	}
	web_buf_json_key(out, &f, "piece");
	web_buf_printf(out, "%d", c->piece);
	web_buf_json_key(out, &f, "target");
	web_buf_printf(out, "%d", c->target);
	web_buf_json_key(out, &f, "variant");
	web_buf_printf(out, "%d", c->variant);
	web_buf_json_key(out, &f, "spot");
	web_buf_printf(out, "%d", c->spot);
	web_buf_json_key(out, &f, "way");
	web_buf_printf(out, "%d", c->way);
	web_buf_json_key(out, &f, "points");
	web_buf_json_number(out, c->points);
	if (c->target >= 0 && layout) {
		web_buf_json_key(out, &f, "x");
		web_buf_json_number(out, c->x * layout->board.scale + layout->board.ox);
		web_buf_json_key(out, &f, "y");
		web_buf_json_number(out, c->y * layout->board.scale + layout->board.oy);
	}
}

/* The legal moves of the seat to move (bones/choices.h) with their places in picture
 * units and the points each would score. */
static void write_targets(const web_table *t, const bones_picture_layout *layout,
			  web_buf *out)
{
	bones_choices *c = NULL;
	if (bones_choices_create(t->s, &c) == BONES_OK)
		bones_choices_build(c, bones_session_to_move(t->s));
	size_t n = c ? bones_choices_count(c) : 0;
	web_buf_puts(out, "[");
	for (size_t i = 0; i < n; i++) {
		web_buf_puts(out, i ? ",{" : "{");
		write_target(t, out, bones_choices_at(c, i), layout);
		web_buf_puts(out, "}");
	}
	web_buf_puts(out, "]");
	bones_choices_destroy(c);
}

/* The viewer's own hand pieces as drawn: boxes to click to choose a piece. */
static void write_slots(const bones_picture_layout *layout, int viewer, web_buf *out)
{
	bool any = false;
	web_buf_puts(out, "[");
	for (int k = 0; k < layout->slot_count; k++) {
		if (layout->slot[k].player != viewer)
			continue;
		web_buf_printf(out, "%s{\"piece\":%d,\"x\":%.1f,\"y\":%.1f,\"w\":%.1f,\"h\":%.1f}",
			       any ? "," : "", layout->slot[k].piece, layout->slot[k].x,
			       layout->slot[k].y, layout->slot[k].w, layout->slot[k].h);
		any = true;
	}
	web_buf_puts(out, "]");
}

/* With a game clock, "banks_ms": each seat's time left in the game (the mover's
 * running down; the page counts it down between loads) and "increment_ms". */
static void write_banks(const web_table *t, web_buf *out)
{
	const bones_time_control *tc = bones_table_time(t->table);
	if (tc->per_game_ms <= 0)
		return;
	int64_t now = web_clock_now(t->owner);
	web_buf_printf(out, ",\"increment_ms\":%lld,\"banks_ms\":[", (long long)tc->increment_ms);
	for (int i = 0; i < t->row.seat_count; i++)
		web_buf_printf(out, "%s%lld", i ? "," : "",
			       (long long)bones_table_bank(t->table, i, now));
	web_buf_printf(out, "]");
}

static void write_status(const web_table *t, int viewer, bool mine, web_buf *out, bool *f)
{
	int to_move = bones_session_to_move(t->s);
	char text[256] = "";
	const void *game = bones_session_game(t->s);
	bones_kit_board kb;
	const void *rg;
	const bones_render *r = bones_kit_board_render(&kb, t->plugin, game, &rg);
	int forfeit = bones_table_forfeit(t->table), resigned = bones_table_resigned(t->table);
	if (forfeit >= 0)
		snprintf(text, sizeof text, _("%s ran out of time and forfeits"),
			 web_table_seat_row(t, forfeit)->name);
	else if (resigned >= 0)
		snprintf(text, sizeof text, _("%s resigned"), web_table_seat_row(t, resigned)->name);
	else if (bones_table_aborted(t->table))
		snprintf(text, sizeof text, "%s", _("the game was aborted before its first moves"));
	else if (to_move == BONES_TERMINAL)
		snprintf(text, sizeof text, "%s", _("game over"));
	else if (mine && r && BONES_RENDER_HAS(r, prompt) &&
		 r->prompt(rg, bones_session_state(t->s), text, sizeof text))
		;
	else if (mine)
		snprintf(text, sizeof text, "%s", _("your move"));
	else if (to_move >= 0)
		/* TRANSLATORS: %s is a player's name */
		snprintf(text, sizeof text, _("%s to move"), web_table_seat_row(t, to_move)->name);
	(void)viewer;
	web_buf_json_key(out, f, "status");
	web_buf_json_string(out, text);
	if (forfeit >= 0 || resigned >= 0) { /* how it ended, for the end's line */
		web_buf_json_key(out, f, forfeit >= 0 ? "forfeit" : "resigned");
		web_buf_printf(out, "%d", (forfeit >= 0 ? forfeit : resigned) + 1);
	}
	if (web_table_over(t)) {
		char res[256];
		double scores[WEB_MAX_SEATS];
		int ranks[WEB_MAX_SEATS];
		bones_table_result(t->table, scores, ranks);
		bones_preset_result_text(t->row.seat_count, scores, ranks, res, sizeof res);
		web_buf_json_key(out, f, "result");
		web_buf_json_string(out, res);
	}
	bones_clock_phase phase = bones_table_clock_phase(t->table);
	if (phase != BONES_CLOCK_OFF) {
		static const char *const phases[] = {"off", "running", "grace", "forfeit",
						     "overtime"};
		int64_t left = bones_table_clock_remaining(t->table, web_clock_now(t->owner));
		web_buf_json_key(out, f, "clock");
		web_buf_printf(out, "{\"seat\":%d,\"phase\":\"%s\",\"remaining_ms\":%lld",
			       to_move + 1, phases[phase <= 4 ? phase : 0], (long long)left);
		write_banks(t, out);
		web_buf_printf(out, "}");
	} else if (bones_time_control_on(&t->row.time) && !web_table_over(t) && to_move >= 0 &&
		   web_table_start_waits(t)) { /* the full time shown, standing still */
		const bones_time_control *tc = bones_table_time(t->table);
		int64_t left = tc->per_move_ms > 0
				       ? tc->per_move_ms
				       : bones_table_bank(t->table, to_move, web_clock_now(t->owner));
		web_buf_json_key(out, f, "clock");
		web_buf_printf(out, "{\"seat\":%d,\"phase\":\"waiting\",\"remaining_ms\":%lld",
			       to_move + 1, (long long)left);
		write_banks(t, out);
		web_buf_printf(out, "}");
	} else if (bones_table_time(t->table)->per_game_ms > 0) {
		web_buf_json_key(out, f, "clock");
		web_buf_printf(out, "{\"seat\":0,\"phase\":\"off\",\"remaining_ms\":0");
		write_banks(t, out);
		web_buf_printf(out, "}");
	}
}

/* The seats' names for the picture's hands column, as the page names them. */
static const char *const *seat_names(const web_table *t, const char *names[WEB_MAX_SEATS + 1])
{
	memset(names, 0, (WEB_MAX_SEATS + 1) * sizeof *names);
	for (int i = 0; i < t->row.seat_count && i < WEB_MAX_SEATS; i++)
		names[i] = web_table_seat_row(t, i)->name;
	return names;
}

static bool write_picture(const web_table *t, int viewer, bool mine, int w, int h,
			  size_t index, bones_picture_layout *layout, web_buf *out, bool *f,
			  web_result *r)
{
	bones_picture_game pos = bones_picture_game_of(t->s, index);
	bones_picture_request req = bones_picture_defaults();
	req.width = w, req.height = h, req.viewer = viewer;
	const char *names[WEB_MAX_SEATS + 1];
	req.names = seat_names(t, names);
	if (mine)
		req.flags |= BONES_PICTURE_TARGETS;
	if (web_table_over(t) && index >= bones_session_length(t->s))
		req.flags |= BONES_PICTURE_ENDED; /* a forfeit's loser is not "to move" */
	unsigned char *svg = NULL;
	size_t size = 0;
	char err[512];
	if (bones_picture_encode(&pos, &req, BONES_PICTURE_SVG, &svg, &size, layout, err,
				 sizeof err)) {
		r->code = 500;
		snprintf(r->error, sizeof r->error, _("picture: %.400s"), err);
		return false;
	}
	char *text = realloc(svg, size + 1);
	if (!text) {
		free(svg);
		r->code = 500;
		snprintf(r->error, sizeof r->error, "%s", _("out of memory"));
		return false;
	}
	text[size] = '\0';
	web_buf_json_key(out, f, "svg");
	web_buf_json_string(out, text);
	free(text);
	return true;
}

/* The view's facts before the picture: ids, version, whose turn, status, seats, moves. */
static void write_facts(const web_table *t, int seat, bool mine, size_t index, web_buf *out,
			bool *f)
{
	int to_move = bones_session_to_move(t->s);
	web_buf_json_key(out, f, "at");
	web_buf_printf(out, "%zu", index);
	web_buf_json_key(out, f, "length");
	web_buf_printf(out, "%zu", bones_session_length(t->s));
	web_table_head_json(t, out, f);
	web_buf_json_key(out, f, "options");
	web_buf_json_string(out, t->row.options);
	web_buf_json_key(out, f, "version");
	web_buf_printf(out, "%llu", (unsigned long long)t->version);
	web_buf_json_key(out, f, "viewer");
	web_buf_printf(out, "%d", seat + 1);
	web_buf_json_key(out, f, "to_move");
	web_buf_printf(out, "%d", to_move >= 0 && !web_table_over(t) ? to_move + 1 : 0);
	web_buf_json_key(out, f, "over");
	web_buf_puts(out, web_table_over(t) ? "true" : "false");
	write_status(t, seat, mine, out, f);
	web_buf_json_key(out, f, "hints");
	web_buf_puts(out, t->row.hints ? "true" : "false");
	web_buf_json_key(out, f, "undo_by");
	web_buf_printf(out, "%d", t->undo_by + 1);
	web_match_json(t, out, f);
	web_buf_json_key(out, f, "seats");
	write_seats(t, bones_session_state_at(t->s, index), out);
	web_buf_json_key(out, f, "moves");
	write_moves(t, seat, index, out);
}

web_result web_view_json(web_table *t, int seat, int width, int height, long at,
			 web_buf *out)
{
	web_result r = {.code = 200};
	bool f = true;
	bones_picture_layout *layout = calloc(1, sizeof *layout);
	if (!layout) {
		r.code = 500;
		snprintf(r.error, sizeof r.error, "%s", _("out of memory"));
		return r;
	}
	pthread_mutex_lock(&t->lock);
	int participant = seat;
	seat = web_table_seat_now(t, seat);
	size_t len = bones_session_length(t->s);
	size_t index = at < 0 || (size_t)at > len ? len : (size_t)at;
	bool mine = seat >= 0 && seat == bones_session_to_move(t->s) && !web_table_over(t) &&
		    index == len;
	web_buf_puts(out, "{");
	write_facts(t, seat, mine, index, out, &f);
	if (t->owner->hooks.view)
		t->owner->hooks.view(t->owner->hooks.site, t, participant, out, &f);
	if (!width) {
		web_buf_json_key(out, &f, "legal");
		if (mine)
			write_targets(t, NULL, out);
		else
			web_buf_puts(out, "[]");
	} else if (write_picture(t, seat, mine, width, height, index, layout, out, &f, &r)) {
		web_buf_json_key(out, &f, "width");
		web_buf_printf(out, "%d", width);
		web_buf_json_key(out, &f, "height");
		web_buf_printf(out, "%d", height);
		web_buf_json_key(out, &f, "slots");
		write_slots(layout, mine ? seat : -2, out);
		web_buf_json_key(out, &f, "legal");
		if (mine)
			write_targets(t, layout, out);
		else
			web_buf_puts(out, "[]");
	}
	web_buf_puts(out, "}");
	pthread_mutex_unlock(&t->lock);
	free(layout);
	if (out->failed)
		r.code = 500, snprintf(r.error, sizeof r.error, "%s", _("out of memory"));
	return r;
}

void web_view_ghost_encode(web_table *t, int seat, size_t index, const char *move, int width,
			   int height, const char *illegal, web_buf *out, web_result *r)
{
	bones_picture_game pos = bones_picture_game_of(t->s, index);
	bones_picture_request req = bones_picture_defaults();
	req.width = width, req.height = height, req.viewer = seat;
	req.flags |= BONES_PICTURE_GHOST;
	const char *names[WEB_MAX_SEATS + 1];
	req.names = seat_names(t, names);
	unsigned char *svg = NULL;
	size_t size = 0;
	char err[512];
	if (t->plugin->parse_move(pos.game, pos.state, move, &req.ghost)) {
		r->code = 422;
		snprintf(r->error, sizeof r->error, illegal, move);
	} else if (bones_picture_encode(&pos, &req, BONES_PICTURE_SVG, &svg, &size, NULL, err,
					sizeof err)) {
		r->code = 500;
		snprintf(r->error, sizeof r->error, _("picture: %.400s"), err);
	} else {
		web_buf_add(out, (const char *)svg, size);
	}
	free(svg);
}

web_result web_view_ghost_svg(web_table *t, int seat, const char *move, int width,
			      int height, web_buf *out)
{
	web_result r = {.code = 200};
	pthread_mutex_lock(&t->lock);
	seat = web_table_seat_now(t, seat);
	if (seat < 0 || seat != bones_session_to_move(t->s) || web_table_over(t)) {
		r.code = 409;
		snprintf(r.error, sizeof r.error, "%s",
			 _("ghost: only the seat to move sees its moves' ghosts"));
	} else {
		web_view_ghost_encode(t, seat, bones_session_length(t->s), move, width, height,
				      _("ghost: '%.60s' is no legal move now"), out, &r);
	}
	pthread_mutex_unlock(&t->lock);
	return r;
}

web_result web_view_record(web_table *t, int game, web_buf *out)
{
	web_result r = {.code = 200};
	char *text = NULL;
	pthread_mutex_lock(&t->lock);
	int now = bones_table_game_index(t->table) + 1;
	bool over = web_table_over(t);
	if (game < 0 || game > (bones_table_match(t->table) ? bones_table_match(t->table)->games
							     : 1))
		r.code = 404, snprintf(r.error, sizeof r.error, _("the table has no game %d"), game);
	else if (game == 0 && !over && t->record_count == 0)
		r.code = 409;
	else if ((game == 0 && over) || game == now)
		text = over ? web_table_record_text(t) : NULL, r.code = over ? 200 : 409;
	else {
		int k = game ? game - 1 : t->record_count - 1; /* a match's finished game */
		text = k < t->record_count && t->records[k] ? strdup(t->records[k]) : NULL;
		r.code = k < t->record_count ? 200 : 409;
	}
	pthread_mutex_unlock(&t->lock);
	if (r.code == 409)
		snprintf(r.error, sizeof r.error, "%s",
			 _("the record is available when the game is over"));
	else if (r.code == 200 && !text)
		r.code = 500, snprintf(r.error, sizeof r.error, "%s",
				       _("the record cannot be written"));
	if (text)
		web_buf_add(out, text, strlen(text));
	free(text);
	return r;
}
