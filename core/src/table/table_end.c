/* Why a game ended and its score sheet, for people: the one text the window's score
 * sheet and the terminal's result both show; see bones_table_end_text in table.h. */
#include <stdio.h>
#include <string.h>

#include "bones/i18n.h"
#include "bones/kit_board.h"
#include "bones/table.h"

bool bones_table_end_text(const bones_table *t, char *buf, size_t cap)
{
	if (!cap)
		return false;
	buf[0] = '\0';
	if (!bones_table_over(t))
		return false;
	const bones_session *s = bones_table_session(t);
	const bones_plugin *p = bones_session_plugin(s);
	const void *game = bones_session_game(s);
	bones_kit_board kb;
	const void *rg;
	const bones_render *r = bones_kit_board_render(&kb, p, game, &rg);
	char sheet[4096] = "";
	bool said = r && r->size >= BONES_RENDER_SIZE_1_0 && BONES_RENDER_HAS(r, end_text) &&
		    r->end_text(rg, bones_session_state(s), sheet, sizeof sheet) && sheet[0];
	int forfeit = bones_table_forfeit(t), resigned = bones_table_resigned(t);
	const char *rest = said ? sheet + strcspn(sheet, "\n") : "";
	if (bones_table_aborted(t)) {
		snprintf(buf, cap, "%s", _("the game was aborted before its first moves"));
		rest = "";
	} else if (forfeit >= 0) {
		snprintf(buf, cap, _("player %d ran out of time"), forfeit + 1);
	} else if (resigned >= 0) {
		snprintf(buf, cap, _("player %d resigned"), resigned + 1);
	} else if (said) {
		rest = sheet;
	} else {
		snprintf(buf, cap, "%s", _("no moves are left"));
	}
	size_t n = strlen(buf);
	snprintf(buf + n, cap - n, "%s", rest);
	return true;
}
