/* What a request to the tables or the site's modules came to, as HTTP says it. */
#ifndef BONES_WEB_RESULT_H
#define BONES_WEB_RESULT_H

/* An HTTP-like outcome: code (200, 201, 400, 403, 404, 409, 422, 500) and a reason. */
typedef struct web_result {
	int code;
	char field[64];   /* the request field at fault ("game", "players", "seats"), or "" */
	char error[512];  /* lowercase reason, names the option/move */
} web_result;

/* A result of code with the field at fault (NULL: none) and the reason. */
web_result web_result_of(int code, const char *field, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif /* BONES_WEB_RESULT_H */
