/* The host's result of one game: the plugin's scores and ranks, changed by the penalty
 * points of the preset's [time] rule (bones/clock.h) and a forfeit, and written as a
 * record's Result tag. Used by the table (bones/table.h) and the web server. */
#ifndef BONES_RESULT_H
#define BONES_RESULT_H

#include <stdbool.h>
#include <stddef.h>

/* The host's final result of one game under the preset's [time] rule. scores[] are the
 * plugin's, plugin_ranks[] its ranks (NULL when the game did not reach its end, e.g. a
 * forfeit), penalties[] the penalty points each seat collected (>= 0), forfeit the seat
 * that forfeited or -1. A penalty always counts against its player: it is added to the
 * score in a BONES_LOW_SCORE_WINS game and subtracted otherwise. The forfeiting seat
 * ranks last; the others rank by their final scores (equal ones by plugin_ranks, else
 * shared). Without penalties or forfeit the result is the plugin's. */
void bones_preset_final_result(bool low_wins, int players, const double *scores,
			       const int *plugin_ranks, const double *penalties, int forfeit,
			       double *final_scores, int *final_ranks);
/* "ranks R1 R2 ...; scores S1 S2 ..." as in a record's Result tag. */
size_t bones_preset_result_text(int players, const double *scores, const int *ranks,
				char *buf, size_t cap);

#endif /* BONES_RESULT_H */
