/* The player's language: locale, catalogues, plugin domains, numbers and dates. */
#include "bones/i18n.h"

#include <ctype.h>
#include <dirent.h>
#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bones/paths.h"
#include "bones/translate.h"

#define LANG_MAX 16

static char language[LANG_MAX] = "en";               /* the process's message language */
static _Thread_local char thread_language[LANG_MAX]; /* "" while the process's */
static _Thread_local bool plain;

/* How a language writes numbers when no locale of it says otherwise. */
struct number_style {
	const char *lang, *decimal, *thousands;
};
static const struct number_style number_styles[] = {
	{"en", ".", ","},
	{"de", ",", "."},
};
static char decimal_mark[8] = ".", thousands_mark[8] = ",";
static locale_t time_locale; /* LC_TIME of the language; 0: strftime's global one */

static char catalogue_dir[PATH_MAX]; /* PREFIX/share/locale, "" when unknown */
static pthread_once_t catalogue_dir_once = PTHREAD_ONCE_INIT;

static void find_catalogue_dir(void)
{
	char prefix[PATH_MAX - 16];
	if (bones_paths_prefix(prefix, sizeof prefix))
		snprintf(catalogue_dir, sizeof catalogue_dir, "%s/share/locale", prefix);
}

static const char *host_catalogue_dir(void)
{
	pthread_once(&catalogue_dir_once, find_catalogue_dir);
	return catalogue_dir;
}

static bool is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* "de_DE.UTF-8@euro" -> "de_DE"; "" for C and POSIX. */
static void language_code(const char *name, char *code, size_t cap)
{
	size_t n = strcspn(name, ".@:");
	if (n >= cap)
		n = cap - 1;
	memcpy(code, name, n);
	code[n] = '\0';
	if (!strcmp(code, "C") || !strcmp(code, "POSIX"))
		code[0] = '\0';
}

/* Whether PREFIX/share/locale/lang/LC_MESSAGES/bones.mo is there to read. */
static bool has_host_catalogue(const char *lang)
{
	char path[PATH_MAX];
	int n = snprintf(path, sizeof path, "%s/%s/LC_MESSAGES/%s.mo", host_catalogue_dir(),
			 lang, BONES_TEXT_DOMAIN);
	return n > 0 && (size_t)n < sizeof path && access(path, R_OK) == 0;
}

/* Whether the host has a catalogue for code ("de_DE" or "de"); *code is cut to the
 * form found. English, the source language, always counts. */
static bool find_language(char *code)
{
	if (!strncmp(code, "en", 2) && (!code[2] || code[2] == '_')) {
		code[2] = '\0';
		return true;
	}
	for (int pass = 0; pass < 2; pass++) {
		if (code[0] && has_host_catalogue(code))
			return true;
		code[strcspn(code, "_")] = '\0'; /* de_AT -> de */
	}
	return false;
}

/* The language the environment asks for and Bones has, or "en". */
static void environment_language(char *code, size_t cap)
{
	const char *list = getenv("LANGUAGE");
	const char *messages = setlocale(LC_MESSAGES, NULL);
	/* gettext reads LANGUAGE only outside the C locale; so do we. */
	if (list && *list && messages && strcmp(messages, "C") && strcmp(messages, "POSIX")) {
		while (*list) {
			language_code(list, code, cap);
			if (code[0] && find_language(code))
				return;
			list += strcspn(list, ":");
			list += *list == ':';
		}
	}
	static const char *const vars[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
	for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
		const char *v = getenv(vars[i]);
		if (v && *v) {
			language_code(v, code, cap);
			if (code[0] && find_language(code))
				return;
			break;
		}
	}
	snprintf(code, cap, "en");
}

/* "de" -> "de_DE.UTF-8", "en" -> "en_US.UTF-8"; "de_AT" -> "de_AT.UTF-8". */
static void locale_name(const char *code, char *buf, size_t cap)
{
	if (!strcmp(code, "en")) {
		snprintf(buf, cap, "en_US.UTF-8");
		return;
	}
	if (strchr(code, '_') || strlen(code) != 2) {
		snprintf(buf, cap, "%s.UTF-8", code);
		return;
	}
	snprintf(buf, cap, "%s_%c%c.UTF-8", code, toupper((unsigned char)code[0]),
		 toupper((unsigned char)code[1]));
}

