/* `bones render RECORD [--move N] (--png|--svg|--pdf) FILE [--size WxH] [options]`: a
 * picture of a game record drawn with Cairo (bones/picture.h): no SDL, no display. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/choices.h"
#include "bones/i18n.h"
#include "bones/picture.h"
#include "bones/record.h"
#include "commands.h"

#define USAGE N_("usage: bones render RECORD [--move N] (--png|--svg|--pdf) FILE [--size WxH]\n" \
		 "                    [--viewer P] [--no-hands] [--targets] [--title TEXT]\n")

typedef struct render_args {
	const char *record, *out, *title;
	bones_picture_format format;
	long move;   /* -1: the end */
	int viewer;  /* -1 spectator, else player index */
	int w, h;
	bool hands, targets;
} render_args;

static int usage(FILE *f, int rc)
{
	fprintf(f, "%s", _(USAGE));
	if (rc == 0)
		printf(_("\nDraws a record's position after player move N (default: the end) as\n"
		       "PNG, SVG or PDF of WxH pixels or points (default 1200x800): the board,\n"
		       "each player's colour, score and hand (as player P sees it with --viewer\n"
		       "P, counted from 1; default: a spectator, hidden pieces face down) and\n"
		       "the last move highlighted. --targets dots the legal targets of the\n"
		       "player to move; --title puts a caption at the top.\n"));
	return rc;
}

static bool parse_long(const char *text, long lo, long hi, long *out)
{
	char *end;
	errno = 0;
	long v = strtol(text, &end, 10);
	if (errno || end == text || *end || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

static int parse_value(render_args *ra, const char *opt, const char *v)
{
	long n;
	bones_picture_format f;
	if (!strcmp(opt, "--move")) {
		if (!parse_long(v, 0, 1L << 30, &n)) {
			fprintf(stderr, _("bones render: --move '%s': expected a move number >= 0\n"), v);
			return 2;
		}
		ra->move = n;
	} else if (!strcmp(opt, "--viewer")) {
		if (!parse_long(v, 1, 64, &n)) {
			fprintf(stderr, _("bones render: --viewer '%s': expected a player 1..64\n"), v);
			return 2;
		}
		ra->viewer = (int)n - 1;
	} else if (!strcmp(opt, "--size")) {
		if (sscanf(v, "%dx%d", &ra->w, &ra->h) != 2 || ra->w < 64 || ra->h < 64 ||
		    ra->w > 8192 || ra->h > 8192) {
			fprintf(stderr, _("bones render: --size '%s': expected WxH, 64..8192\n"), v);
			return 2;
		}
	} else if (!strcmp(opt, "--title")) {
		ra->title = v;
	} else if (bones_picture_format_parse(opt + 2, &f)) {
		if (ra->out) {
			fprintf(stderr, _("bones render: one output file only\n"));
			return 2;
		}
		ra->out = v, ra->format = f;
	} else {
		fprintf(stderr, _("bones render: unknown option '%s'\n"), opt);
		return 2;
	}
	return 0;
}

static int parse_args(int argc, char **argv, render_args *ra)
{
	memset(ra, 0, sizeof *ra);
	ra->move = -1, ra->viewer = -1, ra->w = 1200, ra->h = 800, ra->hands = true;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--help") || !strcmp(a, "-h"))
			return usage(stdout, 0) - 1;
		if (!strcmp(a, "--no-hands"))
			ra->hands = false;
		else if (!strcmp(a, "--targets"))
			ra->targets = true;
		else if (a[0] == '-' && a[1] == '-') {
			if (i + 1 >= argc) {
				fprintf(stderr, _("bones render: %s needs a value\n"), a);
				return 2;
			}
			int rc = parse_value(ra, a, argv[++i]);
			if (rc)
				return rc;
		} else if (!ra->record)
			ra->record = a;
		else {
			fprintf(stderr, _("bones render: unexpected argument '%s'\n"), a);
			return 2;
		}
	}
	if (!ra->record || !ra->out)
		return usage(stderr, 2);
	return 0;
}

static int draw(const render_args *ra, const bones_session *s)
{
	/* after player move N and the chance outcomes that follow it */
	size_t index = bones_choices_after_player_moves(s, ra->move);
	if (ra->move > (long)bones_choices_player_moves(s, bones_session_length(s))) {
		fprintf(stderr, _("bones render: --move %ld: the record '%s' has fewer player moves\n"),
			ra->move, ra->record);
		return 2;
	}
	bones_picture_game pos = bones_picture_game_of(s, index);
	if (ra->viewer >= pos.players) {
		fprintf(stderr, P_("bones render: --viewer %d: the game has %d player\n",
				   "bones render: --viewer %d: the game has %d players\n",
				   (unsigned long)pos.players),
			ra->viewer + 1, pos.players);
		return 2;
	}
	bones_picture_request req = bones_picture_defaults();
	req.width = ra->w, req.height = ra->h, req.viewer = ra->viewer, req.title = ra->title;
	char texts[8][64];
	const char *names[9] = {0}; /* the record's Player1.. tags name the seats */
	for (int p = 0; p < pos.players && p < 8; p++) {
		char tag[16];
		snprintf(tag, sizeof tag, "Player%d", p + 1);
		if (bones_record_tag(ra->record, 1, tag, texts[p], sizeof texts[p]) && texts[p][0])
			names[p] = texts[p];
	}
	req.names = names;
	if (!ra->hands)
		req.flags &= ~(unsigned)BONES_PICTURE_HANDS;
	if (ra->targets)
		req.flags |= BONES_PICTURE_TARGETS;
	char err[512];
	if (bones_picture_write(&pos, &req, ra->format, ra->out, NULL, err, sizeof err)) {
		fprintf(stderr, "bones render: %s\n", err);
		return 1;
	}
	return 0;
}

int cmd_render(int argc, char **argv)
{
	render_args ra;
	int rc = parse_args(argc, argv, &ra);
	if (rc)
		return rc < 0 ? 0 : rc;
	bones_registry *reg = bones_registry_create();
	if (!reg) {
		fprintf(stderr, _("bones render: out of memory\n"));
		return 1;
	}
	bones_registry_scan_default(reg);
	bones_session *s = NULL;
	char err[1024];
	bones_status st = bones_record_replay(ra.record, reg, &s, err, sizeof err);
	if (!s) {
		fprintf(stderr, "bones render: %s\n", err);
		rc = 1;
	} else {
		if (st != BONES_OK)
			fprintf(stderr, _("bones render: %s (drawing the game up to there)\n"), err);
		rc = draw(&ra, s);
	}
	bones_session_destroy(s);
	bones_registry_destroy(reg);
	return rc;
}
