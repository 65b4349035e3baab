#!/bin/bash
# The layers of docs/architecture.md, enforced on the includes: a file of core/ includes
# only headers of its own layer or of a lower one, and nothing in core/ or plugins/
# includes a frontend's header (nor SDL or libmicrohttpd, which only frontends use).
# A header's layer is the folder that implements it: bones/X.h is the layer of
# core/src/LAYER/X.c (else of LAYER/X_*.c); SDK headers are the bottom layer; a private
# header is the layer of its folder. The order of the layers is LAYERS below, and
# nothing else. Beside the includes, the Debian libraries' calls stay in the files that
# wrap them (SQLite in the web store's driver and the results files, libpq in its other, jansson in web_json.c,
# argon2 in the accounts and sessions, libmicrohttpd in the server, SDL in frontends/sdl).
# The calls between source files are read from the build's objects (tests/check_calls.py):
# no two files call each other, directly or round, and the web's layers (frontends/web:
# http, site, tables, store, base) call and include one way. The checkers are run on the
# tree, then on copies with bad includes and calls planted, which they must refuse.
# Usage: test_layers.sh BUILD_DIR SOURCE_DIR
set -u
build=${1:?build dir}
src=${2:?source dir}
LAYERS="sdk runtime play ai table tools picture tourney" # lowest first
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# check_tree ROOT: prints each bad include as "FILE:LINE: ..." and how many includes it
# read; returns 1 when any is bad.
check_tree() {
	local root=$1 bad=0 count=0 i=0 layer name dir path f line target base
	declare -A rank=() header=() frontend=()
	for layer in $LAYERS; do rank[$layer]=$i; i=$((i + 1)); done
	for dir in "$root"/core/src/*/; do
		layer=$(basename "$dir")
		[ -n "${rank[$layer]+x}" ] && continue
		echo "core/src/$layer: a folder of no known layer: add it to LAYERS in tests/test_layers.sh"
		bad=1
	done
	for path in "$root"/core/sdk/include/bones/*.h; do header[bones/${path##*/}]=sdk; done
	for path in "$root"/core/src/*/*.h; do
		f=${path#"$root"/core/src/}
		header[${path##*/}]=${f%%/*}
	done
	for path in "$root"/core/include/bones/*.h; do
		name=${path##*/}
		name=${name%.h}
		layer=""
		for f in "$root"/core/src/*/"$name".c "$root"/core/src/*/"$name"_*.c; do
			[ -e "$f" ] || continue
			f=${f#"$root"/core/src/}
			[ -z "$layer" ] || [ "$layer" = "${f%%/*}" ] || {
				echo "core/include/bones/$name.h: implemented in two layers, $layer and ${f%%/*}"
				bad=1
			}
			layer=${f%%/*}
		done
		if [ -z "$layer" ]; then
			echo "core/include/bones/$name.h: no core/src/LAYER/$name.c implements it, so it has no layer"
			bad=1
			continue
		fi
		header[bones/$name.h]=$layer
	done
	while IFS= read -r path; do frontend[${path##*/}]=1; done < <(find "$root"/frontends -name '*.h')

	# file:line:text of every #include in core/ and plugins/
	while IFS= read -r line; do
		f=${line%%:*}
		line=${line#*:}
		local num=${line%%:*} text=${line#*:}
		f=${f#"$root"/}
		count=$((count + 1))
		case $text in
		*\"*\"*) target=${text#*\"}; target=${target%%\"*} ;;
		*\<*\>*) target=${text#*<}; target=${target%%>*}
			case $target in
			SDL.h | SDL_*.h | SDL2/* | microhttpd.h)
				echo "$f:$num: includes <$target>: only frontends use SDL and libmicrohttpd"
				bad=1 ;;
			esac
			continue ;;
		*) continue ;;
		esac
		base=${target##*/}
		local core_header=0
		[ -n "${header[$target]+x}${header[$base]+x}" ] && core_header=1
		if [[ $target == *frontends/* ]] || { [ -n "${frontend[$base]+x}" ] &&
			[ $core_header = 0 ] && [ ! -e "$root/${f%/*}/$target" ]; }; then
			echo "$f:$num: includes \"$target\", a frontend's header: frontends sit on top, core and plugins never include them"
			bad=1
			continue
		fi
		[ $core_header = 0 ] && [ -e "$root/${f%/*}/$target" ] && continue # its own folder's
		case $f in
		plugins/*) layer=plugin ;;
		core/sdk/*) layer=sdk ;;
		core/src/*) layer=${f#core/src/}; layer=${layer%%/*} ;;
		core/include/*) layer=${header[bones/${f##*/}]:-} ;;
		*) continue ;;
		esac
		local of=${header[$target]:-${header[$base]:-}}
		if [ -z "$of" ]; then
			[[ $target == bones/* ]] && {
				echo "$f:$num: includes \"$target\", which is no header of core"
				bad=1
			}
			continue
		fi
		if [ "$layer" = plugin ]; then
			[ "$of" = sdk ] && continue
			echo "$f:$num: plugin includes $target of $of: a plugin includes only the SDK (core/sdk/include)"
			bad=1
		elif [ -n "$layer" ] && [ "${rank[$of]}" -gt "${rank[$layer]}" ]; then
			echo "$f:$num: $layer includes $target of $of, a higher layer (lowest first: $LAYERS)"
			bad=1
		fi
	done < <(find "$root"/core "$root"/plugins -name '*.[ch]' -print0 |
		xargs -0 grep -Hn '^[[:space:]]*#[[:space:]]*include')
	echo "$count includes read"
	[ "$count" -ge 300 ] || { echo "too few includes: the tree at $root was not read"; bad=1; }
	return $bad
}

# The Debian libraries' "only here" rules: a library's calls and header appear only in
# the files that wrap it, so that every other file goes through their functions.
check_libraries() { # ROOT: prints each file out of place; returns 1 when any is
	local root=$1 bad=0 f
	only() { # NAME PATTERN ALLOWED (a regex of paths)
		while IFS= read -r f; do
			f=${f#"$root"/}
			[[ $f =~ $3 ]] && continue
			echo "$f: calls $1: only $3 may"
			bad=1
		done < <(grep -rlE "$2" "$root"/core "$root"/plugins "$root"/frontends --include='*.[ch]')
	}
	only SQLite '\bsqlite3_[a-z_]+\(|<sqlite3\.h>' \
		'^(frontends/web/store/web_store_sqlite|core/src/tourney/tourney_db[a-z_]*)\.[ch]$'
	only libpq '<libpq-fe\.h>|\bPQ[a-z][A-Za-z]*\(' '^frontends/web/store/web_store_pg\.c$'
	only jansson '<jansson\.h>|\bjson_(loads|loadb|dumps|decref|incref|object|array)' \
		'^frontends/web/base/web_json\.[ch]$'
	only argon2 '<argon2\.h>|\bargon2[a-z_]*\(' '^frontends/web/site/web_(accounts|session)\.c$'
	only libmicrohttpd '<microhttpd\.h>|\bMHD_[a-z_]+\(' \
		'^frontends/web/http/web_(server|conn|server_internal)\.[ch]$'
	only SDL '<SDL[^>]*>|\bSDL_[A-Za-z]+\(' '^frontends/sdl/'
	return $bad
}

fails=0
if check_libraries "$src"; then
	echo "ok: SQLite, libpq, jansson, argon2, libmicrohttpd and SDL are called where they are wrapped only"
else
	echo "FAIL: a library above is called outside the files that wrap it"
	fails=$((fails + 1))
fi
if check_tree "$src"; then
	echo "ok: every include of core/ and plugins/ keeps to the layers"
else
	echo "FAIL: the includes above break the layers (docs/architecture.md)"
	fails=$((fails + 1))
fi

# The checker can fail: a copy of the tree with bad includes planted, one per rule.
(cd "$src" && find core plugins frontends -name '*.[ch]' -print0 | tar --null -cf - -T -) |
	tar -xf - -C "$tmp"
plant() { # plant FILE TEXT: a line after the file's first line
	sed -i "1a $2" "$tmp/$1"
}
plant core/src/play/session.c '#include "bones/table.h"'
plant core/include/bones/record.h '#include "bones/agent.h"'
plant core/src/ai/agent.c '#include "check_internal.h"'
plant core/src/tourney/rating.c '#include "tty.h"'
plant plugins/dominoes/dominoes.c '#include "../../frontends/sdl/gui.h"'
plant core/src/picture/picture.c '#include <SDL.h>'
plant plugins/holomino/plugin.c '#include "bones/session.h"'
mkdir "$tmp/core/src/extra"
out=$(check_tree "$tmp")
printf '%s\n' "$out" | sed 's/^/  planted: /'
for want in "core/src/play/session.c:2: play includes bones/table.h of table" \
	"core/include/bones/record.h:2: play includes bones/agent.h of ai" \
	"core/src/ai/agent.c:2: ai includes check_internal.h of tools" \
	"core/src/tourney/rating.c:2: includes \"tty.h\", a frontend's header" \
	"plugins/dominoes/dominoes.c:2: includes \"../../frontends/sdl/gui.h\", a frontend's header" \
	"core/src/picture/picture.c:2: includes <SDL.h>" \
	"plugins/holomino/plugin.c:2: plugin includes bones/session.h of play" \
	"core/src/extra: a folder of no known layer"; do
	if [[ $out == *"$want"* ]]; then
		echo "ok: a planted bad include is found: $want"
	else
		echo "FAIL: the planted bad include was not found: $want"
		fails=$((fails + 1))
	fi
done
[ "$(printf '%s\n' "$out" | grep -c ':2: ')" -eq 7 ] || {
	echo "FAIL: the planted tree has other complaints than the seven planted"
	fails=$((fails + 1))
}
plant frontends/web/site/web_games.c 'static int lobby_count(sqlite3 *db) { return sqlite3_changes(db); }'
out=$(check_libraries "$tmp")
if [[ $out == *"frontends/web/site/web_games.c: calls SQLite"* ]] &&
	[ "$(printf '%s\n' "$out" | grep -c ': calls ')" -eq 2 ]; then # and picture.c's SDL
	echo "ok: a planted sqlite3_ call outside the store is found"
else
	echo "FAIL: the planted sqlite3_ call was not found alone with picture.c's SDL: $out"
	fails=$((fails + 1))
fi
plant frontends/web/store/web_store.c 'static void *peek(void *c) { return PQexec(c, "SELECT 1"); }'
out=$(check_libraries "$tmp")
if [[ $out == *"frontends/web/store/web_store.c: calls libpq"* ]] &&
	[ "$(printf '%s\n' "$out" | grep -c ': calls ')" -eq 3 ]; then
	echo "ok: a planted libpq call in the store outside its PostgreSQL driver is found"
else
	echo "FAIL: the planted PQexec call in web_store.c was not found: $out"
	fails=$((fails + 1))
fi

# The calls between files, read from the build's objects (tests/check_calls.py): no call
# circle anywhere, and the web's layers calling and including one way only.
if out=$(python3 "$src/tests/check_calls.py" "$build" "$src" 2>&1); then
	echo "ok: no call circle between source files, the web's layers call one way ($(printf '%s\n' "$out" | tail -1))"
else
	printf '%s\n' "$out" | sed 's/^/  /'
	echo "FAIL: the calls above go round or up (docs/architecture.md)"
	fails=$((fails + 1))
fi
# ... and it refuses a small tree with a circle, an upward call and an upward include
# planted, compiled here as the build lays out its objects.
calls=$tmp/calls
mkdir -p "$calls/src/core/src/play" "$calls/src/frontends/web/tables" \
	"$calls/src/frontends/web/site"
printf 'void y(void);\nvoid x(void) { y(); }\n' > "$calls/src/core/src/play/x.c"
printf 'void x(void);\nvoid y(void) { x(); }\n' > "$calls/src/core/src/play/y.c"
printf '#include "web_site.h"\nvoid site_fn(void);\nvoid tables_fn(void) { site_fn(); }\n' \
	> "$calls/src/frontends/web/tables/web_t.c"
printf 'void tables_fn(void);\nvoid site_fn(void) {}\nvoid site_more(void) { tables_fn(); }\n' \
	> "$calls/src/frontends/web/site/web_s.c"
: > "$calls/src/frontends/web/site/web_site.h"
for f in core/src/play/x.c core/src/play/y.c frontends/web/tables/web_t.c \
	frontends/web/site/web_s.c; do
	case $f in
	core/*) obj=$calls/build/core/CMakeFiles/bones_core.dir/${f#core/}.o ;;
	*) obj=$calls/build/frontends/web/CMakeFiles/bones_web.dir/${f#frontends/web/}.o ;;
	esac
	mkdir -p "${obj%/*}"
	cc -c -I"$calls/src/frontends/web/site" -o "$obj" "$calls/src/$f" || fails=$((fails + 1))
done
out=$(python3 "$src/tests/check_calls.py" "$calls/build" "$calls/src" 2>&1)
printf '%s\n' "$out" | sed 's/^/  planted: /'
for want in "call circle of 2 files: core/src/play/x.c -> core/src/play/y.c (y)" \
	"frontends/web/tables/web_t.c: calls site_fn of frontends/web/site/web_s.c: tables calls up into site" \
	"frontends/web/tables/web_t.c:1: tables includes web_site.h of site"; do
	if [[ $out == *"$want"* ]]; then
		echo "ok: a planted fault is found: $want"
	else
		echo "FAIL: the planted fault was not found: $want"
		fails=$((fails + 1))
	fi
done
echo "layers: $fails failed"
exit $((fails > 0))
