#!/bin/bash
# Finding a game in two browsers (tests/web/browser_finding.py): a seek from a desktop
# taken on a phone with one tap, the game played to the end by both, tap targets of
# 44 px; a challenge to someone shown online, counted in the title, accepted.
# Skipped (77) without chromium, chromedriver or python3-selenium.
# Usage: test_web_browser_finding.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/browser_common.sh"
browser_py 400 browser_finding.py
