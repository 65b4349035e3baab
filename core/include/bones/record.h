/* Game records: a PGN-like text file (docs/formats.md). Tags first, one per line,
 * [Name "value"]; then the numbered move list, chance outcomes included. Writing never
 * loses data: a record is written to a temporary file and renamed into place. */
#ifndef BONES_RECORD_H
#define BONES_RECORD_H

#include <stdio.h>

#include "bones/registry.h"
#include "bones/session.h"

/* Who sat where, for the Players tag; names[i] may be NULL ("Player i+1"). */
typedef struct bones_record_players {
	const char *names[8];
} bones_record_players;

/* Write the session's record to f. */
bones_status bones_record_write(const bones_session *s, const bones_record_players *players,
				FILE *f);
/* Write it to path atomically (temporary file + rename). err names the path. */
bones_status bones_record_save(const bones_session *s, const bones_record_players *players,
			       const char *path, char *err, size_t errcap);

/* Read a record file and replay it through the registry's plugin: every move is
 * re-applied; the first that does not parse or is illegal is reported as
 * "PATH:LINE: move N: 'TEXT': reason" and the session up to it is kept in *out
 * (NULL on other errors). */
bones_status bones_record_replay(const char *path, bones_registry *reg, bones_session **out,
				 char *err, size_t errcap);

#endif /* BONES_RECORD_H */
