/* Game presets: configs/NAME.ini files naming a plugin, a variant, options and seats.
 *
 *   [game]
 *   plugin = holomino          ; plugin id (required)
 *   variant = chaos            ; optional, one of the plugin's variants
 *   name = Holomino            ; display name (default: the file name)
 *   name[de] = Holomino        ; the name in German: NAME[LL] for language LL
 *   description = ...          ; one line
 *   description[de] = ...      ; the line in German
 *   plugin_path = ../myplugins ; optional folder to load plugins from (relative to file)
 *   [options]
 *   players = 2                ; any option of the plugin's schema
 *   [seat.1]
 *   agent = human              ; human | random | greedy | "mcts iterations=5000" | ...
 *   name = You
 *   [seat.2]
 *   agent = greedy
 *   [time]                     ; optional: time for human seats (bones/clock.h)
 *   per_move = 1m              ; "60", "90s", "2m", "1500ms", "3d" (this or per_game)
 *   penalty = 5                ; points against the mover when per_move runs out
 *   grace = 1m                 ; extra time after the penalty (default 0)
 *   forfeit = true             ; forfeit when grace runs out too (default false)
 *   per_game = 10m             ; each player's bank for the game: forfeit when empty
 *   increment = 5s             ; added to the bank after each of the player's moves
 *   [match]                    ; optional: match play (bones/match.h)
 *   games = 2                  ; games in the match, seats rotating each game
 *   target = 61                ; or: games until a participant's total reaches 61
 *                              ;   (games is then the cap, default 100)
 *
 * name[LL] and description[LL] (as in desktop files: LL is "de", "pt_BR", ...) give the
 * text in language LL; the loader keeps the one for the player's language
 * (bones_i18n_language(), per thread), else the plain key. Another language's key is
 * no error; a translation of any other key is.
 *
 * Every error reads "FILE:LINE: KEY: reason". Reads INI through bones/ini.h only. */
#ifndef BONES_PRESET_H
#define BONES_PRESET_H

#include "bones/clock.h"
#include "bones/options.h"
#include "bones/plugin.h"
#include "bones/registry.h"

#define BONES_PRESET_MAX_SEATS 8
#define BONES_PRESET_MAX_OPTIONS 64

typedef struct bones_preset_option {
	char key[64];
	char value[256];
	int line; /* line in the preset file, for errors */
} bones_preset_option;

typedef struct bones_preset_seat {
	char agent[256]; /* agent spec, "" = not set (human by default) */
	char name[64];   /* display name, "" = not set */
	int line;        /* line of its agent key (else name key), 0 = not in the file */
} bones_preset_seat;

typedef struct bones_preset {
	char path[1024];       /* the file it came from */
	char id[64];           /* the file name without folder and .ini */
	char name[128];
	char description[256];
	char plugin[64];       /* plugin id */
	char variant[64];      /* "" = none */
	int variant_line;
	char plugin_path[1024];/* "" = none; resolved against the file's folder */
	bones_preset_option options[BONES_PRESET_MAX_OPTIONS];
	int option_count;
	bones_preset_seat seats[BONES_PRESET_MAX_SEATS];
	int plugin_line;       /* line of "plugin = ..." */
	/* added with the [time] and [match] sections: */
	bones_time_control time; /* [time]; time.per_move_ms 0 = no clock */
	int time_line;         /* line of per_move or per_game, 0 = no [time] in the file */
	int match_games;       /* [match] games, 0 = not a match (one game) */
	int match_line;        /* line of games, 0 = none */
	/* added with matches to a target: */
	int match_target;      /* [match] target, 0 = none; match_games is then the cap */
	int match_target_line; /* line of target, 0 = none */
} bones_preset;

/* Read a preset file, name and description in the player's language when the file has
 * them. Unknown sections or keys, a missing plugin, a seat number out of 1..8 are
 * errors ("FILE:LINE: KEY: reason" in err, the reason in the player's language). */
bones_status bones_preset_load(const char *path, bones_preset *preset, char *err,
			       size_t errcap);

/* Find a preset by name ("holomino" -> .../configs/holomino.ini, the config folders
 * only: a NAME.ini where Bones runs never stands in for it) or by path ("x.ini",
 * "./dominoes.ini", "dir/x.ini": the current folder first). */
bones_status bones_preset_find(const char *name, char *path, size_t cap);

/* Options for plugin from the preset: defaults, then the variant, then each option;
 * each failure is reported as "FILE:LINE: KEY: reason". opts is initialised here and
 * must be released by the caller on success. */
bones_status bones_preset_options(const bones_preset *preset, const bones_plugin *plugin,
				  bones_options *opts, char *err, size_t errcap);

/* Place a plugin's refusal of an option combination ("players: solo=dorothy needs 2
 * seats", from configure) where the key it names was set: "--set players=1: ..." when
 * one of the command line's sets[] did, else "FILE:LINE: ..." at the preset's line
 * (else the variant's line, else "FILE: ..."); unchanged for a preset with no file. */
void bones_preset_locate(const bones_preset *preset, const char *const *sets,
			 int set_count, char *err, size_t errcap);

/* Apply one command-line override "key=value" (after the preset). On failure err
 * names it: "--set players=9: players: 9 is out of range 2..4". */
bones_status bones_preset_set(bones_options *opts, const char *pair, char *err,
			      size_t errcap);

/* A preset for a game id with no file: plugin = id, name = the plugin's name, every
 * seat unset. For `bones play GAME` and the engine's `new GAME`. */
void bones_preset_default(bones_preset *preset, const bones_plugin *plugin);

/* What `bones play NAME` and the engine's `new NAME` mean: a preset found by
 * bones_preset_find (its plugin_path scanned into reg), else a plugin id in reg with
 * bones_preset_default. *plugin is borrowed from reg. BONES_ENOTFOUND names the
 * games and presets known. */
bones_status bones_preset_resolve(const char *name, bones_registry *reg,
				  bones_preset *preset, const bones_plugin **plugin,
				  char *err, size_t errcap);

/* Set one [time] key (per_move, penalty, grace, forfeit) from the command line, as the
 * file would (`bones play --time 2m` is per_move = 2m). err reads "KEY: reason". */
bones_status bones_preset_set_time(bones_preset *preset, const char *key, const char *value,
				   char *err, size_t errcap);
/* Set [match] games from the command line (`--games N`). err reads "games: reason". */
bones_status bones_preset_set_games(bones_preset *preset, const char *value, char *err,
				    size_t errcap);

/* List the preset files in the configs folders (sorted), calling fn for each path. */
void bones_preset_list(void (*fn)(void *user, const char *path), void *user);

#endif /* BONES_PRESET_H */
