#!/bin/bash
# The terminal's `rules` command: the game's full rules in the plugin's words (render.h
# rules_text). Under tmux at 80x24 they come a screen at a time: every page fits (no
# line wider than 80 columns, the page's prompt on screen), Enter turns the page, the
# last page waits for Enter and then the turn is drawn again; q stops early. On a pipe
# they come all at once, in German with LANG=de_DE.UTF-8. At the end of a game the
# result says why it ended and gives the score sheet (bones_table_end_text).
# $1 build, $2 source.
set -u
build=$1 src=$2 plugins=$1/lib/bones/plugins
. "$(dirname "$0")/tty_common.sh"

# on a pipe: all at once, for every game
for game in holomino hegemino geominos dominoes; do
	printf 'rules\nquit\n' | "$bones" play "$game" --seed 3 >"$tmp/$game.out" 2>&1
	expect "$tmp/$game.out" "Goal: " "$game rules on a pipe"
	expect "$tmp/$game.out" "The end: " "$game rules on a pipe"
	plain "$tmp/$game.out" | grep -qF -- "-- more" && fail "$game rules on a pipe were paged"
done
printf 'rules\nquit\n' | LANG=de_DE.UTF-8 "$bones" play hegemino --seed 3 >"$tmp/de.out" 2>&1
expect "$tmp/de.out" "Ziel: Baue um dein Startplättchen" "the rules in German"
printf 'help\nquit\n' | "$bones" play dominoes --seed 3 >"$tmp/help.out" 2>&1
expect "$tmp/help.out" "  rules       the game's rules" "help names the rules command"

# the end: why, then a sheet line per player (Hegemino: per tableau, by value)
for game in dominoes hegemino; do
	"$bones" play $game --seed 3 --seat 1=greedy --seat 2=greedy </dev/null >"$tmp/end-$game.out" 2>&1
done
plain "$tmp/end-dominoes.out" | grep -qxE "(blocked: every player passed in a row|domino: player [12] played out their hand)" ||
	fail "dominoes: the end does not say why: $(plain "$tmp/end-dominoes.out" | tail -5)"
expect "$tmp/end-dominoes.out" "  player 2: " "dominoes: the score sheet"
expect "$tmp/end-hegemino.out" "every domino is placed or discarded" "hegemino: why it ended"
# each tableau's sheet once: the board's, which the sheet under the ranking leaves out
n=$(plain "$tmp/end-hegemino.out" | sed -n '/game over/,$p' | grep -c "^ *tableau 2: [1-6]s: [0-9]* square")
[ "$n" = 1 ] || fail "hegemino: the sheet of tableau 2 is printed $n times at the end, not once"

if ! command -v tmux >/dev/null 2>&1; then
	echo "SKIP: tmux is not installed"
	[ $failures = 0 ] && exit 77
	exit 1
fi
sock=bones-rules-$$
tmux -L "$sock" kill-server 2>/dev/null
trap 'tmux -L "$sock" kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
screen() { tmux -L "$sock" capture-pane -p; }
# until the screen shows TEXT (the game reacts to each key; wait for that event)
await() {
	for _ in $(seq 1000); do
		screen | grep -qF -- "$1" && return 0
		sleep 0.02
	done
	fail "$2: no '$1' on the screen:"
	screen | tail -8 | sed 's/^/    /'
	return 1
}
tmux -L "$sock" new-session -d -x 80 -y 24 \
	"env TERM=xterm BONES_PLUGIN_PATH=$plugins XDG_DATA_HOME=$tmp/xdg $bones play hegemino --seed 4"
await "your move" "the game starts" || exit 1
tmux -L "$sock" send-keys rules Enter
pages=0
for _ in $(seq 10); do
	await "-- " "a page of the rules" || break
	screen >"$tmp/page"
	pages=$((pages + 1))
	[ "$(awk '{ if (length($0) > 80) print }' "$tmp/page" | wc -l)" = 0 ] ||
		fail "page $pages has a line wider than 80 columns"
	[ "$(wc -l <"$tmp/page")" -le 24 ] || fail "page $pages is taller than 24 rows"
	cat "$tmp/page" >>"$tmp/pages"
	grep -qF -- "-- end of the rules: Enter --" "$tmp/page" && break
	grep -qF -- "-- more: Enter, or q to stop --" "$tmp/page" || fail "page $pages: no more prompt"
	tmux -L "$sock" send-keys Enter
	# the next page starts afresh: wait until this page's prompt has gone
	for _ in $(seq 1000); do screen | grep -qF -- "-- more" || break; sleep 0.02; done
done
[ "$pages" -ge 2 ] || fail "the rules of Hegemino at 80x24 took $pages page(s), expected 2 or more"
grep -qF "Goal: build the best tableau" "$tmp/pages" || fail "the first page lacks the goal"
grep -qF "Bonuses: +5" "$tmp/pages" || fail "the pages lack the last paragraphs"
tmux -L "$sock" send-keys Enter
await "your move" "after the rules the turn is drawn again"
screen | grep -qF "market" || fail "after the rules the market is not on the screen"
# q stops at the first page
tmux -L "$sock" send-keys rules Enter
await "-- more" "the rules again"
tmux -L "$sock" send-keys q Enter
await "your move" "q stops the rules"
screen | grep -qF "Bonuses" && fail "q did not stop the rules"
tmux -L "$sock" send-keys quit Enter
[ $failures = 0 ] && echo "test_tty_rules: all passed"
exit $((failures > 0))
