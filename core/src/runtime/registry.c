/* The plugin registry: scans folders, dlopens plugins, checks their entry struct and
 * keeps one error line per refused file; see bones/registry.h. The only dlopen user. */
#define _GNU_SOURCE /* dladdr1: the size of the entry symbol, before reading it */
#include "bones/registry.h"
#include "bones/i18n.h"

#include "bones/options.h"
#include "bones/paths.h"

#include <dirent.h>
#include <errno.h>
#include <dlfcn.h>
#include <limits.h>
#include <stddef.h>
#include <link.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The least entry this host accepts: ABI 1.0's (later fields are optional). */
#define HOST_ENTRY_SIZE ((size_t)BONES_PLUGIN_SIZE_1_0)
/* The bytes read before the size is known: abi_major, abi_minor, size. */
#define ENTRY_HEADER_SIZE (3 * sizeof(uint32_t))

struct loaded {
	void *handle;               /* from dlopen; closed by destroy */
	bones_plugin *plugin;       /* the entry as this host's struct: the fields the
				       plugin's size covers, the rest zero (NULL); owned */
	char *path;                 /* as given; owned */
	char *real;                 /* realpath, to recognise a file loaded twice; owned */
};

/* A refused file: its line and the names it would be asked for by. */
struct refusal {
	char *line;                 /* "PATH: reason"; owned */
	char *stem;                 /* the file's name without folder and ".so"; owned */
	char *id;                   /* the entry's id when it could be read, else NULL;
				       owned */
};

struct bones_registry {
	struct loaded *items;
	size_t count, cap;
	struct refusal *errors;
	size_t error_count, error_cap;
	bool out_of_memory; /* a scan or load ran out: a plugin may be missing for that */
};

bones_registry *bones_registry_create(void)
{
	return calloc(1, sizeof(bones_registry));
}

void bones_registry_destroy(bones_registry *reg)
{
	if (!reg)
		return;
	for (size_t i = reg->count; i-- > 0;) {
		dlclose(reg->items[i].handle);
		free(reg->items[i].plugin);
		free(reg->items[i].path);
		free(reg->items[i].real);
	}
	for (size_t i = 0; i < reg->error_count; i++) {
		free(reg->errors[i].line);
		free(reg->errors[i].stem);
		free(reg->errors[i].id);
	}
	free(reg->items);
	free(reg->errors);
	free(reg);
}

/* Record "PATH: reason" and return st. An error that cannot be stored (out of memory)
 * is dropped: the status still tells the caller. */
