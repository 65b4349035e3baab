#!/bin/bash
# `bones tourney --shard I/N` runs slices of the same deterministic schedule into their
# own files; `--merge` combines them into exactly the single-process run's results.
# $1 build, $2 source.
set -u
build=$1
bones=$build/bin/bones
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export BONES_PLUGIN_PATH=
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

cat >"$tmp/t.ini" <<INI
[tourney]
name = shard
rounds = 2
seed = 31
duplicate = true
[game.dom]
plugin = dominoes
variant = draw
[game.holo3]
plugin = holomino
players = 3
[player.a]
agent = random
[player.b]
agent = greedy
[player.c]
agent = random
[player.d]
agent = greedy
INI
one=$tmp/runs/2026/one # missing parents are created
"$bones" tourney "$tmp/t.ini" --output "$one" --quiet || fail "the single run exited $?"
for i in 1 2 3; do
	"$bones" tourney "$tmp/t.ini" --output "$tmp/sh" --shard $i/3 --quiet || fail "shard $i/3 exited $?"
done
n1=$(($(wc -l <"$tmp/sh/games.csv") - 1))
[ "$n1" -gt 0 ] && [ "$n1" -lt "$(($(wc -l <"$one/games.csv") - 1))" ] ||
	fail "shard 3/3 holds $n1 seats: not a proper slice"
"$bones" tourney --merge "$tmp/merged.db" "$tmp"/sh/results-*-of-3.db --output "$tmp/sh" --quiet ||
	fail "merge exited $?"
cmp -s "$one/games.csv" "$tmp/sh/games.csv" ||
	{ fail "merged shards differ from the single run"; diff "$one/games.csv" "$tmp/sh/games.csv" | head; }
cmp -s "$one/standings.csv" "$tmp/sh/standings.csv" || fail "merged standings differ"
# the reports: standings with ratings, JSON, an HTML page with the SVG rating chart
for f in standings.txt standings.csv games.csv report.json report.html; do
	[ -s "$one/$f" ] || fail "no $f written"
done
grep -q '^#    player .*elo' "$one/standings.txt" || fail "standings.txt has no table"
grep -q '^Crosstable' "$one/standings.txt" || fail "standings.txt has no crosstable"
grep -q '"standings": \[' "$one/report.json" || fail "report.json has no standings"
[ "$(grep -c '<circle' "$one/report.html")" = 4 ] || fail "report.html: not one rating dot per player"
grep -q '<svg' "$one/report.html" || fail "report.html has no SVG chart"
# report.html: the event's name and format, the rounds with every game and its record,
# the configuration, an Elo axis with labelled ticks
grep -q '^<h1>shard</h1>' "$one/report.html" && grep -q '^<p>round-robin, seed 31, ' "$one/report.html" ||
	fail "report.html does not name the tournament: $(sed -n 4,5p "$one/report.html")"
grep -q '<h3>Round 1</h3>' "$one/report.html" || fail "report.html lists no rounds"
grep -q '^<p><code>bones tourney ' "$one/report.html" || fail "report.html does not show the command"
[ "$(grep -c '<details><summary>record</summary>' "$one/report.html")" -gt 1 ] ||
	fail "report.html holds no records"
grep -q '<h2>Configuration</h2>' "$one/report.html" || fail "report.html has no configuration"
grep -q '<img alt="the final position" src="data:image/svg+xml;base64,' "$one/report.html" ||
	fail "report.html draws no final position"
grep -q 'text-anchor="middle">+0</text>' "$one/report.html" || fail "the Elo axis has no ticks"
# --merge into a folder not made yet makes it
"$bones" tourney --merge "$tmp/new/deeper/m.db" "$tmp/sh" --output "$tmp/new/out" --quiet || fail "merge into a new folder exited $?"
[ -s "$tmp/new/deeper/m.db" ] || fail "merge did not create the folder of OUT.db"
# merging the same file twice keeps each game once
"$bones" tourney --merge "$tmp/merged.db" "$tmp/sh/results-1-of-3.db" --output "$tmp/sh" --quiet ||
	fail "re-merge exited $?"
cmp -s "$one/games.csv" "$tmp/sh/games.csv" || fail "a second merge of a shard repeated games"
# live pair lines on stderr (as fastchess prints them), here at least where the run ended
rm -rf "$tmp/live"
"$bones" tourney "$tmp/t.ini" --output "$tmp/live" >/dev/null 2>"$tmp/live.err" ||
	fail "the run with pair lines exited $?"
grep -qE '^Score of [a-z]+ vs [a-z]+: [0-9]+ - [0-9]+ - [0-9]+  \[[01]\.[0-9]{3}\] [0-9]+' \
	"$tmp/live.err" || fail "no live pair lines: $(head -3 "$tmp/live.err")"
