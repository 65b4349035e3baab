#!/usr/bin/env bash
# A self-contained install: `cmake --install` into a temporary prefix, the prefix moved
# elsewhere, and the source and build trees hidden (empty tmpfs mounted over them in a
# private mount namespace). From the moved install alone: list the games and presets,
# play Geominos (its tile data is installed data), check a plugin, run a tournament
# from an installed preset and replay one of its games.
# Usage: test_install.sh BUILD_DIR SOURCE_DIR. Exit 77 (skipped) without unshare.
set -u
BUILD=$(cd "$1" && pwd) || exit 2
SRC=$(cd "$2" && pwd) || exit 2
TMP=$(mktemp -d "${TMPDIR:-/tmp}/bones-install.XXXXXX") || exit 2
trap '[ -n "${KEEP:-}" ] || rm -rf "$TMP"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

if ! unshare -rm true 2>/dev/null && ! unshare -m true 2>/dev/null; then
	echo "SKIP: no private mount namespaces here (unshare -m), cannot hide the source tree"
	exit 77
fi
UNSHARE="unshare -m"
unshare -m true 2>/dev/null || UNSHARE="unshare -rm"

cmake --install "$BUILD" --prefix "$TMP/first" >"$TMP/install.log" 2>&1 ||
	{ cat "$TMP/install.log"; fail "cmake --install failed"; }
mv "$TMP/first" "$TMP/moved" || fail "cannot move the install"
P=$TMP/moved
for f in share/bones/configs/holomino.ini share/bones/configs/geominos/tiles.ini \
	share/bones/docs/architecture.md share/bones/web/index.html share/bones/web/play.js \
	share/locale/de/LC_MESSAGES/bones.mo share/locale/de/LC_MESSAGES/bones-web.mo \
	share/locale/de/LC_MESSAGES/bones-holomino.mo bin/bones; do
	[ -e "$P/$f" ] || fail "$f is not installed"
done

# Runs in a namespace where $SRC and $BUILD are empty folders, with no BONES_* paths.
cat >"$TMP/inside.sh" <<'EOS'
set -eu
P=$1; OUT=$2
cd "$OUT"
b=$P/bin/bones
$b --version | grep -q '^bones [0-9]'
$b games > games.txt
for id in holomino hegemino geominos dominoes; do grep -qw "$id" games.txt; done
# the catalogues are found beside the moved program: the host's and a plugin's
$b --lang de --help | grep -q '^Aufruf: bones'
$b --lang de games | grep -q 'sechseckige'
$b match geominos random greedy --games 2 --seed 7 > match.txt
$b match hegemino-3p random greedy --games 3 --seed 7 >> match.txt
$b check dominoes --games 50 > check.txt
cat > t.ini <<EOT
[tourney]
name = moved
format = round-robin
rounds = 1
seed = 3
output = $OUT/t
[game.geominos]
preset = geominos
[game.holomino]
preset = holomino
[player.a]
agent = random
[player.b]
agent = greedy
EOT
$b tourney t.ini > tourney.txt 2>&1
ls "$OUT"/t > outputs.txt
EOS
env -u BONES_PLUGIN_PATH -u BONES_DATA_PATH $UNSHARE bash -c '
	mount -t tmpfs none "$2" && mount -t tmpfs none "$1" &&
	[ -z "$(ls -A "$1")" ] && exec bash "$3" "$4" "$5"' _ "$SRC" "$BUILD" \
	"$TMP/inside.sh" "$P" "$TMP" >"$TMP/inside.log" 2>&1 ||
	{ cat "$TMP/inside.log" "$TMP"/*.txt 2>/dev/null; fail "the moved install does not work alone"; }
grep -q "greedy" "$TMP/match.txt" || fail "no match result: $(cat "$TMP/match.txt")"
grep -q "results.db" "$TMP/outputs.txt" || fail "the tournament stored no results: $(cat "$TMP/outputs.txt")"
echo "PASS: the moved install plays, checks and runs a tournament with the source tree hidden"
