/* The server's log: one line to stderr with the time, never a token. */
#ifndef BONES_WEB_LOG_H
#define BONES_WEB_LOG_H

void web_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif /* BONES_WEB_LOG_H */