/* The language's numbers and dates: the environment's locale when it is of that
 * language, else the language's usual locale when installed, else the table above. */
static void set_number_and_time_style(const char *code)
{
	char env[LANG_MAX], name[64];
	const char *v = getenv("LC_ALL");
	if (!v || !*v)
		v = getenv("LC_NUMERIC");
	if (!v || !*v)
		v = getenv("LANG");
	language_code(v ? v : "", env, sizeof env);
	if (!strncmp(env, code, strlen(code)))
		snprintf(name, sizeof name, "%s", v);
	else
		locale_name(code, name, sizeof name);
	for (size_t i = 0; i < sizeof number_styles / sizeof number_styles[0]; i++)
		if (!strncmp(code, number_styles[i].lang, 2)) {
			snprintf(decimal_mark, sizeof decimal_mark, "%s", number_styles[i].decimal);
			snprintf(thousands_mark, sizeof thousands_mark, "%s",
				 number_styles[i].thousands);
		}
	locale_t numeric = newlocale(LC_NUMERIC_MASK, name, (locale_t)0);
	if (numeric) {
		snprintf(decimal_mark, sizeof decimal_mark, "%s", nl_langinfo_l(RADIXCHAR, numeric));
		snprintf(thousands_mark, sizeof thousands_mark, "%s",
			 nl_langinfo_l(THOUSEP, numeric));
		freelocale(numeric);
	}
	if (time_locale)
		freelocale(time_locale);
	time_locale = newlocale(LC_TIME_MASK, name, (locale_t)0);
}

static void bind_domain(const char *domain, const char *dir)
{
	bindtextdomain(domain, dir);
	bind_textdomain_codeset(domain, "UTF-8");
}

/* C, POSIX, C.UTF-8: the locales without messages of their own. */
static bool is_c_locale(const char *name)
{
	return !name || !strcmp(name, "C") || !strcmp(name, "POSIX") || !strncmp(name, "C.", 2);
}

bool bones_i18n_init(const char *lang, char *err, size_t cap)
{
	if (!setlocale(LC_ALL, ""))
		setlocale(LC_ALL, "C.UTF-8");
	setlocale(LC_NUMERIC, "C"); /* printf writes records and protocols with a point */
	bind_domain(BONES_TEXT_DOMAIN, host_catalogue_dir());
	char code[LANG_MAX];
	if (lang) {
		language_code(lang, code, sizeof code);
		if (!code[0])
			snprintf(code, sizeof code, "en");
		if (!find_language(code)) {
			char have[128];
			bones_i18n_languages(have, sizeof have);
			snprintf(err, cap, _("--lang %s: no such language; Bones speaks %s"), lang,
				 have);
			return false;
		}
	} else {
		environment_language(code, sizeof code);
	}
	/* gettext takes the language from LC_MESSAGES, overridden by LANGUAGE unless
	 * LC_MESSAGES is C: make the chosen language win, even without its locale. */
	bool english = !strcmp(code, "en");
	if (lang) {
		if (!english && is_c_locale(setlocale(LC_MESSAGES, NULL)))
			setlocale(LC_MESSAGES, "C.UTF-8");
		/* LANGUAGE=en finds no catalogue, so gettext answers in English; programs
		 * this one starts (bones start -> bones-gui) inherit the choice */
		setenv("LANGUAGE", code, 1);
	} else if (!english && is_c_locale(setlocale(LC_MESSAGES, NULL))) {
		setlocale(LC_MESSAGES, "C.UTF-8");
		setenv("LANGUAGE", code, 1);
	}
	snprintf(language, sizeof language, "%s", code);
	set_number_and_time_style(code);
	return true;
}

const char *bones_i18n_language(void)
{
	return thread_language[0] ? thread_language : language;
}

void bones_i18n_languages(char *buf, size_t cap)
{
	size_t len = (size_t)snprintf(buf, cap, "en");
	DIR *d = opendir(host_catalogue_dir());
	struct dirent *e;
	while (d && (e = readdir(d)) && len < cap)
		if (e->d_name[0] != '.' && has_host_catalogue(e->d_name))
			len += (size_t)snprintf(buf + len, cap - len, " %s", e->d_name);
	if (d)
		closedir(d);
}

