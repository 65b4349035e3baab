/* Tournament reports: standings, per-game tables, crosstable and ratings computed from
 * the stored games, written as text and CSV; JSON and HTML live in tourney_html.c. */
#include "tourney_report_internal.h"

#include "bones/paths.h"
#include "bones/tiebreak.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int player_index(bones_tourney_report *r, const char *name)
{
	for (int i = 0; i < r->players; i++)
		if (!strcmp(r->st[i].name, name))
			return i;
	if (r->players == BONES_REPORT_MAX_PLAYERS)
		return -1;
	snprintf(r->st[r->players].name, sizeof r->st[0].name, "%s", name);
	return r->players++;
}

static int game_index(bones_tourney_report *r, const char *name)
{
	for (int i = 0; i < r->game_kinds; i++)
		if (!strcmp(r->game_names[i], name))
			return i;
	if (r->game_kinds == BONES_REPORT_MAX_GAMES)
		return -1;
	snprintf(r->game_names[r->game_kinds], sizeof r->game_names[0], "%s", name);
	return r->game_kinds++;
}

/* Add one game to the tallies. */
static void tally(bones_tourney_report *r, bones_rating *rating,
		  const bones_tourney_game_row *g)
{
	int who[BONES_TOURNEY_MAX_SEATS];
	int kind = game_index(r, g->game);
	for (int i = 0; i < g->seats; i++)
		who[i] = player_index(r, g->player[i]);
	for (int i = 0; i < g->seats; i++) {
		if (who[i] < 0)
			return;
		bones_tourney_standing *s = &r->st[who[i]];
		s->games++;
		s->points += g->points[i];
		if (kind >= 0) {
			r->per_game[kind][who[i]].games++;
			r->per_game[kind][who[i]].points += g->points[i];
			r->per_game[kind][who[i]].score += g->score[i];
		}
		for (int j = 0; j < g->seats; j++) {
			if (j == i)
				continue;
			double p = g->rank[i] < g->rank[j] ? 1 : g->rank[i] == g->rank[j] ? 0.5 : 0;
			s->wins += p == 1;
			s->draws += p == 0.5;
			s->losses += p == 0;
			r->cross[who[i]][who[j]] += p;
			r->met[who[i]][who[j]] += 1;
			r->won[who[i]][who[j]] += p == 1;
		}
		if (g->forfeit[0] && g->rank[i] == g->seats && g->seats > 1)
			s->forfeits++;
		s->wins += g->seats == 1; /* a Swiss bye scores as a win */
	}
	r->byes += g->seats == 1;
	bones_rating_add_game(rating, g->seats, who, g->rank);
}

/* Standings order: points, the Swiss tiebreaks, then the rating and the name. */
static int by_points(const void *a, const void *b)
{
	const bones_tourney_standing *x = a, *y = b;
	bones_tiebreaks tx = {x->buchholz, x->median_buchholz, x->sonneborn_berger};
	bones_tiebreaks ty = {y->buchholz, y->median_buchholz, y->sonneborn_berger};
	int c = bones_tiebreaks_compare(x->points, &tx, y->points, &ty);
	if (c)
		return c;
	if (x->elo != y->elo)
		return x->elo < y->elo ? 1 : -1;
	return strcmp(x->name, y->name);
}

/* Buchholz, median Buchholz and Sonneborn-Berger of every participant from the games. */
static bones_status add_tiebreaks(bones_tourney_report *r)
{
	size_t n = r->row_count;
	bones_tiebreak_game *games = calloc(n ? n : 1, sizeof *games);
	int (*who)[BONES_TOURNEY_MAX_SEATS] = calloc(n ? n : 1, sizeof *who);
	double (*standing)[BONES_TOURNEY_MAX_SEATS] = calloc(n ? n : 1, sizeof *standing);
	double points[BONES_REPORT_MAX_PLAYERS];
	bones_tiebreaks tb[BONES_REPORT_MAX_PLAYERS];
	bones_status st = games && who && standing ? BONES_OK : BONES_ENOMEM;
	for (size_t g = 0; !st && g < n; g++) {
		const bones_tourney_game_row *row = &r->rows[g];
		for (int i = 0; i < row->seats; i++) {
			who[g][i] = player_index(r, row->player[i]);
			standing[g][i] = -row->rank[i];
		}
		games[g] = (bones_tiebreak_game){row->seats, who[g], standing[g]};
	}
	for (int i = 0; i < r->players; i++)
		points[i] = r->st[i].points;
	if (!st)
		st = bones_tiebreaks_compute(r->players, points, games, n, tb);
	for (int i = 0; !st && i < r->players; i++) {
		r->st[i].buchholz = tb[i].buchholz;
		r->st[i].median_buchholz = tb[i].median_buchholz;
		r->st[i].sonneborn_berger = tb[i].sonneborn_berger;
	}
	free(games), free(who), free(standing);
	return st;
}

