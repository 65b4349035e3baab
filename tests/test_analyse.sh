#!/bin/bash
# `bones analyse RECORD`: a line per player move and a summary per player, the same
# output for the same seed, the analysis written into a copy that `bones replay` still
# reads to the same result (and again, replacing the first), the original untouched,
# and the refusals (an agent that does not search, bad options, a missing game); game 2
# of a file of two analysed and written back in place.
# Usage: test_analyse.sh BUILD_DIR SOURCE_DIR
set -u
build=${1:?build dir}
bones="$build/bin/bones"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
check() { # check DESCRIPTION COMMAND...
	if "${@:2}"; then echo "ok: $1"; else echo "FAIL: $1"; fails=$((fails + 1)); fi
}
export BONES_PLUGIN_PATH="$build/lib/bones/plugins"
agent="mcts iterations=60"

"$bones" play hegemino --seat 1=greedy --seat "2=$agent" --seed 4 --save "$tmp/g.bones" \
	< /dev/null > /dev/null 2>&1
check "a game to analyse was played" test -s "$tmp/g.bones"
cp "$tmp/g.bones" "$tmp/orig.bones"
players=$(grep -c '^[0-9]*\. p[0-9]' "$tmp/g.bones")

"$bones" analyse "$tmp/g.bones" --agent "$agent" --seed 3 > "$tmp/a1" 2> "$tmp/err"
check "analyse succeeds" test $? -eq 0 -a ! -s "$tmp/err"
check "a line per player move" test "$(grep -cE '^ +[0-9]+  p[12] ' "$tmp/a1")" -eq "$players"
check "a summary per player" test "$(grep -cE '^p[12]: best [0-9]+, good [0-9]+, inaccuracy [0-9]+, mistake [0-9]+, blunder [0-9]+$' "$tmp/a1")" -eq 2
"$bones" analyse "$tmp/g.bones" --agent "$agent" --seed 3 --write "$tmp/w.bones" > "$tmp/a2"
check "the same seed gives the same analysis" cmp -s "$tmp/a1" "$tmp/a2"
check "the record analysed is untouched" cmp -s "$tmp/g.bones" "$tmp/orig.bones"
check "the written record has the Analysis tag" \
	grep -qx "\[Analysis \"$agent; seed 3\"\]" "$tmp/w.bones"
check "a comment per player move" \
	test "$(grep -c '; analysis: ' "$tmp/w.bones")" -eq "$players"
"$bones" replay "$tmp/g.bones" | tail -2 > "$tmp/r1"
"$bones" replay "$tmp/w.bones" | tail -2 > "$tmp/r2"
check "bones replay reads the written record to the same end" cmp -s "$tmp/r1" "$tmp/r2"
cp "$tmp/w.bones" "$tmp/w2.bones"
chmod 0644 "$tmp/w2.bones"
"$bones" analyse "$tmp/w2.bones" --agent "$agent" --seed 3 --write "$tmp/w2.bones" > /dev/null
check "a second analysis into the same file replaces the first" \
	cmp -s "$tmp/w.bones" "$tmp/w2.bones"
check "the file written back keeps its mode (0644, not mkstemp's 0600)" \
	test "$(stat -c %a "$tmp/w2.bones")" = 644

"$bones" analyse "$tmp/g.bones" --agent greedy > /dev/null 2> "$tmp/err"
check "greedy is refused (exit 1)" test $? -eq 1
check "and told why" grep -q "agent 'greedy': analysis needs a searching agent" "$tmp/err"
"$bones" analyse "$tmp/g.bones" --seconds 0 > /dev/null 2> "$tmp/err"
check "--seconds 0 is a usage error" test $? -eq 2
check "naming the option" grep -q -- "--seconds: expected a number from 0.001 to 3600, not '0'" "$tmp/err"
"$bones" analyse "$tmp/none.bones" > /dev/null 2> "$tmp/err"
check "a missing record is an error naming it" grep -q "none.bones': no such file" "$tmp/err"

# A file of two games (a tournament's games.bones): --game 2 analyses the second and
# --write writes the whole file back with only that game's lines changed.
cat "$tmp/orig.bones" "$tmp/orig.bones" > "$tmp/two.bones"
"$bones" analyse "$tmp/two.bones" --game 2 --agent "$agent" --seed 3 \
	--write "$tmp/two.bones" > "$tmp/a3"
check "--game 2 is said" grep -qx "game 2 of 2" "$tmp/a3"
check "--game 2 gives the game's analysis" cmp -s <(tail -n +3 "$tmp/a3") <(tail -n +2 "$tmp/a1")
check "the written file is both games, the second analysed" \
	cmp -s "$tmp/two.bones" <(cat "$tmp/orig.bones" "$tmp/w.bones")
"$bones" replay "$tmp/two.bones" --game 2 | tail -2 > "$tmp/r3"
check "bones replay --game 2 reads it to the same end" cmp -s "$tmp/r1" "$tmp/r3"
"$bones" analyse "$tmp/two.bones" --game 3 > /dev/null 2> "$tmp/err"
check "a game the file lacks is an error" grep -q "no game 3 (the file holds 2)" "$tmp/err"
"$bones" analyse --help | grep -q 'usage: bones analyse RECORD'
check "--help shows the usage" test $? -eq 0

[ $fails -eq 0 ] && echo "all passed" || echo "$fails failed"
[ $fails -eq 0 ]