/* One messages locale per language a thread asked for, kept for the process's life. */
static struct thread_locale {
	char code[LANG_MAX];
	locale_t locale;
} thread_locales[8];
static pthread_mutex_t thread_locales_lock = PTHREAD_MUTEX_INITIALIZER;

static locale_t messages_locale(const char *code)
{
	locale_t found = (locale_t)0;
	pthread_mutex_lock(&thread_locales_lock);
	size_t i = 0, n = sizeof thread_locales / sizeof thread_locales[0];
	for (; i < n && thread_locales[i].code[0]; i++)
		if (!strcmp(thread_locales[i].code, code)) {
			found = thread_locales[i].locale;
			break;
		}
	if (!found && i < n) {
		char name[64];
		locale_name(code, name, sizeof name);
		/* Only messages and characters: numbers stay C's (JSON, records). */
		found = !strcmp(code, "en")
				? newlocale(LC_ALL_MASK, "C", (locale_t)0)
				: newlocale(LC_MESSAGES_MASK | LC_CTYPE_MASK, name, (locale_t)0);
		if (found) {
			snprintf(thread_locales[i].code, sizeof thread_locales[i].code, "%s", code);
			thread_locales[i].locale = found;
		}
	}
	pthread_mutex_unlock(&thread_locales_lock);
	return found;
}

bool bones_i18n_thread_language(const char *lang)
{
	if (!lang) {
		uselocale(LC_GLOBAL_LOCALE);
		thread_language[0] = '\0';
		return true;
	}
	char code[LANG_MAX];
	language_code(lang, code, sizeof code);
	if (!code[0] || !find_language(code))
		return false;
	locale_t loc = messages_locale(code);
	if (!loc)
		return false;
	uselocale(loc);
	snprintf(thread_language, sizeof thread_language, "%s", code);
	return true;
}

/* Whether dir holds a catalogue of domain in some language: LL/LC_MESSAGES/DOMAIN.mo. */
static bool has_catalogue(const char *dir, const char *domain)
{
	DIR *d = is_dir(dir) ? opendir(dir) : NULL;
	struct dirent *e;
	bool found = false;
	while (d && !found && (e = readdir(d))) {
		char path[PATH_MAX];
		if (e->d_name[0] == '.')
			continue;
		int n = snprintf(path, sizeof path, "%s/%s/LC_MESSAGES/%s.mo", dir, e->d_name, domain);
		found = n > 0 && (size_t)n < sizeof path && access(path, R_OK) == 0;
	}
	if (d)
		closedir(d);
	return found;
}

void bones_i18n_bind_plugin(const bones_plugin *p, const char *path)
{
	if (!p->text_domain || !p->text_domain[0])
		return;
	char dir[PATH_MAX];
	const char *slash = strrchr(path, '/');
	int n = slash ? (int)(slash - path) : 1;
	snprintf(dir, sizeof dir, "%.*s/locale", n, slash ? path : ".");
	/* a locale/ folder beside the file counts only with this domain in it: plugins of
	 * one folder (lib/bones/plugins) may come from Bones and from other authors */
	bind_domain(p->text_domain, has_catalogue(dir, p->text_domain) ? dir : host_catalogue_dir());
}

const char *bones_plugin_text(const bones_plugin *p, const char *text)
{
	if (!text || !text[0] || !p->text_domain || !p->text_domain[0])
		return text;
	return dgettext(p->text_domain, text);
}

/* The seat a "player N" at text names (pattern split at its %d), and where it ends. */
static int named_seat(const char *text, const char *pat, size_t pre, const char *post,
		      const char **end)
{
	if (!pre || strncmp(text, pat, pre) || !isdigit((unsigned char)text[pre]))
		return 0;
	char *e;
	long seat = strtol(text + pre, &e, 10);
	size_t post_len = strlen(post);
	if (strncmp(e, post, post_len) || seat < 1 || seat > 64)
		return 0;
	*end = e + post_len;
	return (int)seat;
}

