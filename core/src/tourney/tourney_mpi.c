/* The tournament under MPI (`mpirun -n N bones tourney FILE --mpi`): rank 0 owns the
 * results file, hands out one set at a time to whichever rank asks (dynamic load
 * balancing) and stores every finished game; ranks 1..N-1 play. Built only when CMake
 * found MPI (BONES_HAVE_MPI); otherwise every entry point says so. */
#include "tourney_internal.h"

#include "bones/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef BONES_HAVE_MPI
#include <mpi.h>

enum { TAG_READY = 1, TAG_JOB, TAG_RESULT, TAG_STOP };

bool bones_tourney_mpi_available(void)
{
	return true;
}

bones_status bones_tourney_mpi_init(int *argc, char ***argv, int *rank, int *size)
{
	if (MPI_Init(argc, argv) != MPI_SUCCESS)
		return BONES_EIO;
	MPI_Comm_rank(MPI_COMM_WORLD, rank);
	MPI_Comm_size(MPI_COMM_WORLD, size);
	return BONES_OK;
}

void bones_tourney_mpi_finalize(void)
{
	MPI_Finalize();
}

void bones_tourney_mpi_abort(int status)
{
	MPI_Abort(MPI_COMM_WORLD, status);
}

/* A message of unknown size from src (MPI_ANY_SOURCE) with tag (MPI_ANY_TAG). */
static char *receive(int src, int tag, int *from, int *got_tag, int *len)
{
	MPI_Status st;
	MPI_Probe(src, tag, MPI_COMM_WORLD, &st);
	MPI_Get_count(&st, MPI_BYTE, len);
	char *buf = malloc((size_t)*len + 1);
	if (!buf)
		return NULL;
	MPI_Recv(buf, *len, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD,
		 MPI_STATUS_IGNORE);
	buf[*len] = '\0';
	*from = st.MPI_SOURCE;
	*got_tag = st.MPI_TAG;
	return buf;
}

/* ---- ranks 1..N-1: play the sets they are sent ----------------------------------- */

/* A job: slot count, then the slots, one done flag each, then the first game's chance. */
static void play_job(bones_tourney_worker *w, const char *buf)
{
	int n;
	memcpy(&n, buf, sizeof n);
	const char *p = buf + sizeof n;
	bones_tourney_slot *slots = malloc((size_t)n * sizeof *slots);
	if (!slots)
		return;
	memcpy(slots, p, (size_t)n * sizeof *slots);
	const char *done = p + (size_t)n * sizeof *slots, *chance0 = done + n;
	char *first = NULL;
	for (int k = 0; k < n; k++) {
		bones_tourney_done *d;
		const char *replay = w->t->duplicate && slots[k].perm ? (first ? first : chance0)
								      : NULL;
		if (done[k])
			continue;
		if (bones_tourney_play(w, &slots[k], replay, &d)) { /* out of memory: say so */
			MPI_Send(NULL, 0, MPI_BYTE, 0, TAG_RESULT, MPI_COMM_WORLD);
			continue;
		}
		if (slots[k].perm == 0 && w->t->duplicate)
			first = strdup(d->chance);
		size_t lc = strlen(d->chance) + 1, lr = d->record ? strlen(d->record) + 1 : 1;
		size_t len = sizeof d->row + sizeof d->player + lc + lr;
		char *msg = malloc(len);
		if (msg) {
			memcpy(msg, &d->row, sizeof d->row);
			memcpy(msg + sizeof d->row, d->player, sizeof d->player);
			memcpy(msg + sizeof d->row + sizeof d->player, d->chance, lc);
			memcpy(msg + len - lr, d->record ? d->record : "", lr);
			MPI_Send(msg, (int)len, MPI_BYTE, 0, TAG_RESULT, MPI_COMM_WORLD);
			free(msg);
		}
		bones_tourney_done_free(d);
	}
	free(first);
	free(slots);
}

