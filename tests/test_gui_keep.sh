#!/bin/bash
# Every move kept as it is played in the window, under Xvfb: Hegemino and Geominos
# against greedy with --save-dir of a folder that does not exist yet; after three moves
# by clicks bones-gui is killed with SIGKILL (it can save nothing then). The folder must
# have been made and hold the game, unfinished, with the moves played and no temporary
# file; opened again in the window and played on, it is saved back to its own file, the
# moves kept first. A save folder that cannot be made: closing the window says why
# nothing was saved and keeps it open; closing it again quits.
# Usage: test_gui_keep.sh BUILD_DIR SOURCE_DIR
set -u
build=${1:?build dir}
. "$(dirname "$0")/gui_common.sh"
export BONES_PLUGIN_PATH="$build/lib/bones/plugins" XDG_DATA_HOME=$tmp/xdg
moves_of() { grep '^[0-9]*\. p[0-9] ' "$1"; } # the player moves of a record, one a line
human_moves() { grep -c '^[0-9]*\. p1 ' "$1" 2>/dev/null; }

# keep GAME: three moves, then SIGKILL; then the record opened and played on
keep() {
	local game=$1 dir=$tmp/new/$1/games
	cat >"$tmp/$game.txt" <<SCRIPT
seats human greedy
start $game
wait-turn
play-by-clicks 3
wait-turn
SCRIPT
	timeout 120 xvfb-run -a -s "-screen 0 1280x800x24" "$gui" --seed 5 --agent-delay 0 \
		--save-dir "$dir" --script "$tmp/$game.txt" >"$tmp/$game.out" 2>&1 &
	local pid="" rec=""
	# wait for the event (the record with three moves of the player), not for a time
	for _ in $(seq 6000); do
		rec=$(ls "$dir"/*.bones 2>/dev/null | head -1)
		[ -n "$rec" ] && [ "$(human_moves "$rec")" -ge 3 ] && break
		sleep 0.02
	done
	pid=$(pgrep -f "^$gui .*--save-dir $dir")
	check "$game: bones-gui runs (${pid:-gone})" test -n "$pid"
	[ -n "$pid" ] && kill -9 $pid
	wait
	check "$game: --save-dir of a new folder was made" test -d "$dir"
	check "$game: the game was kept before the kill (${rec:-none})" test -n "$rec"
	[ -n "$rec" ] || return
	check "$game: the record kept is unfinished" grep -q '^\[Result "\*"\]' "$rec"
	check "$game: three moves of the player kept" test "$(human_moves "$rec")" -ge 3
	check "$game: no temporary file is left" test "$(ls -A "$dir" | wc -l)" = 1
	moves_of "$rec" >"$tmp/$game.kept"
	cat >"$tmp/$game-on.txt" <<SCRIPT
open $rec
click-button play
play-by-clicks 1
wait-turn
quit
SCRIPT
	timeout 120 xvfb-run -a -s "-screen 0 1280x800x24" "$gui" --agent-delay 0 \
		--save-dir "$dir" --script "$tmp/$game-on.txt" >"$tmp/$game-on.out" 2>&1
	check "$game: the record played on in the window" test "$?" = 0
	moves_of "$rec" >"$tmp/$game.after"
	check "$game: saved back to its own file, the moves kept first" \
		cmp -s "$tmp/$game.kept" <(head -n "$(wc -l <"$tmp/$game.kept")" "$tmp/$game.after")
	check "$game: the move played on is in it" \
		test "$(human_moves "$rec")" -gt "$(grep -c ' p1 ' "$tmp/$game.kept")"
	check "$game: still one file in the folder" test "$(ls -A "$dir" | wc -l)" = 1
}
keep hegemino
keep geominos

# a save folder that cannot be made (a file is in its way): said, and the window stays
: >"$tmp/file"
cat >"$tmp/bad.txt" <<SCRIPT
seats human greedy
start hegemino
wait-turn
play-by-clicks 1
wait-turn
close
print-text
close
SCRIPT
gui_frames bad --seed 5 --agent-delay 0 --save-dir "$tmp/file/games" --script "$tmp/bad.txt"
check "closing twice quits" test "$?" = 0
check "closing said why the game was not saved" \
	grep -q "^text: not saved: cannot create '$tmp/file/games'.*close again to quit" \
	"$tmp/text-bad-0"
check "the window stayed open after the first close" test -s "$tmp/text-bad-0"
check "bones-gui said it on stderr too" grep -q "cannot create '$tmp/file/games'" "$tmp/err-bad.txt"

[ $fails = 0 ] && echo "test_gui_keep: all passed"
exit $((fails > 0))
