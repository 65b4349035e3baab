#!/bin/bash
# The window's help (F1) under Xvfb shows the game's full rules in the plugin's words
# (render.h rules_text), in English and in German, and scrolls: at first the rules'
# first paragraph shows and the last key line does not; after End the last key line
# shows and the first paragraph has scrolled away. For every shipped game (dominoes'
# rules fit without scrolling).
# Usage: test_gui_help.sh BUILD_DIR SOURCE_DIR
set -u
build=${1:?build dir}
. "$(dirname "$0")/gui_common.sh"

session() { # session LANG GAME
	cat > "$tmp/$1-$2.txt" <<SCRIPT
wait 50
seats human greedy
start $2
wait-turn
key F1
print-text
key End
print-text
key Home
key F1
quit
SCRIPT
	gui_frames "$1-$2" --lang "$1" --seed 3 --agent-delay 0 --size 900x480 \
		--script "$tmp/$1-$2.txt"
	check "bones-gui --lang $1 showed the help of $2 and exited 0" test "$?" = 0
}
has() { grep -qF -- "$3" "$tmp/text-$1"; } # has LANG-GAME-FRAME unused TEXT

for game in holomino hegemino geominos dominoes; do
	session en $game
	check "$game: the help shows the rules' first paragraph" has "en-$game-0" - "text: Goal: "
	check "$game: the help shows the rules' end" \
		bash -c "grep -qF 'text: The end: ' '$tmp/text-en-$game-0' '$tmp/text-en-$game-1'"
	[ $game = dominoes ] && continue # its rules are short enough to fit
	check "$game: the help is taller than the window: the last key line waits" \
		bash -c "! grep -qF 'text: F1: this help' '$tmp/text-en-$game-0'"
	check "$game: End scrolls to the last key line" has "en-$game-1" - "text: F1: this help"
	check "$game: End scrolled the first paragraph away" \
		bash -c "! grep -qF 'text: Goal: ' '$tmp/text-en-$game-1'"
done
session de hegemino
check "the help shows the rules in German" has de-hegemino-0 - "text: Ziel: Baue um dein Startplättchen"
check "the help's title is German" has de-hegemino-0 - "text: Das Spiel, Tasten und Maus (F1 schließt"
[ $fails = 0 ] && echo "test_gui_help: all passed"
exit $((fails > 0))
