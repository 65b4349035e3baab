#!/bin/bash
# Geominos at 80x24 under tmux: the board prints the spots' letters, a piece's spots are
# listed best first (the least cost first: the fewest points win), and paging the board
# with `board` never cuts a block (a row of the tiles in hand starts a page whole, the
# line saying whose move it is with them). Polls the screen for the prompt, never a time.
# $1 build, $2 source.
set -u
build=$1 src=$2 plugins=$1/lib/bones/plugins
. "$(dirname "$0")/tty_common.sh"
unset NO_COLOR
if ! command -v tmux >/dev/null 2>&1; then
	echo "SKIP: tmux is not installed"
	exit 77
fi
sock="bones-spots-$$"
tm() { tmux -L "$sock" -f /dev/null "$@"; }
trap 'tm kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
screen() { tm capture-pane -p -t game; }
# prompt_after TEXT [PREVIOUS]: until the screen shows TEXT and ends in a prompt ('>'),
# other than the screen in file PREVIOUS
prompt_after() {
	for _ in $(seq 20000); do
		s=$(screen)
		[ -n "${2:-}" ] && [ "$s" = "$(cat "$2")" ] && continue
		if grep -qF -- "$1" <<<"$s" && [ "$(sed '/^ *$/d' <<<"$s" | tail -1 | tail -c 2)" = ">" ]; then
			printf '%s\n' "$s"
			return 0
		fi
	done
	fail "no prompt after '$1'; the screen:"
	screen | sed 's/^/    /'
	return 1
}
type_line() { tm send-keys -t game -l "$1" && tm send-keys -t game Enter; }
tm new-session -d -s game -x 80 -y 24 "TERM=xterm '$bones' play geominos --seed 4; sleep 600"
prompt_after "your pieces" >"$tmp/start" || exit 1
type_line 1
prompt_after "spots, best first" >"$tmp/piece" || exit 1
# the board rows (" 7  .  .  .  #  t  u ...") hold lower-case spot letters
letters=$(grep -E '^ *[0-9]+ ' "$tmp/piece" | cut -c4- | tr -s ' ' '\n' | grep -cE '^[a-z]{1,2}$')
[ "$letters" -gt 5 ] || fail "the board shows $letters spot letters, not the spots"
# the costs of the listed spots ("aj Snake/a/2@10,8 +6"; none shown: 0) never fall
costs=$(sed -n '/spots, best first/,/^(/p' "$tmp/piece" | grep -v 'spots, best first' |
	grep -oE '[a-z]{1,2}[0-9]* [A-Za-z-]+/[ab]/[0-3]@[0-9]+,[0-9]+( +\+[0-9]+)?' |
	sed -E 's/.*\+([0-9]+)$/\1/; s/^[a-z].*/0/' | tr '\n' ' ')
[ -n "$costs" ] || fail "no spots listed"
printf '%s\n' $costs | sort -n -c 2>/dev/null || fail "the spots are not listed best first ($costs)"
# every page of the board: no row of tile pictures ("  61.. | ..50") without the names
# line above it, and the line saying whose move it is whole on one page
pages=0 prev=$tmp/piece
for page in 2 3 4; do
	type_line board
	prompt_after "board lines" "$prev" >"$tmp/page$page" || break
	prev=$tmp/page$page
	pages=$((pages + 1))
	first=$(sed -n '1p' "$tmp/page$page")
	grep -qE '^  [.0-9]+ \| ' <<<"$first" &&
		fail "page $page begins inside a row of tiles: '$first'"
	grep -q "^player 1 to move" "$tmp/page$page" && ! grep -q "^ROT = " "$tmp/page$page" &&
		fail "page $page cuts the line saying whose move it is"
	grep -qE "board lines 1-" "$tmp/page$page" && break # back to the first page
done
[ $pages -ge 2 ] || fail "the board was not paged ($pages pages)"
grep -qE '^  [.0-9]+ \| ' "$tmp"/page* || fail "no page showed the tiles in hand"
type_line quit
[ $failures = 0 ] && echo "test_tty_spots: all passed"
exit $((failures > 0))
