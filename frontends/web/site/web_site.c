/* The site (web_site.h): the tables and the site's modules, and the hooks through which
 * the tables call the site (calls go down; the tables know the site only so). */
#include <stdio.h>
#include <stdlib.h>

#include "bones/i18n.h"
#include "web_chat.h"
#include "web_ratings.h"
#include "web_rematch.h"
#include "web_site.h"
#include "web_table.h"

struct web_site {
	web_tables *tables;
	web_bots *bots;
	web_accounts *accounts;
	web_analyses *analyses;
	web_tourneys *tourneys;
	web_seeks *seeks;
	web_challenges *challenges;
	web_online *online;
};

static void loaded(void *site, web_tables *ts, web_table *t)
{
	(void)site;
	web_chat_load(ts, t);
}

static void game_over(void *site, web_tables *ts, web_table *t)
{
	(void)site;
	web_ratings_game_over(ts, t);
}

static void view(void *site, const web_table *t, int participant, web_buf *out, bool *first)
{
	web_bots_view_json(((web_site *)site)->bots, t, out, first);
	if (!web_tourneys_view_json(((web_site *)site)->tables, t, out, first))
		web_rematch_json(t, participant, out, first); /* a tournament's has none */
	web_chat_json(t, out, first);
}

static void freed(void *site, web_table *t)
{
	(void)site;
	web_chat_free(t);
	web_rematch_free(t);
}

static const char *engine_command(void *site, const char *name)
{
	return web_tourneys_engine_command(((web_site *)site)->tourneys, name);
}

static bool is_bot(void *site, const char *name)
{
	web_bots *bots = ((web_site *)site)->bots;
	return bots && web_bots_is(bots, name);
}

int web_site_create(const char *dir, const char *store_url, int workers, web_site **out,
		    char *err, size_t errcap)
{
	web_site *site = calloc(1, sizeof *site);
	*out = NULL;
	if (!site) {
		snprintf(err, errcap, _("out of memory"));
		return 1;
	}
	web_table_hooks hooks = {.site = site, .loaded = loaded, .game_over = game_over,
				 .view = view, .freed = freed, .engine_command = engine_command,
				 .is_bot = is_bot};
	if (web_tables_create(dir, store_url, workers, &hooks, &site->tables, err, errcap))
		goto fail;
	if (!(site->bots = web_bots_create(web_tables_store(site->tables))) ||
	    !(site->accounts = web_accounts_create(site->tables, site->bots))) {
		snprintf(err, errcap, _("out of memory"));
		goto fail;
	}
	if (!(site->analyses = web_analyses_create(site->tables, err, errcap)))
		goto fail;
	/* after the tables: it resumes the tournaments' games */
	if (!(site->tourneys = web_tourneys_create(site->tables, site->accounts)) ||
	    !(site->seeks = web_seeks_create(site->tables, site->accounts)) ||
	    !(site->challenges = web_challenges_create(site->tables, site->accounts)) ||
	    !(site->online = web_online_create())) {
		snprintf(err, errcap, _("out of memory"));
		goto fail;
	}
	*out = site;
	return 0;
fail:
	web_site_destroy(site);
	return 1;
}

void web_site_destroy(web_site *site)
{
	if (!site)
		return;
	if (site->tables)
		web_tables_halt(site->tables); /* no table moves, no hook runs but `freed` */
	web_tourneys_destroy(site->tourneys);
	web_seeks_destroy(site->seeks);
	web_challenges_destroy(site->challenges);
	web_online_destroy(site->online);
	web_analyses_destroy(site->analyses);
	web_accounts_destroy(site->accounts);
	web_tables_destroy(site->tables);
	web_bots_destroy(site->bots);
	free(site);
}

web_tables *web_site_tables(web_site *site)
{
	return site->tables;
}

web_accounts *web_site_accounts(web_site *site)
{
	return site->accounts;
}

web_bots *web_site_bots(web_site *site)
{
	return site->bots;
}

web_analyses *web_site_analyses(web_site *site)
{
	return site->analyses;
}

web_tourneys *web_site_tourneys(web_site *site)
{
	return site->tourneys;
}

web_seeks *web_site_seeks(web_site *site)
{
	return site->seeks;
}

web_challenges *web_site_challenges(web_site *site)
{
	return site->challenges;
}

web_online *web_site_online(web_site *site)
{
	return site->online;
}

bool web_site_person(web_site *site, const char *session, char *name, size_t cap)
{
	if (!web_accounts_name_of(site->accounts, session, name, cap))
		return false;
	web_online_seen(site->online, name, web_clock_wall(site->tables));
	return true;
}