# games.bones: every game's record in play order, the same after a merge, game by game
[ -s "$one/games.bones" ] || fail "no games.bones written"
cmp -s "$one/games.bones" "$tmp/sh/games.bones" || fail "merged games.bones differs from the single run's"
n=$(grep -c '^\[Game "' "$one/games.bones")
[ "$n" -gt 1 ] && [ "$n" = "$(awk -F, 'NR > 1 {print $2 "," $3}' "$one/games.csv" | sort -u | wc -l)" ] ||
	fail "games.bones holds $n games"
"$bones" replay "$one/games.bones" --game "$n" >"$tmp/last.txt" 2>&1 &&
	grep -q "^game $n of $n" "$tmp/last.txt" || fail "replay --game $n: $(cat "$tmp/last.txt")"
grep -q '^\[Round "1"\]' "$one/games.bones" && grep -q '^\[Event "' "$one/games.bones" ||
	fail "games.bones has no Event/Round tags"
# the natural names: DIR/results.db and DIR stand for the shard files a run wrote in DIR
rm -f "$tmp/merged2.db"
"$bones" tourney --merge "$tmp/merged2.db" "$tmp/sh/results.db" --output "$tmp/m2" --quiet ||
	fail "merge of DIR/results.db exited $?"
cmp -s "$one/games.csv" "$tmp/m2/games.csv" || fail "DIR/results.db did not stand for the shards"
rm -f "$tmp/merged3.db"
"$bones" tourney --merge "$tmp/merged3.db" "$tmp/sh" --output "$tmp/m3" --quiet ||
	fail "merge of a folder exited $?"
cmp -s "$one/games.csv" "$tmp/m3/games.csv" || fail "a folder did not stand for its shards"
"$bones" tourney --merge "$tmp/merged4.db" "$tmp/nowhere/results.db" --quiet 2>"$tmp/m4.err" &&
	fail "a merge of nothing was accepted"
grep -q "no such file" "$tmp/m4.err" || fail "no clear message: $(cat "$tmp/m4.err")"
# two honest runs that disagree (another seed, same name): refused with the reason, no crash
sed 's/^seed = 31/seed = 32/' "$tmp/t.ini" >"$tmp/t32.ini"
"$bones" tourney "$tmp/t32.ini" --output "$tmp/s32" --quiet || fail "the run of seed 32 exited $?"
"$bones" tourney --merge "$tmp/disagree.db" "$one/results.db" "$tmp/s32/results.db" --quiet \
	2>"$tmp/dis.err"
rc=$?
[ $rc = 1 ] || fail "a merge of disagreeing files exited $rc, not 1"
grep -q "seats disagree with a file merged before: files merged must agree" "$tmp/dis.err" ||
	fail "no 'must agree' message: $(cat "$tmp/dis.err")"
# --threads and --shard: whole numbers in range, or the run is refused (status 2)
for bad in "--threads abc" "--threads -1" "--threads 99999999999" "--shard 1/99999999999" \
	"--shard 1/3x" "--shard -1/3"; do
	"$bones" tourney "$tmp/t.ini" $bad --output "$tmp/bad" --quiet 2>"$tmp/bad.err"
	rc=$?
	[ $rc = 2 ] && grep -q "expected" "$tmp/bad.err" || fail "'$bad' exited $rc: $(cat "$tmp/bad.err")"
done
[ ! -e "$tmp/bad" ] || fail "a refused argument still ran"
# a knockout's report draws its bracket: a column per round
cat >"$tmp/ko.ini" <<INI
[tourney]
name = cup
format = knockout
seed = 9
pictures = 0
[game.dom]
plugin = dominoes
count = 3
[player.a]
agent = random
[player.b]
agent = greedy
[player.c]
agent = random
[player.d]
agent = greedy
INI
"$bones" tourney "$tmp/ko.ini" --output "$tmp/ko" --quiet || fail "the knockout exited $?"
grep -q '<h2>Bracket</h2>' "$tmp/ko/report.html" && grep -q '<th>Round 2</th>' "$tmp/ko/report.html" ||
	fail "the knockout's report has no bracket of two rounds"
# a shard of a Swiss is refused: its rounds depend on all results
sed 's/^seed = 31/seed = 31\nformat = swiss/; s/^players = 3/players = 2/' "$tmp/t.ini" >"$tmp/swiss.ini"
"$bones" tourney "$tmp/swiss.ini" --output "$tmp/sw" --shard 1/2 --quiet 2>"$tmp/sw.err" &&
	fail "a sharded Swiss was accepted"
grep -q "needs a schedule known in advance" "$tmp/sw.err" || fail "no reason: $(cat "$tmp/sw.err")"

[ $failures = 0 ] && echo "tourney shard: all passed"
exit $((failures > 0))
