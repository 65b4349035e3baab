#!/bin/bash
# A phone player's pages at 390x844 in headless Chromium (tests/web/browser_phone.py):
# each game's board shows the whole position, every tap target is 44 px, a tap zooms
# in where the targets are narrower than a finger and the move brings the overview
# back; the lobby, a tournament's page and a player's page measured too.
# Skipped (77) without chromium, chromedriver or python3-selenium.
# Usage: test_web_browser_phone.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/browser_common.sh"
browser_py 300 browser_phone.py
