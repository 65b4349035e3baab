#!/bin/bash
# `bones serve --engines FILE`: the operator's external engines in server tournaments
# (tests/web/tourney_engines.py): `bones engine --agent random` plays a round robin to
# its end, an engine that crashes or hangs forfeits with its reason, an unlisted engine
# or a raw command is refused naming the line, kill -9 resumes with the engines; a person
# plays the engines at tables whose engine seats the server moves for (kept after kill -9,
# a crashing engine forfeiting there, no engine process left behind).
# Usage: test_web_tourney_engines.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/common.sh"
web_py tourney_engines.py "$build" "$tmp" "$src"
