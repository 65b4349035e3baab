/* How a check of `bones check` fails: the message in the player's language and in
 * English, and the canary bytes around a state. See check_internal.h. */
#include "check_internal.h"

#include "bones/i18n.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

bool bones_check_fail(checker *ck, const char *fmt, ...)
{
	char msg[768];
	va_list ap, again;
	va_start(ap, fmt);
	va_copy(again, ap);
	vsnprintf(msg, sizeof msg, fmt, ap);
	snprintf(ck->plain, sizeof ck->plain, "%s: game %zu (seed %llu), move %zu: %s",
		 ck->label, ck->index, (unsigned long long)ck->seed, ck->len + 1, msg);
	vsnprintf(msg, sizeof msg, _(fmt), again);
	va_end(again);
	va_end(ap);
	snprintf(ck->rep->failure, sizeof ck->rep->failure,
		 _("%s: game %zu (seed %llu), move %zu: %s"), ck->label, ck->index,
		 (unsigned long long)ck->seed, ck->len + 1, msg);
	ck->rep->failed = true;
	return false;
}

bool bones_check_guarded(checker *ck, const unsigned char *state, const char *call)
{
	size_t size = ck->info.state_size;
	const unsigned char *after = state + size, *before = state - CHECK_GUARD;
	if (!memcmp(after, ck->canary, CHECK_GUARD) && !memcmp(before, ck->canary, CHECK_GUARD))
		return true;
	size_t past = 0, ahead = 0;
	for (size_t i = 0; i < CHECK_GUARD; i++)
		if (after[i] != ck->canary[i])
			past = i + 1;
	for (size_t i = 0; i < CHECK_GUARD && !ahead; i++)
		if (before[i] != ck->canary[i])
			ahead = CHECK_GUARD - i;
	if (past)
		return bones_check_fail(ck, N_("%s wrote %zu bytes past the state's %zu (state_size "
					"is too small or the plugin writes out of bounds)"),
					call, past, size);
	return bones_check_fail(ck, N_("%s wrote %zu bytes before the state's start"), call,
				ahead);
}
