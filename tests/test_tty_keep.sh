#!/bin/bash
# Every move is kept as it is played: a Hegemino and a Geominos game under tmux (tests/
# tty_tmux_player.py) are stopped after a move, once by Ctrl-C and once by kill -9 (which
# lets bones save nothing then). The records folder must hold the game, unfinished, with
# the moves played; Ctrl-C must say where it was saved and how to resume it; `bones play
# --resume FILE` must go on from the last move (the moves kept are the start of the
# record it saves back, and a move is played on). $1 build, $2 source.
set -u
build=$1 src=$2 plugins=$1/lib/bones/plugins
. "$(dirname "$0")/tty_common.sh"
if ! command -v tmux >/dev/null 2>&1 || ! command -v python3 >/dev/null 2>&1; then
	echo "SKIP: tmux or python3 is not installed"
	exit 77
fi
records=$XDG_DATA_HOME/bones/records
moves_of() { grep '^[0-9]*\. [^c]' "$1"; } # the player moves of a record, one a line

# stop GAME SEED HOW ANSWERS: play GAME for ANSWERS answers, stop it HOW, then resume
# it; checks as above.
stop() {
	game=$1 seed=$2 how=$3 answers=$4 what="$1 $3"
	rm -rf "$records"
	TERM=xterm python3 "$src/tests/tty_tmux_player.py" --$how-after "$answers" 80x24 \
		"$tmp/$game-$how.out" "$bones" play "$game" --seed "$seed" --seat 2=greedy ||
		{ fail "$what: the scripted player failed"; return; }
	ls "$records"/*.bones >"$tmp/files" 2>/dev/null || { fail "$what: no record"; return; }
	[ "$(wc -l <"$tmp/files")" = 1 ] || fail "$what: not one record: $(cat "$tmp/files")"
	ls -A "$records" | grep -v '\.bones$' && fail "$what: a temporary file was left"
	rec=$(head -1 "$tmp/files")
	[ "$(tag "$rec" Result)" = "*" ] || fail "$what: the record is not unfinished"
	[ "$(tag "$rec" Player2)" = greedy ] || fail "$what: seat 2 is not greedy"
	moves_of "$rec" >"$tmp/kept"
	[ "$(wc -l <"$tmp/kept")" -ge 2 ] || fail "$what: only $(wc -l <"$tmp/kept") moves kept"
	if [ "$how" = interrupt ]; then
		expect "$tmp/$game-$how.out" "unfinished game saved to $rec" "$what"
		expect "$tmp/$game-$how.out" "bones play --resume $rec" "$what"
	fi
	# played on under tmux as well (three answers: a move at least), then Ctrl-C: saved back to its file
	TERM=xterm python3 "$src/tests/tty_tmux_player.py" --interrupt-after 3 80x24 \
		"$tmp/$game-$how-resumed.out" "$bones" play --resume "$rec" ||
		fail "$what: --resume failed: $(tail -3 "$tmp/$game-$how-resumed.out")"
	expect "$tmp/$game-$how-resumed.out" "unfinished game saved to $rec" "$what: --resume"
	[ "$(ls -A "$records" | wc -l)" = 1 ] || fail "$what: --resume made another file"
	moves_of "$rec" >"$tmp/after"
	head -n "$(wc -l <"$tmp/kept")" "$tmp/after" | cmp -s - "$tmp/kept" ||
		fail "$what: the resumed game did not go on from the moves kept"
	[ "$(wc -l <"$tmp/after")" -gt "$(wc -l <"$tmp/kept")" ] ||
		fail "$what: no move was played on after --resume"
}

# Hegemino: answers are picks and placements (one answer a move); Geominos: a piece,
# then its spot
stop hegemino 4 interrupt 3
stop hegemino 5 kill 3
stop geominos 4 interrupt 4
stop geominos 5 kill 4

[ $failures = 0 ] && echo "test_tty_keep: all passed"
exit $((failures > 0))
