# Sourced by tests/test_web_browser*.sh: skips (77) without chromium, chromedriver,
# python3-selenium or a built `bones`, then sets build, src, tmp (removed on exit) and
# browser_py (runs a tests/web/*.py script under a time limit in the Python that has
# selenium). Expects the test's BUILD_DIR SOURCE_DIR arguments.
build=${1:?build dir}
src=${2:?source dir}
for tool in chromium chromedriver; do
	command -v "$tool" >/dev/null || { echo "skip: no $tool"; exit 77; }
done
# Debian's python3-selenium lives in the system Python (not in a pyenv or venv one)
py=""
for p in python3 /usr/bin/python3; do
	if "$p" -c 'import selenium' 2>/dev/null; then py=$p; break; fi
done
[ -n "$py" ] || { echo "skip: no python3-selenium"; exit 77; }
[ -x "$build/bin/bones" ] || { echo "skip: no bones"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
browser_py() { # browser_py SECONDS SCRIPT: the script with the build and a scratch folder
	PYTHONPATH="$src/tests/web" timeout "$1" "$py" "$src/tests/web/$2" "$build" "$tmp"
}
