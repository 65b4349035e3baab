/* `bones bot` (docs/web.md, "Bots"): an engine on this machine plays a bot account of a
 * `bones serve` through its HTTP API. bot.c runs the command (log-in, the bot's own
 * event stream GET /api/bot/stream as the wake-up, reconnecting with back-off);
 * bot_poll.c reads the bot's challenges, games and seeks on each wake-up; bot_game.c plays one game in a thread;
 * bot_api.c calls the server with the bot's session. Calls go that way, down. */
#ifndef BONES_CLI_BOT_H
#define BONES_CLI_BOT_H

#include <pthread.h>
#include <stdbool.h>

#include "bot_http.h"
#include "web_json.h"

#define BOT_GAMES_MAX 64       /* games followed at once (--games at most this) */
#define BOT_MOVE_MS 10000      /* time for a move when the table has no clock */
#define BOT_MOVE_MARGIN_MS 1000 /* kept back from the clock for the network */
#define BOT_LIST_MAX 8          /* --seek and --tourney given at most this often each */

/* What the command line asked for. */
typedef struct bot_config {
	bot_http_server server;
	const char *name;        /* the bot account's; borrowed from argv */
	char password[256];      /* the password file's first line */
	char command[4096];      /* the engine's `sh -c` command */
	const char *accept;      /* "game,preset,..." the bot accepts; NULL: every game */
	long games;              /* games played at once, at most */
	const char *seeks[BOT_LIST_MAX]; /* --seek GAME: an open seek kept for each */
	int seek_count;
	bool take_seeks;         /* --take-seeks: others' open seeks in --accept taken */
	const char *tourneys[BOT_LIST_MAX]; /* --tourney ID: joined at each log-in */
	int tourney_count;
} bot_config;

struct bot;

/* One game the bot plays: a thread with its engine. */
typedef struct bot_game {
	struct bot *bot;
	char id[41];             /* the table */
	char token[80];          /* the bot's seat token there */
	int seat;                /* from 1 */
	bool used;               /* the slot holds a game (until joined) */
	bool wake;               /* the server may have news for it: look */
	bool done;               /* the thread ended (the game is over, or forfeited) */
	bool over;               /* "my games" says it is over: it frees its place at once */
	pthread_t thread;
} bot_game;

typedef struct bot {
	const bot_config *cfg;
	pthread_mutex_t lock;    /* guards cookie and the games' flags */
	pthread_cond_t wake;     /* broadcast when a game's wake is set, or stopping */
	char cookie[200];        /* "bones_session=...", "" before the log-in */
	bool stopping;
	bot_game games[BOT_GAMES_MAX];
} bot;

#endif /* BONES_CLI_BOT_H */
