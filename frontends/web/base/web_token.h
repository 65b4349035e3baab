/* Secrets for the web server: random hex strings from /dev/urandom (seat tokens,
 * table ids, seeds) and their comparison in constant time. */
#ifndef BONES_WEB_TOKEN_H
#define BONES_WEB_TOKEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Fill buf with `bytes` random bytes from /dev/urandom. False when it cannot be read. */
bool web_token_random_bytes(void *buf, size_t bytes);
/* 2 * bytes hex digits and a NUL into out (cap >= 2 * bytes + 1). */
bool web_token_random_hex(char *out, size_t cap, size_t bytes);
/* a == b, taking the same time for every a of b's length (the length is no secret). */
bool web_token_equal(const char *a, const char *b);

#endif /* BONES_WEB_TOKEN_H */
