/* Internals of the tournament reports shared by tourney_report.c (tallies, text, CSV)
 * and tourney_html.c (JSON, HTML). Not a public header. */
#ifndef BONES_TOURNEY_REPORT_IMPL_H
#define BONES_TOURNEY_REPORT_IMPL_H

#include "bones/rating.h"
#include "bones/tourney_report.h"

#include <stdio.h>

#define BONES_REPORT_MAX_PLAYERS 128
#define BONES_REPORT_MAX_GAMES 64

struct bones_report_cell {
	int games;
	double points, score;
};

struct bones_tourney_report {
	bones_tourney_db *db;       /* borrowed: records for the HTML list of games */
	bones_tourney_db_about about; /* name, format, seed, configuration */
	int pictures;               /* games whose final position report.html draws */
	char command[1024];         /* the command that ran it, "" when unknown */
	bones_tourney_game_row *rows;
	size_t row_count;           /* games stored, Swiss byes included */
	size_t byes;                /* one-seat rows: Swiss byes, scored as wins */
	int players, game_kinds;
	bones_tourney_standing st[BONES_REPORT_MAX_PLAYERS];     /* in order met */
	bones_tourney_standing sorted[BONES_REPORT_MAX_PLAYERS]; /* best first */
	int order[BONES_REPORT_MAX_PLAYERS];                     /* sorted[k] is st[order[k]] */
	char game_names[BONES_REPORT_MAX_GAMES][64];
	struct bones_report_cell per_game[BONES_REPORT_MAX_GAMES][BONES_REPORT_MAX_PLAYERS];
	double cross[BONES_REPORT_MAX_PLAYERS][BONES_REPORT_MAX_PLAYERS]; /* row's points */
	double met[BONES_REPORT_MAX_PLAYERS][BONES_REPORT_MAX_PLAYERS];   /* pair games */
	double won[BONES_REPORT_MAX_PLAYERS][BONES_REPORT_MAX_PLAYERS];   /* row's wins */
	bool regularised;
	bool has_sprt;              /* bones_tourney_report_set_sprt was called */
	bones_sprt_state sprt;
	char sprt_line[256];
};

/* One pair's results from the first's side: wins, draws, losses, score 0..1, the Elo
 * difference with its 95% interval (half width; NAN without games or with a score of 0
 * or 1) and the likelihood of superiority (0..1, NAN without decisive games). */
typedef struct bones_report_pair {
	int wins, draws, losses;
	double score, elo, elo_error, los;
} bones_report_pair;

void bones_tourney_report_pair(const bones_tourney_report *r, int i, int j,
			       bones_report_pair *out);

/* Write s as a CSV field (quoted when needed). */
void bones_tourney_report_csv_field(FILE *f, const char *s);

#endif /* BONES_TOURNEY_REPORT_IMPL_H */
