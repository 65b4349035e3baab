/* libFuzzer: each plugin's notation over reachable states. The input picks a plugin and
 * drives a random game (its bytes choose the moves); at every state parse_move of text
 * cut from the input must fail or give a legal move whose notation parses back to it,
 * and every legal move's notation must parse back to that move. */
#include "fuzz_common.h"

#include <stdlib.h>
#include <string.h>

#include "bones/options.h"
#include "bones/host.h"

struct cursor {
	const uint8_t *data;
	size_t size, at;
};

static unsigned take(struct cursor *c)
{
	return c->at < c->size ? c->data[c->at++] : 0;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	fuzz_registry();
	return 0;
}

static void check_state(const bones_plugin *p, const void *game, const void *state,
			const bones_move *moves, size_t n, struct cursor *c)
{
	char text[BONES_MOVE_TEXT_MAX], back[BONES_MOVE_TEXT_MAX];
	bones_move m;
	for (size_t i = 0; i < n; i++) { /* every legal move round-trips */
		if (!p->format_move(game, state, moves[i], text, sizeof text) ||
		    p->parse_move(game, state, text, &m) != BONES_OK || m != moves[i])
			abort();
	}
	size_t len = take(c) % 24; /* text from the input: refused, or a legal move */
	for (size_t i = 0; i < len; i++)
		text[i] = (char)(take(c) | 1); /* never NUL inside */
	text[len] = '\0';
	if (p->parse_move(game, state, text, &m) != BONES_OK)
		return;
	bool legal = false;
	for (size_t i = 0; i < n && !legal; i++)
		legal = moves[i] == m;
	if (!legal || !p->format_move(game, state, m, back, sizeof back))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cursor c = {data, size, 0};
	bones_registry *reg = fuzz_registry();
	if (!bones_registry_count(reg))
		return 0;
	const bones_plugin *p = bones_registry_get(reg, take(&c) % bones_registry_count(reg));
	bones_options opts;
	bones_host host;
	bones_game_info info = {sizeof info, 0, 0, 0};
	void *game = NULL;
	char err[512];
	bones_host_init(&host);
	if (bones_options_init(&opts, p, err, sizeof err))
		return 0;
	bones_status st = p->configure(&host, opts.values, &game, &info, err, sizeof err);
	bones_options_release(&opts);
	if (st)
		return 0;
	void *state = calloc(1, info.state_size);
	bones_move *moves = calloc(info.max_moves, sizeof *moves);
	double *probs = calloc(info.max_moves, sizeof *probs);
	if (!state || !moves || !probs)
		abort();
	p->init_state(game, state);
	for (int step = 0; step < 400 && p->to_move(game, state) != BONES_TERMINAL; step++) {
		size_t n = p->legal_moves(game, state, moves, probs, info.max_moves);
		if (!n)
			break;
		check_state(p, game, state, moves, n, &c);
		unsigned pick = take(&c) << 8 | take(&c);
		if (p->apply(game, state, moves[pick % n]) != BONES_OK)
			abort();
	}
	free(state), free(moves), free(probs);
	p->destroy_game(game);
	return 0;
}