static bones_status refuse(bones_registry *reg, bones_status st, const char *path,
			   const char *fmt, ...)
{
	char reason[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(reason, sizeof reason, fmt, ap);
	va_end(ap);
	if (st == BONES_ENOMEM)
		reg->out_of_memory = true;
	size_t len = strlen(path) + 2 + strlen(reason) + 1;
	char *line = malloc(len);
	if (!line) {
		reg->out_of_memory = true;
		return st;
	}
	snprintf(line, len, "%s: %s", path, reason);
	if (reg->error_count == reg->error_cap) {
		size_t cap = reg->error_cap ? 2 * reg->error_cap : 8;
		struct refusal *grown = realloc(reg->errors, cap * sizeof *grown);
		if (!grown) {
			free(line);
			reg->out_of_memory = true;
			return st;
		}
		reg->errors = grown;
		reg->error_cap = cap;
	}
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	size_t stem = strlen(base);
	if (stem > 3 && !strcmp(base + stem - 3, ".so"))
		stem -= 3;
	reg->errors[reg->error_count++] = (struct refusal){line, strndup(base, stem), NULL};
	return st;
}

#define NO_DL_REASON N_("the dynamic loader gave no reason")

/* Whether glibc's dlopen failed for want of memory rather than for the file: it says
 * "cannot allocate ...: Cannot allocate memory", "cannot create shared object
 * descriptor", "cannot open shared object file" (even "No such file or directory")
 * for a file stat just found, or nothing at all (no memory for the message either).
 * glibc translates these (domain libc): compare with its words in the player's
 * language too. */
static const char *libc_text(const char *msgid)
{
	return dgettext("libc", msgid); /* not a literal: not one of Bones's texts */
}

static bool dl_out_of_memory(const char *why)
{
	return !strcmp(why, _(NO_DL_REASON)) || strstr(why, "memory") ||
	       strstr(why, "cannot create shared object") || strstr(why, "No such file") ||
	       !strcmp(why, "cannot open shared object file") ||
	       strstr(why, libc_text("Cannot allocate memory")) ||
	       strstr(why, libc_text("cannot create shared object descriptor")) ||
	       strstr(why, libc_text("No such file or directory")) ||
	       !strcmp(why, libc_text("cannot open shared object file"));
}

/* dlerror() text without a leading "PATH: " (the error line names the file already). */
static const char *dl_reason(const char *path)
{
	const char *e = dlerror();
	if (!e)
		return _(NO_DL_REASON);
	size_t n = strlen(path);
	if (!strncmp(e, path, n) && e[n] == ':' && e[n + 1] == ' ')
		return e + n + 2;
	return e;
}

static bool is_id_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

/* The first required metadata field that is missing or malformed, or NULL. */
static const char *check_metadata(const bones_plugin *p, char *why, size_t cap)
{
	if (!p->id || !*p->id)
		return _("metadata 'id' is missing");
	for (const char *c = p->id; *c; c++)
		if (!is_id_char(*c)) {
			snprintf(why, cap, _("metadata 'id' is '%s': use lower-case letters, "
				 "digits, '_' and '-' only"), p->id);
			return why;
		}
	if (!p->name || !*p->name)
		return _("metadata 'name' is missing");
	if (!p->version || !*p->version)
		return _("metadata 'version' is missing");
	if (!p->summary)
		return _("metadata 'summary' is missing");
	if (p->min_players < 1 || p->max_players < p->min_players) {
		snprintf(why, cap, _("player range %d..%d is invalid (need 1 <= min <= max)"),
			 p->min_players, p->max_players);
		return why;
	}
	if (p->option_count && !p->options)
		return _("metadata 'options' is NULL but option_count is not 0");
	if (p->variant_count && !p->variants)
		return _("metadata 'variants' is NULL but variant_count is not 0");
	return NULL;
}

/* The first required function pointer that is NULL, or NULL. */
static const char *missing_function(const bones_plugin *p)
{
	const struct {
		const char *name;
		bool present;
	} req[] = {
		{"configure", p->configure != NULL},
		{"destroy_game", p->destroy_game != NULL},
		{"init_state", p->init_state != NULL},
		{"to_move", p->to_move != NULL},
		{"legal_moves", p->legal_moves != NULL},
		{"apply", p->apply != NULL},
		{"format_move", p->format_move != NULL},
		{"parse_move", p->parse_move != NULL},
		{"scores", p->scores != NULL},
		{"render_text", p->render_text != NULL},
	};
	for (size_t i = 0; i < sizeof req / sizeof req[0]; i++)
		if (!req[i].present)
			return req[i].name;
	if ((p->flags & BONES_HIDDEN_INFO) && !p->observation)
		return "observation";
	if ((p->flags & BONES_HIDDEN_INFO) && !p->resample)
		return "resample";
	return NULL;
}

/* The schema's own shape: keys present and unique, ranges and choices given. */
static bool check_schema_shape(const bones_plugin *p, char *why, size_t cap)
{
	for (size_t i = 0; i < p->option_count; i++) {
		const bones_option_def *d = &p->options[i];
		if (!d->key || !*d->key) {
			snprintf(why, cap, _("option %zu has no key"), i + 1);
			return false;
		}
		for (size_t j = 0; j < i; j++)
			if (!strcmp(p->options[j].key, d->key)) {
				snprintf(why, cap, _("%s: key appears twice"), d->key);
				return false;
			}
		if (d->type == BONES_OPT_INT && d->min > d->max) {
			snprintf(why, cap, _("%s: range min is above max"), d->key);
			return false;
		}
		if (d->type == BONES_OPT_ENUM && (!d->choices || !d->choices[0])) {
			snprintf(why, cap, _("%s: enum option has no choices"), d->key);
			return false;
		}
		if ((unsigned)d->type > BONES_OPT_STRING) {
			snprintf(why, cap, _("%s: unknown option type %d"), d->key, (int)d->type);
			return false;
		}
	}
	return true;
}

/* Defaults validate, and so does every variant applied over them: BONES_OK,
 * BONES_EABI with why, or BONES_ENOMEM (which says nothing about the plugin). */
static bones_status check_schema_values(const bones_plugin *p, char *why, size_t cap)
{
	char err[300];
	bones_options opts;
	bones_status st = bones_options_init(&opts, p, err, sizeof err);
	if (st == BONES_ENOMEM)
		return st;
	if (st) {
		snprintf(why, cap, _("%s (the default must be a valid value)"), err);
		return BONES_EABI;
	}
	bones_options_release(&opts);
	for (size_t i = 0; i < p->variant_count; i++) {
		const bones_variant *v = &p->variants[i];
		if (!v->id || !*v->id || !v->name || !v->settings) {
			snprintf(why, cap, _("variant %zu lacks an id, name or settings"), i + 1);
			return BONES_EABI;
		}
		if (bones_options_init(&opts, p, err, sizeof err))
			return BONES_ENOMEM; /* the defaults validated above */
		st = bones_options_apply(&opts, v->settings, err, sizeof err);
		bones_options_release(&opts);
		if (st == BONES_ENOMEM)
			return st;
		if (st) {
			snprintf(why, cap, _("variant '%s': %s"), v->id, err);
			return BONES_EABI;
		}
	}
	return BONES_OK;
}

/* The size of the entry symbol as the linker recorded it, or 0 when unknown. */
static size_t symbol_size(const void *addr)
{
#if defined(__GLIBC__)
	Dl_info info;
	const ElfW(Sym) *sym = NULL;
	if (dladdr1(addr, &info, (void **)&sym, RTLD_DL_SYMENT) && sym)
		return (size_t)sym->st_size;
#else
	(void)addr;
#endif
	return 0;
}

/* Check the ABI version and sizes of the entry found at sym. */
static bones_status check_abi(bones_registry *reg, const char *path, const void *sym)
{
	size_t symsize = symbol_size(sym);
	if (symsize && symsize < ENTRY_HEADER_SIZE)
		return refuse(reg, BONES_EABI, path, _("'%s' is %zu bytes, too small to be an "
				"entry struct (host ABI %d.%d): rebuild the plugin against this "
				"Bones"), BONES_ENTRY_SYMBOL,
			      symsize, BONES_ABI_MAJOR, BONES_ABI_MINOR);
	const bones_plugin *p = sym;
	if (p->abi_major != BONES_ABI_MAJOR)
		return refuse(reg, BONES_EABI, path, _("'%s' has ABI %u.%u, host has %d.%d: "
				"ABI major differs: rebuild the plugin against this Bones"), BONES_ENTRY_SYMBOL, p->abi_major,
			      p->abi_minor, BONES_ABI_MAJOR, BONES_ABI_MINOR);
	if (p->abi_minor > BONES_ABI_MINOR)
		return refuse(reg, BONES_EABI, path, _("'%s' needs ABI %u.%u, this host has "
			      "only %d.%d: update Bones (or build the plugin for %d.%d)"),
			      BONES_ENTRY_SYMBOL, p->abi_major, p->abi_minor, BONES_ABI_MAJOR,
			      BONES_ABI_MINOR, BONES_ABI_MAJOR, BONES_ABI_MINOR);
	if (p->size < HOST_ENTRY_SIZE || (symsize && symsize < HOST_ENTRY_SIZE))
		return refuse(reg, BONES_EABI, path, _("'%s' (ABI %u.%u) is truncated: "
				"%zu bytes, host ABI %d.%d needs %zu: rebuild the plugin "
				"against this Bones"),
			      BONES_ENTRY_SYMBOL, p->abi_major, p->abi_minor,
			      symsize && symsize < p->size ? symsize : (size_t)p->size,
			      BONES_ABI_MAJOR, BONES_ABI_MINOR, HOST_ENTRY_SIZE);
	if (symsize && symsize < p->size)
		return refuse(reg, BONES_EABI, path, _("'%s' says it is %u bytes but the symbol "
				"has %zu: rebuild the plugin against this Bones"), BONES_ENTRY_SYMBOL, p->size, symsize);
	return BONES_OK;
}

/* Every check after the ABI: metadata, functions, schema, duplicate id. */
static bones_status check_entry(bones_registry *reg, const char *path,
				const bones_plugin *p)
{
	char why[400];
	const char *bad = check_metadata(p, why, sizeof why);
	if (bad)
		return refuse(reg, BONES_EABI, path, "%s", bad);
	const char *fn = missing_function(p);
	if (fn)
		return refuse(reg, BONES_EABI, path, _("plugin '%s': required function '%s' "
			      "is NULL"), p->id, fn);
	if (!check_schema_shape(p, why, sizeof why))
		return refuse(reg, BONES_EABI, path, _("plugin '%s': invalid option schema: %s"),
			      p->id, why);
	bones_status st = check_schema_values(p, why, sizeof why);
	if (st == BONES_ENOMEM)
		return refuse(reg, st, path, _("out of memory"));
	if (st)
		return refuse(reg, st, path, _("plugin '%s': invalid option schema: %s"), p->id,
			      why);
	for (size_t i = 0; i < reg->count; i++)
		if (!strcmp(reg->items[i].plugin->id, p->id))
			return refuse(reg, BONES_EINVAL, path, _("duplicate plugin id '%s', "
				      "already loaded from '%s': remove one of the two files"),
				      p->id, reg->items[i].path);
	return BONES_OK;
}

static bool append(bones_registry *reg, void *handle, const bones_plugin *p,
		   const char *path, const char *real)
{
	if (reg->count == reg->cap) {
		size_t cap = reg->cap ? 2 * reg->cap : 8;
		struct loaded *grown = realloc(reg->items, cap * sizeof *grown);
		if (!grown)
			return false;
		reg->items = grown;
		reg->cap = cap;
	}
	struct loaded *it = &reg->items[reg->count];
	it->path = strdup(path);
	it->real = strdup(real);
	it->plugin = calloc(1, sizeof *it->plugin);
	if (!it->path || !it->real || !it->plugin) {
		free(it->path);
		free(it->real);
		free(it->plugin);
		return false;
	}
	/* an older minor's entry is shorter: what it lacks stays zero (NULL) */
	memcpy(it->plugin, p, p->size < sizeof *it->plugin ? p->size : sizeof *it->plugin);
	it->handle = handle;
	reg->count++;
	return true;
}

/* Index of the loaded file whose realpath is real, or -1. */
static long find_real(const bones_registry *reg, const char *real)
{
	for (size_t i = 0; i < reg->count; i++)
		if (!strcmp(reg->items[i].real, real))
			return (long)i;
	return -1;
}

/* The last refusal came from the entry p, whose id can be read: remember it, so that a
 * lookup by that id says why the game is missing. */
static void name_refusal(bones_registry *reg, const bones_plugin *p)
{
	struct refusal *r = reg->error_count ? &reg->errors[reg->error_count - 1] : NULL;
	size_t need = offsetof(bones_plugin, id) + sizeof p->id, symsize = symbol_size(p);
	if (r && !r->id && (!symsize || symsize >= need) && p->abi_major == BONES_ABI_MAJOR &&
	    p->size >= need && p->id && strnlen(p->id, 64) < 64)
		r->id = strdup(p->id);
}

bones_status bones_registry_load(bones_registry *reg, const char *path)
{
	char real[PATH_MAX];
	struct stat st;
	if (stat(path, &st) != 0 || !realpath(path, real))
		return errno == ENOMEM ? refuse(reg, BONES_ENOMEM, path, _("out of memory"))
				       : refuse(reg, BONES_ENOTFOUND, path, _("no such plugin file"));
	if (!S_ISREG(st.st_mode))
		return refuse(reg, BONES_EIO, path, _("not a regular file"));
	if (find_real(reg, real) >= 0)
		return BONES_OK; /* the same file, met again: already loaded */
	dlerror();
	void *handle = dlopen(real, RTLD_NOW | RTLD_LOCAL);
	if (!handle) {
		const char *why = dl_reason(real);
		if (dl_out_of_memory(why))
			return refuse(reg, BONES_ENOMEM, path, _("out of memory: %s"), why);
		return refuse(reg, BONES_EABI, path, _("not a loadable shared object: %s"), why);
	}
	dlerror();
	const void *sym = dlsym(handle, BONES_ENTRY_SYMBOL);
	bones_status status;
	if (!sym) {
		status = refuse(reg, BONES_EABI, path, _("no entry symbol '%s' (%s): define "
				"the entry with BONES_PLUGIN_ENTRY"), BONES_ENTRY_SYMBOL,
				dl_reason(real));
		goto out_close;
	}
	status = check_abi(reg, path, sym);
	if (!status)
		status = check_entry(reg, path, sym);
	if (status) {
		name_refusal(reg, sym);
		goto out_close;
	}
	if (!append(reg, handle, sym, path, real)) {
		status = refuse(reg, BONES_ENOMEM, path, _("out of memory"));
		goto out_close;
	}
	bones_i18n_bind_plugin(reg->items[reg->count - 1].plugin, path);
	return BONES_OK;
out_close:
	dlclose(handle);
	return status;
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool is_plugin_name(const char *name)
{
	size_t n = strlen(name);
	return name[0] != '.' && n > 3 && !strcmp(name + n - 3, ".so");
}

/* The *.so names in dir, sorted; *out is NULL and *count 0 when dir is missing. */
static bones_status list_dir(const char *dir, char ***out, size_t *count)
{
	*out = NULL;
	*count = 0;
	DIR *d = opendir(dir);
	if (!d)
		return errno == ENOMEM ? BONES_ENOMEM : BONES_OK;
	char **names = NULL;
	size_t n = 0, cap = 0;
	bones_status st = BONES_OK;
	for (struct dirent *e; (e = readdir(d));) {
		if (!is_plugin_name(e->d_name))
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 16;
			char **grown = realloc(names, cap * sizeof *grown);
			if (!grown) {
				st = BONES_ENOMEM;
				break;
			}
			names = grown;
		}
		if (!(names[n] = strdup(e->d_name))) {
			st = BONES_ENOMEM;
			break;
		}
		n++;
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof *names, compare_names);
	*out = names;
	*count = n;
	return st;
}

bones_status bones_registry_scan_dir(bones_registry *reg, const char *dir)
{
	char **names;
	size_t n;
	bones_status st = list_dir(dir, &names, &n);
	if (st)
		refuse(reg, st, dir, _("out of memory while listing the folder"));
	for (size_t i = 0; i < n; i++) {
		size_t len = strlen(dir) + 1 + strlen(names[i]) + 1;
		char *path = malloc(len);
		if (path) {
			snprintf(path, len, "%s/%s", dir, names[i]);
			bones_registry_load(reg, path);
		} else {
			st = refuse(reg, BONES_ENOMEM, names[i], _("out of memory"));
		}
		free(path);
		free(names[i]);
	}
	free(names);
	return st;
}

bones_status bones_registry_scan_path(bones_registry *reg, const char *folders)
{
	if (!folders || !*folders)
		return BONES_OK;
	char *copy = strdup(folders);
	if (!copy)
		return refuse(reg, BONES_ENOMEM, folders, _("out of memory"));
	bones_status st = BONES_OK;
	char *save = NULL;
	for (char *dir = strtok_r(copy, ":", &save); dir; dir = strtok_r(NULL, ":", &save))
		if (bones_registry_scan_dir(reg, dir))
			st = BONES_ENOMEM;
	free(copy);
	return st;
}

bones_status bones_registry_scan_default(bones_registry *reg)
{
	bones_status st = bones_registry_scan_path(reg, getenv("BONES_PLUGIN_PATH"));
	char dir[PATH_MAX];
	/* The same folder met twice loads nothing twice: files are told apart by realpath. */
	if (bones_paths_plugins(dir, sizeof dir) && bones_registry_scan_dir(reg, dir))
		st = BONES_ENOMEM;
	return st;
}

size_t bones_registry_count(const bones_registry *reg)
{
	return reg->count;
}

const bones_plugin *bones_registry_get(const bones_registry *reg, size_t index)
{
	return index < reg->count ? reg->items[index].plugin : NULL;
}

const char *bones_registry_path(const bones_registry *reg, size_t index)
{
	return index < reg->count ? reg->items[index].path : NULL;
}

static bool looks_like_path(const char *s)
{
	size_t n = strlen(s);
	return strchr(s, '/') || (n > 3 && !strcmp(s + n - 3, ".so"));
}

const bones_plugin *bones_registry_find(bones_registry *reg, const char *id_or_path)
{
	if (!id_or_path)
		return NULL;
	if (!looks_like_path(id_or_path)) {
		for (size_t i = 0; i < reg->count; i++)
			if (!strcmp(reg->items[i].plugin->id, id_or_path))
				return reg->items[i].plugin;
		return NULL;
	}
	char real[PATH_MAX];
	if (realpath(id_or_path, real)) {
		long i = find_real(reg, real);
		if (i >= 0)
			return reg->items[i].plugin;
	}
	if (bones_registry_load(reg, id_or_path))
		return NULL;
	return reg->items[reg->count - 1].plugin;
}

bool bones_registry_out_of_memory(const bones_registry *reg)
{
	return reg->out_of_memory;
}

size_t bones_registry_error_count(const bones_registry *reg)
{
	return reg->error_count;
}

const char *bones_registry_error(const bones_registry *reg, size_t index)
{
	return index < reg->error_count ? reg->errors[index].line : NULL;
}

const char *bones_registry_refusal(const bones_registry *reg, const char *id)
{
	for (size_t i = 0; id && i < reg->count; i++)
		if (!strcmp(reg->items[i].plugin->id, id))
			return NULL; /* loaded: a refused duplicate is no reason */
	for (size_t i = 0; id && i < reg->error_count; i++) {
		const struct refusal *r = &reg->errors[i];
		if ((r->id && !strcmp(r->id, id)) || (r->stem && !strcmp(r->stem, id)))
			return r->line;
	}
	return NULL;
}
