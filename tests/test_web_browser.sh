#!/bin/bash
# `bones serve` in a real headless Chromium (Debian's chromium, chromium-driver and
# python3-selenium): a whole Holomino game against the agent by clicks, and two browser
# sessions playing draw dominoes through their invitation links, the first game analysed
# (graph, verdicts, a click on the graph) (tests/web/browser.py);
# then each game whole by clicks on a desktop and a phone (tests/web/browser_play.py),
# and a tournament followed from two browsers (tests/web/browser_tourney.py).
# Skipped (77) when one of them is missing. Usage: test_web_browser.sh BUILD_DIR SOURCE_DIR
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
PYTHONPATH="$src/tests/web" timeout 600 "$py" "$src/tests/web/browser.py" "$build" "$tmp" || exit 1
# each game whole by clicks at a desktop's and a phone's size, with a rematch
PYTHONPATH="$src/tests/web" timeout 1200 "$py" "$src/tests/web/browser_play.py" "$build" "$tmp" || exit 1
# a tournament: two browsers create, join, start and follow a Swiss
PYTHONPATH="$src/tests/web" timeout 600 "$py" "$src/tests/web/browser_tourney.py" "$build" "$tmp"
