#!/bin/bash
# `bones serve`: Glicko-2 ratings of accounts and agents from a table played to its end
# through the API, the ladder and the player's page, kept over a restart; one account
# not using another's seat; "my games" from two devices (tests/web/ratings.py).
# Usage: test_web_ratings.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/common.sh"
web_py ratings.py "$build" "$tmp"
