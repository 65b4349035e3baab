#!/bin/bash
# bones-gui in German under Xvfb (--lang de): the start screen, the play screen, the
# help (F1), a toast and a pass button show German texts (script command print-text),
# the filter still finds games, the lines scripts read on stdout stay English, and the
# record saved is byte for byte the one the same session saves in English. Also --help
# in German.
# Usage: test_gui_german.sh BUILD_DIR SOURCE_DIR
set -u
build=${1:?build dir}
. "$(dirname "$0")/gui_common.sh"

# --help needs no display
"$gui" --lang de --help > "$tmp/help-de.txt" 2>&1
check "bones-gui --lang de --help is German" grep -q '^Aufruf: bones-gui' "$tmp/help-de.txt"
"$gui" --help > "$tmp/help-en.txt" 2>&1
check "bones-gui --help stays English under LANG=C.UTF-8" grep -q '^usage: bones-gui' "$tmp/help-en.txt"
LANG=de_DE.UTF-8 "$gui" --size 1x1 > /dev/null 2> "$tmp/size-de.txt"
check "LANG=de_DE.UTF-8 gives German errors" grep -q "erwartet BxH" "$tmp/size-de.txt"

# the same session in each language; the section markers split print-text's output
session() { # session LANG
	cat > "$tmp/$1.txt" <<SCRIPT
wait 50
print-text
type chao
list-entries
key Escape
seats human greedy
start holomino
wait-turn
click-hand 0
hover-target 0
print-text
click-target 0
wait-turn
save $tmp/$1.rec
key F1
print-text
key F1
click-button undo
click-button undo
print-text
quit
SCRIPT
	gui_frames "$1" --lang "$1" --seed 3 --agent-delay 0 --size 1100x700 --script "$tmp/$1.txt"
	check "bones-gui --lang $1 ran the script and exited 0" test "$?" = 0
}
session de
session en

has() { grep -qF -- "$2" "$tmp/text-de-$1"; } # has FRAME TEXT
check "start screen: the heading line is German" has 0 "Spiel wählen, Plätze besetzen, starten"
check "start screen: the seats and buttons are German" \
	bash -c "grep -qF 'text: Platz 1' '$tmp/text-de-0' && grep -qxF 'text: Mensch' '$tmp/text-de-0' &&
		 grep -qxF 'text: Starten' '$tmp/text-de-0'"
check "start screen: the rules in brief are German" has 0 "Spieler; die meisten Punkte gewinnen"
check "the filter finds Hegemino's Chaos entries in German too" \
	grep -q '^entry: .*Chaos' "$tmp/out-de.txt"
check "play screen: the status line is German" has 1 "text: Spieler 1: klicke auf ein markiertes Feld"
check "play screen: the button bar is German" \
	bash -c "grep -qxF 'text: Rückgängig' '$tmp/text-de-1' && grep -qxF 'text: Wiedergabe' '$tmp/text-de-1'"
check "play screen: the seats are German" has 1 "text: Spieler 2 (greedy)"
check "the help (F1) is German" has 2 "text: Das Spiel, Tasten und Maus (F1 schließt, Mausrad blättert)"
check "a toast is German" has 3 "text: nichts rückgängig zu machen"
check "the English session shows English" \
	bash -c "grep -qxF 'text: Undo' '$tmp/text-en-1' && grep -qF 'text: nothing to undo' '$tmp/text-en-3'"
check "no English button is left in German" \
	bash -c "! grep -qxE 'text: (Hint|Undo|Redo|Save|Replay|Fit|Menu|Start|Quit)' '$tmp'/text-de-*"
for line in '^started Holomino (seed 3)$' '^move [0-9]*: player 1: ' '^saved ' '^entries: '; do
	check "stdout keeps '$line' in German" grep -q "$line" "$tmp/out-de.txt"
done
check "the same moves were played in both languages" \
	cmp -s <(grep '^move ' "$tmp/out-de.txt") <(grep '^move ' "$tmp/out-en.txt")
check "the German record is byte for byte the English one" cmp "$tmp/de.rec" "$tmp/en.rec"
check "the record names the seats in English" grep -q '^\[Player2 "Player 2 (greedy)"\]' "$tmp/de.rec"

# dominoes, seed 4: player 2 leads 6-6 and player 1 holds no six, so a pass is the one
# move: the status line points to the button, which reads German, and so does its hint
# (expect-hint waits for it, however long the hint agent takes)
cat > "$tmp/pass.txt" <<SCRIPT
wait 20
seats human human
start dominoes
play-by-clicks 1
print-text
key h
expect-hint
print-text
quit
SCRIPT
BONES_PLUGIN_PATH="$build/lib/bones/plugins" timeout 60 xvfb-run -a \
	-s "-screen 0 1280x800x24" "$gui" --lang de --seed 4 --agent-delay 0 \
	--size 1100x700 --script "$tmp/pass.txt" > "$tmp/out-pass.txt" 2> "$tmp/err-pass.txt"
check "bones-gui --lang de played into a pass" test $? = 0
check "the status line sends a player with only a pass to the button" \
	grep -qF 'text: Spieler 1 ist am Zug: nichts auf das Brett zu legen' "$tmp/out-pass.txt"
check "the pass button reads German" grep -qxF 'text: Passen' "$tmp/out-pass.txt"
check "the hint names the button as it reads" grep -qF 'text: Hinweis: Passen' "$tmp/out-pass.txt"
exit $((fails > 0))
