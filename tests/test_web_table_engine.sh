#!/bin/bash
# An operator's engine at an ordinary table (tests/web/table_engine.py): a person creates
# a table against one of the engines `bones serve --engines FILE` lists and plays it to
# the end, the server moving for the engine; unlisted engines and commands are refused,
# and the engine tables one address may run are capped.
# Usage: test_web_table_engine.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/common.sh"
web_py table_engine.py "$build" "$tmp" "$src"
