#!/bin/bash
# Results files that are not what a run left: a game changed in the file is named (round,
# game, file) on --resume and --report, and so are a game without its check sum, a file
# without them, a game outside the schedule and a file of a newer format; a deleted game
# is played again; a damaged page, a foreign SQLite file and a file
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

# -- the file's format: a new file is format 1 (user_version); a newer one is refused
refused() { # WHAT FILE TEXT: --resume (in a copy of its folder) and --report refuse it
	local how
	rm -rf "$T/x" && mkdir "$T/x" && cp "$2" "$T/x/results.db"
	for how in "$T/t.ini --output $T/x --resume" "--report $T/x/results.db"; do
		if ! "$B" tourney $how --quiet >/dev/null 2>"$T/err" && grep -qF "$3" "$T/err"; then
			ok "$1 is refused (${how%% *})"
		else fail "$1, ${how%% *}: $(cat "$T/err")"; fi
	done
}
edited() { cp "$T/good.db" "$T/edit.db" && sql "$T/edit.db" "$1"; }
if [ "$(python3 -c 'import sqlite3, sys
print(sqlite3.connect(sys.argv[1]).execute("PRAGMA user_version").fetchone()[0])' "$T/good.db")" = 1 ]; then
	ok "a new results file is of format 1"
else fail "user_version of a new file"; fi
edited "PRAGMA user_version = 99"
refused "a file of a newer format" "$T/edit.db" "is a results file of a newer Bones (format 99; this bones reads formats 0 to 1): use a newer bones"
# -- every game has its check sum: one deleted, then the game changed, is damage
edited "DELETE FROM game_sum WHERE round = 0 AND slot = 1; UPDATE seat SET score = score + 5 WHERE round = 0 AND slot = 1"
refused "a game without its check sum" "$T/edit.db" "round 1, game 2 of tournament 'files' is damaged (its check sum is missing): restore the file from a copy"
edited "DROP TABLE game_sum"
refused "a file without its check sums" "$T/edit.db" "is damaged (its table of check sums is missing): restore it from a copy"
# -- a game outside the schedule (round 3 of a longer run, its sum sound) is damage
sed 's/^rounds = 2/rounds = 3/' "$T/t.ini" >"$T/t3.ini"
"$B" tourney "$T/t3.ini" --output "$T/o3" --quiet >/dev/null 2>&1 || fail "the 3-round run failed"
edited "ATTACH '$T/o3/results.db' AS o3; INSERT INTO game SELECT * FROM o3.game WHERE round = 2 AND slot = 0;
INSERT INTO seat SELECT * FROM o3.seat WHERE round = 2 AND slot = 0;
INSERT INTO game_sum SELECT * FROM o3.game_sum WHERE round = 2 AND slot = 0"
rm -rf "$T/x" && mkdir "$T/x" && cp "$T/edit.db" "$T/x/results.db"
if ! "$B" tourney "$T/t.ini" --output "$T/x" --resume --quiet >/dev/null 2>"$T/err" &&
   grep -qF "'$T/x/results.db': round 3, game 1 of tournament 'files' is not a game of its schedule (the file was edited or is damaged): restore it from a copy" "$T/err"; then
	ok "a game outside the schedule is refused on --resume"
else fail "game outside the schedule: $(cat "$T/err")"; fi
# -- a game deleted from the file (its seats and sum left behind) is played again
edited "DELETE FROM game WHERE round = 1 AND slot = 0"
rm -rf "$T/x" && mkdir "$T/x" && cp "$T/edit.db" "$T/x/results.db"
if "$B" tourney "$T/t.ini" --output "$T/x" --resume --quiet >/dev/null 2>"$T/err" &&
   [ "$(python3 -c 'import sqlite3, sys
print(sqlite3.connect(sys.argv[1]).execute("SELECT count(*) FROM game").fetchone()[0])' "$T/x/results.db")" = 6 ] &&
   "$B" tourney --report "$T/x/results.db" >/dev/null 2>>"$T/err"; then
	ok "--resume plays a deleted game again"
else fail "deleted game: $(cat "$T/err")"; fi

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
