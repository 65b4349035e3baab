/* SDK: a plugin's run-time texts in the player's language, through the host service
 * "bones.translate/1" (bones_host.get_service). The plugin names its gettext domain in
 * bones_plugin.text_domain (ABI 1.2) and ships DOMAIN.mo catalogues; the host knows
 * the language and where the catalogues are. A plugin never calls setlocale or gettext
 * itself, so it needs no libintl of its own.
 *
 * Typical use, in the plugin's own header (xgettext finds TR and TRN with
 * --keyword=TR:2 --keyword=TRN:2,3, and N_ marks static texts the host translates):
 *
 *	#define MY_DOMAIN "bones-mygame"
 *	#define TR(g, s) bones_translate((g)->host, MY_DOMAIN, s)
 *	#define TRN(g, s, p, n) bones_translate_plural((g)->host, MY_DOMAIN, s, p, \
 *						       (unsigned long)(n))
 *	#define N_(s) s
 *
 * Without the service (an older host, tests that pass no host) the English text is
 * returned unchanged. Not for hot paths: each call looks the service up. While the host
 * writes a record or speaks a protocol it answers with the English text, so records and
 * protocols read the same in every language. */
#ifndef BONES_TRANSLATE_H
#define BONES_TRANSLATE_H

#include "bones/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BONES_TRANSLATE_SERVICE "bones.translate/1"

typedef struct bones_translate_service {
	uint32_t size; /* sizeof(bones_translate_service) as the host was built */
	/* msgid in the user's language from the catalogue of domain, else msgid. */
	const char *(*text)(const bones_host *host, const char *domain, const char *msgid);
	/* The form for n of a message with a plural: singular or plural in English. */
	const char *(*plural)(const bones_host *host, const char *domain, const char *singular,
			      const char *plural, unsigned long n);
} bones_translate_service;

static inline const bones_translate_service *bones_translate_get(const bones_host *host)
{
	if (!host || host->size < offsetof(bones_host, get_service) + sizeof host->get_service ||
	    !host->get_service)
		return NULL;
	return (const bones_translate_service *)host->get_service(host, BONES_TRANSLATE_SERVICE);
}

/* format_arg: gcc checks a printf call's arguments against the English text, and
 * msgfmt --check that each translation has the same conversions. */
#if defined(__GNUC__)
__attribute__((format_arg(3)))
#endif
static inline const char *bones_translate(const bones_host *host, const char *domain,
					  const char *msgid)
{
	const bones_translate_service *t = bones_translate_get(host);
	return t ? t->text(host, domain, msgid) : msgid;
}

#if defined(__GNUC__)
__attribute__((format_arg(3), format_arg(4)))
#endif
static inline const char *bones_translate_plural(const bones_host *host, const char *domain,
						 const char *singular, const char *plural,
						 unsigned long n)
{
	const bones_translate_service *t = bones_translate_get(host);
	if (t)
		return t->plural(host, domain, singular, plural, n);
	return n == 1 ? singular : plural;
}

/* Writes the NULL-terminated paragraphs (marked N_ in the plugin) translated in domain,
 * separated by an empty line, into buf (cut at cap - 1 bytes, always NUL-terminated):
 * the body of a render.h rules_text. Returns the bytes written. */
static inline size_t bones_translate_paragraphs(const bones_host *host, const char *domain,
						const char *const *paragraphs, char *buf,
						size_t cap)
{
	size_t len = 0;
	for (int i = 0; paragraphs[i] && cap; i++) {
		const char *p = bones_translate(host, domain, paragraphs[i]);
		for (const char *c = i ? "\n\n" : ""; *c && len + 1 < cap; c++)
			buf[len++] = *c;
		for (; *p && len + 1 < cap; p++)
			buf[len++] = *p;
	}
	if (cap)
		buf[len] = '\0';
	return len;
}

#ifdef __cplusplus
}
#endif
#endif /* BONES_TRANSLATE_H */
