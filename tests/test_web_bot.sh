#!/bin/bash
# `bones bot` against `bones serve`: bot accounts, a host agent's and a Python engine's
# bots challenged by a person playing through the HTTP API, a bot killed with -9 mid-game
# resuming its game, an illegal move and a crash forfeiting with the reason, a Swiss of
# bots, a person and an agent, the server killed with -9 mid-game (tests/web/bot.py).
# Usage: test_web_bot.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/common.sh"
[ -x /usr/bin/python3 ] || { echo "skip: no /usr/bin/python3"; exit 77; }
# the Python engine's bones package: in a sanitizer build, the runtimes preloaded
. "$(dirname "$0")/python_common.sh"
web_py bot.py "$build" "$src" "$tmp"
