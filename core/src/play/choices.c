/* What a player can do now and what a viewer may see of the history; see
 * bones/choices.h. One model for the terminal UI, the window, the web server and the
 * agents, so that points, spots and numbering read the same in each. */
#include "bones/guard.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/choices.h"
#include "bones/kit_board.h"

/* A spot on the board: the plugin's target and its centre. */
typedef struct board_spot {
	int target;
	float x, y;
} board_spot;

struct bones_choices {
	const bones_session *s; /* borrowed */
	bones_choice *list;     /* info.max_moves entries */
	board_spot *at;         /* the distinct spots, in reading order */
	bones_move *moves;      /* legal_moves' buffer */
	void *scratch;          /* one state */
	size_t cap, count, spots;
};

bones_status bones_choices_create(const bones_session *s, bones_choices **out)
{
	const bones_game_info *info = bones_session_info(s);
	bones_choices *c = calloc(1, sizeof *c);
	*out = NULL;
	if (!c)
		return BONES_ENOMEM;
	c->s = s;
	c->cap = info->max_moves ? info->max_moves : 1;
	c->list = calloc(c->cap, sizeof *c->list);
	c->moves = calloc(c->cap, sizeof *c->moves);
	c->at = calloc(c->cap, sizeof *c->at);
	c->scratch = malloc(info->state_size ? info->state_size : 1);
	if (!c->list || !c->moves || !c->at || !c->scratch) {
		bones_choices_destroy(c);
		return BONES_ENOMEM;
	}
	*out = c;
	return BONES_OK;
}

void bones_choices_destroy(bones_choices *c)
{
	if (!c)
		return;
	free(c->list);
	free(c->moves);
	free(c->at);
	free(c->scratch);
	free(c);
}

bones_status bones_choices_points(const bones_plugin *p, const void *game,
				  const bones_game_info *info, const void *state,
				  const double *before, bones_move move, void *scratch,
				  double *points)
{
	double mine[BONES_CHOICES_MAX_PLAYERS], after[BONES_CHOICES_MAX_PLAYERS]; /* scores fills */
	int mover = p->to_move(game, state);
	*points = 0;
	if (info->players > BONES_CHOICES_MAX_PLAYERS)
		return BONES_ERANGE;
	if (mover < 0 || mover >= info->players)
		return BONES_EINVAL;
	if (!before) {
		p->scores(game, state, mine);
		before = mine;
	}
	memcpy(scratch, state, info->state_size);
	if (p->apply(game, scratch, move) != BONES_OK)
		return BONES_EILLEGAL;
	p->scores(game, scratch, after);
	*points = after[mover] - before[mover];
	return BONES_OK;
}

/* Reading order: upper row first, then left to right, then by the plugin's target id (a
 * plugin that letters its board's open cells, as Holomino's text does, letters them in
 * this order too). */
static int compare_reading_order(const void *pa, const void *pb)
{
	const board_spot *a = pa, *b = pb;
	if (fabsf(a->y - b->y) > 1e-3f)
		return a->y < b->y ? -1 : 1;
	if (fabsf(a->x - b->x) > 1e-3f)
		return a->x < b->x ? -1 : 1;
	return (a->target > b->target) - (a->target < b->target);
}

/* Spot ranks and ways: the distinct targets in reading order are ranked 0, 1, ...; the
 * moves of one piece at one target are its ways 1, 2, ... */
static void rank_spots(bones_choices *c)
{
	c->spots = 0;
	for (size_t i = 0; i < c->count; i++) {
		bones_choice *m = &c->list[i];
		size_t k = 0;
		m->spot = -1, m->way = 0;
		if (m->target < 0)
			continue;
		while (k < c->spots && c->at[k].target != m->target)
			k++;
		if (k == c->spots)
			c->at[c->spots++] = (board_spot){m->target, m->x, m->y};
		m->way = 1;
		for (size_t j = 0; j < i; j++)
			m->way += c->list[j].target == m->target && c->list[j].piece == m->piece;
	}
	qsort(c->at, c->spots, sizeof *c->at, compare_reading_order);
	for (size_t i = 0; i < c->count; i++) {
		bones_choice *m = &c->list[i];
		for (size_t k = 0; m->target >= 0 && k < c->spots; k++)
			if (c->at[k].target == m->target)
				m->spot = (int)k;
	}
}

/* Choice i's piece, spot and label (render.h; no extension: numbered moves). */
static void place(bones_choices *c, const bones_render *r, const void *rg, bones_choice *m)
{
	const void *state = bones_session_state(c->s);
	bones_move_place at = {-1, -1, 0, 0, 0};
	if (!r || !r->move_place || r->move_place(rg, state, m->move, &at) != BONES_OK)
		at = (bones_move_place){-1, -1, 0, 0, 0};
	m->piece = at.piece, m->target = at.target, m->variant = at.variant;
	m->x = at.x, m->y = at.y;
	m->label[0] = '\0';
	if (at.target < 0 && !bones_session_move_label(c->s, m->move, m->label, sizeof m->label))
		snprintf(m->label, sizeof m->label, "%s", m->text);
}

