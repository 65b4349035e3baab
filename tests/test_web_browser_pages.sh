#!/bin/bash
# The tournament and player pages in German in Chromium (tests/web/browser_pages.py):
# an open tournament's file participants, Start now for its creator only, a round's
# start told in the page and title, games by name with results, a bot marked, no
# rematch at a tournament's game; the player page's games (opponent, result, date) and
# rating graph; every page at 1280x800 and 390x844 with nothing cut.
# Skipped (77) without chromium, chromedriver or python3-selenium.
# Usage: test_web_browser_pages.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/browser_common.sh"
browser_py 400 browser_pages.py
