/* Who is online (GET /api/online): the accounts seen in the last minutes. */
#ifndef BONES_WEB_ONLINE_H
#define BONES_WEB_ONLINE_H

#include <stdint.h>

#include "web_bots.h"
#include "web_json.h"

#define WEB_ONLINE_MS (5 * 60 * 1000) /* seen this recently: online */
#define WEB_ONLINE_KEPT 512           /* accounts remembered (the longest unseen go) */
#define WEB_ONLINE_LISTED 100

typedef struct web_online web_online;

web_online *web_online_create(void);
void web_online_destroy(web_online *o);
/* Account name made a request at now (ms). */
void web_online_seen(web_online *o, const char *name, int64_t now);
/* {"players": [{"name", "seen" (seconds ago), "bot" (true: a bot account of bots)}]}:
 * those seen within WEB_ONLINE_MS of now, the most recent first, at most
 * WEB_ONLINE_LISTED. */
void web_online_json(web_online *o, web_bots *bots, int64_t now, web_buf *out);
/* Whether name was seen within WEB_ONLINE_MS of now. */
bool web_online_is(web_online *o, const char *name, int64_t now);

#endif /* BONES_WEB_ONLINE_H */