void bones_plugin_text_names(const bones_plugin *p, const char *text,
			     const char *const *names, int count, char *buf, size_t cap)
{
	if (!cap)
		return;
	const char *pat = bones_plugin_text(p, "player %d"), *d = strstr(pat, "%d");
	size_t pre = d ? (size_t)(d - pat) : 0, n = 0;
	while (*text && n + 1 < cap) {
		const char *end = NULL;
		int seat = named_seat(text, pat, pre, d ? d + 2 : "", &end);
		const char *name = seat && seat <= count ? names[seat - 1] : NULL;
		if (!name || !name[0]) {
			buf[n++] = *text++;
			continue;
		}
		int w = snprintf(buf + n, cap - n, "%s", name);
		n = w < 0 ? n : (size_t)w < cap - n ? n + (size_t)w : cap - 1;
		text = end;
	}
	buf[n] = '\0';
}

bool bones_i18n_set_plain(bool on)
{
	bool was = plain;
	plain = on;
	return was;
}

static const char *service_text(const bones_host *host, const char *domain,
				const char *msgid)
{
	(void)host;
	if (plain || !domain || !domain[0] || !msgid || !msgid[0])
		return msgid;
	return dgettext(domain, msgid);
}

static const char *service_plural(const bones_host *host, const char *domain,
				  const char *singular, const char *plural_form, unsigned long n)
{
	(void)host;
	if (plain || !domain || !domain[0] || !singular || !singular[0])
		return n == 1 ? singular : plural_form;
	return dngettext(domain, singular, plural_form, n);
}

const void *bones_i18n_service(void)
{
	static const bones_translate_service service = {
		.size = sizeof service,
		.text = service_text,
		.plural = service_plural,
	};
	return &service;
}

/* Append text to buf of cap bytes holding *len, cutting what does not fit. */
static void append(char *buf, size_t cap, size_t *len, const char *text)
{
	for (; *text && *len + 1 < cap; text++)
		buf[(*len)++] = *text;
	buf[*len] = '\0';
}

const char *bones_i18n_number(char *buf, size_t cap, double value, int decimals)
{
	if (!cap)
		return buf;
	char c_text[400]; /* "%.*f" of the largest double fits */
	snprintf(c_text, sizeof c_text, "%.*f", decimals, value);
	const char *digits = c_text + (c_text[0] == '-');
	size_t whole = strcspn(digits, "."), len = 0;
	buf[0] = '\0';
	if (digits != c_text)
		append(buf, cap, &len, "-");
	for (size_t i = 0; i < whole; i++) {
		char digit[2] = {digits[i], '\0'};
		if (i && (whole - i) % 3 == 0 && isdigit((unsigned char)digits[i]))
			append(buf, cap, &len, thousands_mark);
		append(buf, cap, &len, digit);
	}
	if (digits[whole] == '.') {
		append(buf, cap, &len, decimal_mark);
		append(buf, cap, &len, digits + whole + 1);
	}
	return buf;
}

const char *bones_i18n_datetime(char *buf, size_t cap, time_t when)
{
	struct tm tm;
	localtime_r(&when, &tm);
	size_t n = time_locale ? strftime_l(buf, cap, "%x %X", &tm, time_locale)
			       : strftime(buf, cap, "%Y-%m-%d %H:%M:%S", &tm);
	if (!n && cap)
		buf[0] = '\0';
	return buf;
}

bool bones_i18n_take_lang_arg(int *argc, char **argv, const char **lang, char *err,
			      size_t cap)
{
	*lang = NULL;
	int out = 1;
	bool ok = true;
	for (int i = 1; i < *argc; i++) {
		if (!strcmp(argv[i], "--")) {
			while (i < *argc)
				argv[out++] = argv[i++];
			break;
		}
		if (!strncmp(argv[i], "--lang=", 7)) {
			*lang = argv[i] + 7;
		} else if (!strcmp(argv[i], "--lang")) {
			if (i + 1 >= *argc) {
				snprintf(err, cap, "%s", _("--lang needs a language, e.g. --lang de"));
				ok = false;
			} else {
				*lang = argv[++i];
			}
		} else {
			argv[out++] = argv[i];
		}
	}
	argv[out] = NULL;
	*argc = out;
	if (ok && *lang && !**lang) {
		snprintf(err, cap, "%s", _("--lang needs a language, e.g. --lang de"));
		ok = false;
	}
	return ok;
}
