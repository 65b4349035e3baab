#!/bin/bash
# `bones serve` in a real headless Chromium (Debian's chromium, chromium-driver and
# python3-selenium): a whole Holomino game against the agent by clicks, and two browser
# sessions playing draw dominoes through their invitation links, the first game analysed
# (graph, verdicts, a click on the graph) (tests/web/browser.py);
# then each game whole by clicks on a desktop and a phone (tests/web/browser_play.py),
# and a Swiss played by clicks from two browsers, the server killed in its second round,
# then its standings, the player pages and ladders (tests/web/browser_tourney.py); a game
# by clicks against an operator's engine chosen in the lobby's form (browser_engine.py).
# Skipped (77) when one of them is missing. Usage: test_web_browser.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/browser_common.sh"
browser_py 600 browser.py || exit 1
# each game whole by clicks at a desktop's and a phone's size, with a rematch
browser_py 1200 browser_play.py || exit 1
# a tournament: two browsers create, join, start and play a Swiss by clicks
browser_py 600 browser_tourney.py || exit 1
# an operator's engine chosen in the lobby's form, played to the end by clicks
browser_py 300 browser_engine.py
