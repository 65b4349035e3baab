/* One game of `bones bot` (bot_game.h). The engine runs for the whole game and is told
 * only the lines it has not seen; a restarted bot starts a new engine and tells it all. */
#include "bot_game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bones/i18n.h"
#include "bones/tourney_engine.h"
#include "bot_api.h"

/* A game's engine and what it has been told. */
typedef struct engine_state {
	bones_tourney_engine *proc;
	size_t sent; /* lines of GET .../engine told so far */
} engine_state;

enum turn_end { TURN_ON, TURN_OVER, TURN_AGAIN };

/* Protocol 1.0 for an engine that does not speak 1.1: "play player N M" and "play
 * chance M" become "play M", in place. */
static void to_protocol_10(char *lines)
{
	for (char *l = lines; *l; l += strcspn(l, "\n") + (l[strcspn(l, "\n")] != '\0')) {
		size_t cut = !strncmp(l, "play chance ", 12) ? 12
			   : !strncmp(l, "play player ", 12) ? 12 + strspn(l + 12, "0123456789") + 1
							       : 0;
		if (cut > 5)
			memmove(l + 5, l + cut, strlen(l + cut) + 1);
	}
}

/* The game ends for the bot: why goes to the chat, the seat resigns. */
static void forfeit(bot_game *g, const char *why)
{
	char path[120], text[300];
	bot_http_reply r;
	printf(_("bones bot: table %s: forfeits: %s\n"), g->id, why);
	fflush(stdout);
	snprintf(text, sizeof text, "bones bot: %s", why); /* the chat's 300 characters */
	snprintf(path, sizeof path, "/api/tables/%s/chat", g->id);
	bot_api_post(g->bot, path, g->token, "text", text, &r);
	bot_http_reply_release(&r);
	snprintf(path, sizeof path, "/api/tables/%s/resign", g->id);
	bot_api_call(g->bot, "POST", path, g->token, "{}", &r);
	bot_http_reply_release(&r);
}

/* The engine's move for the lines of the game so far (text), within ms; false with
 * why (the engine is stopped then). */
static bool engine_move(bot_game *g, engine_state *e, char *text, int64_t ms, char *move,
			size_t cap, char *why, size_t whycap)
{
	size_t lines = 0;
	for (const char *p = text; (p = strchr(p, '\n')); p++)
		lines++;
	if (e->proc && lines < e->sent) { /* the game went back (an undo): tell it anew */
		bones_tourney_engine_stop(e->proc);
		e->proc = NULL;
	}
	if (!e->proc) {
		e->sent = 0;
		if (bones_tourney_engine_start(g->bot->cfg->command, NULL, &e->proc, why,
					       whycap))
			return false;
	}
	char *rest = text;
	for (size_t i = 0; i < e->sent; i++)
		rest += strcspn(rest, "\n") + 1;
	if (!bones_tourney_engine_movers(e->proc))
		to_protocol_10(rest);
	if (bones_tourney_engine_genmove(e->proc, rest, ms, NULL, move, cap, why, whycap)) {
		bones_tourney_engine_stop(e->proc);
		e->proc = NULL;
		return false;
	}
	e->sent = lines;
	return true;
}

/* The time for this move: what the clock leaves less a margin, else BOT_MOVE_MS. */
static int64_t move_ms(const web_json *view)
{
	const web_json *clock = web_json_get(view, "clock");
	double left = clock ? bot_api_number(clock, "remaining_ms", 0) : 0;
	return left > 2 * BOT_MOVE_MARGIN_MS ? (int64_t)left - BOT_MOVE_MARGIN_MS
	     : left > 0			     ? (int64_t)left / 2
					     : BOT_MOVE_MS;
}

/* Post move; TURN_AGAIN once played (the bot may be to move again), TURN_OVER after a
 * forfeit for an illegal move, TURN_ON (wait for news) after any other refusal. */
static enum turn_end post_move(bot_game *g, const char *move)
{
	char path[120], why[400];
	bot_http_reply r;
	snprintf(path, sizeof path, "/api/tables/%s/move", g->id);
	bot_api_post(g->bot, path, g->token, "move", move, &r);
	enum turn_end end = r.status == 200 ? TURN_AGAIN : TURN_ON;
	if (r.status == 422) {
		snprintf(why, sizeof why, _("the engine's move '%.60s' is illegal: %.200s"), move,
			 r.body);
		forfeit(g, why);
		end = TURN_OVER;
	}
	bot_http_reply_release(&r);
	return end;
}

/* Read the table; on the bot's turn play the engine's move. */
static enum turn_end turn(bot_game *g, engine_state *e)
{
	char path[120], move[256], why[400];
	bot_http_reply r, lines;
	web_json_doc doc;
	snprintf(path, sizeof path, "/api/tables/%s?picture=0", g->id);
	bot_api_call(g->bot, "GET", path, g->token, NULL, &r);
	bool parsed = r.status == 200 && bot_api_json(&r, &doc);
	bot_http_reply_release(&r);
	if (!parsed)
		return TURN_ON; /* the network or the server: at the next wake-up */
	const web_json *over = web_json_get(doc.root, "over");
	bool ended = over && over->type == WEB_JSON_BOOL && over->boolean;
	/* viewer: the bot's seat in this game (a match's seats rotate from game to game) */
	int viewer = (int)bot_api_number(doc.root, "viewer", g->seat);
	bool mine = (int)bot_api_number(doc.root, "to_move", 0) == viewer;
	int64_t ms = move_ms(doc.root);
	web_json_release(&doc);
	if (ended || !mine)
		return ended ? TURN_OVER : TURN_ON;
	snprintf(path, sizeof path, "/api/tables/%s/engine", g->id);
	bot_api_call(g->bot, "GET", path, g->token, NULL, &lines);
	enum turn_end end = TURN_ON;
	if (lines.status == 200) {
		if (engine_move(g, e, lines.body, ms, move, sizeof move, why, sizeof why)) {
			end = post_move(g, move);
		} else {
			forfeit(g, why);
			end = TURN_OVER;
		}
	}
	bot_http_reply_release(&lines);
	return end;
}

static void *game_main(void *arg)
{
	bot_game *g = arg;
	bot *b = g->bot;
	engine_state e = {0};
	for (enum turn_end end = TURN_AGAIN; end != TURN_OVER;) {
		pthread_mutex_lock(&b->lock);
		while (end != TURN_AGAIN && !g->wake && !b->stopping)
			pthread_cond_wait(&b->wake, &b->lock);
		g->wake = false;
		bool stop = b->stopping;
		pthread_mutex_unlock(&b->lock);
		if (stop)
			break;
		end = turn(g, &e);
	}
	bones_tourney_engine_stop(e.proc);
	printf(_("bones bot: table %s: over\n"), g->id);
	fflush(stdout);
	pthread_mutex_lock(&b->lock);
	g->done = true;
	pthread_mutex_unlock(&b->lock);
	return NULL;
}

bool bot_game_start(bot_game *g)
{
	g->used = true, g->done = g->over = false, g->wake = true;
	printf(_("bones bot: table %s: playing seat %d\n"), g->id, g->seat);
	fflush(stdout);
	if (pthread_create(&g->thread, NULL, game_main, g)) {
		g->used = false;
		return false;
	}
	return true;
}

void bot_game_join(bot_game *g)
{
	pthread_join(g->thread, NULL);
	g->used = false;
}
