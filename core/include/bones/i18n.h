/* The player's language: gettext for the host's texts, the plugins' catalogues, and
 * numbers and dates as the locale writes them (docs/translating.md).
 *
 * Every program calls bones_i18n_init first; from then on _("text") is the text in the
 * player's language (domain "bones"), P_(singular, plural, n) the form for n, and N_
 * marks a text translated later. What machines read stays the same in every language:
 * records, notation, the engine protocol, the web API's keys, bench lines and the
 * tournament database are never translated, and LC_NUMERIC stays "C" so printf("%.1f")
 * always writes a point; bones_i18n_number writes a number for people. */
#ifndef BONES_I18N_H
#define BONES_I18N_H

#include <libintl.h>
#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "bones/plugin.h"

#define BONES_TEXT_DOMAIN "bones"

#define _(s) dgettext(BONES_TEXT_DOMAIN, s)
#define P_(singular, plural, n) dngettext(BONES_TEXT_DOMAIN, singular, plural, n)
#define N_(s) s

/* Remove a global `--lang LANG` or `--lang=LANG` from argv (any position before a
 * lone "--"), so every command accepts it. *lang is its value, or NULL when absent.
 * False when --lang has no value (err says so). */
bool bones_i18n_take_lang_arg(int *argc, char **argv, const char **lang, char *err,
			      size_t cap);

/* Set the locale from the environment (LC_ALL, LC_MESSAGES, LANG; LANGUAGE may list
 * several languages) and bind the catalogues under PREFIX/share/locale. lang ("de",
 * "de_DE", "en"; NULL for the environment's) overrides the environment's language.
 * The language is used even when its locale is not installed (messages come in UTF-8
 * then, with C's numbers and dates). False when lang names a language Bones has no
 * catalogue for; err then lists the ones it has. */
bool bones_i18n_init(const char *lang, char *err, size_t cap);

/* The language messages come in: "de", or "en" when untranslated. */
const char *bones_i18n_language(void);

/* The languages with a host catalogue, as "en de ...", English first. */
void bones_i18n_languages(char *buf, size_t cap);

/* Per thread, for servers that speak each client's language: messages of this thread
 * in lang ("de", "en"; NULL: back to the process's). Needs lang's locale installed
 * (e.g. de_DE.UTF-8); false when it is not, and the thread keeps its language. */
bool bones_i18n_thread_language(const char *lang);

/* Called by the registry for each plugin it loads from path: binds the plugin's
 * text_domain (ABI 1.2) to the folder `locale` beside the plugin file when that holds
 * a catalogue of the domain (LL/LC_MESSAGES/DOMAIN.mo),
 * else to PREFIX/share/locale. */
void bones_i18n_bind_plugin(const bones_plugin *p, const char *path);

/* A plugin's static text (name, summary, option help, variant name or summary) in the
 * player's language; text itself when the plugin has no catalogue. NULL stays NULL. */
const char *bones_plugin_text(const bones_plugin *p, const char *text);

/* A plugin's words for people at a table (a breakdown) with each player the plugin
 * writes as its own text "player %d" in the player's language ("player 2", "Spieler 2")
 * for a seat 1..count replaced by names[seat - 1] where that is neither NULL nor empty;
 * into buf, cut at cap - 1 bytes. names (count of them) stay the caller's. */
void bones_plugin_text_names(const bones_plugin *p, const char *text,
			     const char *const *names, int count, char *buf, size_t cap);

/* While on, in this thread, the translate service answers plugins in English: used
 * while writing records and speaking protocols. Returns the previous setting. */
bool bones_i18n_set_plain(bool on);

/* The "bones.translate/1" service handed to plugins (bones/translate.h). */
const void *bones_i18n_service(void);

/* value with `decimals` digits after the locale's decimal mark and its thousands
 * separator ("1.234,5" in German, "1,234.5" in English). Returns buf. */
const char *bones_i18n_number(char *buf, size_t cap, double value, int decimals);

/* A local date and time as the locale writes it (strftime "%x %X"). Returns buf. */
const char *bones_i18n_datetime(char *buf, size_t cap, time_t when);

#endif /* BONES_I18N_H */