bones_status bones_choices_build(bones_choices *c, int viewer)
{
	const bones_plugin *p = bones_session_plugin(c->s);
	const bones_game_info *info = bones_session_info(c->s);
	const void *game = bones_session_game(c->s), *state = bones_session_state(c->s);
	bones_kit_board kb;
	const void *rg;
	const bones_render *r = bones_kit_board_render(&kb, p, game, &rg);
	int mover = bones_session_to_move(c->s);
	double before[BONES_CHOICES_MAX_PLAYERS] = {0};
	c->count = c->spots = 0;
	if (mover < 0 || mover != viewer)
		return BONES_OK;
	size_t n = bones_guard_legal_moves(p, game, state, c->moves, NULL, c->cap, NULL, 0);
	if (info->players <= BONES_CHOICES_MAX_PLAYERS)
		p->scores(game, state, before);
	for (size_t i = 0; i < n && i < c->cap; i++) {
		bones_choice *m = &c->list[c->count];
		m->move = c->moves[i];
		if (!p->format_move(game, state, m->move, m->text, sizeof m->text))
			continue;
		place(c, r, rg, m);
		bones_choices_points(p, game, info, state, before, m->move, c->scratch, &m->points);
		c->count++;
	}
	rank_spots(c);
	return BONES_OK;
}

size_t bones_choices_count(const bones_choices *c)
{
	return c->count;
}

const bones_choice *bones_choices_at(const bones_choices *c, size_t i)
{
	return i < c->count ? &c->list[i] : NULL;
}

long bones_choices_find(const bones_choices *c, bones_move move)
{
	for (size_t i = 0; i < c->count; i++)
		if (c->list[i].move == move)
			return (long)i;
	return -1;
}

size_t bones_choices_with_piece(const bones_choices *c)
{
	size_t n = 0;
	for (size_t i = 0; i < c->count; i++)
		n += c->list[i].piece >= 0;
	return n;
}

int bones_choices_last_piece(const bones_choices *c)
{
	int last = -1;
	for (size_t i = 0; i < c->count; i++)
		last = c->list[i].piece > last ? c->list[i].piece : last;
	return last;
}

size_t bones_choices_spots(const bones_choices *c)
{
	return c->spots;
}

size_t bones_choices_of_piece(const bones_choices *c, int piece, size_t *first)
{
	size_t n = 0;
	for (size_t i = 0; i < c->count; i++)
		if (c->list[i].piece == piece && n++ == 0 && first)
			*first = i;
	return n;
}

size_t bones_choices_ways(const bones_choices *c, int piece, int spot, size_t k,
			  size_t *index)
{
	size_t n = 0;
	for (size_t i = 0; i < c->count; i++) {
		const bones_choice *m = &c->list[i];
		if (m->spot < 0 || m->spot != spot ||
		    (piece != BONES_CHOICES_ANY_PIECE && m->piece != piece))
			continue;
		if (n++ == k && index)
			*index = i;
	}
	return n;
}

bool bones_choices_visible_at(const bones_session *s, size_t index, int viewer)
{
	const bones_plugin *p = bones_session_plugin(s);
	return !p->move_visible ||
	       p->move_visible(bones_session_game(s), bones_session_state_at(s, index),
			       bones_session_move_at(s, index), viewer);
}

double bones_choices_points_at(const bones_session *s, size_t index)
{
	const bones_plugin *p = bones_session_plugin(s);
	const void *game = bones_session_game(s);
	double before[BONES_CHOICES_MAX_PLAYERS] = {0}, after[BONES_CHOICES_MAX_PLAYERS] = {0};
	int mover = bones_session_mover_at(s, index);
	if (mover < 0 || mover >= BONES_CHOICES_MAX_PLAYERS ||
	    bones_session_info(s)->players > BONES_CHOICES_MAX_PLAYERS)
		return 0;
	p->scores(game, bones_session_state_at(s, index), before);
	p->scores(game, bones_session_state_at(s, index + 1), after);
	return after[mover] - before[mover];
}

size_t bones_choices_player_moves(const bones_session *s, size_t upto)
{
	size_t n = 0, len = bones_session_length(s);
	for (size_t i = 0; i < upto && i < len; i++)
		n += bones_session_mover_at(s, i) >= 0;
	return n;
}

size_t bones_choices_after_player_moves(const bones_session *s, long n)
{
	size_t len = bones_session_length(s), i = 0;
	if (n < 0)
		return len;
	for (long seen = 0; i < len; i++) {
		if (bones_session_mover_at(s, i) >= 0 && seen++ == n)
			break;
	}
	return i;
}
