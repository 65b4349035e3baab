/* The SPRT of a tournament: the first participant (A) against the second, fed with the
 * stored games; by game, or with duplicate deals by pair of games on one deal. */
#include "tourney_internal.h"

#include <stdlib.h>
#include <string.h>

struct pending { /* a deal of which some games are stored */
	int round, first_slot, games;
	double sum;
};

struct bones_tourney_sprt_run {
	const bones_tourney *t;
	bones_sprt_totals totals;
	struct pending *pending;
	size_t count, cap;
};

bones_tourney_sprt_run *bones_tourney_sprt_begin(const bones_tourney *t)
{
	bones_tourney_sprt_run *k = calloc(1, sizeof *k);
	if (k)
		k->t = t;
	return k;
}

void bones_tourney_sprt_end(bones_tourney_sprt_run *k)
{
	if (k)
		free(k->pending);
	free(k);
}

/* The pair of row's deal, added when missing; NULL when out of memory. */
static struct pending *pair_of(bones_tourney_sprt_run *k, const bones_tourney_game_row *row)
{
	int first = row->slot - row->perm; /* the games of a deal have consecutive slots */
	for (size_t i = 0; i < k->count; i++)
		if (k->pending[i].round == row->round && k->pending[i].first_slot == first)
			return &k->pending[i];
	if (k->count == k->cap) {
		size_t cap = k->cap ? 2 * k->cap : 16;
		struct pending *p = realloc(k->pending, cap * sizeof *p);
		if (!p)
			return NULL;
		k->pending = p;
		k->cap = cap;
	}
	k->pending[k->count] = (struct pending){row->round, first, 0, 0};
	return &k->pending[k->count++];
}

void bones_tourney_sprt_add(bones_tourney_sprt_run *k, const bones_tourney_game_row *row)
{
	const char *a = k->t->players[0].name;
	int seat = row->seats != 2 ? -1 : !strcmp(row->player[0], a) ? 0
					 : !strcmp(row->player[1], a) ? 1 : -1;
	if (seat < 0)
		return;
	double score = row->points[seat];
	if (!k->t->duplicate) {
		bones_sprt_add(&k->totals, score);
		return;
	}
	struct pending *p = pair_of(k, row);
	if (!p)
		return;
	p->sum += score;
	if (++p->games < 2)
		return;
	bones_sprt_add(&k->totals, p->sum / 2);
	*p = k->pending[--k->count];
}

void bones_tourney_sprt_state(const bones_tourney_sprt_run *k, bones_sprt_state *out)
{
	bones_sprt_evaluate(&k->t->sprt, &k->totals, out);
}

bones_status bones_tourney_sprt_result(const bones_tourney *t, bones_tourney_db *db,
				       bones_sprt_state *out)
{
	bones_tourney_game_row *rows;
	size_t n;
	if (!t->sprt_on)
		return BONES_EINVAL;
	bones_tourney_sprt_run *k = bones_tourney_sprt_begin(t);
	bones_status st = k ? bones_tourney_db_rows(db, t->name, &rows, &n) : BONES_ENOMEM;
	if (!st) {
		for (size_t i = 0; i < n; i++)
			bones_tourney_sprt_add(k, &rows[i]);
		bones_tourney_sprt_state(k, out);
		bones_tourney_db_free_rows(rows);
	}
	bones_tourney_sprt_end(k);
	return st;
}
