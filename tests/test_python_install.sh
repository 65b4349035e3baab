#!/bin/bash
# The Python package installed: `cmake --install` into a temporary prefix, the prefix
# moved elsewhere; from the moved install alone (no BONES_* paths) the package loads its
# own libbones.so, plugins and presets, plays a game and serves as an engine.
# $1 build, $2 source.
set -u
build=$(cd "$1" && pwd) || exit 2
src=$2
. "$src/tests/python_common.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cmake --install "$build" --prefix "$tmp/first" >"$tmp/install.log" 2>&1 ||
	{ cat "$tmp/install.log"; fail "cmake --install failed"; }
mv "$tmp/first" "$tmp/moved" || fail "cannot move the install"
P=$tmp/moved
dir=$(sed -n 's/^BONES_PYTHON_DIR:STRING=//p' "$build/CMakeCache.txt")
[ -f "$P/$dir/bones/__init__.py" ] || fail "the package is not in PREFIX/$dir"
export BONES_PLUGIN_PATH= BONES_DATA_PATH= BONES_LIBRARY= PYTHONPATH=$P/$dir
export PYTHONDONTWRITEBYTECODE=1
cd "$tmp" || exit 2
python3 - "$P" <<'PY' || fail "the installed package does not play"
import random, sys
import bones, bones._lib
prefix = sys.argv[1]
assert bones._lib._library_path().startswith(prefix), bones._lib._library_path()
assert sorted(bones.games()) == ["allfives", "dominoes", "geominos", "hegemino", "holomino"], bones.games()
state = bones.load_game("geominos-3p", seed=1).new_initial_state()   # a preset, tile data
while not state.is_terminal():
    state.apply_random_action(random.Random(1))
assert abs(sum(state.returns())) < 1e-9
PY
out=$(printf 'new holomino seed=2\nroll\ngenmove\nquit\n' | python3 -m bones.engine --agent=greedy)
echo "$out" | sed -n 3p | grep -q '^move ' || fail "the installed engine answered: $out"
echo "python install: all checks passed"
