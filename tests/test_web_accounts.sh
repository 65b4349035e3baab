#!/bin/bash
# `bones serve`: accounts through the HTTP API: creating one, log in and out, changing
# the password, the player's page, the cookie's attributes, bad input, one account not
# acting for another, throttled log-ins (the test clock) and no secret in clear in the
# database or the log (tests/web/accounts.py).
# Usage: test_web_accounts.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/common.sh"
web_py accounts.py "$build" "$tmp"
