/* The tournament schedule: which participants meet at which table in which round,
 * for round-robin, gauntlet, Swiss and knockout, with seat rotation and duplicate sets.
 * Pure functions of the configuration (and, for Swiss and knockout, of earlier
 * results), so every shard and every resumed run computes the same games. */
#include "bones/tourney.h"

#include "bones/tiebreak.h"

#include <stdlib.h>
#include <string.h>

struct slots {
	bones_tourney_slot *v;
	size_t n, cap;
	bool nomem;
};

static uint64_t mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ull;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

static uint64_t deal_seed(const bones_tourney *t, int round, int game, int table, int set)
{
	uint64_t h = mix(t->seed);
	h = mix(h ^ (uint64_t)round);
	h = mix(h ^ (uint64_t)game << 20);
	h = mix(h ^ (uint64_t)table);
	return mix(h ^ (uint64_t)set << 40);
}

static bones_tourney_slot *push(struct slots *s)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 64;
		bones_tourney_slot *v = realloc(s->v, cap * sizeof *v);
		if (!v) {
			s->nomem = true;
			return NULL;
		}
		s->v = v;
		s->cap = cap;
	}
	bones_tourney_slot *slot = &s->v[s->n++];
	memset(slot, 0, sizeof *slot);
	return slot;
}

/* Every set of game g for one table: `count` sets, each one game (seats rotated by set
 * and round) or, with duplicate deals, one game per rotation. */
static void emit_table(const bones_tourney *t, struct slots *s, int round, int g, int table,
		       const int *base)
{
	int k = t->games[g].seats;
	for (int set = 0; set < t->games[g].count; set++) {
		int perms = t->duplicate ? k : 1;
		for (int perm = 0; perm < perms; perm++) {
			bones_tourney_slot *slot = push(s);
			if (!slot)
				return;
			int rot = t->duplicate ? perm : (set + round) % k;
			slot->round = round;
			slot->slot = (int)s->n - 1;
			slot->game = g;
			slot->table = table;
			slot->set = set;
			slot->perm = perm;
			slot->seats = k;
			for (int i = 0; i < k; i++)
				slot->player[i] = base[(i + rot) % k];
			slot->seed = deal_seed(t, round, g, table, set);
		}
	}
}

/* Swiss: the bye of participant p in round r, scored as a won table: one slot (one
 * point) for every game a table plays of every game of the file. */
static void emit_bye(const bones_tourney *t, struct slots *s, int round, int table, int p)
{
	for (int g = 0; g < t->game_count; g++)
		for (int set = 0; set < t->games[g].count; set++)
			for (int perm = 0; perm < (t->duplicate ? t->games[g].seats : 1); perm++) {
				bones_tourney_slot *slot = push(s);
				if (!slot)
					return;
				slot->round = round;
				slot->game = g;
				slot->table = table;
				slot->set = set;
				slot->perm = perm;
				slot->seats = 1;
				slot->player[0] = p;
				slot->bye = true;
			}
}

/* Every k-combination of the participants from..n-1 (after fixed[0..nfixed)), in
 * lexicographic order, each emitted as one table. */
static void emit_combinations(const bones_tourney *t, struct slots *s, int round, int g,
			      const int *fixed, int nfixed, int from)
{
	int k = t->games[g].seats, n = t->player_count, m = k - nfixed;
	int idx[BONES_TOURNEY_MAX_SEATS], base[BONES_TOURNEY_MAX_SEATS];
	for (int i = 0; i < m; i++)
		idx[i] = from + i;
	for (int table = 0; m >= 0 && idx[0] + m <= n && !s->nomem; table++) {
		for (int i = 0; i < nfixed; i++)
			base[i] = fixed[i];
		for (int i = 0; i < m; i++)
			base[nfixed + i] = idx[i];
		emit_table(t, s, round, g, table, base);
		int i = m - 1;
		while (i >= 0 && idx[i] == n - m + i)
			i--;
		if (i < 0)
			break;
		idx[i]++;
		for (int j = i + 1; j < m; j++)
			idx[j] = idx[j - 1] + 1;
	}
}

