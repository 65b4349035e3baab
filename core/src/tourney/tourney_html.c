/* Tournament reports as JSON and as one self-contained HTML page: the standings, the
 * crosstable and an inline SVG chart of the ratings with their 95% error bars. */
#include "tourney_report_internal.h"

#include "bones/i18n.h"
#include "bones/picture.h"
#include "bones/record.h"
#include "bones/registry.h"
#include "bones/version.h"

#include <math.h>
#include <stdlib.h>
#include <time.h>
#include <string.h>

static void json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

static void html_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '<')
			fputs("&lt;", f);
		else if (*s == '>')
			fputs("&gt;", f);
		else if (*s == '&')
			fputs("&amp;", f);
		else if (*s == '"')
			fputs("&quot;", f);
		else
			fputc(*s, f);
	}
}

/* <tag>text</tag> and a new line: a heading or paragraph. */
static void html_heading(FILE *f, const char *tag, const char *text)
{
	fprintf(f, "<%s>", tag);
	html_text(f, text);
	fprintf(f, "</%s>\n", tag);
}

/* <tag>text</tag>: a cell of a table. */
static void html_cell(FILE *f, const char *tag, const char *text)
{
	fprintf(f, "<%s>", tag);
	html_text(f, text);
	fprintf(f, "</%s>", tag);
}

/* A table's heading row: each text in the player's language ("" an empty cell). */
static void html_head_row(FILE *f, const char *const *heads, size_t n)
{
	fputs("<tr>", f);
	for (size_t i = 0; i < n; i++)
		html_cell(f, "th", heads[i][0] ? _(heads[i]) : "");
	fputs("</tr>\n", f);
}

/* Points for people: no decimals when whole, as "%g" but in the player's language. */
static const char *points_text(char *buf, size_t cap, double v)
{
	int decimals = v == floor(v) ? 0 : v * 10 == floor(v * 10) ? 1 : 2;
	return bones_i18n_number(buf, cap, v, decimals);
}

void bones_tourney_report_json(const bones_tourney_report *r, FILE *f)
{
	fprintf(f, "{\n  \"games\": %zu,\n  \"byes\": %zu,\n  \"regularised\": %s,\n",
		r->row_count - r->byes, r->byes, r->regularised ? "true" : "false");
	if (r->has_sprt)
		fprintf(f, "  \"sprt\": {\"verdict\": \"%s\", \"llr\": %.4f, \"lower\": %.4f, "
			"\"upper\": %.4f, \"score\": %.4f, \"results\": %.0f},\n",
			bones_sprt_verdict_name(r->sprt.verdict), r->sprt.llr, r->sprt.lower,
			r->sprt.upper, r->sprt.score, r->sprt.results);
	fputs("  \"standings\": [", f);
	for (int k = 0; k < r->players; k++) {
		const bones_tourney_standing *s = &r->sorted[k];
		fprintf(f, "%s\n    {\"rank\": %d, \"name\": ", k ? "," : "", k + 1);
		json_string(f, s->name);
		fprintf(f, ", \"games\": %d, \"points\": %.1f, \"wins\": %d, \"draws\": %d, "
			"\"losses\": %d, \"forfeits\": %d, \"elo\": %.1f, \"error\": %.1f, "
			"\"buchholz\": %g, \"median_buchholz\": %g, \"sonneborn_berger\": %g}",
			s->games, s->points, s->wins, s->draws, s->losses, s->forfeits, s->elo,
			s->error, s->buchholz, s->median_buchholz, s->sonneborn_berger);
	}
	fputs("\n  ],\n  \"per_game\": {", f);
	for (int g = 0; g < r->game_kinds; g++) {
		fprintf(f, "%s\n    ", g ? "," : "");
		json_string(f, r->game_names[g]);
		fputs(": [", f);
		bool first = true;
		for (int k = 0; k < r->players; k++) {
			int i = r->order[k];
			const struct bones_report_cell *c = &r->per_game[g][i];
			if (!c->games)
				continue;
			fprintf(f, "%s{\"name\": ", first ? "" : ", ");
			json_string(f, r->st[i].name);
			fprintf(f, ", \"games\": %d, \"points\": %.1f, \"avg_score\": %.3f}", c->games,
				c->points, c->score / c->games);
			first = false;
		}
		fputc(']', f);
	}
	fputs("\n  },\n  \"crosstable\": {", f);
	for (int a = 0; a < r->players; a++) {
		int i = r->order[a];
		fprintf(f, "%s\n    ", a ? "," : "");
		json_string(f, r->st[i].name);
		fputs(": {", f);
		for (int b = 0, n = 0; b < r->players; b++) {
			int j = r->order[b];
			if (i == j || !r->met[i][j])
				continue;
			fprintf(f, "%s", n++ ? ", " : "");
			json_string(f, r->st[j].name);
			fprintf(f, ": [%.1f, %.0f]", r->cross[i][j], r->met[i][j]);
		}
		fputc('}', f);
	}
	fputs("\n  }\n}\n", f);
}

