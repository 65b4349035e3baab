# Sourced by tests/test_web_*.sh: skips (77) without python3 or a built `bones`, then
# sets build, src, tmp (removed on exit) and web_py (runs a tests/web/*.py script with
# its helpers on the path). Expects the test's BUILD_DIR SOURCE_DIR arguments.
build=${1:?build dir}
src=${2:?source dir}
command -v python3 >/dev/null || { echo "skip: no python3"; exit 77; }
[ -x "$build/bin/bones" ] || { echo "skip: no bones"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
web_py() { # web_py SCRIPT ARGS...
	PYTHONPATH="$src/tests/web" python3 "$src/tests/web/$1" "${@:2}"
}
