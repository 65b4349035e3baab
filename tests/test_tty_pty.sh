#!/bin/bash
# The terminal UI as a person meets it, through a pseudo-terminal: a scripted player
# (tests/tty_pty_player.py) types a piece's number and a spot's letter at every prompt
# and plays whole games of Hegemino, Geominos and Holomino to the end. The screen is
# redrawn in place and coloured; NO_COLOR turns the colours off; a pipe gets plain text.
# $1 build, $2 source.
set -u
build=$1 src=$2 plugins=$1/lib/bones/plugins
. "$(dirname "$0")/tty_common.sh"
unset NO_COLOR
if ! command -v python3 >/dev/null 2>&1; then
	echo "SKIP: python3 is not installed"
	exit 77
fi
for g in hegemino geominos holomino; do
	[ -f "$build/lib/bones/plugins/$g.so" ] || { fail "$g.so is not built"; continue; }
done
player=$src/tests/tty_pty_player.py
clear=$'\e[H\e[2J' red=$'\e[1;31m'

for g in hegemino geominos holomino; do
	TERM=xterm python3 "$player" "$tmp/$g.out" "$bones" play "$g" --seed 4 \
		--save "$tmp/$g.bones" || fail "$g: the scripted player did not reach the end"
	grep -q "game over" "$tmp/$g.out" || fail "$g: no 'game over' on the screen"
	grep -qF "$clear" "$tmp/$g.out" || fail "$g: the screen was not redrawn in place"
	grep -qF "$red" "$tmp/$g.out" || fail "$g: player 1 is not in colour"
	grep -q "your pieces\|^moves:" "$tmp/$g.out" || fail "$g: no choices shown"
	"$bones" replay "$tmp/$g.bones" >"$tmp/$g.replay" 2>&1 ||
		fail "$g: bones replay refused the record: $(tail -2 "$tmp/$g.replay")"
done
# Geominos lists its pieces (not its hundreds of moves), and a piece's spots by letter.
grep -q "your pieces (type a number, then a letter for the spot)" "$tmp/geominos.out" ||
	fail "geominos: the pieces are not listed"
grep -q "piece 1 (.*): [0-9]* spots" "$tmp/geominos.out" || fail "geominos: no spots of a piece"
NO_COLOR=1 TERM=xterm python3 "$player" "$tmp/nc.out" "$bones" play hegemino --seed 4 \
	--save "$tmp/nc.bones" || fail "NO_COLOR: the scripted player did not reach the end"
grep -qF "$red" "$tmp/nc.out" && fail "NO_COLOR: colours were used"
grep -qF "$clear" "$tmp/nc.out" || fail "NO_COLOR: the screen was not redrawn in place"
# Hegemino's picks are numbered by their market row, also when rows before are gone.
grep -aoE "[0-9]+ pick:[0-9]+" "$tmp/nc.out" >"$tmp/picks"
[ -s "$tmp/picks" ] || fail "hegemino: no picks listed"
awk '{ split($2, row, ":"); if ($1 != row[2]) bad = 1 } END { exit bad }' "$tmp/picks" ||
	fail "hegemino: a pick's number is not its market row: $(sort -u "$tmp/picks" | head -5)"

printf 'quit\n' | "$bones" play hegemino --seed 4 >"$tmp/pipe.out" 2>&1
grep -q $'\e' "$tmp/pipe.out" && fail "a pipe got escape codes"

[ $failures = 0 ] && echo "test_tty_pty: all passed"
exit $((failures > 0))