bones_status bones_tourney_report_create(bones_tourney_db *db, const char *tourney,
					 bones_tourney_report **out)
{
	bones_tourney_report *r = calloc(1, sizeof *r);
	bones_rating *rating = bones_rating_create(BONES_REPORT_MAX_PLAYERS);
	*out = NULL;
	if (!r || !rating) {
		free(r);
		bones_rating_destroy(rating);
		return BONES_ENOMEM;
	}
	r->db = db;
	r->pictures = BONES_TOURNEY_PICTURES;
	if (bones_tourney_db_about_get(db, tourney, &r->about) == BONES_ENOMEM) {
		bones_tourney_report_destroy(r);
		bones_rating_destroy(rating);
		return BONES_ENOMEM;
	}
	bones_status st = bones_tourney_db_rows(db, tourney, &r->rows, &r->row_count);
	for (size_t i = 0; !st && i < r->row_count; i++)
		tally(r, rating, &r->rows[i]);
	if (!st)
		st = bones_rating_fit(rating, 1.0, &r->regularised);
	for (int i = 0; !st && i < r->players; i++) {
		r->st[i].elo = bones_rating_elo(rating, i);
		r->st[i].error = bones_rating_error(rating, i);
		r->order[i] = i;
	}
	bones_rating_destroy(rating);
	if (!st)
		st = add_tiebreaks(r);
	if (st) {
		bones_tourney_report_destroy(r);
		return st;
	}
	memcpy(r->sorted, r->st, sizeof r->st);
	qsort(r->sorted, (size_t)r->players, sizeof r->sorted[0], by_points);
	for (int k = 0; k < r->players; k++)
		for (int i = 0; i < r->players; i++)
			if (!strcmp(r->sorted[k].name, r->st[i].name))
				r->order[k] = i;
	*out = r;
	return BONES_OK;
}

void bones_tourney_report_destroy(bones_tourney_report *r)
{
	if (!r)
		return;
	bones_tourney_db_free_rows(r->rows);
	free(r);
}

const bones_tourney_standing *bones_tourney_report_standings(const bones_tourney_report *r,
							     int *count)
{
	*count = r->players;
	return r->sorted;
}

size_t bones_tourney_report_games(const bones_tourney_report *r)
{
	return r->row_count - r->byes;
}

/* The widest name, at least `least`: names are printed whole, never cut. */
static int name_width(const bones_tourney_report *r, int least)
{
	int w = least;
	for (int i = 0; i < r->players; i++)
		if ((int)strlen(r->st[i].name) > w)
			w = (int)strlen(r->st[i].name);
	return w;
}

void bones_tourney_report_pair(const bones_tourney_report *r, int i, int j,
			       bones_report_pair *out)
{
	int n = (int)r->met[i][j];
	out->wins = (int)r->won[i][j];
	out->draws = (int)(2 * (r->cross[i][j] - r->won[i][j]) + 0.5);
	out->losses = n - out->wins - out->draws;
	out->score = n ? r->cross[i][j] / n : NAN;
	bones_rating_pair(out->wins, out->draws, out->losses, &out->elo, &out->elo_error,
			  &out->los);
}

/* One line per pair that met, as fastchess prints them. */
static void text_pairs(const bones_tourney_report *r, FILE *f)
{
	int w = name_width(r, 6);
	fprintf(f, "\nPairs (the first's side: wins-draws-losses, score, Elo difference "
		"+- 95%%, LOS)\n");
	for (int a = 0; a < r->players; a++)
		for (int b = a + 1; b < r->players; b++) {
			int i = r->order[a], j = r->order[b];
			if (!r->met[i][j])
				continue;
			bones_report_pair p;
			bones_tourney_report_pair(r, i, j, &p);
			fprintf(f, "%-*s vs %-*s  %d-%d-%d  %5.1f%%", w, r->st[i].name, w,
				r->st[j].name, p.wins, p.draws, p.losses, 100 * p.score);
			if (isnan(p.elo))
				fprintf(f, "  Elo: %s", p.score >= 1 ? "+inf" : "-inf");
			else if (isnan(p.elo_error)) /* the interval reaches a score of 0 or 1 */
				fprintf(f, "  Elo %+7.1f +- inf", p.elo + 0.0);
			else
				fprintf(f, "  Elo %+7.1f +- %.1f", p.elo + 0.0, p.elo_error);
			if (!isnan(p.los))
				fprintf(f, "  LOS %.1f%%", 100 * p.los);
			fputc('\n', f);
		}
}

