/* Tournament reports: standings, per-game tables, crosstable and ratings computed from
 * the stored games, written as text and CSV; JSON and HTML live in tourney_html.c. */
#include "tourney_report_internal.h"

#include "bones/i18n.h"
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

/* Characters, not bytes, of UTF-8 text: what a column of a text table pads to. */
static int text_width(const char *s)
{
	int n = 0;
	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* s in a column of width characters, on the left (else on the right). */
static void put_cell(FILE *f, const char *s, int width, bool left)
{
	int pad = width - text_width(s);
	for (int i = 0; !left && i < pad; i++)
		fputc(' ', f);
	fputs(s, f);
	for (int i = 0; left && i < pad; i++)
		fputc(' ', f);
}

/* A number of points for people: no decimals when whole, as "%g" but in the player's
 * language ("1,5" in German). */
static const char *points_text(char *buf, size_t cap, double v)
{
	int decimals = v == floor(v) ? 0 : v * 10 == floor(v * 10) ? 1 : 2;
	return bones_i18n_number(buf, cap, v, decimals);
}

/* One line per pair that met, as fastchess prints them (that line stays as it is). */
static void text_pairs(const bones_tourney_report *r, FILE *f)
{
	int w = name_width(r, 6);
	fprintf(f, "\n%s\n",
		/* xgettext:no-c-format */
		_("Pairs (the first's side: wins-draws-losses, score, Elo difference +- 95%, "
		  "LOS)"));
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
	/* TRANSLATORS: a column heading of the tournament's text tables */
	const char *player = _("player");
	int w = name_width(r, 6);
	if (w < text_width(player))
		w = text_width(player);
	fprintf(f, "\n%s\n%-4s ",
		_("Crosstable (points of the row against the column / games)"), "#");
	put_cell(f, player, w, true);
	for (int k = 0; k < r->players; k++)
		fprintf(f, " %9d", k + 1);
	fputc('\n', f);
	for (int a = 0; a < r->players; a++) {
		int i = r->order[a];
		fprintf(f, "%-4d %-*s", a + 1, w, r->st[i].name);
		for (int b = 0; b < r->players; b++) {
			int j = r->order[b];
			char cell[64], pts[24], met[24];
			if (i == j)
				snprintf(cell, sizeof cell, " ");
			else if (!r->met[i][j])
				snprintf(cell, sizeof cell, "-");
			else
				snprintf(cell, sizeof cell, "%s/%s",
					 points_text(pts, sizeof pts, r->cross[i][j]),
					 points_text(met, sizeof met, r->met[i][j]));
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

/* The standings' columns after # and the player: heading (translated unless it is a
 * sign) and least width. */
static const struct {
	const char *head;
	bool translated;
	int width;
} standing_columns[] = {
	/* TRANSLATORS: the column headings of the text standings: games played, points,
	   wins, draws, losses, forfeits, Elo rating, its 95% margin, Buchholz, median
	   Buchholz, Sonneborn-Berger. Keep them short: a column grows to its heading. */
	{N_("games"), true, 6},	 {N_("points"), true, 8}, {"%", false, 6},
	{N_("win"), true, 5},	 {N_("draw"), true, 5},	  {N_("loss"), true, 5},
	{N_("ff"), true, 4},	 {N_("elo"), true, 8},	  {"+/-", false, 7},
	{N_("buch"), true, 6},	 {N_("m-buch"), true, 6}, {N_("sb"), true, 6},
};
#define STANDING_COLUMNS (sizeof standing_columns / sizeof standing_columns[0])

static void text_standings(const bones_tourney_report *r, FILE *f)
{
	const char *player = _("player");
	int w = name_width(r, 16), widths[STANDING_COLUMNS];
	if (w < text_width(player))
		w = text_width(player);
	fprintf(f, "\n\n%-4s ", "#");
	put_cell(f, player, w, true);
	for (size_t c = 0; c < STANDING_COLUMNS; c++) {
		const char *head = standing_columns[c].translated ? _(standing_columns[c].head)
								   : standing_columns[c].head;
		widths[c] = standing_columns[c].width;
		if (widths[c] < text_width(head))
			widths[c] = text_width(head);
		fputc(' ', f);
		put_cell(f, head, widths[c], false);
	}
	fputc('\n', f);
	for (int k = 0; k < r->players; k++) {
		const bones_tourney_standing *s = &r->sorted[k];
		char cells[STANDING_COLUMNS][48];
		const double decimals[] = {s->points, s->games ? 100 * s->points / s->games : 0,
					   s->elo, s->error, s->buchholz, s->median_buchholz,
					   s->sonneborn_berger};
		const int place[] = {1, 2, 7, 8, 9, 10, 11}; /* columns of the numbers above */
		snprintf(cells[0], sizeof cells[0], "%d", s->games);
		snprintf(cells[3], sizeof cells[3], "%d", s->wins);
		snprintf(cells[4], sizeof cells[4], "%d", s->draws);
		snprintf(cells[5], sizeof cells[5], "%d", s->losses);
		snprintf(cells[6], sizeof cells[6], "%d", s->forfeits);
		for (size_t i = 0; i < sizeof place / sizeof place[0]; i++)
			bones_i18n_number(cells[place[i]], sizeof cells[0], decimals[i], 1);
		fprintf(f, "%-4d %-*s", k + 1, w, s->name);
		for (size_t c = 0; c < STANDING_COLUMNS; c++) {
			fputc(' ', f);
			put_cell(f, cells[c], widths[c], false);
		}
		fputc('\n', f);
	}
}

/* Each game's points and average score, when the tournament plays more than one. */
static void text_per_game(const bones_tourney_report *r, FILE *f, int w)
{
	const char *head[] = {_("player"), _("games"), _("points"),
			      /* TRANSLATORS: a column heading: the average score in the game */
			      _("avg score")};
	int widths[] = {w, 6, 8, 10};
	for (size_t c = 0; c < 4; c++)
		if (widths[c] < text_width(head[c]))
			widths[c] = text_width(head[c]);
	for (int g = 0; g < r->game_kinds && r->game_kinds > 1; g++) {
		fprintf(f, "\n%s\n", r->game_names[g]);
		for (size_t c = 0; c < 4; c++) {
			fputs(c ? " " : "", f);
			put_cell(f, head[c], widths[c], !c);
		}
		fputc('\n', f);
		for (int k = 0; k < r->players; k++) {
			int i = r->order[k];
			const struct bones_report_cell *c = &r->per_game[g][i];
			char games[24], points[48], score[48];
			if (!c->games)
				continue;
			snprintf(games, sizeof games, "%d", c->games);
			bones_i18n_number(points, sizeof points, c->points, 1);
			bones_i18n_number(score, sizeof score, c->score / c->games, 2);
			put_cell(f, r->st[i].name, widths[0], true);
			fputc(' ', f);
			put_cell(f, games, widths[1], false);
			fputc(' ', f);
			put_cell(f, points, widths[2], false);
			fputc(' ', f);
			put_cell(f, score, widths[3], false);
			fputc('\n', f);
		}
	}
}

void bones_tourney_report_text(const bones_tourney_report *r, FILE *f)
{
	size_t games = r->row_count - r->byes;
	if (r->has_sprt)
		fprintf(f, "%s\n", r->sprt_line);
	if (r->byes)
		fprintf(f,
			P_("%zu games and %zu bye (scored as a win)",
			   "%zu games and %zu byes (scored as wins)", r->byes),
			games, r->byes);
	else
		fprintf(f, P_("%zu game", "%zu games", games), games);
	text_standings(r, f);
	fprintf(f, "%s\n", _("(ties broken by Buchholz, Sonneborn-Berger, median Buchholz)"));
	if (r->regularised)
		fprintf(f, "%s\n",
			_("(ratings regularised: one virtual draw per pair that met, since "
			  "someone never lost or never won)"));
	int w = name_width(r, 16);
	if (w < text_width(_("player")))
		w = text_width(_("player"));
	text_per_game(r, f, w);
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
		snprintf(err, errcap, _("cannot write '%s': %s"), tmp, strerror(errno));
		return BONES_EIO;
	}
	fn(r, f);
	bool bad = ferror(f);
	bad |= fclose(f) != 0;
	if (bad || rename(tmp, path)) {
		snprintf(err, errcap, _("cannot write '%s': %s"), path, strerror(errno));
		unlink(tmp);
		return BONES_EIO;
	}
	return BONES_OK;
}

bones_status bones_tourney_report_save(const bones_tourney_report *r, const char *dir,
				       char *err, size_t errcap)
{
	if (!bones_make_dirs(dir)) {
		snprintf(err, errcap, _("cannot create '%s': %s"), dir, strerror(errno));
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
