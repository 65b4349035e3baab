/* Saved games: the unfinished ones of the records folder, newest first, and the seats
 * of one read back from its Player1..PlayerN tags, so that a record opened to play on
 * keeps its agents: "Player 2 (greedy)" (the window's and the web's
 * names) is the agent greedy, "Player 1" and "You" are people, another name is an agent
 * when it begins with a built-in agent's name (the terminal names agents by their spec),
 * else a person of that name. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bones/agent.h"
#include "bones/record.h"
#include "bones/table.h"

/* Whether text starts with a built-in agent's name ("greedy", "mcts iterations=9"). */
static bool names_agent(const char *text)
{
	size_t len = strcspn(text, " ");
	for (const bones_agent_kind *k = bones_agent_kinds(); k->name; k++)
		if (strlen(k->name) == len && !strncmp(k->name, text, len))
			return true;
	return false;
}

/* The seat a Player tag's value names: "Player N" (a person), "Player N (SPEC)" or an
 * agent's spec (an agent), else a person's name. */
static void seat_of_tag(const char *value, bones_table_seat *s)
{
	memset(s, 0, sizeof *s);
	int number = 0, at = 0;
	size_t vlen = strlen(value);
	if (sscanf(value, "Player %d (%n", &number, &at) == 1 && at > 0 && vlen > (size_t)at &&
	    value[vlen - 1] == ')') {
		snprintf(s->agent, sizeof s->agent, "%.*s", (int)(vlen - (size_t)at - 1), value + at);
	} else if (sscanf(value, "Player %d%n", &number, &at) == 1 && (size_t)at == vlen) {
		snprintf(s->agent, sizeof s->agent, "human");
	} else {
		snprintf(s->agent, sizeof s->agent, "%s", names_agent(value) ? value : "human");
		snprintf(s->name, sizeof s->name, "%.*s", BONES_TABLE_NAME_MAX - 1, value);
	}
}

int bones_table_seats_of_record(const char *path, bones_table_seat *seats, int max)
{
	int count = 0;
	for (int i = 0; i < max; i++) {
		char tag[32], value[1024]; /* cut to the seat's fields */
		snprintf(tag, sizeof tag, "Player%d", i + 1);
		if (bones_record_tag(path, 1, tag, value, sizeof value)) {
			seat_of_tag(value, &seats[i]);
			count = i + 1;
		} else {
			memset(&seats[i], 0, sizeof seats[i]);
			snprintf(seats[i].agent, sizeof seats[i].agent, "human");
		}
	}
	return count;
}

/* Whether the record at path says it is unfinished (its Result tag is "*"). */
static bool unfinished(const char *path)
{
	char result[8];
	return bones_record_tag(path, 1, "Result", result, sizeof result) && !strcmp(result, "*");
}

typedef struct saved {
	char path[1024];
	time_t when;
} saved;

static int newest_first(const void *a, const void *b)
{
	const saved *x = a, *y = b;
	return x->when < y->when ? 1 : x->when > y->when ? -1 : strcmp(x->path, y->path);
}

int bones_table_unfinished(char *dir, size_t dircap, char (*paths)[1024], int max)
{
	if (!dir[0] && !bones_record_folder(dir, dircap))
		return 0;
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	int n = 0, cap = 64;
	saved *all = malloc((size_t)cap * sizeof *all);
	struct dirent *e;
	size_t ext = strlen(BONES_RECORD_EXT);
	while (all && (e = readdir(d))) {
		size_t len = strlen(e->d_name);
		struct stat st;
		if (len <= ext || strcmp(e->d_name + len - ext, BONES_RECORD_EXT))
			continue;
		if (n == cap) {
			saved *more = realloc(all, (size_t)cap * 2 * sizeof *all);
			if (!more)
				break;
			all = more, cap *= 2;
		}
		snprintf(all[n].path, sizeof all[n].path, "%.700s/%.300s", dir, e->d_name);
		if (!stat(all[n].path, &st) && unfinished(all[n].path))
			all[n++].when = st.st_mtime;
	}
	closedir(d);
	if (!all)
		return 0;
	qsort(all, (size_t)n, sizeof *all, newest_first);
	n = n < max ? n : max;
	for (int i = 0; i < n; i++)
		memcpy(paths[i], all[i].path, sizeof paths[i]);
	free(all);
	return n;
}
