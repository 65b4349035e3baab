/* What one viewer may see of a table, as JSON: the plugin's picture for that viewer
 * (SVG), the move list with hidden moves masked, scores, and for the seat to move its
 * legal moves with their targets in picture units. Also the finished game's record. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/result.h"
#include "bones/i18n.h"
#include "bones/picture.h"
#include "bones/record.h"
#include "bones/render.h"
#include "web_table_internal.h"

/* The history entries before len, as viewer may see them: n is the history index + 1,
 * number the player move's number (chance outcomes have none, and words if the plugin
 * describes them). */
static void write_moves(const web_table *t, int viewer, size_t len, web_buf *out)
{
	const bones_plugin *p = t->plugin;
	const void *game = bones_session_game(t->s);
	int number = 0;
	web_buf_puts(out, "[");
	for (size_t i = 0; i < len; i++) {
		char text[BONES_MOVE_TEXT_MAX], why[512] = "", words[160] = "";
		bool visible = bones_session_seen_text(t->s, i, viewer, text, sizeof text);
		int mover = bones_session_mover_at(t->s, i);
		if (visible && mover >= 0 && p->breakdown)
			p->breakdown(game, bones_session_state_at(t->s, i + 1), why, sizeof why);
		if (visible && mover < 0 && !bones_session_chance_words(t->s, i, words, sizeof words))
			words[0] = '\0';
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
		if (why[0]) {
			web_buf_json_key(out, &f, "breakdown");
			web_buf_json_string(out, why);
		}
		web_buf_puts(out, "}");
	}
	web_buf_puts(out, "]");
}

/* The seats with their scores in state (and ranks when it is the end). */
static void write_seats(const web_table *t, const void *state, web_buf *out)
{
	double scores[WEB_MAX_SEATS] = {0};
	int ranks[WEB_MAX_SEATS] = {0};
	bool ended;
	web_table_final(t, state, scores, ranks, &ended);
	ended = ended && state == bones_session_state(t->s);
	web_buf_puts(out, "[");
	for (int i = 0; i < t->row.seat_count; i++) {
		bool f = true;
		web_buf_puts(out, i ? ",{" : "{");
		web_buf_json_key(out, &f, "seat");
		web_buf_printf(out, "%d", i + 1);
		web_buf_json_key(out, &f, "name");
		web_buf_json_string(out, t->row.seats[i].name);
		web_buf_json_key(out, &f, "kind");
		web_buf_json_string(out, t->row.seats[i].kind);
		web_buf_json_key(out, &f, "open");
		web_buf_puts(out, t->row.seats[i].open ? "true" : "false");
		web_buf_json_key(out, &f, "score");
		web_buf_json_number(out, scores[i]);
		if (t->row.seats[i].penalty != 0) {
			web_buf_json_key(out, &f, "penalty");
			web_buf_json_number(out, t->row.seats[i].penalty);
		}
		if (ended) {
			web_buf_json_key(out, &f, "rank");
			web_buf_printf(out, "%d", ranks[i]);
		}
		web_buf_puts(out, "}");
	}
	web_buf_puts(out, "]");
}

/* The points move would score its mover: the score after it, less the score before
 * (the state is copied; chance that follows is not resolved). */
static double points_of(const web_table *t, const void *state, void *scratch, bones_move move,
			int mover)
{
	const bones_plugin *p = t->plugin;
	const void *game = bones_session_game(t->s);
	double before[WEB_MAX_SEATS] = {0}, after[WEB_MAX_SEATS] = {0};
	memcpy(scratch, state, bones_session_info(t->s)->state_size);
	p->scores(game, state, before);
	if (p->apply(game, scratch, move))
		return 0;
	p->scores(game, scratch, after);
	return after[mover] - before[mover];
}

static void write_target(web_buf *out, const char *text, const char *label,
			 const bones_move_place *place, double points,
			 const bones_picture_layout *layout)
{
	bool f = true;
	web_buf_json_key(out, &f, "move");
	web_buf_json_string(out, text);
	if (label) { /* a move off the board, in the reader's language */
		web_buf_json_key(out, &f, "label");
		web_buf_json_string(out, label);
	}
	web_buf_json_key(out, &f, "piece");
	web_buf_printf(out, "%d", place->piece);
	web_buf_json_key(out, &f, "target");
	web_buf_printf(out, "%d", place->target);
	web_buf_json_key(out, &f, "variant");
	web_buf_printf(out, "%d", place->variant);
	web_buf_json_key(out, &f, "points");
	web_buf_json_number(out, points);
	if (place->target >= 0 && layout) {
		web_buf_json_key(out, &f, "x");
		web_buf_json_number(out, place->x * layout->board.scale + layout->board.ox);
		web_buf_json_key(out, &f, "y");
		web_buf_json_number(out, place->y * layout->board.scale + layout->board.oy);
	}
}

