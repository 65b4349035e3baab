#!/bin/bash
# Results files that are not what a run left: a game changed in the file is named (round,
# game, file) on --resume and --report; a damaged page, a foreign SQLite file and a file
# that is no database are said to be so; --report writes nothing into the file it reads
# (nor into a foreign one); a second run on a folder in use is refused at once; a
# read-only folder is said to be one. $1 build, $2 source.
set -u
B=$1/bin/bones
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export BONES_PLUGIN_PATH=$1/tests/plugins LANGUAGE=en LC_ALL=C
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { echo "ok: $*"; }
if ! command -v python3 >/dev/null; then
	echo "SKIP: python3 is needed to change the results files"
	exit 77
fi
sql() { python3 -c 'import sqlite3, sys
c = sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.commit()' "$@"; }
sum() { md5sum <"$1"; }

cat >"$T/t.ini" <<INI
[tourney]
name = files
rounds = 2
seed = 3
pictures = 0
[game.c]
plugin = testgame
[player.a]
agent = random
[player.b]
agent = random
[player.c]
agent = random
INI
"$B" tourney "$T/t.ini" --output "$T/o" --quiet || fail "the first run failed"
cp "$T/o/results.db" "$T/good.db"

# -- a game changed in the file: named on --resume and --report, nothing rewritten
sql "$T/o/results.db" "UPDATE seat SET score = score + 5 WHERE round = 1 AND slot = 1 AND seat = 2"
damaged="'$T/o/results.db': round 2, game 2 of tournament 'files' is damaged"
before=$(sum "$T/o/standings.txt")
for how in "$T/t.ini --output $T/o --resume" "--report $T/o/results.db --output $T/o"; do
	if ! "$B" tourney $how --quiet >/dev/null 2>"$T/err" && grep -qF "$damaged" "$T/err" &&
	   [ "$(sum "$T/o/standings.txt")" = "$before" ]; then
		ok "a changed game is named (${how%% *})"
	else fail "changed game, ${how%% *}: $(cat "$T/err")"; fi
done

# -- a damaged page: said to be damaged, not a constraint failure
cp "$T/good.db" "$T/page.db"
printf 'garbage garbage garbage' | dd of="$T/page.db" bs=1 seek=16384 conv=notrunc 2>/dev/null
mkdir "$T/p" && cp "$T/page.db" "$T/p/results.db"
for how in "--report $T/page.db" "$T/t.ini --output $T/p --resume"; do
	if ! "$B" tourney $how --quiet >/dev/null 2>"$T/err" &&
	   grep -q "is damaged (.*): restore it from a copy" "$T/err"; then
		ok "a damaged page is named (${how%% *})"
	else fail "damaged page, ${how%% *}: $(cat "$T/err")"; fi
done

# -- --report reads only: the file (Bones or foreign) is the same bytes after
cp "$T/good.db" "$T/read.db"
before=$(sum "$T/read.db")
if "$B" tourney --report "$T/read.db" >/dev/null 2>"$T/err" && [ "$(sum "$T/read.db")" = "$before" ] &&
   [ ! -e "$T/read.db-wal" ] && [ ! -e "$T/read.db-shm" ]; then
	ok "--report writes nothing"
else fail "--report changed the file: $(cat "$T/err"; ls "$T")"; fi
sql "$T/foreign.db" "CREATE TABLE notes(text); INSERT INTO notes VALUES('mine')"
before=$(sum "$T/foreign.db")
if ! "$B" tourney --report "$T/foreign.db" >/dev/null 2>"$T/err" &&
   grep -qF "'$T/foreign.db' is not a Bones results file" "$T/err" &&
   [ "$(sum "$T/foreign.db")" = "$before" ]; then
	ok "--report refuses a foreign SQLite file and leaves it alone"
else fail "foreign file: $(cat "$T/err")"; fi
mkdir "$T/f" && cp "$T/foreign.db" "$T/f/results.db"
if ! "$B" tourney "$T/t.ini" --output "$T/f" --quiet >/dev/null 2>"$T/err" &&
   grep -q "is not a Bones results file" "$T/err" && [ "$(sum "$T/f/results.db")" = "$before" ]; then
	ok "a run refuses a foreign SQLite file and leaves it alone"
else fail "run on a foreign file: $(cat "$T/err")"; fi
echo "no database" >"$T/text.db"
if ! "$B" tourney --report "$T/text.db" >/dev/null 2>"$T/err" &&
   grep -q "not a Bones results file (not an SQLite database)" "$T/err"; then
	ok "a file that is no database is said to be none"
else fail "text file: $(cat "$T/err")"; fi

# -- a second run on a folder in use is refused at once (the lock held by flock(1))
if command -v flock >/dev/null; then
	mkdir "$T/busy"
	: >"$T/busy/results.db"
	flock "$T/busy/results.db" "$B" tourney "$T/t.ini" --output "$T/busy" --quiet \
		>/dev/null 2>"$T/err"
	if [ $? -eq 1 ] && grep -qF "the output folder '$T/busy' is in use" "$T/err"; then
		ok "a second run on a folder in use is refused"
	else fail "busy folder: $(cat "$T/err")"; fi
fi

# -- read-only: a run says the folder is read-only; a finished file is still reported
# (root may write anywhere: then these run as nobody, where setpriv can). nobody may not
# reach the build (a clone in /root, or in mktemp -d, is private): what it runs, the
# program, its libraries and the test plugins, is copied into a folder of /tmp of its
# own, which it can reach whatever the checkout's folders allow.
as=() R=$T B2=$B plugins=$BONES_PLUGIN_PATH
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
	R=$(mktemp -d /tmp/bones-nobody.XXXXXX) && chmod 755 "$R" && trap 'rm -rf "$T" "$R"' EXIT
	mkdir "$R/bin" "$R/lib" && cp "$B" "$R/bin/" && cp -r "$1/tests/plugins" "$R/plugins" &&
		cp -P "$1"/lib/*.so* "$R/lib/" 2>/dev/null
	B2=$R/bin/bones plugins=$R/plugins
	cp "$T/t.ini" "$T/good.db" "$R/" && chmod -R a+rX "$R"
	as=(setpriv --reuid=65534 --regid=65534 --clear-groups env BONES_PLUGIN_PATH="$plugins"
	    LD_LIBRARY_PATH="$R/lib")
	if ! "${as[@]}" "$B2" tourney --report "$R/good.db" >/dev/null 2>"$T/err"; then
		echo "skip: read-only folders (nobody cannot run a copy in $R: $(cat "$T/err"))"
		as=() R=""
	fi
fi
if [ "$(id -u)" != 0 ] || [ ${#as[@]} -gt 0 ]; then
	mkdir "$R/ro" "$R/ro2" && cp "$T/good.db" "$R/ro/results.db" && chmod 555 "$R/ro" "$R/ro2"
	if "${as[@]}" "$B2" tourney --report "$R/ro/results.db" >/dev/null 2>"$T/err"; then
		ok "a results file in a read-only folder is reported"
	else fail "report read-only: $(cat "$T/err")"; fi
	if ! "${as[@]}" "$B2" tourney "$R/t.ini" --output "$R/ro2" --quiet >/dev/null 2>"$T/err" &&
	   grep -qF "the folder '$R/ro2' is read-only" "$T/err"; then
		ok "a read-only output folder is said to be one"
	else fail "run read-only: $(cat "$T/err")"; fi
	if ! "${as[@]}" "$B2" tourney "$R/t.ini" --output "$R/ro" --resume --quiet >/dev/null \
		2>"$T/err" && grep -q "results.db: the file is read-only" "$T/err"; then
		ok "a read-only results file is said to be one"
	else fail "resume read-only: $(cat "$T/err")"; fi
	chmod 755 "$R/ro" "$R/ro2"
elif [ -n "$R" ]; then
	echo "skip: read-only folders (root, and no setpriv)"
fi

# -- the file untouched by all this still resumes and reports
if "$B" tourney --report "$T/good.db" >/dev/null 2>"$T/err"; then
	ok "a sound file is reported"
else fail "sound file: $(cat "$T/err")"; fi
exit $((failures != 0))
