#!/bin/bash
# The start screen under Xvfb: entries grouped by game with no duplicates, the typed
# filter (and Backspace, Esc), the selection following it, and starting a filtered entry;
# nothing to start when nothing matches; back from a game (M) the filter is empty, and a
# new one selects the entry it names, which Return starts.
# Usage: test_gui_start.sh BUILD_DIR SOURCE_DIR
set -u
build=${1:?build dir}
. "$(dirname "$0")/gui_common.sh"

cat > "$tmp/start.txt" <<SCRIPT
wait 50
list-entries
screenshot $tmp/start.png
type Five
key Down
list-entries
key BackSpace
key BackSpace
key BackSpace
key BackSpace
type chao
list-entries
type zzz
list-entries
key Return
wait 50
print-text
key Escape
list-entries
type open ch
key Return
wait-turn
key m
wait 50
list-entries
type domin
list-entries
key Return
wait-turn
quit
SCRIPT

BONES_PLUGIN_PATH="$build/lib/bones/plugins" timeout 120 xvfb-run -a -s "-screen 0 1280x800x24" \
	"$gui" --seed 3 --agent-delay 0 --size 1100x700 --script "$tmp/start.txt" \
	> "$tmp/out.txt" 2> "$tmp/err.txt"
rc=$?
sed 's/^/stderr: /' "$tmp/err.txt" | grep -v "^stderr: $" | head -20
check "bones-gui ran the start-screen script and exited 0" test "$rc" = 0

# Each listing is "entry: GAME / LABEL" lines closed by "entries: N": list0, list1, ...
# the selected entry of each into sel0, sel1, ...; print-text's texts into text-0
awk -v dir="$tmp" 'BEGIN { n = 0 } /^text: /{ print > (dir "/text-0") }
	/ \(selected\)$/{ print > (dir "/sel" n) }
	/^entry: /{ sub(/ \(selected\)$/, ""); print > (dir "/list" n) }
	/^entries: /{ close(dir "/list" n); n++ }' "$tmp/out.txt"
for k in 0 1 2 3 4 5 6; do touch "$tmp/list$k" "$tmp/sel$k"; done
touch "$tmp/text-0"
n_all=$(wc -l < "$tmp/list0")
check "the start screen lists many entries ($n_all)" test "$n_all" -ge 20
check "no entry is listed twice" test -z "$(sort "$tmp/list0" | uniq -d)"
check "Geominos' Five-Tile is there once" test "$(grep -c '^entry: Geominos / Five-Tile$' "$tmp/list0")" = 1
games=$(cut -d/ -f1 "$tmp/list0" | uniq | wc -l)
check "entries are grouped by game (5 groups, each contiguous: $games runs)" test "$games" = 5
check "typing Five keeps only entries that mention it" \
	bash -c "test \$(wc -l < '$tmp/list1') -ge 1 -a \$(wc -l < '$tmp/list1') -lt $n_all"
check "the filtered list has Five-Tile" grep -q '^entry: Geominos / Five-Tile$' "$tmp/list1"
check "Backspace and 'chao' list the Chaos entries only" \
	bash -c "grep -q 'Hegemino / Chaos' '$tmp/list2' && ! grep -vqi 'chao' '$tmp/list2'"
check "'chaozzz' matches nothing" test ! -s "$tmp/list3"
check "Esc clears the filter" test "$(wc -l < "$tmp/list4")" = "$n_all"
check "Return started the one entry the filter left (Open Chaos)" grep -q '^started Open Chaos' "$tmp/out.txt"
check "Return started nothing while nothing matched (no Start button either)" \
	bash -c "! grep -q '^text: Start$' '$tmp/text-0' && grep -q '^text: Quit$' '$tmp/text-0' &&
		 test \$(grep -c '^started ' '$tmp/out.txt') = 2"
check "back from the game the filter is empty" test "$(wc -l < "$tmp/list5")" = "$n_all"
check "'domin' selects a dominoes entry ($(cat "$tmp/sel6"))" grep -q '^entry: Dominoes /' "$tmp/sel6"
check "Return started the dominoes entry the filter named" \
	bash -c "grep '^started ' '$tmp/out.txt' | tail -1 | grep -qi 'domino'"
exit $((fails > 0))
