/* `bones render RECORD [--move N] (--png|--svg|--pdf) FILE [--size WxH] [options]`: a
 * picture of a game record drawn with Cairo (bones/picture.h): no SDL, no display. */
#include <stdio.h>
#include <string.h>

#include "bones/args.h"
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

enum { MOVE = 1, VIEWER, SIZE, TITLE, PNG, SVG, PDF, NO_HANDS, TARGETS };

static const bones_args_option options[] = {
	{"move", 0, true, MOVE},        {"viewer", 0, true, VIEWER}, {"size", 0, true, SIZE},
	{"title", 0, true, TITLE},      {"png", 0, true, PNG},       {"svg", 0, true, SVG},
	{"pdf", 0, true, PDF},          {"no-hands", 0, false, NO_HANDS},
	{"targets", 0, false, TARGETS}, {0}};

/* One option of the table; false after printing why not. */
static bool render_option(bones_args *args, int id, void *ctx)
{
	render_args *ra = ctx;
	long n;
	switch (id) {
	case MOVE:
		return bones_args_int(args, 0, 1L << 30, &ra->move);
	case VIEWER:
		if (!bones_args_int(args, 1, 64, &n))
			return false;
		ra->viewer = (int)n - 1;
		return true;
	case SIZE:
		return bones_args_size(args, 64, 8192, &ra->w, &ra->h);
	case TITLE:
		ra->title = args->value;
		return true;
	case NO_HANDS:
		ra->hands = false;
		return true;
	case TARGETS:
		ra->targets = true;
		return true;
	}
	if (ra->out) /* --png, --svg, --pdf */
		return bones_args_fail(args, "%s", _("one output file only"));
	ra->out = args->value;
	ra->format = id == PNG ? BONES_PICTURE_PNG : id == SVG ? BONES_PICTURE_SVG
							     : BONES_PICTURE_PDF;
	return true;
}

static int parse_args(int argc, char **argv, render_args *ra)
{
	memset(ra, 0, sizeof *ra);
	ra->move = -1, ra->viewer = -1, ra->w = 1200, ra->h = 800, ra->hands = true;
	bones_args args;
	bones_args_init(&args, "bones render", options, argc, argv);
	int rc = bones_args_parse(&args, render_option, ra, &ra->record, 1, usage);
	if (rc >= 0) /* --help, --version: -1, for exit status 0 */
		return rc ? rc : -1;
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
