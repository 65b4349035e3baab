#!/bin/bash
# `bones serve`: finding a game and being treated as a person, through the HTTP API:
# seats named by the accounts (create, join, seek, challenge, rematch, record), the clock
# waiting until every seat is taken and the first move is made, abort (by a seat, by
# the server) never rated, a rematch keeping the time control, seeks paired, challenges
# accepted, declined and cancelled, who is online (tests/web/finding.py).
# Usage: test_web_finding.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/common.sh"
web_py finding.py "$build" "$tmp"
