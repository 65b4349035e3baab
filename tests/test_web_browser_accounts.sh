#!/bin/bash
# `bones serve` in a real headless Chromium (Debian's chromium, chromium-driver and
# python3-selenium): the lobby's account box (create, log in and out, a wrong password,
# change it) and the ladder and player pages (tests/web/browser_accounts.py).
# Skipped (77) when one of them is missing. Usage: test_web_browser_accounts.sh BUILD_DIR SOURCE_DIR
set -u
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
PYTHONPATH="$src/tests/web" timeout 300 "$py" "$src/tests/web/browser_accounts.py" "$build" "$tmp"
