#!/usr/bin/env bash
# A rule author outside the tree: install Bones into a temporary prefix, build a plugin
# with its CMake package (find_package(Bones)) and one with plain cc + pkg-config, then
# load both through the registry (and the `bones` command when it is built).
# Usage: test_external_build.sh BUILD_DIR SOURCE_DIR
set -u
BUILD=$(cd "$1" && pwd) || exit 2
SRC=$(cd "$2" && pwd) || exit 2
TMP=$(mktemp -d "${TMPDIR:-/tmp}/bones-external.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
PREFIX=$TMP/prefix
CC=${CC:-cc}

fail() { echo "FAIL: $*" >&2; exit 1; }
step() { echo "-- $*"; }
# run LOG CMD...: run quietly, show the log on failure.
run() { local log=$1; shift; "$@" >"$log" 2>&1 || { cat "$log" >&2; return 1; }; }

step "install into $PREFIX"
run "$TMP/install.log" cmake --install "$BUILD" --prefix "$PREFIX" || fail "cmake --install failed"
[ -f "$PREFIX/include/bones/plugin.h" ] || fail "include/bones/plugin.h not installed"
CONFIG=$(find "$PREFIX" -path '*/cmake/Bones/BonesConfig.cmake' | head -n 1)
[ -n "$CONFIG" ] || fail "lib/cmake/Bones/BonesConfig.cmake not installed"
[ -f "$(dirname "$CONFIG")/BonesConfigVersion.cmake" ] || fail "BonesConfigVersion.cmake not installed"
PC=$(find "$PREFIX" -name bones-plugin.pc | head -n 1)
[ -n "$PC" ] || fail "bones-plugin.pc not installed"
if [ -x "$BUILD/bin/bones" ]; then
	[ -x "$PREFIX/bin/bones" ] || fail "bin/bones not installed"
fi
for so in "$BUILD"/plugins/*.so; do
	[ -e "$so" ] || continue
	[ -f "$PREFIX/lib/bones/plugins/$(basename "$so")" ] || fail "$(basename "$so") not installed in lib/bones/plugins"
done

# The plugin to build with CMake: the dominoes example when present, else the test game.
mkdir -p "$TMP/src"
if [ -f "$SRC/plugins/dominoes/CMakeLists.txt" ]; then
	NAME=dominoes
	cp -r "$SRC/plugins/dominoes" "$TMP/src/$NAME"
else
	NAME=testgame
	mkdir -p "$TMP/src/$NAME"
	cp "$SRC/tests/plugins/testgame.c" "$TMP/src/$NAME/"
	cat >"$TMP/src/$NAME/CMakeLists.txt" <<'EOF'
if(NOT COMMAND bones_add_plugin)
  cmake_minimum_required(VERSION 3.20)
  project(testgame C)
  find_package(Bones REQUIRED)
endif()
bones_add_plugin(testgame testgame.c)
EOF
fi

step "build $NAME out of tree with find_package(Bones)"
OUT=$TMP/build-$NAME
run "$TMP/configure.log" cmake -S "$TMP/src/$NAME" -B "$OUT" -DCMAKE_PREFIX_PATH="$PREFIX" \
	-DCMAKE_INSTALL_PREFIX="$TMP/author" -DCMAKE_C_FLAGS="-Wall -Wextra" ||
	fail "configuring $NAME against the installed package failed"
run "$TMP/build.log" cmake --build "$OUT" || fail "building $NAME out of tree failed"
grep -qs "^Bones_DIR:PATH=$PREFIX/" "$OUT/CMakeCache.txt" ||
	fail "$NAME did not find the installed package (Bones_DIR: $(grep -s '^Bones_DIR' "$OUT/CMakeCache.txt"))"
CMAKE_SO=$OUT/plugins/$NAME.so
[ -f "$CMAKE_SO" ] || fail "bones_add_plugin did not make plugins/$NAME.so (found: $(cd "$OUT" && find . -name '*.so'))"
run "$TMP/author.log" cmake --install "$OUT" || fail "installing $NAME failed"
[ -f "$TMP/author/lib/bones/plugins/$NAME.so" ] || fail "$NAME.so not installed into lib/bones/plugins"

step "build pcgame with cc and pkg-config"
export PKG_CONFIG_PATH=$(dirname "$PC")
CFLAGS_PC=$(pkg-config --cflags bones-plugin) || fail "pkg-config --cflags bones-plugin failed"
LIBS_PC=$(pkg-config --libs bones-plugin) || fail "pkg-config --libs bones-plugin failed"
INCDIR=$(pkg-config --variable=includedir bones-plugin)
[ -f "$INCDIR/bones/plugin.h" ] || fail "pkg-config includedir '$INCDIR' has no bones/plugin.h"
mkdir -p "$TMP/pc"
# shellcheck disable=SC2086
run "$TMP/cc.log" "$CC" -std=c11 -Wall -Wextra -Werror -shared -fPIC -fvisibility=hidden \
	$CFLAGS_PC -DTESTGAME_ID='"pcgame"' "$SRC/tests/plugins/testgame.c" \
	-o "$TMP/pc/pcgame.so" $LIBS_PC || fail "cc with pkg-config flags failed"

step "check what the plugins export"
if command -v nm >/dev/null; then
	for so in "$CMAKE_SO" "$TMP/pc/pcgame.so"; do
		syms=$(nm -D --defined-only "$so" | awk '{print $3}' | grep -v '^_' | sort | tr '\n' ' ')
		[ "$syms" = "bones_plugin_entry " ] ||
			fail "$(basename "$so") exports '$syms', expected only bones_plugin_entry"
	done
fi

step "load both through the registry and play a random game"
cat >"$TMP/load.c" <<'EOF'
/* Load plugin files through the registry; configure each with its defaults and play
 * random moves to the end. Exit 1 with the registry's errors when anything fails. */
#include "bones/host.h"
#include "bones/options.h"
#include "bones/registry.h"
#include "bones/rng.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int play(const bones_plugin *p)
{
	bones_host host;
	bones_options opts;
	bones_game_info info = {sizeof info, 0, 0, 0};
	char err[256] = "";
	void *game = NULL;
	bones_host_init(&host);
	if (bones_options_init(&opts, p, err, sizeof err) ||
	    p->configure(&host, opts.values, &game, &info, err, sizeof err)) {
		fprintf(stderr, "%s: configure: %s\n", p->id, err);
		return 1;
	}
	bones_options_release(&opts);
	void *s = calloc(1, info.state_size);
	bones_move *m = calloc(info.max_moves, sizeof *m);
	double *pr = calloc(info.max_moves, sizeof *pr);
	bones_rng rng;
	bones_rng_seed(&rng, 1);
	p->init_state(game, s);
	int steps = 0;
	while (p->to_move(game, s) != BONES_TERMINAL && steps < 100000) {
		size_t n = p->legal_moves(game, s, m, pr, info.max_moves);
		if (!n || p->apply(game, s, m[bones_rng_below(&rng, (uint32_t)n)]))
			break;
		steps++;
	}
	int rc = p->to_move(game, s) != BONES_TERMINAL;
	printf("%s: %d moves, %s\n", p->id, steps, rc ? "did not finish" : "finished");
	free(s), free(m), free(pr);
	p->destroy_game(game);
	return rc;
}

int main(int argc, char **argv)
{
	bones_registry *reg = bones_registry_create();
	int rc = 0;
	for (int i = 1; i + 1 < argc; i += 2) {
		const bones_plugin *p = bones_registry_find(reg, argv[i]);
		if (!p || strcmp(p->id, argv[i + 1])) {
			fprintf(stderr, "%s: not loaded as '%s'\n", argv[i], argv[i + 1]);
			rc = 1;
		} else {
			rc |= play(p);
		}
	}
	for (size_t i = 0; i < bones_registry_error_count(reg); i++)
		fprintf(stderr, "%s\n", bones_registry_error(reg, i));
	rc |= bones_registry_error_count(reg) != 0;
	bones_registry_destroy(reg);
	return rc;
}
EOF
SAN=
grep -qs '^BONES_SANITIZE:BOOL=ON' "$BUILD/CMakeCache.txt" && SAN=-fsanitize=address,undefined
# shellcheck disable=SC2086
run "$TMP/loader.log" "$CC" -std=c11 -D_POSIX_C_SOURCE=200809L $SAN -I"$PREFIX/include" \
	"$TMP/load.c" "$BUILD/core/libbones_core.a" $(pkg-config --libs inih) -ldl -lm -lpthread \
	-o "$TMP/load" || fail "building the registry loader failed"
"$TMP/load" "$CMAKE_SO" "$NAME" "$TMP/pc/pcgame.so" pcgame || fail "the registry refused the plugins"

# The `bones` command, when it is built and has the command, sees them on the plugin path.
has_command() { [ -x "$BUILD/bin/bones" ] && grep -qs "{\"$1\"," "$SRC/frontends/cli/main.c"; }
export BONES_PLUGIN_PATH="$OUT/plugins:$TMP/pc"
if has_command games; then
	step "bones games"
	run "$TMP/games.log" "$BUILD/bin/bones" games || fail "bones games failed"
	for id in "$NAME" pcgame; do
		grep -qw "$id" "$TMP/games.log" || { cat "$TMP/games.log"; fail "bones games does not list $id"; }
	done
	step "installed bones games finds the installed plugins"
	run "$TMP/games2.log" env -u BONES_PLUGIN_PATH "$PREFIX/bin/bones" games ||
		fail "installed bones games failed"
	for so in "$BUILD"/plugins/*.so; do
		[ -e "$so" ] || continue
		id=$(basename "$so" .so)
		grep -qw "$id" "$TMP/games2.log" || { cat "$TMP/games2.log"; fail "installed bones does not list $id"; }
	done
fi
if has_command check; then
	for id in "$NAME" pcgame; do
		step "bones check $id"
		run "$TMP/check-$id.log" "$BUILD/bin/bones" check "$id" --games 200 || fail "bones check $id failed"
	done
fi
echo "PASS: $NAME (CMake package) and pcgame (pkg-config) build out of tree and load"
