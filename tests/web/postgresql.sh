#!/bin/bash
# A PostgreSQL server of its own for a test: initdb and pg_ctl (Debian's postgresql
# package, /usr/lib/postgresql/*/bin) in a temporary folder, listening only on a Unix
# socket there, trusting its local user `bones`; run as `nobody` when the test runs as
# root (PostgreSQL refuses root). Runs COMMAND with BONES_WEB_TEST_PG_HOST (the socket's
# folder) set, which tests/web/webtest.py's Server turns into `--store` (a database of
# its own for each data folder), then stops the server and removes the folder.
# Exits 77 (skipped) when PostgreSQL is not installed (.ci/install-deps installs it).
# Usage: postgresql.sh COMMAND [ARGS...]
set -u
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ] || [ ! -x "$bin/pg_ctl" ]; then
	echo "skip: PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): run .ci/install-deps, which installs postgresql"
	exit 77
fi
pg=$(mktemp -d)
as_pg() { "$@"; }
if [ "$(id -u)" = 0 ]; then
	chown nobody "$pg" || { echo "FAIL: cannot give $pg to nobody"; exit 1; }
	as_pg() { runuser -u nobody -- "$@"; }
fi
stop() {
	as_pg "$bin/pg_ctl" -D "$pg/data" -m immediate stop >/dev/null 2>&1
	rm -rf "$pg"
}
trap stop EXIT
if ! as_pg "$bin/initdb" -D "$pg/data" -U bones --auth=trust -E UTF8 --locale=C \
	--no-sync >"$pg/initdb.log" 2>&1; then
	echo "FAIL: initdb failed:"; cat "$pg/initdb.log"; exit 1
fi
# no TCP; the socket in the folder; fsync off (a test's server, never a site's) unless
# BONES_WEB_TEST_PG_FSYNC=on (for measuring, as docs/web.md's "Load" does)
if ! as_pg "$bin/pg_ctl" -D "$pg/data" -l "$pg/server.log" -w -t 60 \
	-o "-c listen_addresses='' -k $pg -c fsync=${BONES_WEB_TEST_PG_FSYNC:-off}" \
	start >/dev/null; then
	echo "FAIL: the PostgreSQL server did not start:"; cat "$pg/server.log"; exit 1
fi
export BONES_WEB_TEST_PG_HOST=$pg PATH="$bin:$PATH"
"$@"
rc=$?
[ $rc = 0 ] || { echo "PostgreSQL's log:"; tail -n 30 "$pg/server.log"; }
exit $rc
