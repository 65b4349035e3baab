/* Ratings of `bones serve` (docs/web.md, "Ratings"): Glicko-2 per game (plugin id) and
 * per game and preset, a rating period of one game, for accounts and for the server's agents ("agent:SPEC");
 * a finished game is rated once when every seat is an account or an agent, at least
 * one an account, nobody twice. Ladders and the ratings on a player's page. */
#ifndef BONES_WEB_RATINGS_H
#define BONES_WEB_RATINGS_H

#include <stdbool.h>

#include "web_bots.h"
#include "web_json.h"
#include "web_store.h"
#include "web_tables.h"

#define WEB_AGENT_PREFIX "agent:" /* an agent seat's player name: "agent:" and its spec */
#define WEB_ENGINE_PREFIX "engine:" /* an engine seat's: "engine:" and the operator's name */
#define WEB_LADDER_MAX 200        /* players listed on a ladder */

struct web_table;
/* The game at t is over: rate it, once (the store remembers rated games, so a restart
 * or a second call changes nothing). t->lock held. */
void web_ratings_game_over(web_tables *ts, struct web_table *t);
/* Whether path (under /api/) is GET /api/ladder/GAME[/PRESET]. */
bool web_ratings_route(const char *path);
/* GET /api/ladder/GAME and /api/ladder/GAME/PRESET (path: what follows /api/ladder/):
 * {"game", "preset" (the second), "presets" (the game's rated ones), "players":
 * [{"name", "rating", "deviation", "games", "bot" (true: a bot account's), "wins",
 * "draws", "losses"}]}, best first. */
web_result web_ratings_ladder(web_tables *ts, web_bots *bots, const char *path, web_buf *out);
/* A player's "ratings" (by game), "preset_ratings" (by game and preset), "records"
 * (wins, draws, losses by game and preset) and "history" (the rating by game after
 * each of the latest 1000 rated games: {"game", "at", "rating", "deviation"}, by game,
 * oldest first) members. */
void web_ratings_player_json(web_store *st, const char *name, web_buf *out, bool *first);
/* Whether the player (an account or "agent:SPEC") has rated games. */
bool web_ratings_known(web_store *st, const char *name);
/* A player's "games" member, newest first (at most 100): an account's (account true)
 * tables where it holds a seat, an agent's rated games; each {"id", "game", "created"}
 * , "opponents" (the other seats' names) and "score" (1 won, 0.5 drawn, 0 lost) for a
 * rated game. */
void web_ratings_games_json(web_store *st, const char *name, bool account, web_buf *out,
			    bool *first);

#endif /* BONES_WEB_RATINGS_H */
