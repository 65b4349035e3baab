/* Game records: a PGN-like text file (docs/formats.md). Tags first, one per line,
 * [Name "value"]; then the numbered move list, one move or chance outcome per line with
 * its mover. Writing never loses data: a record is written to a temporary file and
 * renamed into place. */
#ifndef BONES_RECORD_H
#define BONES_RECORD_H

#include <stdbool.h>
#include <stdio.h>

#include "bones/registry.h"
#include "bones/session.h"

/* Who sat where, for the Player1..PlayerN tags; names[i] may be NULL ("Player i+1").
 * Zero-initialise it ({0}): every field after names was added later and may be NULL. */
typedef struct bones_record_players {
	const char *names[8];
	const char *variant; /* the Variant tag, NULL = none (informational: Options rules) */
	const char *preset;  /* the Preset tag (configs/ name), NULL = none */
	const char *comment; /* written as "; " comment lines after the tags, NULL = none */
	const char *const *tags; /* more tags after Result, as name, value, name, value, ...,
				  * NULL (e.g. the host's Penalties, Match); NULL = none.
				  * Readers ignore tags they do not know. */
	bool final_breakdown_only; /* the score breakdown comment on the last move only,
				    * not after every move (tournaments: viewers recompute
				    * the others from the plugin) */
} bones_record_players;

/* Write the session's record to f. players may be NULL. BONES_EINVAL when the plugin
 * cannot format a move of the history, BONES_EIO when writing fails. */
bones_status bones_record_write(const bones_session *s, const bones_record_players *players,
				FILE *f);
/* Write it to path atomically (temporary file + rename). err names the path. */
bones_status bones_record_save(const bones_session *s, const bones_record_players *players,
			       const char *path, char *err, size_t errcap);
/* Write text[0..len) to path atomically as bones_record_save does: a record edited
 * as text (`bones analyse --write` adds its comments). */
bones_status bones_record_save_text(const char *text, size_t len, const char *path,
				    char *err, size_t errcap);

/* The extension of a record file, as every program writes it. */
#define BONES_RECORD_EXT ".bones"
/* The records folder, where a game goes when no file is named: $XDG_DATA_HOME/bones/
 * records, else ~/.local/share/bones/records, else ./bones-records; written into dir and
 * created when missing. False (errno says why) when it cannot be created. */
bool bones_record_folder(char *dir, size_t cap);
/* The name of a new record of game_id in folder dir: "DIR/ID-YYYYmmdd-HHMMSS-SEED.bones"
 * (local time). */
void bones_record_new_path(const char *dir, const char *game_id, uint64_t seed, char *path,
			   size_t cap);

/* Read a record file and replay it through the registry's plugin: every move is
 * re-applied; the first that does not parse or is illegal is reported as
 * "PATH:LINE: move N: 'TEXT': reason" and the session up to it is kept in *out
 * (NULL on other errors). A Result tag that disagrees with the replayed end is
 * reported too ("PATH:LINE: Result: ..."), with the whole game kept in *out. */
bones_status bones_record_replay(const char *path, bones_registry *reg, bones_session **out,
				 char *err, size_t errcap);
/* The same from an open stream; name stands for PATH in messages. */
bones_status bones_record_read(FILE *f, const char *name, bones_registry *reg,
			       bones_session **out, char *err, size_t errcap);

/* Files of several records one after another (a tournament's OUTPUT/games.bones): a
 * game starts at each [Game "..."] tag that follows the start of the file or a move.
 * bones_record_count counts them; bones_record_replay_game replays game k (from 1) as
 * bones_record_replay does, its line numbers those of the whole file. BONES_ERANGE when
 * the file has no game k (err says how many it has). */
bones_status bones_record_count(const char *path, size_t *games, char *err, size_t errcap);
bones_status bones_record_replay_game(const char *path, size_t k, bones_registry *reg,
				      bones_session **out, char *err, size_t errcap);

/* The value of tag `name` in game k (from 1) of a record file, into value (cap bytes),
 * as bones_record_replay_game counts games: true when that game has the tag and it
 * fits. For the tags replay does not apply: FinalResult, Forfeit, Resigned. */
bool bones_record_tag(const char *path, size_t k, const char *name, char *value, size_t cap);

/* One tag line, [Name "value"] and a newline, into buf (cap bytes, cut but always
 * terminated when cap > 0): in the value '\\' and '"' are escaped with a '\\' and
 * control characters become spaces, so the readers get value back. Returns the length
 * of the whole line, as snprintf does (call with cap 0 to size buf). Every program that
 * writes a tag writes it with this. */
size_t bones_record_tag_line(const char *name, const char *value, char *buf, size_t cap);
/* Read a tag line back: [Name "value"] (its line end may follow) into name (ncap bytes)
 * and value (vcap bytes), escapes undone. False when line is no tag or a part does not
 * fit. */
bool bones_record_tag_parse(const char *line, char *name, size_t ncap, char *value,
			    size_t vcap);

/* The Result tag of the session: "*" while the game runs, else
 * "ranks R1 R2 ...; scores S1 S2 ..." (players in seat order, ranks 1 = best). */
size_t bones_record_result(const bones_session *s, char *buf, size_t cap);

/* Final ranks of a terminal state: the plugin's ranks, or by scores when it has none or
 * gives a rank outside 1..players (BONES_LOW_SCORE_WINS decides the direction; equal
 * scores share a rank). */
void bones_record_ranks(const bones_plugin *plugin, const void *game, const void *state,
			int players, int *ranks);

/* A score as records and the engine print it: shortest text that reads back equal. */
size_t bones_record_format_score(double score, char *buf, size_t cap);

#endif /* BONES_RECORD_H */
