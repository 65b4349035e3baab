/* The site: the tables with what the site adds to them (chat, rematches, ratings) and
 * the site's modules (accounts and sessions, analyses, tournaments), made and ended
 * together. The HTTP layer holds one and reaches every module through it. */
#ifndef BONES_WEB_SITE_H
#define BONES_WEB_SITE_H

#include "web_accounts.h"
#include "web_analysis.h"
#include "web_challenges.h"
#include "web_online.h"
#include "web_seeks.h"
#include "web_tables.h"
#include "web_tourney.h"

typedef struct web_site web_site;

/* Open DIR's store (PostgreSQL's at store_url when not NULL), restore its tables
 * (web_tables_create, with `workers` agent threads) and start the site's modules. err
 * names the file or table at fault. */
int web_site_create(const char *dir, const char *store_url, int workers, web_site **out,
		    char *err, size_t errcap);
/* Stops the tables' threads, then ends the modules and the tables. NULL is a no-op. */
void web_site_destroy(web_site *site);

web_tables *web_site_tables(web_site *site);
web_accounts *web_site_accounts(web_site *site);
web_bots *web_site_bots(web_site *site);
web_analyses *web_site_analyses(web_site *site);
web_tourneys *web_site_tourneys(web_site *site);
web_seeks *web_site_seeks(web_site *site);
web_challenges *web_site_challenges(web_site *site);
web_online *web_site_online(web_site *site);
/* The account of a request's session into name (cap bytes), seen online now; false
 * without one (no session, an unknown or expired one). */
bool web_site_person(web_site *site, const char *session, char *name, size_t cap);

#endif /* BONES_WEB_SITE_H */
