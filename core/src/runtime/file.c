/* The one gate for files Bones reads; see bones/file.h. */
#include "bones/file.h"

#include "bones/i18n.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static FILE *refuse(bones_status *status, bones_status st, char *err, size_t errcap,
		    const char *path, const char *why)
{
	if (status)
		*status = st;
	if (err && errcap)
		snprintf(err, errcap, "'%s': %s", path, why);
	return NULL;
}

FILE *bones_file_open(const char *path, long max_bytes, bones_status *status, char *err,
		      size_t errcap)
{
	/* O_NONBLOCK: opening a FIFO with no writer must not wait for one. */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return refuse(status, errno == ENOENT ? BONES_ENOTFOUND : BONES_EIO, err,
			      errcap, path, errno == ENOENT ? _("no such file") : strerror(errno));
	struct stat st;
	const char *why = NULL;
	if (fstat(fd, &st) != 0)
		why = strerror(errno);
	else if (S_ISDIR(st.st_mode))
		why = _("is a folder, not a file");
	else if (!S_ISREG(st.st_mode))
		why = _("not a regular file");
	else if (st.st_size > max_bytes)
		why = _("too large to be a Bones file");
	int flags = why ? 0 : fcntl(fd, F_GETFL);
	if (!why && (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0))
		why = strerror(errno);
	FILE *f = why ? NULL : fdopen(fd, "r");
	if (!f) {
		if (!why)
			why = strerror(errno);
		close(fd);
		return refuse(status, BONES_EIO, err, errcap, path, why);
	}
	if (status)
		*status = BONES_OK;
	return f;
}

bool bones_file_is_regular(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, R_OK) == 0;
}
