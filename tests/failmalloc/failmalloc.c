/* LD_PRELOAD library for allocation-failure tests, in the way SQLite tests itself:
 * BONES_FAIL_ALLOC=N makes the Nth call to malloc, calloc or realloc in the process
 * (and every later one when BONES_FAIL_ALLOC_STICKY=1) return NULL with errno ENOMEM;
 * BONES_ALLOC_COUNT=FILE writes the number of calls at exit, so a test knows how many
 * N there are to try. glibc's own functions (strdup, fopen, getline) allocate through
 * these too. BONES_FAIL_ALLOC_TRACE=1 prints the call stack of the failed call, to
 * find which caller misreports it. Not for sanitizer builds, which bring their own
 * allocator. */
#include <errno.h>
#include <execinfo.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

void *__libc_malloc(size_t size);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *ptr, size_t size);

static atomic_ulong calls;
static unsigned long fail_at; /* 0: never */
static int sticky;
static const char *count_file;
static int trace;

__attribute__((constructor)) static void start(void)
{
	const char *n = getenv("BONES_FAIL_ALLOC");
	const char *s = getenv("BONES_FAIL_ALLOC_STICKY");
	fail_at = n ? strtoul(n, NULL, 10) : 0;
	sticky = s && *s == '1';
	count_file = getenv("BONES_ALLOC_COUNT");
	const char *t = getenv("BONES_FAIL_ALLOC_TRACE");
	trace = t && *t == '1';
	void *frames[2];
	if (trace)
		backtrace(frames, 2); /* loads what backtrace needs now, not while failing */
	atomic_store(&calls, 0); /* count the program's calls, not this setup's */
	atomic_store(&calls, 0);
}

__attribute__((destructor)) static void finish(void)
{
	if (!count_file)
		return;
	FILE *f = fopen(count_file, "w");
	if (f) {
		fprintf(f, "%lu\n", atomic_load(&calls));
		fclose(f);
	}
}

/* A place for a debugger's breakpoint: the failed call is the caller's caller. */
__attribute__((noinline)) void bones_failmalloc_hit(void);
__attribute__((noinline)) void bones_failmalloc_hit(void)
{
	__asm__ volatile("");
}

static int failing(void)
{
	unsigned long k = atomic_fetch_add(&calls, 1) + 1;
	if (!fail_at || k < fail_at || (k > fail_at && !sticky))
		return 0;
	if (trace && k == fail_at) {
		void *frames[24];
		backtrace_symbols_fd(frames, backtrace(frames, 24), 2);
	}
	bones_failmalloc_hit();
	errno = ENOMEM;
	return 1;
}

void *malloc(size_t size)
{
	return failing() ? NULL : __libc_malloc(size);
}

void *calloc(size_t n, size_t size)
{
	return failing() ? NULL : __libc_calloc(n, size);
}

void *realloc(void *ptr, size_t size)
{
	return failing() ? NULL : __libc_realloc(ptr, size);
}
