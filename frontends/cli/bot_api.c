/* `bones bot`'s calls with the bot's session (bot_api.h). */
#include "bot_api.h"

#include <stdio.h>
#include <string.h>

#include "bones/i18n.h"

void bot_api_headers(bot *b, const char *token, char *out, size_t cap)
{
	pthread_mutex_lock(&b->lock);
	int n = snprintf(out, cap, "%s%s%s", b->cookie[0] ? "Cookie: " : "", b->cookie,
			 b->cookie[0] ? "\r\n" : "");
	pthread_mutex_unlock(&b->lock);
	if (token && n >= 0 && (size_t)n < cap)
		snprintf(out + n, cap - (size_t)n, "Authorization: Bearer %s\r\n", token);
}

int bot_api_login(bot *b, char *why, size_t cap)
{
	web_buf body;
	bot_http_reply r;
	web_buf_init(&body);
	web_buf_puts(&body, "{\"name\":");
	web_buf_json_string(&body, b->cfg->name);
	web_buf_puts(&body, ",\"password\":");
	web_buf_json_string(&body, b->cfg->password);
	web_buf_puts(&body, "}");
	if (body.failed) {
		snprintf(why, cap, _("out of memory"));
		web_buf_release(&body);
		return 0;
	}
	bot_http_call(&b->cfg->server, "POST", "/api/login", NULL, body.data, &r);
	web_buf_release(&body);
	if (r.status == 200 && r.cookie[0]) {
		pthread_mutex_lock(&b->lock);
		snprintf(b->cookie, sizeof b->cookie, "%s", r.cookie);
		pthread_mutex_unlock(&b->lock);
	} else if (r.status) {
		snprintf(why, cap, _("log-in as '%s' refused (%d): %.100s"), b->cfg->name,
			 r.status, r.body);
	} else {
		snprintf(why, cap, "%s", r.why);
	}
	int status = r.status;
	bot_http_reply_release(&r);
	return status;
}

void bot_api_call(bot *b, const char *method, const char *path, const char *token,
		  const char *body, bot_http_reply *reply)
{
	char headers[512], why[300];
	bot_api_headers(b, token, headers, sizeof headers);
	bot_http_call(&b->cfg->server, method, path, headers, body, reply);
	if (reply->status != 401 || bot_api_login(b, why, sizeof why) != 200)
		return;
	bot_http_reply_release(reply);
	bot_api_headers(b, token, headers, sizeof headers);
	bot_http_call(&b->cfg->server, method, path, headers, body, reply);
}

void bot_api_post(bot *b, const char *path, const char *token, const char *key,
		  const char *value, bot_http_reply *reply)
{
	web_buf body;
	web_buf_init(&body);
	web_buf_puts(&body, "{");
	web_buf_json_string(&body, key);
	web_buf_puts(&body, ":");
	web_buf_json_string(&body, value);
	web_buf_puts(&body, "}");
	bot_api_call(b, "POST", path, token, body.failed ? "{}" : body.data, reply);
	web_buf_release(&body);
}

bool bot_api_json(const bot_http_reply *reply, web_json_doc *doc)
{
	char err[200];
	return reply->body && web_json_parse(doc, reply->body, reply->len, err, sizeof err);
}

double bot_api_number(const web_json *obj, const char *key, double fallback)
{
	const web_json *v = web_json_get(obj, key);
	return v && v->type == WEB_JSON_NUMBER ? v->num : fallback;
}
