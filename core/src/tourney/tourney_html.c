/* Tournament reports as JSON and as one self-contained HTML page: the standings, the
 * crosstable and an inline SVG chart of the ratings with their 95% error bars. */
#include "tourney_report_internal.h"

#include <math.h>
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
	int height = row * r->players + 40;
#define X(v) (left + (double)width * ((v) - lo) / (hi - lo))
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		"font-family=\"sans-serif\" font-size=\"12\">\n", left + width + 30, height);
	fprintf(f, "<line x1=\"%.1f\" y1=\"10\" x2=\"%.1f\" y2=\"%d\" stroke=\"#999\" "
		"stroke-dasharray=\"4 3\"/>\n", X(0), X(0), height - 20);
	fprintf(f, "<text x=\"%d\" y=\"%d\">%.0f</text><text x=\"%d\" y=\"%d\" "
		"text-anchor=\"end\">%.0f</text>\n", left, height - 5, lo, left + width,
		height - 5, hi);
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
	fputs("<h2>Crosstable</h2>\n<table>\n<tr><th></th>", f);
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
				fprintf(f, "<td>%.1f / %.0f</td>", r->cross[i][j], r->met[i][j]);
		}
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

void bones_tourney_report_html(const bones_tourney_report *r, FILE *f)
{
	fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Tournament report"
	      "</title>\n<style>body{font-family:sans-serif;margin:2em}table{border-collapse:"
	      "collapse}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}"
	      "</style></head><body>\n", f);
	fprintf(f, "<h1>Tournament report</h1>\n<p>%zu games, %zu byes.</p>\n",
		r->row_count - r->byes, r->byes);
	if (r->has_sprt) {
		fputs("<p>", f);
		html_text(f, r->sprt_line);
		fputs("</p>\n", f);
	}
	fprintf(f, "<h2>Standings</h2>\n"
		"<table>\n<tr><th>#</th><th>player</th><th>games</th><th>points</th><th>win</th>"
		"<th>draw</th><th>loss</th><th>forfeits</th><th>Elo</th><th>&#177;95%%</th>"
		"<th>Buchholz</th><th>median B.</th><th>S-B</th></tr>\n");
	for (int k = 0; k < r->players; k++) {
		const bones_tourney_standing *s = &r->sorted[k];
		fprintf(f, "<tr><td>%d</td><td>", k + 1);
		html_text(f, s->name);
		fprintf(f, "</td><td>%d</td><td>%.1f</td><td>%d</td><td>%d</td><td>%d</td><td>%d"
			"</td><td>%.1f</td><td>%.1f</td><td>%.1f</td><td>%.1f</td><td>%.1f</td></tr>\n",
			s->games, s->points, s->wins, s->draws, s->losses, s->forfeits, s->elo,
			s->error, s->buchholz, s->median_buchholz, s->sonneborn_berger);
	}
	fputs("</table>\n<h2>Ratings (Bradley-Terry, Elo scale, 95% intervals)</h2>\n", f);
	svg_chart(r, f);
	html_crosstable(r, f);
	fputs("</body></html>\n", f);
}
