#!/bin/bash
# The Python package installed: `cmake --install` into a temporary prefix, the prefix
# moved elsewhere; from the moved install alone (no BONES_* paths) the package loads its
# own libbones.so, plugins and presets, plays a game and serves as an engine; a venv
# imports it through the bones.pth command of docs/python.md.
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
# docs/python.md's one command: a python3 that does not look under the prefix (a venv
# here) imports the package for good through a bones.pth in its own site-packages.
if python3 -m venv --without-pip "$tmp/venv" >/dev/null 2>&1; then
	(unset PYTHONPATH
	 "$tmp/venv/bin/python3" -c 'import bones' 2>/dev/null && fail "the venv saw bones at once"
	 "$tmp/venv/bin/python3" -c 'import site, sys; open(site.getsitepackages()[0] + "/bones.pth", "w").write(sys.argv[1] + "\n")' "$P/$dir" &&
	 "$tmp/venv/bin/python3" -c 'import bones; assert "dominoes" in bones.games()') ||
		fail "the documented bones.pth command does not make a venv import the package"
else
	echo "note: no python3 venv here: the bones.pth command is not checked"
fi
echo "python install: all checks passed"
