/* Rematches of finished tables (web_rematch.c). */
#ifndef BONES_WEB_REMATCH_H
#define BONES_WEB_REMATCH_H

#include "web_tables.h"

/* The rematch of a finished table: the same game and options, the seats in reverse
 * order; asked by participant seat (a token's), it answers that participant's link
 * there, {"rematch": {"id", "link"}}, creating the table the first time. 409 before
 * the game is over. */
web_result web_rematch_offer(web_tables *ts, web_table *t, int seat, web_buf *out);
/* The view's "rematch" member for participant seat when one was created. t->lock held. */
void web_rematch_json(const web_table *t, int seat, web_buf *out, bool *first);
/* The table leaves memory: its rematch goes. */
void web_rematch_free(web_table *t);

#endif /* BONES_WEB_REMATCH_H */