static bones_status worker(const bones_tourney *t, const char *engine_logs)
{
	atomic_bool stop = false;
	bones_tourney_worker w = {.t = t, .stop = &stop, .engine_logs = engine_logs};
	for (;;) {
		int from, tag, len;
		MPI_Send(NULL, 0, MPI_BYTE, 0, TAG_READY, MPI_COMM_WORLD);
		char *buf = receive(0, MPI_ANY_TAG, &from, &tag, &len);
		if (!buf || tag == TAG_STOP) {
			free(buf);
			break;
		}
		play_job(&w, buf);
		free(buf);
	}
	bones_tourney_worker_release(&w);
	return BONES_OK;
}

/* ---- rank 0: hand out sets, store results --------------------------------------- */

struct master {
	const bones_tourney *t;
	bones_tourney_db *db;
	char **jobs;          /* packed jobs of the current batch */
	int *lens, *undone;   /* their sizes and games still to play */
	size_t count, next;
	int expected;         /* results still due from sent jobs */
	int *waiting, nwait;  /* ranks that asked while no job was left */
	size_t stored;
	bones_status st;
	char *err;
	size_t errcap;
};

static void pack_jobs(struct master *m, const bones_tourney_slot *s, size_t n)
{
	bones_tourney_stored *stored = NULL;
	m->jobs = calloc(n + 1, sizeof *m->jobs);
	m->lens = calloc(n + 1, sizeof *m->lens);
	m->undone = calloc(n + 1, sizeof *m->undone);
	m->count = m->next = 0;
	if (bones_tourney_db_stored(m->db, m->t->name, &stored))
		return; /* nothing handed out: like running out of memory above */
	for (size_t i = 0; m->jobs && m->lens && m->undone && i < n;) {
		size_t k = 1;
		while (i + k < n && s[i + k].round == s[i].round && s[i + k].game == s[i].game &&
		       s[i + k].table == s[i].table && s[i + k].set == s[i].set)
			k++;
		char done[64] = {0};
		int left = 0;
		for (size_t j = 0; j < k && j < 64; j++) {
			done[j] = bones_tourney_stored_has(stored, s[i + j].round, s[i + j].slot);
			left += !done[j];
		}
		char *chance = done[0] ? bones_tourney_db_chance(m->db, m->t->name, s[i].round,
								     s[i].slot) : NULL;
		size_t lc = chance ? strlen(chance) + 1 : 1, len = sizeof(int) + k * sizeof *s + k + lc;
		char *buf = left ? malloc(len) : NULL;
		if (buf) {
			int nk = (int)k;
			memcpy(buf, &nk, sizeof nk);
			memcpy(buf + sizeof nk, s + i, k * sizeof *s);
			memcpy(buf + sizeof nk + k * sizeof *s, done, k);
			memcpy(buf + len - lc, chance ? chance : "", lc);
			m->jobs[m->count] = buf;
			m->lens[m->count] = (int)len;
			m->undone[m->count++] = left;
		}
		free(chance);
		i += k;
	}
	bones_tourney_stored_free(stored);
}

static void send_job(struct master *m, int rank)
{
	size_t j = m->next++;
	MPI_Send(m->jobs[j], m->lens[j], MPI_BYTE, rank, TAG_JOB, MPI_COMM_WORLD);
	m->expected += m->undone[j];
}

static void store(struct master *m, char *buf, int len)
{
	bones_tourney_game_row row;
	size_t head = sizeof row + sizeof(int) * BONES_TOURNEY_MAX_SEATS;
	m->expected--;
	if ((size_t)len < head + 2 && !m->st) {
		snprintf(m->err, m->errcap, "%s", _("a rank could not play a game (out of memory)"));
		m->st = BONES_ENOMEM;
	}
	if ((size_t)len < head + 2 || m->st)
		return;
	memcpy(&row, buf, sizeof row);
	row.chance = buf + head;
	row.record = row.chance + strlen(row.chance) + 1;
	m->st = bones_tourney_db_add(m->db, &row, m->err, m->errcap);
	m->stored++;
}