/* Participants ordered by points so far, then by the Swiss tiebreaks (Buchholz,
 * Sonneborn-Berger, median Buchholz), then by index. Without memory for the
 * tiebreaks, by points alone. */
static void standings(const bones_tourney *t, const bones_tourney_outcome *done, size_t nd,
		      double *points, int *order)
{
	int n = t->player_count;
	for (int i = 0; i < n; i++) {
		points[i] = 0;
		order[i] = i;
	}
	for (size_t j = 0; j < nd; j++)
		for (int i = 0; i < done[j].seats; i++)
			points[done[j].player[i]] += done[j].points[i];
	bones_tiebreaks tb[BONES_TOURNEY_MAX_PLAYERS] = {{0, 0, 0}};
	bones_tiebreak_game *games = calloc(nd ? nd : 1, sizeof *games);
	for (size_t j = 0; games && j < nd; j++)
		games[j] = (bones_tiebreak_game){done[j].seats, done[j].player, done[j].points};
	if (games && bones_tiebreaks_compute(n, points, games, nd, tb))
		memset(tb, 0, sizeof tb);
	free(games);
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && bones_tiebreaks_compare(points[order[j]], &tb[order[j]],
						points[order[j - 1]], &tb[order[j - 1]]) < 0; j--) {
			int x = order[j];
			order[j] = order[j - 1];
			order[j - 1] = x;
		}
}

static int meetings(const bones_tourney_outcome *done, size_t nd, int a, int b)
{
	int m = 0;
	for (size_t j = 0; j < nd; j++)
		m += done[j].seats == 2 &&
		     ((done[j].player[0] == a && done[j].player[1] == b) ||
		      (done[j].player[0] == b && done[j].player[1] == a));
	return m;
}

/* Swiss: pair neighbours in the standings, avoiding rematches where possible; with an
 * odd field the lowest-placed participant among those with the fewest byes sits out
 * and scores a win of every game of the round (a bye: one-seat outcomes). */
static void swiss_round(const bones_tourney *t, struct slots *s, int round,
			const bones_tourney_outcome *done, size_t nd)
{
	int n = t->player_count, order[BONES_TOURNEY_MAX_PLAYERS], bye = -1;
	double points[BONES_TOURNEY_MAX_PLAYERS];
	bool used[BONES_TOURNEY_MAX_PLAYERS] = {false};
	standings(t, done, nd, points, order);
	if (n % 2) {
		int byes[BONES_TOURNEY_MAX_PLAYERS] = {0};
		for (int r = 0; r < round; r++) /* rounds in which each sat out */
			for (int i = 0; i < n; i++) {
				bool out = false;
				for (size_t j = 0; j < nd && !out; j++)
					out = done[j].round == r && done[j].seats == 1 &&
					      done[j].player[0] == i;
				byes[i] += out;
			}
		for (int i = n - 1; i >= 0; i--)
			if (bye < 0 || byes[order[i]] < byes[bye])
				bye = order[i];
		used[bye] = true;
	}
	for (int i = 0, table = 0; i < n; i++) {
		int a = order[i], b = -1;
		if (used[a])
			continue;
		for (int j = i + 1; j < n; j++) {
			int c = order[j];
			if (!used[c] && (b < 0 || meetings(done, nd, a, c) < meetings(done, nd, a, b)))
				b = c;
		}
		if (b < 0)
			break;
		used[a] = used[b] = true;
		int base[2] = {a, b};
		for (int g = 0; g < t->game_count; g++)
			emit_table(t, s, round, g, table, base);
		table++;
	}
	if (bye >= 0)
		emit_bye(t, s, round, n / 2, bye);
}

