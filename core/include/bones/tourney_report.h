/* Tournament reports from a results file: overall and per-game standings, a
 * crosstable, Bradley-Terry/Elo ratings with 95% intervals (bones/rating.h), as text,
 * CSV, JSON and an HTML page with an inline SVG rating chart. Works on any results
 * file, merged ones included; participants are matched by name. */
#ifndef BONES_TOURNEY_REPORT_H
#define BONES_TOURNEY_REPORT_H

#include <stdio.h>

#include "bones/sprt.h"
#include "bones/tourney.h"
#include "bones/tourney_db.h"

typedef struct bones_tourney_report bones_tourney_report;

/* One participant's line of the standings (sorted: points, then rating). */
typedef struct bones_tourney_standing {
	char name[64];
	int games;          /* games played, and Swiss byes (each one game won) */
	double points;      /* sum of per-game points (1 win, 0.5 tie per opponent share) */
	int wins, draws, losses; /* pairwise results by rank; a bye is a win */
	int forfeits;       /* games lost by forfeit */
	double elo, error;  /* rating and 95% half-interval */
	double buchholz, median_buchholz, sonneborn_berger; /* Swiss tiebreaks (tiebreak.h) */
} bones_tourney_standing;

/* Read the games of tourney (NULL: every tournament in the file) and fit ratings. db
 * must stay open while the report is used (report.html reads the games' records). */
bones_status bones_tourney_report_create(bones_tourney_db *db, const char *tourney,
					 bones_tourney_report **out);
void bones_tourney_report_destroy(bones_tourney_report *r);

/* The overall standings, best first; *count participants. Owned by the report. */
const bones_tourney_standing *bones_tourney_report_standings(const bones_tourney_report *r,
							     int *count);
/* Games played (Swiss byes not counted). */
size_t bones_tourney_report_games(const bones_tourney_report *r);

/* The command that ran the tournament, shown in report.html (copied; NULL: none). */
void bones_tourney_report_set_command(bones_tourney_report *r, const char *command);

/* How many games report.html draws (their final positions); default
 * BONES_TOURNEY_PICTURES, 0 for none. */
void bones_tourney_report_set_pictures(bones_tourney_report *r, int games);

/* Add the tournament's SPRT (bones_tourney_sprt_result) to every form of the report. */
void bones_tourney_report_set_sprt(bones_tourney_report *r, const bones_tourney *t,
				   const bones_sprt_state *state);

void bones_tourney_report_text(const bones_tourney_report *r, FILE *f);
/* Standings as CSV (name,games,points,wins,draws,losses,forfeits,elo,error). */
void bones_tourney_report_csv(const bones_tourney_report *r, FILE *f);
/* Every seat of every game as CSV, ordered by tourney, round, slot, seat. */
void bones_tourney_report_games_csv(const bones_tourney_report *r, FILE *f);
void bones_tourney_report_json(const bones_tourney_report *r, FILE *f);
void bones_tourney_report_html(const bones_tourney_report *r, FILE *f);

/* Write standings.csv, games.csv, report.json and report.html into dir. */
bones_status bones_tourney_report_save(const bones_tourney_report *r, const char *dir,
				       char *err, size_t errcap);

#endif /* BONES_TOURNEY_REPORT_H */
