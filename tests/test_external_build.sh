#!/usr/bin/env bash
# A rule author outside the tree: install Bones into a temporary prefix, build a plugin
# against the installed SDK alone, with its CMake package (find_package(Bones)) and with
# plain cc + pkg-config, then load and check both with the installed `bones` command.
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
# The SDK is what a plugin includes, nothing of the host API.
for h in "$SRC"/core/include/bones/*.h; do
	[ ! -e "$PREFIX/include/bones/${h##*/}" ] || fail "host header ${h##*/} installed with the SDK"
done
CONFIG=$(find "$PREFIX" -path '*/cmake/Bones/BonesConfig.cmake' | head -n 1)
[ -n "$CONFIG" ] || fail "lib/cmake/Bones/BonesConfig.cmake not installed"
[ -f "$(dirname "$CONFIG")/BonesConfigVersion.cmake" ] || fail "BonesConfigVersion.cmake not installed"
PC=$(find "$PREFIX" -name bones-plugin.pc | head -n 1)
[ -n "$PC" ] || fail "bones-plugin.pc not installed"
if [ -x "$BUILD/bin/bones" ]; then
	[ -x "$PREFIX/bin/bones" ] || fail "bin/bones not installed"
fi
for so in "$BUILD"/lib/bones/plugins/*.so; do
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
	-DBONES_PLUGIN_INSTALL_DIR="$TMP/author/lib/bones/plugins" -DCMAKE_C_FLAGS="-Wall -Wextra" ||
	fail "configuring $NAME against the installed package failed"
run "$TMP/build.log" cmake --build "$OUT" || fail "building $NAME out of tree failed"
grep -qs "^Bones_DIR:PATH=$PREFIX/" "$OUT/CMakeCache.txt" ||
	fail "$NAME did not find the installed package (Bones_DIR: $(grep -s '^Bones_DIR' "$OUT/CMakeCache.txt"))"
CMAKE_SO=$OUT/plugins/$NAME.so
[ -f "$CMAKE_SO" ] || fail "bones_add_plugin did not make plugins/$NAME.so (found: $(cd "$OUT" && find . -name '*.so'))"
run "$TMP/author.log" cmake --install "$OUT" || fail "installing $NAME failed"
[ -f "$TMP/author/lib/bones/plugins/$NAME.so" ] || fail "$NAME.so not installed into lib/bones/plugins"
if [ "$NAME" = dominoes ]; then # its German, msgfmt'ed beside the plugin (plugin guide, section 12)
	[ -f "$OUT/plugins/locale/de/LC_MESSAGES/bones-dominoes.mo" ] ||
		fail "no plugins/locale/de/LC_MESSAGES/bones-dominoes.mo beside dominoes.so"
	[ -f "$TMP/author/lib/bones/plugins/locale/de/LC_MESSAGES/bones-dominoes.mo" ] ||
		fail "bones-dominoes.mo not installed beside dominoes.so"
fi

step "install a plugin built out of tree where the installed bones finds it"
mkdir -p "$TMP/src/outgame"
cp "$SRC/tests/plugins/testgame.c" "$TMP/src/outgame/"
cat >"$TMP/src/outgame/CMakeLists.txt" <<'EOF'
cmake_minimum_required(VERSION 3.20)
project(outgame C)
find_package(Bones REQUIRED)
bones_add_plugin(outgame testgame.c)
target_compile_definitions(outgame_obj PRIVATE TESTGAME_ID="outgame")
EOF
run "$TMP/out-configure.log" cmake -S "$TMP/src/outgame" -B "$TMP/build-outgame" \
	-DCMAKE_PREFIX_PATH="$PREFIX" || fail "configuring outgame failed"
run "$TMP/out-build.log" cmake --build "$TMP/build-outgame" || fail "building outgame failed"
run "$TMP/out-install.log" cmake --install "$TMP/build-outgame" || fail "installing outgame failed"
[ -f "$PREFIX/lib/bones/plugins/outgame.so" ] ||
	fail "cmake --install put outgame.so elsewhere than the installed Bones's lib/bones/plugins"
if [ -x "$PREFIX/bin/bones" ]; then
	run "$TMP/out-games.log" env -u BONES_PLUGIN_PATH "$PREFIX/bin/bones" games ||
		fail "bones games failed"
	grep -qw outgame "$TMP/out-games.log" ||
		fail "the installed bones does not find outgame with no setting"
fi

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

# The installed `bones` command sees them on the plugin path, checks them and plays them.
BONES=$PREFIX/bin/bones
[ -x "$BONES" ] || fail "bin/bones not installed"
export BONES_PLUGIN_PATH="$OUT/plugins:$TMP/pc"
step "bones games"
run "$TMP/games.log" "$BONES" games || fail "bones games failed"
	for id in "$NAME" pcgame; do
	grep -qw "$id" "$TMP/games.log" || { cat "$TMP/games.log"; fail "bones games does not list $id"; }
done
for id in "$NAME" pcgame; do
	step "bones check $id"
	run "$TMP/check-$id.log" "$BONES" check "$id" --games 200 || fail "bones check $id failed"
done
echo "PASS: $NAME (CMake package) and pcgame (pkg-config) build out of tree and load"
