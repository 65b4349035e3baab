/* The create form's catalogue: games, presets, agent kinds and engines. */
#ifndef BONES_WEB_GAMES_H
#define BONES_WEB_GAMES_H

#include "web_tables.h"
#include "web_tourney.h"

/* The games and presets, with option schemas and agent kinds, and the operator's
 * engines of w, as JSON. */
void web_games_json(web_tables *ts, const web_tourneys *w, web_buf *out);

#endif /* BONES_WEB_GAMES_H */