/* The seeded bracket order of a power of two: 1 v size, 2 v size-1, ... nested. */
static void bracket(int size, int *order)
{
	order[0] = 0;
	for (int m = 1; m < size; m *= 2)
		for (int i = m - 1; i >= 0; i--) {
			order[2 * i] = order[i];
			order[2 * i + 1] = 2 * m - 1 - order[i];
		}
}

/* The winner of a knockout match in `round`: more points, then the better seed. */
static int match_winner(const bones_tourney_outcome *done, size_t nd, int round, int a, int b)
{
	double pa = 0, pb = 0;
	for (size_t j = 0; j < nd; j++) {
		const bones_tourney_outcome *o = &done[j];
		if (o->round != round)
			continue;
		for (int i = 0; i < 2; i++) {
			if (o->player[i] == a && o->player[1 - i] == b)
				pa += o->points[i], pb += o->points[1 - i];
		}
	}
	return pa > pb ? a : pb > pa ? b : a < b ? a : b;
}

/* Knockout: replay the bracket to `round` from the results, then pair the survivors. */
static void knockout_round(const bones_tourney *t, struct slots *s, int round,
			   const bones_tourney_outcome *done, size_t nd)
{
	int n = t->player_count, size = 1, alive[2 * BONES_TOURNEY_MAX_PLAYERS];
	while (size < n)
		size *= 2;
	bracket(size, alive);
	int count = size;
	for (int r = 0; r <= round && count > 1; r++) {
		for (int m = 0; m < count / 2; m++) {
			int a = alive[2 * m], b = alive[2 * m + 1];
			if (a >= n || b >= n) {
				alive[m] = a < b ? a : b; /* a bye: the seeded player goes on */
				continue;
			}
			if (r == round) {
				int base[2] = {a, b};
				for (int g = 0; g < t->game_count; g++)
					emit_table(t, s, round, g, m, base);
				continue;
			}
			alive[m] = match_winner(done, nd, r, a, b);
		}
		count /= 2;
	}
}

int bones_tourney_round_count(const bones_tourney *t)
{
	if (t->format != BONES_TOURNEY_KNOCKOUT)
		return t->rounds;
	int r = 0;
	while ((1 << r) < t->player_count)
		r++;
	return r;
}

bool bones_tourney_static(const bones_tourney *t)
{
	return t->format == BONES_TOURNEY_ROUND_ROBIN || t->format == BONES_TOURNEY_GAUNTLET;
}

bones_status bones_tourney_schedule(const bones_tourney *t, int round,
				    const bones_tourney_outcome *done, size_t done_count,
				    bones_tourney_slot **out, size_t *count)
{
	struct slots s = {0};
	int champion = 0;
	for (int g = 0; g < t->game_count && round < bones_tourney_round_count(t); g++) {
		if (t->format == BONES_TOURNEY_ROUND_ROBIN)
			emit_combinations(t, &s, round, g, NULL, 0, 0);
		else if (t->format == BONES_TOURNEY_GAUNTLET)
			emit_combinations(t, &s, round, g, &champion, 1, 1);
	}
	if (t->format == BONES_TOURNEY_SWISS && round < t->rounds)
		swiss_round(t, &s, round, done, done_count);
	else if (t->format == BONES_TOURNEY_KNOCKOUT && round < bones_tourney_round_count(t))
		knockout_round(t, &s, round, done, done_count);
	if (s.nomem) {
		free(s.v);
		return BONES_ENOMEM;
	}
	for (size_t i = 0; i < s.n; i++)
		s.v[i].slot = (int)i;
	*out = s.v;
	*count = s.n;
	return BONES_OK;
}

void bones_tourney_points(int seats, const int *ranks, double *points)
{
	for (int i = 0; i < seats; i++) {
		double p = 0;
		for (int j = 0; j < seats; j++)
			if (j != i)
				p += ranks[i] < ranks[j] ? 1.0 : ranks[i] == ranks[j] ? 0.5 : 0.0;
		points[i] = seats > 1 ? p / (seats - 1) : 0;
	}
}
