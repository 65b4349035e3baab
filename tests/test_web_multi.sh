#!/bin/bash
# Several `bones serve` processes on one PostgreSQL (docs/web.md, "Several processes on
# one PostgreSQL"), in a PostgreSQL server of their own (tests/web/postgresql.sh): two
# processes, 200 tables of two scripted players through both (half the requests reach
# the process that does not serve the table: 307 to the one that does), one process
# killed with SIGKILL 8 s in; every table it served must go on at the other within 10 s
# of the kill (the client's recorded times), and every acknowledged move must be in the
# database at its index, once (tests/web/multi.py). Skipped (77) where PostgreSQL is
# not installed.
# Usage: test_web_multi.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/common.sh"
ulimit -n 4096 2>/dev/null
"$src/tests/web/postgresql.sh" env PYTHONPATH="$src/tests/web" python3 \
	"$src/tests/web/multi.py" "$build" "$tmp" --tables 200 --seconds 25 --think 1 \
	--kill-after 8