/* Rows named in full; columns numbered as the rows (a legend, not cut names); "-" for a
 * pair that never met. */
static void text_crosstable(const bones_tourney_report *r, FILE *f)
{
	int w = name_width(r, 6);
	fprintf(f, "\nCrosstable (points of the row against the column / games)\n%-4s %-*s",
		"#", w, "player");
	for (int k = 0; k < r->players; k++)
		fprintf(f, " %9d", k + 1);
	fputc('\n', f);
	for (int a = 0; a < r->players; a++) {
		int i = r->order[a];
		fprintf(f, "%-4d %-*s", a + 1, w, r->st[i].name);
		for (int b = 0; b < r->players; b++) {
			int j = r->order[b];
			char cell[32];
			if (i == j)
				snprintf(cell, sizeof cell, " ");
			else if (!r->met[i][j])
				snprintf(cell, sizeof cell, "-");
			else
				snprintf(cell, sizeof cell, "%g/%g", r->cross[i][j], r->met[i][j]);
			fprintf(f, " %9s", cell);
		}
		fputc('\n', f);
	}
}

void bones_tourney_report_set_command(bones_tourney_report *r, const char *command)
{
	snprintf(r->command, sizeof r->command, "%s", command ? command : "");
}

void bones_tourney_report_set_pictures(bones_tourney_report *r, int games)
{
	r->pictures = games < 0 ? 0 : games;
}

void bones_tourney_report_set_sprt(bones_tourney_report *r, const bones_tourney *t,
				   const bones_sprt_state *state)
{
	r->has_sprt = true;
	r->sprt = *state;
	bones_sprt_format(&t->sprt, state, t->duplicate ? "pairs" : "games", r->sprt_line,
			  sizeof r->sprt_line);
}

void bones_tourney_report_text(const bones_tourney_report *r, FILE *f)
{
	if (r->has_sprt)
		fprintf(f, "%s\n", r->sprt_line);
	fprintf(f, "%zu games", r->row_count - r->byes);
	if (r->byes)
		fprintf(f, " and %zu byes (scored as wins)", r->byes);
	int w = name_width(r, 16);
	fprintf(f, "\n\n%-4s %-*s %6s %8s %6s %5s %5s %5s %4s %8s %7s %6s %6s %6s\n", "#", w,
		"player", "games", "points", "%", "win", "draw", "loss", "ff", "elo", "+/-",
		"buch", "m-buch", "sb");
	for (int k = 0; k < r->players; k++) {
		const bones_tourney_standing *s = &r->sorted[k];
		fprintf(f, "%-4d %-*s %6d %8.1f %6.1f %5d %5d %5d %4d %8.1f %7.1f %6.1f %6.1f "
			"%6.1f\n", k + 1, w, s->name, s->games, s->points,
			s->games ? 100 * s->points / s->games : 0, s->wins, s->draws, s->losses,
			s->forfeits, s->elo, s->error, s->buchholz, s->median_buchholz,
			s->sonneborn_berger);
	}
	fprintf(f, "(ties broken by Buchholz, Sonneborn-Berger, median Buchholz)\n");
	if (r->regularised)
		fprintf(f, "(ratings regularised: one virtual draw per pair that met, since "
			"someone never lost or never won)\n");
	for (int g = 0; g < r->game_kinds && r->game_kinds > 1; g++) {
		fprintf(f, "\n%s\n%-*s %6s %8s %10s\n", r->game_names[g], w, "player", "games",
			"points", "avg score");
		for (int k = 0; k < r->players; k++) {
			int i = r->order[k];
			const struct bones_report_cell *c = &r->per_game[g][i];
			if (c->games)
				fprintf(f, "%-*s %6d %8.1f %10.2f\n", w, r->st[i].name, c->games,
					c->points, c->score / c->games);
		}
	}
	text_pairs(r, f);
	text_crosstable(r, f);
}