/* Horizontal bars: one row per participant, a dot at the rating and a line over its
 * 95% interval, a dashed line at 0. */
static void svg_chart(const bones_tourney_report *r, FILE *f)
{
	double lo = 0, hi = 0;
	for (int k = 0; k < r->players; k++) {
		lo = fmin(lo, r->sorted[k].elo - r->sorted[k].error);
		hi = fmax(hi, r->sorted[k].elo + r->sorted[k].error);
	}
	if (hi - lo < 1)
		hi = lo + 1;
	const int left = 150, width = 500, row = 24;
	int height = row * r->players + 50;
#define X(v) (left + (double)width * ((v) - lo) / (hi - lo))
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		"font-family=\"sans-serif\" font-size=\"12\">\n", left + width + 30, height);
	fprintf(f, "<line x1=\"%.1f\" y1=\"10\" x2=\"%.1f\" y2=\"%d\" stroke=\"#999\" "
		"stroke-dasharray=\"4 3\"/>\n", X(0), X(0), height - 20);
	/* the Elo axis: a tick and a label every 10, 25, 50, 100, 200 ... points */
	double step = 10;
	while ((hi - lo) / step > 8)
		step *= step == 10 || step == 100 || step == 1000 ? 2.5 : 2;
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#555\"/>\n",
		left, height - 22, left + width, height - 22);
	for (double v = ceil(lo / step) * step; v <= hi; v += step)
		fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#555\"/>"
			"<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%+.0f</text>\n", X(v),
			height - 22, X(v), height - 17, X(v), height - 5, v + 0.0);
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">Elo</text>\n", left - 10,
		height - 5);
	for (int k = 0; k < r->players; k++) {
		const bones_tourney_standing *s = &r->sorted[k];
		int y = 20 + k * row;
		fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", left - 10, y + 4);
		html_text(f, s->name);
		fprintf(f, "</text>\n<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
			"stroke=\"#36c\" stroke-width=\"2\"/>\n", X(s->elo - s->error), y,
			X(s->elo + s->error), y);
		fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#36c\"/>"
			"<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#36c\"/>\n",
			X(s->elo - s->error), y - 5, X(s->elo - s->error), y + 5,
			X(s->elo + s->error), y - 5, X(s->elo + s->error), y + 5);
		fprintf(f, "<circle cx=\"%.1f\" cy=\"%d\" r=\"4\" fill=\"#c33\"><title>%.1f &#177; "
			"%.1f</title></circle>\n", X(s->elo), y, s->elo, s->error);
	}
#undef X
	fputs("</svg>\n", f);
}

