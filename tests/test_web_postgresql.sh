#!/bin/bash
# `bones serve --store postgresql://...`: the HTTP API suite's core scripts (api,
# accounts, restart, finding, ratings) and those whose rows the core ones do not write
# (chat, analysis, owner: a table deleted, tourney, table_engine, tourney_engines: an
# operator's engine seated, its forfeit explained) and test_web_bot's (bot.py: bots
# through the API, the server killed with -9 mid-game) run again with the store in a
# PostgreSQL server of their own (tests/web/postgresql.sh: initdb and pg_ctl in a
# temporary folder), then store_pg.py's checks of that store (no file, a lost connection
# made again, the same schema version, refusals) and test_web_store's cases that are not
# about SQLite's file (group commit from many threads, a match's games, the deal key, a
# table set aside) on it. Together they run every statement of the store there.
# Skipped (77) where PostgreSQL is not installed.
# Usage: test_web_postgresql.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/common.sh"
suite() {
	local fails=0 script
	for script in api accounts restart finding ratings chat analysis owner tourney table_engine \
		tourney_engines store_pg; do
		mkdir -p "$tmp/$script"
		echo "== $script.py on PostgreSQL"
		web_py "$script.py" "$build" "$tmp/$script" "$src" || fails=$((fails + 1))
	done
	echo "== bot.py on PostgreSQL"  # test_web_bot's script; its Python engine as there
	mkdir -p "$tmp/bot"
	(. "$src/tests/python_common.sh" && web_py bot.py "$build" "$src" "$tmp/bot")
	case $? in 0 | 77) ;; *) fails=$((fails + 1)) ;; esac
	echo "== test_web_store on PostgreSQL"
	"$build/tests/test_web_store" || fails=$((fails + 1))
	[ $fails = 0 ] || echo "FAIL: $fails of the scripts failed on PostgreSQL"
	[ $fails = 0 ]
}
export -f suite web_py
export build src tmp
"$src/tests/web/postgresql.sh" bash -c suite