/* The legal moves of the seat to move with their places in picture units and the
 * points each would score. */
static void write_targets(const web_table *t, const bones_picture_layout *layout,
			  web_buf *out)
{
	const bones_plugin *p = t->plugin;
	const void *game = bones_session_game(t->s), *state = bones_session_state(t->s);
	const bones_render *r = p->get_extension ? p->get_extension(game, BONES_RENDER_ID) : NULL;
	size_t cap = bones_session_info(t->s)->max_moves;
	bones_move *moves = malloc((cap ? cap : 1) * sizeof *moves);
	void *scratch = malloc(bones_session_info(t->s)->state_size);
	size_t n = moves && scratch ? p->legal_moves(game, state, moves, NULL, cap) : 0;
	int mover = bones_session_to_move(t->s);
	bool any = false;
	web_buf_puts(out, "[");
	for (size_t i = 0; i < n; i++) {
		char text[BONES_MOVE_TEXT_MAX];
		if (!p->format_move(game, state, moves[i], text, sizeof text))
			continue;
		bones_move_place place = {.piece = -1, .target = -1};
		if (!r || !r->move_place || r->move_place(game, state, moves[i], &place))
			place.piece = -1, place.target = -1;
		char label[BONES_MOVE_TEXT_MAX];
		bool labelled = place.target < 0 &&
				bones_session_move_label(t->s, moves[i], label, sizeof label);
		web_buf_puts(out, any ? ",{" : "{");
		any = true;
		write_target(out, text, labelled ? label : NULL, &place,
			     points_of(t, state, scratch, moves[i], mover), layout);
		web_buf_puts(out, "}");
	}
	web_buf_puts(out, "]");
	free(moves);
	free(scratch);
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

static void write_status(const web_table *t, int viewer, bool mine, web_buf *out, bool *f)
{
	int to_move = bones_session_to_move(t->s);
	char text[256] = "";
	const void *game = bones_session_game(t->s);
	const bones_render *r = t->plugin->get_extension
					? t->plugin->get_extension(game, BONES_RENDER_ID)
					: NULL;
	if (t->row.resigned >= 0)
		snprintf(text, sizeof text,
			 t->row.forfeited ? _("%s ran out of time and forfeits") : _("%s resigned"),
			 t->row.seats[t->row.resigned].name);
	else if (to_move == BONES_TERMINAL)
		snprintf(text, sizeof text, "%s", _("game over"));
	else if (mine && r && BONES_RENDER_HAS(r, prompt) &&
		 r->prompt(game, bones_session_state(t->s), text, sizeof text))
		;
	else if (mine)
		snprintf(text, sizeof text, "%s", _("your move"));
	else if (to_move >= 0)
		/* TRANSLATORS: %s is a player's name */
		snprintf(text, sizeof text, _("%s to move"), t->row.seats[to_move].name);
	(void)viewer;
	web_buf_json_key(out, f, "status");
	web_buf_json_string(out, text);
	if (web_table_over(t)) {
		char res[256];
		double scores[WEB_MAX_SEATS];
		int ranks[WEB_MAX_SEATS];
		bool ranked;
		web_table_final(t, bones_session_state(t->s), scores, ranks, &ranked);
		bones_preset_result_text(t->row.seat_count, scores, ranks, res, sizeof res);
		web_buf_json_key(out, f, "result");
		web_buf_json_string(out, res);
	}
	if (t->clock_seat >= 0) {
		static const char *const phases[] = {"off", "running", "grace", "forfeit",
						     "overtime"};
		int64_t left = bones_clock_remaining(&t->clock, bones_clock_now_ms());
		web_buf_json_key(out, f, "clock");
		web_buf_printf(out, "{\"seat\":%d,\"phase\":\"%s\",\"remaining_ms\":%lld}",
			       t->clock_seat + 1, phases[t->clock.phase <= 4 ? t->clock.phase : 0],
			       (long long)left);
	}
}

static bool write_picture(const web_table *t, int viewer, bool mine, int w, int h,
			  size_t index, bones_picture_layout *layout, web_buf *out, bool *f,
			  web_result *r)
{
	bones_picture_game pos = bones_picture_game_of(t->s, index);
	bones_picture_request req = bones_picture_defaults();
	req.width = w, req.height = h, req.viewer = viewer;
	if (mine)
		req.flags |= BONES_PICTURE_TARGETS;
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
	web_buf_json_key(out, f, "id");
	web_buf_json_string(out, t->row.id);
	web_buf_json_key(out, f, "game");
	web_buf_json_string(out, bones_plugin_text(t->plugin, t->plugin->name));
	web_buf_json_key(out, f, "preset");
	web_buf_json_string(out, t->row.preset);
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
	web_buf_json_key(out, f, "seats");
	write_seats(t, bones_session_state_at(t->s, index), out);
	web_buf_json_key(out, f, "moves");
	write_moves(t, seat, index, out);
}

web_result web_table_view_json(web_table *t, int seat, int width, int height, long at,
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
	size_t len = bones_session_length(t->s);
	size_t index = at < 0 || (size_t)at > len ? len : (size_t)at;
	bool mine = seat >= 0 && seat == bones_session_to_move(t->s) && !web_table_over(t) &&
		    index == len;
	web_buf_puts(out, "{");
	write_facts(t, seat, mine, index, out, &f);
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

web_result web_table_ghost_svg(web_table *t, int seat, const char *move, int width,
				int height, web_buf *out)
{
	web_result r = {.code = 200};
	pthread_mutex_lock(&t->lock);
	const bones_plugin *p = t->plugin;
	bones_picture_game pos = bones_picture_game_of(t->s, bones_session_length(t->s));
	bones_picture_request req = bones_picture_defaults();
	req.width = width, req.height = height, req.viewer = seat;
	req.flags |= BONES_PICTURE_GHOST;
	unsigned char *svg = NULL;
	size_t size = 0;
	char err[512];
	if (seat < 0 || seat != bones_session_to_move(t->s) || web_table_over(t)) {
		r.code = 409;
		snprintf(r.error, sizeof r.error, "%s",
			 _("ghost: only the seat to move sees its moves' ghosts"));
	} else if (p->parse_move(pos.game, pos.state, move, &req.ghost)) {
		r.code = 422;
		snprintf(r.error, sizeof r.error, _("ghost: '%.60s' is no legal move now"), move);
	} else if (bones_picture_encode(&pos, &req, BONES_PICTURE_SVG, &svg, &size, NULL, err,
					sizeof err)) {
		r.code = 500;
		snprintf(r.error, sizeof r.error, _("picture: %.400s"), err);
	} else {
		web_buf_add(out, (const char *)svg, size);
	}
	pthread_mutex_unlock(&t->lock);
	free(svg);
	return r;
}

web_result web_table_record(web_table *t, web_buf *out)
{
	web_result r = {.code = 200};
	char *text = NULL;
	size_t size = 0;
	pthread_mutex_lock(&t->lock);
	if (!web_table_over(t)) {
		pthread_mutex_unlock(&t->lock);
		r.code = 409;
		snprintf(r.error, sizeof r.error, "%s",
			 _("the record is available when the game is over"));
		return r;
	}
	bones_record_players players = {0};
	char resigned[80] = "";
	for (int i = 0; i < t->row.seat_count && i < 8; i++)
		players.names[i] = t->row.seats[i].name;
	players.preset = t->row.preset;
	if (t->row.resigned >= 0) {
		snprintf(resigned, sizeof resigned, "seat %d %s", t->row.resigned + 1,
			 t->row.forfeited ? "forfeited on time" : "resigned");
		players.comment = resigned;
	}
	/* The record is the same in every language: its comments (breakdowns, chance
	 * outcomes) in the plugins' own words, no translated text of the host. */
	char lang[16];
	snprintf(lang, sizeof lang, "%s", bones_i18n_language());
	bool was_plain = bones_i18n_set_plain(true);
	bones_i18n_thread_language("en");
	FILE *f = open_memstream(&text, &size);
	bool written = f && !bones_record_write(t->s, &players, f);
	if (f)
		fclose(f);
	bones_i18n_set_plain(was_plain);
	bones_i18n_thread_language(lang);
	if (!written)
		r.code = 500, snprintf(r.error, sizeof r.error, "%s",
				       _("the record cannot be written"));
	pthread_mutex_unlock(&t->lock);
	if (r.code == 200)
		web_buf_add(out, text, size);
	free(text);
	return r;
}