/* A CSV field: quoted when it holds a comma, quote or newline. */
void bones_tourney_report_csv_field(FILE *f, const char *s)
{
	if (!strpbrk(s, ",\"\n")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

void bones_tourney_report_csv(const bones_tourney_report *r, FILE *f)
{
	fputs("rank,name,games,points,wins,draws,losses,forfeits,elo,error,buchholz,"
	      "median_buchholz,sonneborn_berger\n", f);
	for (int k = 0; k < r->players; k++) {
		const bones_tourney_standing *s = &r->sorted[k];
		fprintf(f, "%d,", k + 1);
		bones_tourney_report_csv_field(f, s->name);
		fprintf(f, ",%d,%.1f,%d,%d,%d,%d,%.1f,%.1f,%g,%g,%g\n", s->games, s->points,
			s->wins, s->draws, s->losses, s->forfeits, s->elo, s->error, s->buchholz,
			s->median_buchholz, s->sonneborn_berger);
	}
}

/* A whole number in decimal, then `after` (games.csv writes many: no printf). */
static void put_whole(FILE *f, unsigned long long u, bool minus, char after)
{
	char digits[24], *p = digits + sizeof digits;
	*--p = '\0';
	if (after)
		*--p = after;
	do
		*--p = (char)('0' + u % 10);
	while (u /= 10);
	if (minus)
		*--p = '-';
	fputs(p, f);
}

static void put_int(FILE *f, long long v, char after)
{
	put_whole(f, v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v, v < 0, after);
}

/* x as %g prints it, quicker for the usual whole numbers of scores and points. */
static void put_number(FILE *f, double x, char after)
{
	if (x >= -1e15 && x <= 1e15 && x == (double)(long long)x) {
		put_int(f, (long long)x, after);
	} else {
		fprintf(f, "%g", x);
		if (after)
			fputc(after, f);
	}
}

void bones_tourney_report_games_csv(const bones_tourney_report *r, FILE *f)
{
	fputs("tourney,round,slot,game,set,perm,seed,seat,player,score,rank,points,forfeit\n",
	      f);
	for (size_t k = 0; k < r->row_count; k++) {
		const bones_tourney_game_row *g = &r->rows[k];
		for (int i = 0; i < g->seats; i++) {
			bones_tourney_report_csv_field(f, g->tourney);
			fputc(',', f);
			put_int(f, g->round + 1, ',');
			put_int(f, g->slot + 1, ',');
			bones_tourney_report_csv_field(f, g->game);
			fputc(',', f);
			put_int(f, g->set + 1, ',');
			put_int(f, g->perm + 1, ',');
			put_whole(f, g->seed, false, ',');
			put_int(f, i + 1, ',');
			bones_tourney_report_csv_field(f, g->player[i]);
			fputc(',', f);
			put_number(f, g->score[i], ',');
			put_int(f, g->rank[i], ',');
			put_number(f, g->points[i], ',');
			bones_tourney_report_csv_field(f, g->forfeit);
			fputc('\n', f);
		}
	}
}

static bones_status save_one(const bones_tourney_report *r, const char *dir,
			     const char *name, void (*fn)(const bones_tourney_report *, FILE *),
			     char *err, size_t errcap)
{
	char path[2048], tmp[2100];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	FILE *f = fopen(tmp, "w");
	if (!f) {
		snprintf(err, errcap, "cannot write '%s': %s", tmp, strerror(errno));
		return BONES_EIO;
	}
	fn(r, f);
	bool bad = ferror(f);
	bad |= fclose(f) != 0;
	if (bad || rename(tmp, path)) {
		snprintf(err, errcap, "cannot write '%s': %s", path, strerror(errno));
		unlink(tmp);
		return BONES_EIO;
	}
	return BONES_OK;
}

bones_status bones_tourney_report_save(const bones_tourney_report *r, const char *dir,
				       char *err, size_t errcap)
{
	if (!bones_make_dirs(dir)) {
		snprintf(err, errcap, "cannot create '%s': %s", dir, strerror(errno));
		return BONES_EIO;
	}
	bones_status st = save_one(r, dir, "standings.csv", bones_tourney_report_csv, err,
				   errcap);
	if (!st)
		st = save_one(r, dir, "games.csv", bones_tourney_report_games_csv, err, errcap);
	if (!st)
		st = save_one(r, dir, "report.json", bones_tourney_report_json, err, errcap);
	if (!st)
		st = save_one(r, dir, "report.html", bones_tourney_report_html, err, errcap);
	if (!st)
		st = save_one(r, dir, "standings.txt", bones_tourney_report_text, err, errcap);
	return st;
}