static void html_crosstable(const bones_tourney_report *r, FILE *f)
{
	char a_text[48], b_text[48];
	html_heading(f, "h2", _("Crosstable"));
	fputs("<table>\n<tr><th></th>", f);
	for (int k = 0; k < r->players; k++) {
		fputs("<th>", f);
		html_text(f, r->st[r->order[k]].name);
		fputs("</th>", f);
	}
	fputs("</tr>\n", f);
	for (int a = 0; a < r->players; a++) {
		int i = r->order[a];
		fputs("<tr><th>", f);
		html_text(f, r->st[i].name);
		fputs("</th>", f);
		for (int b = 0; b < r->players; b++) {
			int j = r->order[b];
			if (i == j || !r->met[i][j])
				fputs("<td>&#8212;</td>", f);
			else
				fprintf(f, "<td>%s / %s</td>",
					bones_i18n_number(a_text, sizeof a_text, r->cross[i][j], 1),
					bones_i18n_number(b_text, sizeof b_text, r->met[i][j], 0));
		}
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

/* Name, format, seed, date and the size of the event. */
static void html_header(const bones_tourney_report *r, FILE *f)
{
	char date[64] = "", buf[512];
	size_t games = r->row_count - r->byes;
	bones_i18n_datetime(date, sizeof date, time(NULL));
	html_heading(f, "h1", r->about.name[0] ? r->about.name : _("Tournament"));
	fputs("<p>", f);
	if (r->about.format[0]) { /* the format as the configuration names it */
		html_text(f, r->about.format);
		fputs(", ", f);
		/* TRANSLATORS: the facts of a tournament report, in a list separated by commas:
		   "round-robin, seed 31, 40 games, 4 participants." */
		snprintf(buf, sizeof buf, _("seed %llu"), r->about.seed);
		html_text(f, buf);
		fputs(", ", f);
	}
	if (r->byes)
		snprintf(buf, sizeof buf,
			 P_("%zu games and %zu bye", "%zu games and %zu byes", r->byes), games,
			 r->byes);
	else
		snprintf(buf, sizeof buf, P_("%zu game", "%zu games", games), games);
	html_text(f, buf);
	fputs(", ", f);
	snprintf(buf, sizeof buf, P_("%d participant.", "%d participants.", r->players),
		 r->players);
	html_text(f, buf);
	fputc(' ', f);
	snprintf(buf, sizeof buf, _("Report of %s (bones %s)."), date, bones_version());
	html_text(f, buf);
	fputs("</p>\n", f);
	if (r->command[0]) {
		fputs("<p><code>", f);
		html_text(f, r->command);
		fputs("</code></p>\n", f);
	}
}

/* Each game's own standings, when the event mixes games. */
static void html_per_game(const bones_tourney_report *r, FILE *f)
{
	static const char *const heads[] = {N_("player"), N_("games"), N_("points"),
					    N_("average score")};
	char a_text[48], b_text[48];
	for (int g = 0; g < r->game_kinds && r->game_kinds > 1; g++) {
		fputs("<h2>", f);
		html_text(f, r->game_names[g]);
		fputs("</h2>\n<table>\n", f);
		html_head_row(f, heads, sizeof heads / sizeof heads[0]);
		for (int k = 0; k < r->players; k++) {
			int i = r->order[k];
			const struct bones_report_cell *c = &r->per_game[g][i];
			if (!c->games)
				continue;
			fputs("<tr><td>", f);
			html_text(f, r->st[i].name);
			fprintf(f, "</td><td>%d</td><td>%s</td><td>%s</td></tr>\n", c->games,
				bones_i18n_number(a_text, sizeof a_text, c->points, 1),
				bones_i18n_number(b_text, sizeof b_text, c->score / c->games, 2));
		}
		fputs("</table>\n", f);
	}
}

static void base64(FILE *f, const unsigned char *b, size_t n)
{
	static const char abc[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	for (size_t i = 0; i < n; i += 3) {
		unsigned v = (unsigned)b[i] << 16 | (i + 1 < n ? (unsigned)b[i + 1] << 8 : 0) |
			     (i + 2 < n ? b[i + 2] : 0);
		fputc(abc[v >> 18 & 63], f);
		fputc(abc[v >> 12 & 63], f);
		fputc(i + 1 < n ? abc[v >> 6 & 63] : '=', f);
		fputc(i + 2 < n ? abc[v & 63] : '=', f);
	}
}

/* The game's final position, replayed from its record and drawn by its plugin, as an
 * SVG image inside the page (a data URL keeps each picture's ids to itself). Nothing
 * when the plugin is not installed or cannot draw. */
static void html_picture(bones_registry *reg, const char *record, FILE *f)
{
	FILE *in = reg ? fmemopen((void *)record, strlen(record), "r") : NULL;
	if (!in)
		return;
	bones_session *s = NULL;
	char err[512];
	bones_status st = bones_record_read(in, "record", reg, &s, err, sizeof err);
	fclose(in);
	unsigned char *svg = NULL;
	size_t size = 0;
	if (!st && s) {
		bones_picture_game pos = bones_picture_game_of(s, (size_t)-1);
		bones_picture_request req = bones_picture_defaults();
		req.width = 480, req.height = 320;
		req.flags = BONES_PICTURE_LAST;
		st = bones_picture_encode(&pos, &req, BONES_PICTURE_SVG, &svg, &size, NULL, err,
					  sizeof err);
	}
	if (!st && svg) {
		fputs("<br><img alt=\"", f);
		html_text(f, _("the final position"));
		fputs("\" src=\"data:image/svg+xml;base64,", f);
		base64(f, svg, size);
		fputs("\">", f);
	}
	free(svg);
	bones_session_destroy(s);
}

/* The record of one game, folded, with its final position for the first games. */
static void html_record(const bones_tourney_report *r, bones_registry *reg,
			const bones_tourney_game_row *g, bool picture, FILE *f)
{
	char *record = r->db ? bones_tourney_db_record(r->db, g->tourney, g->round, g->slot)
			     : NULL;
	if (!record)
		return;
	fputs("<details><summary>", f);
	/* TRANSLATORS: the folded record of a game in the tournament report */
	html_text(f, _("record"));
	fputs("</summary>", f);
	if (picture)
		html_picture(reg, record, f);
	fputs("<pre>", f);
	html_text(f, record);
	fputs("</pre></details>", f);
	free(record);
}

/* Round by round: every table with its players in seat order, points, forfeit, and
 * (for the first REPORT_RECORDS games) the record. Long events are cut, and say so. */
#define REPORT_GAMES 2000
#define REPORT_RECORDS 300
static void html_rounds(const bones_tourney_report *r, FILE *f)
{
	/* TRANSLATORS: "table" is a column heading: the table (number) a game was played
	   at; the last column holds the pictures */
	static const char *const heads[] = {N_("table"), N_("game"), N_("players (points)"),
					    N_("forfeit"), ""};
	char num[48], buf[256];
	bones_registry *reg = r->pictures ? bones_registry_create() : NULL;
	if (reg)
		bones_registry_scan_default(reg);
	html_heading(f, "h2", _("Rounds and games"));
	int round = -1;
	size_t shown = 0;
	for (size_t k = 0; k < r->row_count && shown < REPORT_GAMES; k++, shown++) {
		const bones_tourney_game_row *g = &r->rows[k];
		if (g->round != round) {
			char head[64];
			snprintf(head, sizeof head, _("Round %d"), g->round + 1);
			fputs(round < 0 ? "" : "</table>\n", f);
			html_heading(f, "h3", head);
			fputs("<table>\n", f);
			html_head_row(f, heads, sizeof heads / sizeof heads[0]);
			round = g->round;
		}
		fprintf(f, "<tr><td>%d</td><td>", g->slot + 1);
		html_text(f, g->game);
		fputs("</td><td style=\"text-align:left\">", f);
		for (int i = 0; i < g->seats; i++) {
			fputs(i ? " &#8211; " : "", f);
			html_text(f, g->player[i]);
			fprintf(f, " (%s)", points_text(num, sizeof num, g->points[i]));
		}
		fputs("</td><td>", f);
		html_text(f, g->forfeit);
		fputs("</td><td style=\"text-align:left\">", f);
		if (shown < REPORT_RECORDS && g->seats > 1)
			html_record(r, reg, g, shown < (size_t)r->pictures, f);
		fputs("</td></tr>\n", f);
	}
	if (round >= 0)
		fputs("</table>\n", f);
	bones_registry_destroy(reg);
	buf[0] = '\0';
	if (r->row_count > REPORT_GAMES)
		snprintf(buf, sizeof buf,
			 _("The first %d of %zu games; games.csv and games.bones hold every one."),
			 REPORT_GAMES, r->row_count);
	else if (r->row_count > REPORT_RECORDS)
		snprintf(buf, sizeof buf,
			 _("Records of the first %d games; games.bones holds every one."),
			 REPORT_RECORDS);
	if (buf[0])
		html_heading(f, "p", buf);
}

/* A knockout's bracket: a column per round, each match's two participants with the
 * points they scored in it, the one who went on in bold. */
#define BRACKET_ROUNDS 8
#define BRACKET_MATCHES 64
struct match {
	const char *name[2];
	double points[2];
};

static struct match *find_match(struct match *m, int *n, const bones_tourney_game_row *g)
{
	for (int k = 0; k < *n; k++)
		if ((!strcmp(m[k].name[0], g->player[0]) && !strcmp(m[k].name[1], g->player[1])) ||
		    (!strcmp(m[k].name[0], g->player[1]) && !strcmp(m[k].name[1], g->player[0])))
			return &m[k];
	if (*n == BRACKET_MATCHES)
		return NULL;
	m[*n] = (struct match){{g->player[0], g->player[1]}, {0, 0}};
	return &m[(*n)++];
}

static void html_bracket(const bones_tourney_report *r, FILE *f)
{
	int count[BRACKET_ROUNDS] = {0}, rounds = 0;
	struct match (*ms)[BRACKET_MATCHES] = calloc(BRACKET_ROUNDS, sizeof *ms);
	if (!ms)
		return;
	for (size_t k = 0; k < r->row_count; k++) {
		const bones_tourney_game_row *g = &r->rows[k];
		if (g->seats != 2 || g->round < 0 || g->round >= BRACKET_ROUNDS)
			continue;
		struct match *x = find_match(ms[g->round], &count[g->round], g);
		if (!x)
			continue;
		for (int i = 0; i < 2; i++)
			x->points[strcmp(x->name[0], g->player[i]) ? 1 : 0] += g->points[i];
		rounds = g->round + 1 > rounds ? g->round + 1 : rounds;
	}
	html_heading(f, "h2", _("Bracket"));
	fputs("<table class=\"bracket\"><tr>", f);
	for (int k = 0; k < rounds; k++) {
		char head[64];
		snprintf(head, sizeof head, _("Round %d"), k + 1);
		html_cell(f, "th", head);
	}
	fputs("</tr><tr>", f);
	for (int k = 0; k < rounds; k++) {
		fputs("<td style=\"vertical-align:middle;text-align:left\">", f);
		for (int i = 0; i < count[k]; i++) {
			struct match *x = &ms[k][i];
			int win = x->points[1] > x->points[0];
			fputs("<div style=\"border:1px solid #999;margin:6px 0;padding:2px 6px\">", f);
			for (int s = 0; s < 2; s++) {
				fputs(s == win ? "<b>" : "", f);
				html_text(f, x->name[s]);
				char num[48];
				fprintf(f, " %s%s%s", points_text(num, sizeof num, x->points[s]),
					s == win ? "</b>" : "", s ? "" : "<br>");
			}
			fputs("</div>", f);
		}
		fputs("</td>", f);
	}
	fputs("</tr></table>\n", f);
	free(ms);
}

static void html_config(const bones_tourney_report *r, FILE *f)
{
	if (!r->about.config[0])
		return;
	html_heading(f, "h2", _("Configuration"));
	fputs("<pre>", f);
	html_text(f, r->about.config);
	fputs("</pre>\n", f);
}

/* The standings: the headings in the player's language, the numbers too. */
static void html_standings(const bones_tourney_report *r, FILE *f)
{
	/* TRANSLATORS: the column headings of the report's standings: games played, points,
	   wins, draws, losses, forfeits, Elo rating, its 95% margin, Buchholz, median
	   Buchholz, Sonneborn-Berger */
	static const char *const heads[] = {"#",	    N_("player"), N_("games"),
					    N_("points"),   N_("win"),	  N_("draw"),
					    N_("loss"),	    N_("forfeits"), N_("Elo"),
					    "±95%",    N_("Buchholz"), N_("median B."),
					    N_("S-B")}; /* # and the margin: in every language */
	html_heading(f, "h2", _("Standings"));
	fputs("<table>\n", f);
	html_head_row(f, heads, sizeof heads / sizeof heads[0]);
	for (int k = 0; k < r->players; k++) {
		const bones_tourney_standing *s = &r->sorted[k];
		const double v[] = {s->elo, s->error, s->buchholz, s->median_buchholz,
				    s->sonneborn_berger};
		char num[48];
		fprintf(f, "<tr><td>%d</td><td>", k + 1);
		html_text(f, s->name);
		fprintf(f, "</td><td>%d</td><td>%s</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td>",
			s->games, bones_i18n_number(num, sizeof num, s->points, 1), s->wins,
			s->draws, s->losses, s->forfeits);
		for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
			html_cell(f, "td", bones_i18n_number(num, sizeof num, v[i], 1));
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

void bones_tourney_report_html(const bones_tourney_report *r, FILE *f)
{
	fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>", f);
	html_text(f, _("Tournament report"));
	fputs("</title>\n<style>body{font-family:sans-serif;margin:2em}table{border-collapse:"
	      "collapse}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}"
	      "</style></head><body>\n", f);
	html_header(r, f);
	if (r->has_sprt) {
		fputs("<p>", f);
		html_text(f, r->sprt_line);
		fputs("</p>\n", f);
	}
	html_standings(r, f);
	/* xgettext:no-c-format */
	html_heading(f, "h2", _("Ratings (Bradley-Terry, Elo scale, 95% intervals)"));
	svg_chart(r, f);
	html_per_game(r, f);
	html_crosstable(r, f);
	if (!strcmp(r->about.format, "knockout"))
		html_bracket(r, f);
	html_rounds(r, f);
	html_config(r, f);
	fputs("</body></html>\n", f);
}