/* Serve requests and results until every sent job has come back. */
static void serve(struct master *m, const bones_tourney_run_opts *o, bool *stopped)
{
	while (m->nwait && m->next < m->count)
		send_job(m, m->waiting[--m->nwait]);
	while (m->next < m->count || m->expected > 0) {
		int from, tag, len;
		char *buf = receive(MPI_ANY_SOURCE, MPI_ANY_TAG, &from, &tag, &len);
		if (!buf) {
			m->st = BONES_ENOMEM;
			return;
		}
		if (tag == TAG_RESULT)
			store(m, buf, len);
		else if (m->next < m->count)
			send_job(m, from);
		else
			m->waiting[m->nwait++] = from;
		free(buf);
		if (!*stopped && ((o->should_stop && o->should_stop(o->user)) || m->st)) {
			*stopped = true;
			m->count = m->next; /* hand out nothing more */
		}
		if (o->progress && m->stored % 16 == 0) {
			fputc('\r', stderr);
			fprintf(stderr, P_("%zu game stored", "%zu games stored", m->stored),
				m->stored);
		}
	}
}

static void free_jobs(struct master *m)
{
	for (size_t j = 0; m->jobs && j < m->count; j++)
		free(m->jobs[j]);
	free(m->jobs);
	free(m->lens);
	free(m->undone);
	m->jobs = NULL;
	m->lens = m->undone = NULL;
}

static bones_status master(const bones_tourney *t, bones_tourney_db *db, int size,
			   const bones_tourney_run_opts *o, char *err, size_t errcap)
{
	struct master m = {.t = t, .db = db, .err = err, .errcap = errcap};
	bool stopped = false;
	m.waiting = calloc((size_t)size, sizeof *m.waiting);
	m.st = m.waiting ? bones_tourney_handshake(t, o->engine_logs, err, errcap) : BONES_ENOMEM;
	for (int round = 0; !m.st && !stopped && round < bones_tourney_round_count(t); round++) {
		bones_tourney_slot *slots;
		size_t n;
		if ((m.st = bones_tourney_batch(t, db, round, &slots, &n)))
			break;
		pack_jobs(&m, slots, n);
		free(slots);
		serve(&m, o, &stopped);
		free_jobs(&m);
		if (bones_tourney_static(t))
			break;
	}
	for (int stops = 0; stops < size - 1; stops++) { /* every rank asks once more */
		int from = m.nwait ? m.waiting[--m.nwait] : -1, tag, len;
		if (from < 0) {
			char *buf = receive(MPI_ANY_SOURCE, TAG_READY, &from, &tag, &len);
			free(buf);
		}
		MPI_Send(NULL, 0, MPI_BYTE, from, TAG_STOP, MPI_COMM_WORLD);
	}
	if (o->progress) {
		fputc('\r', stderr);
		fprintf(stderr, P_("%zu game stored", "%zu games stored", m.stored), m.stored);
		fputc('\n', stderr);
	}
	free(m.waiting);
	return m.st ? m.st : stopped ? BONES_ERANGE : BONES_OK;
}

bones_status bones_tourney_run_mpi(const bones_tourney *t, bones_tourney_db *db,
				   const bones_tourney_run_opts *opts, char *err, size_t errcap)
{
	int rank, size;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (errcap)
		err[0] = '\0';
	if (size < 2) {
		snprintf(err, errcap, "%s", _("--mpi needs at least 2 processes (mpirun -n N, N >= 2)"));
		return BONES_EINVAL;
	}
	if (t->sprt_on) { /* every rank refuses alike */
		snprintf(err, errcap, "%s",
			 _("--mpi does not run an SPRT: use --threads on one machine"));
		return BONES_EINVAL;
	}
	return rank == 0 ? master(t, db, size, opts, err, errcap) : worker(t, opts->engine_logs);
}

#else /* no MPI in this build */

bool bones_tourney_mpi_available(void)
{
	return false;
}

bones_status bones_tourney_mpi_init(int *argc, char ***argv, int *rank, int *size)
{
	(void)argc;
	(void)argv;
	*rank = 0;
	*size = 1;
	return BONES_EINVAL;
}

void bones_tourney_mpi_finalize(void)
{
}

void bones_tourney_mpi_abort(int status)
{
	(void)status;
}

bones_status bones_tourney_run_mpi(const bones_tourney *t, bones_tourney_db *db,
				   const bones_tourney_run_opts *opts, char *err, size_t errcap)
{
	(void)t;
	(void)db;
	(void)opts;
	snprintf(err, errcap, "%s",
		 _("this bones was built without MPI (install libopenmpi-dev and reconfigure)"));
	return BONES_EINVAL;
}

#endif
