#!/bin/bash
# `bones tourney --live` watched by `bones serve --watch DIR` (tests/web/tourney_live.py):
# the server lists the running tournament, shows a game in progress with its moves and
# board, then the final standings; the run's results stay valid for --report.
# Usage: test_tourney_live.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/common.sh"
web_py tourney_live.py "$build" "$tmp" "$src"
