#!/bin/bash
# A bot's own event stream (GET /api/bot/stream), bones serve --bot-games, a bot whose
# engine crashes in one of its two games finishing the other, `bones bot --seek`,
# --take-seeks and --tourney, a bot's session refused in a browser and limited per
# account (tests/web/bot_events.py).
# Usage: test_web_bot_events.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/common.sh"
[ -x /usr/bin/python3 ] || { echo "skip: no /usr/bin/python3"; exit 77; }
# the engines' python3: in a sanitizer build, the runtimes preloaded
. "$(dirname "$0")/python_common.sh"
web_py bot_events.py "$build" "$src" "$tmp"
