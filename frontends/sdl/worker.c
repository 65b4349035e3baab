/* The agent worker: one SDL thread that asks an agent for a move on a private copy of
 * the state, so the window keeps drawing while it thinks. The main thread polls it. */
#include <stdlib.h>
#include <string.h>

#include "gui.h"

void gui_worker_init(gui_worker *w, Uint32 wake_event)
{
	memset(w, 0, sizeof *w);
	w->wake = wake_event;
}

bool gui_worker_busy(const gui_worker *w)
{
	return w->thread != NULL;
}

static int worker_main(void *data)
{
	gui_worker *w = data;
	w->status = bones_agent_choose(w->agent, w->state, &w->move);
	SDL_AtomicSet(&w->done, 1);
	if (w->wake != (Uint32)-1) {
		SDL_Event ev;
		memset(&ev, 0, sizeof ev);
		ev.type = w->wake;
		SDL_PushEvent(&ev);
	}
	return 0;
}

bool gui_worker_start(gui_worker *w, bones_agent *agent, const void *state, size_t size,
		      unsigned generation)
{
	if (w->thread)
		return false;
	if (size > w->state_size) {
		void *p = realloc(w->state, size);
		if (!p)
			return false;
		w->state = p;
		w->state_size = size;
	}
	memcpy(w->state, state, size);
	w->agent = agent;
	w->generation = generation;
	w->status = BONES_OK;
	SDL_AtomicSet(&w->done, 0);
	w->thread = SDL_CreateThread(worker_main, "bones-agent", w);
	return w->thread != NULL;
}

bool gui_worker_poll(gui_worker *w, bones_move *move, unsigned *generation,
		     bones_status *status)
{
	if (!w->thread || !SDL_AtomicGet(&w->done))
		return false;
	SDL_WaitThread(w->thread, NULL);
	w->thread = NULL;
	*move = w->move;
	*generation = w->generation;
	*status = w->status;
	return true;
}

void gui_worker_join(gui_worker *w)
{
	if (w->thread)
		SDL_WaitThread(w->thread, NULL);
	w->thread = NULL;
}

void gui_worker_release(gui_worker *w)
{
	gui_worker_join(w);
	free(w->state);
	w->state = NULL;
	w->state_size = 0;
}
