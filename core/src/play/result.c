/* The host's result of a game: the plugin's scores and ranks with the penalties of the
 * clock and a forfeit, and its text as a record's Result tag; see bones/result.h. */
#include "bones/result.h"

#include "bones/record.h"

#include <stdio.h>
#include <string.h>

void bones_preset_final_result(bool low_wins, int players, const double *scores,
			       const int *plugin_ranks, const double *penalties, int forfeit,
			       double *final_scores, int *final_ranks)
{
	double sign = low_wins ? 1 : -1;
	bool penalised = false;
	for (int i = 0; i < players; i++) {
		final_scores[i] = scores[i] + sign * (penalties ? penalties[i] : 0);
		penalised |= final_scores[i] != scores[i];
	}
	if (!penalised && forfeit < 0 && plugin_ranks) {
		memcpy(final_ranks, plugin_ranks, (size_t)players * sizeof *final_ranks);
		return;
	}
	for (int i = 0; i < players; i++) {
		if (i == forfeit) {
			final_ranks[i] = players;
			continue;
		}
		int rank = 1;
		for (int j = 0; j < players; j++) {
			double a = final_scores[i], b = final_scores[j];
			if (j == i || j == forfeit)
				continue;
			bool better = low_wins ? b < a : b > a;
			if (!better && a == b && plugin_ranks)
				better = plugin_ranks[j] < plugin_ranks[i];
			rank += better;
		}
		final_ranks[i] = rank;
	}
}

size_t bones_preset_result_text(int players, const double *scores, const int *ranks,
				char *buf, size_t cap)
{
	size_t used = 0;
	for (int pass = 0; pass < 2; pass++) {
		int n = snprintf(buf + (used < cap ? used : cap), used < cap ? cap - used : 0,
				 pass ? "; scores" : "ranks");
		used += n > 0 ? (size_t)n : 0;
		for (int i = 0; i < players; i++) {
			char num[40];
			if (pass)
				bones_record_format_score(scores[i], num, sizeof num);
			else
				snprintf(num, sizeof num, "%d", ranks[i]);
			n = snprintf(buf + (used < cap ? used : cap), used < cap ? cap - used : 0,
				     " %s", num);
			used += n > 0 ? (size_t)n : 0;
		}
	}
	return used;
}
