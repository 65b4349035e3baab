#!/bin/bash
# `bones serve` in a real headless Chromium (Debian's chromium, chromium-driver and
# python3-selenium): the lobby's account box (create, log in and out, a wrong password,
# change it) and the ladder and player pages (tests/web/browser_accounts.py).
# Skipped (77) when one of them is missing. Usage: test_web_browser_accounts.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/browser_common.sh"
browser_py 300 browser_accounts.py
