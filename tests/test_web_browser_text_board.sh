#!/bin/bash
# `bones serve` in a real headless Chromium (Debian's chromium, chromium-driver and
# python3-selenium): a game whose plugin has no "bones.render/1" played by clicks from
# its text view and move buttons (tests/web/browser_text_board.py).
# Skipped (77) when one of them is missing. Usage: test_web_browser_text_board.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/browser_common.sh"
browser_py 300 browser_text_board.py
