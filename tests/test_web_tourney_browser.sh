#!/bin/bash
# `bones serve`: a tournament in two headless Chromium browsers (Debian's chromium,
# chromium-driver and python3-selenium): accounts, creating, joining and starting by
# clicks, the live page's standings, crosstable and report (tests/web/browser_tourney.py).
# Skipped (77) when one of them is missing. Usage: test_web_tourney_browser.sh BUILD SRC
set -u
build=${1:?build dir}
src=${2:?source dir}
for tool in chromium chromedriver; do
	command -v "$tool" >/dev/null || { echo "skip: no $tool"; exit 77; }
done
py=""
for p in python3 /usr/bin/python3; do
	if "$p" -c 'import selenium' 2>/dev/null; then py=$p; break; fi
done
[ -n "$py" ] || { echo "skip: no python3-selenium"; exit 77; }
[ -x "$build/bin/bones" ] || { echo "skip: no bones"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
PYTHONPATH="$src/tests/web" timeout 600 "$py" "$src/tests/web/browser_tourney.py" "$build" "$tmp"
