/* A table made for people found each other (a paired seek, an accepted challenge):
 * every seat a person's, by their account's name, each seat given to its account. */
#ifndef BONES_WEB_PAIRING_H
#define BONES_WEB_PAIRING_H

#include "web_accounts.h"
#include "web_tables.h"

/* What the people asked for: a game or preset and the JSON texts of its "options" and
 * "time" objects ("" for none). */
typedef struct web_pairing_ask {
	char game[64];
	char options[1024];
	char time[512];
} web_pairing_ask;

/* One person's seat at the table made. */
typedef struct web_pairing_seat {
	char name[WEB_NAME_MAX + 1];
	int seat;           /* from 1 */
	char link[160];     /* "/t/ID#seat=N&token=..." */
} web_pairing_seat;

/* The ask of a request {"game", "options", "time"} into ask: 200, or the 400 naming
 * the field (an object each of options and time, at most their sizes). */
web_result web_pairing_read(const web_json *req, web_pairing_ask *ask);
/* The request of a table of ask, seats by names[0..n), as JSON text into out. */
void web_pairing_request(const web_pairing_ask *ask, char (*names)[WEB_NAME_MAX + 1], int n,
			 web_buf *out);
/* The players of the game ask names (web_table_check), 0 with r saying why not; key
 * (cap bytes) gets what two asks must share to be played together: preset, options
 * and time control as the table would have them. */
int web_pairing_players(web_tables *ts, const web_pairing_ask *ask, char *key, size_t cap,
			web_result *r);
/* Make the table: seats by names in order, each given to its account; its id into id
 * and each seat into seats[0..n). 201, else why not. */
web_result web_pairing_make(web_tables *ts, web_accounts *a, const web_pairing_ask *ask,
			    char (*names)[WEB_NAME_MAX + 1], int n, char *id, size_t idcap,
			    web_pairing_seat *seats);

#endif /* BONES_WEB_PAIRING_H */
