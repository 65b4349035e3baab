#!/bin/bash
# The terminal UI fits the terminal it runs in: whole games under tmux at 80x24 (Hegemino
# and Geominos) and 100x40 (Hegemino), typed by tests/tty_tmux_player.py, which checks
# at every prompt, against greedy, that the prompt is the last line and the scores, the
# choices, the market and the board's rows are on the screen (Hegemino: both tableaus
# whole, never paged; its key and scoring left out for a line saying `board` shows
# them; Geominos: paged, whose next page `board` shows). $1 build, $2 source.
set -u
build=$1 src=$2 plugins=$1/lib/bones/plugins
. "$(dirname "$0")/tty_common.sh"
unset NO_COLOR
if ! command -v tmux >/dev/null 2>&1 || ! command -v python3 >/dev/null 2>&1; then
	echo "SKIP: tmux or python3 is not installed"
	exit 77
fi
player=$src/tests/tty_tmux_player.py
run() { # SIZE GAME SEED
	TERM=xterm python3 "$player" "$1" "$tmp/$2-$1.out" "$bones" play "$2" --seed "$3" \
		--save "$tmp/$2-$1.bones" >"$tmp/$2-$1.log" 2>&1 ||
		fail "$2 at $1: $(grep FAIL "$tmp/$2-$1.log" | head -5)"
	"$bones" replay "$tmp/$2-$1.bones" >/dev/null 2>&1 || fail "$2 at $1: the record does not replay"
}
run 80x24 hegemino 4
run 80x24 geominos 4
run 100x40 hegemino 5
grep -q "(key and scoring: type board)" "$tmp/hegemino-80x24.out" ||
	fail "hegemino at 80x24: the key and scoring are not left out for the board's rows"
cut=$(grep -A1 -F "(key and scoring: type board)" "$tmp/hegemino-80x24.out" | grep -c '^ ')
[ "$cut" = 0 ] ||
	fail "hegemino at 80x24: $cut screens begin the history inside an entry (its first lines cut)"
grep -q "board lines 1-" "$tmp/geominos-80x24.out" ||
	fail "geominos at 80x24: the board is not paged (it cannot fit)"

[ $failures = 0 ] && echo "test_tty_fit: all passed"
exit $((failures > 0))
