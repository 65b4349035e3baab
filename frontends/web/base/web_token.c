/* Random secrets and constant-time comparison (web_token.h). */
#include "web_token.h"

#include <fcntl.h>
#include <string.h>
#include <unistd.h>

bool web_token_random_bytes(void *buf, size_t bytes)
{
	int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	size_t got = 0;
	while (got < bytes) {
		ssize_t n = read(fd, (char *)buf + got, bytes - got);
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	close(fd);
	return got == bytes;
}

bool web_token_random_hex(char *out, size_t cap, size_t bytes)
{
	unsigned char raw[64];
	if (bytes > sizeof raw || cap < 2 * bytes + 1 || !web_token_random_bytes(raw, bytes))
		return false;
	static const char digits[] = "0123456789abcdef";
	for (size_t i = 0; i < bytes; i++) {
		out[2 * i] = digits[raw[i] >> 4];
		out[2 * i + 1] = digits[raw[i] & 15];
	}
	out[2 * bytes] = '\0';
	return true;
}

bool web_token_equal(const char *a, const char *b)
{
	size_t n = strlen(b);
	if (!a || !n || strlen(a) != n)
		return false;
	unsigned char diff = 0;
	for (size_t i = 0; i < n; i++)
		diff |= (unsigned char)(a[i] ^ b[i]);
	return diff == 0;
}
