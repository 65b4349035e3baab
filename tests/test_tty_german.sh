#!/bin/bash
# The terminal UI in German (LANG=de_DE.UTF-8, or --lang de): whole Hegemino, Geominos
# and Holomino games typed by the scripted player (tests/tty_pty_player.py --lang de)
# through a pseudo-terminal, with German prompts, history, scores and summary; the
# records they save are byte for byte those of the same seeded games in English. Then
# through pipes: the help, errors, undo, hint, the clock, a match, and `bones play
# --help`, in German and within 78 columns. $1 build, $2 source.
set -u
build=$1 src=$2 plugins=$1/lib/bones/plugins
. "$(dirname "$0")/tty_common.sh"
unset NO_COLOR LC_ALL LANGUAGE LC_MESSAGES
refuse() { # refuse FILE TEXT WHAT: FILE (colours left out) does not contain TEXT
	hits=$(plain "$1" | grep -F -- "$2" | head -3)
	[ -z "$hits" ] || fail "$3: English '$2':"$'\n'"$hits"
}
narrow() { # narrow WHAT: no line of the input is wider than 78 columns (characters)
	wide=$(python3 -c 'import sys
for l in sys.stdin.buffer.read().decode().splitlines():
    if len(l) > 78: print(l)' | head -3)
	[ -z "$wide" ] || fail "$1: lines wider than 78 columns:"$'\n'"$wide"
}
if ! command -v python3 >/dev/null 2>&1; then
	echo "SKIP: python3 is not installed"
	exit 77
fi
[ -f "$build/share/locale/de/LC_MESSAGES/bones.mo" ] || fail "the German catalogue is not built"
player=$src/tests/tty_pty_player.py

# 1. Whole games through a pseudo-terminal, in German and in English, same seed.
for g in hegemino geominos holomino; do
	[ -f "$build/lib/bones/plugins/$g.so" ] || { fail "$g.so is not built"; continue; }
	LANG=de_DE.UTF-8 TERM=xterm python3 "$player" --lang de "$tmp/$g.de" "$bones" play "$g" \
		--seed 4 --save "$tmp/$g-de.bones" ||
		fail "$g: the scripted player did not reach the end in German"
	LANG=C.UTF-8 TERM=xterm python3 "$player" "$tmp/$g.en" "$bones" play "$g" --seed 4 \
		--save "$tmp/$g-en.bones" || fail "$g: the scripted player did not reach the end"
	cmp -s "$tmp/$g-de.bones" "$tmp/$g-en.bones" ||
		fail "$g: the German game's record differs from the English one's:
$(diff "$tmp/$g-en.bones" "$tmp/$g-de.bones" | head -6)"
	grep -q '^\[Player1 "You"\]' "$tmp/$g-de.bones" ||
		fail "$g: the record does not name the human seat You"
	expect "$tmp/$g.de" "Partie beendet" "$g"
	expect "$tmp/$g.de" "Partie gespeichert in $tmp/$g-de.bones" "$g"
	expect "$tmp/$g.de" "  Platz 1: Du (Mensch)" "$g: the header"
	expect "$tmp/$g.de" "  Platz 2: greedy (Agent)" "$g: the header"
	expect "$tmp/$g.de" "Punkte: Du " "$g: the scores"
	expect "$tmp/$g.de" "Du spielst " "$g: the history"
	expect "$tmp/$g.de" "greedy spielt " "$g: the history"
	expect "$tmp/$g.de" "Du bist am Zug (" "$g: the prompt"
	plain "$tmp/$g.de" | grep -q "^  [12]\. Du (Platz 1): [-0-9]" || fail "$g: no result of Du"
	# (the plugins' board texts have their own "game over", from their own catalogues)
	[ "$(plain "$tmp/$g.de" | grep -B1 '^  1\. .* (Platz [0-9]*): ' | head -1)" = "Partie beendet" ] ||
		fail "$g: the result is not under 'Partie beendet'"
	for english in "your move" "scores:" "  seat " "saved to" "You play" \
		"greedy plays" "your pieces" "best first;" "type a letter"; do
		refuse "$tmp/$g.de" "$english" "$g"
	done
	expect "$tmp/$g.en" "game over" "$g in English"
	expect "$tmp/$g.en" "You, your move (" "$g in English"
done
expect "$tmp/geominos.de" "Deine Steine (tippe eine Nummer, dann einen Buchstaben für die Stelle):" \
	"geominos: the pieces"
plain "$tmp/geominos.de" | grep -q "^Stein 1 (.*): [0-9]* Stellen, die besten zuerst; tippe einen Buchstaben" ||
	fail "geominos: no spots of a piece"
expect "$tmp/geominos.de" "Wähle eine Stelle für Stein " "geominos: the spot prompt"
expect "$tmp/geominos.de" " (wenigste Punkte gewinnen)" "geominos: fewest points win"
expect "$tmp/hegemino.de" "Züge:" "hegemino: the moves"
expect "$tmp/hegemino.de" "Du bist am Zug (eine Nummer, ein Zug oder help)" "hegemino: the prompt"
expect "$tmp/holomino.de" "Zufall: " "holomino: the chance outcomes"

# 2. Through a pipe with --lang de: help, errors, moves all, hint, undo (a plural), quit.
printf 'help\nfoo\n99\nmoves all\n3\nzz\n\nhint\n465@1,0\nundo\nundo\nquit\n' |
	LANG=C.UTF-8 "$bones" play holomino --lang de --seed 3 --save "$tmp/pipe.bones" \
	>"$tmp/pipe.out" 2>&1 || fail "pipe: exited $?"
expect "$tmp/pipe.out" "  hint          den mcts-Agenten nach einem Zug fragen" "pipe: help"
expect "$tmp/pipe.out" "'foo' ist hier kein erlaubter Zug" "pipe: a wrong move"
expect "$tmp/pipe.out" "Stein 99 hat jetzt keine erlaubte Stelle: tippe die Nummer" "pipe: a wrong piece"
expect "$tmp/pipe.out" "Alle erlaubten Züge (" "pipe: moves all"
expect "$tmp/pipe.out" "Stein 3 hat keine Stelle zz" "pipe: a wrong spot"
expect "$tmp/pipe.out" "Hinweis (mcts-Agent): " "pipe: hint"
expect "$tmp/pipe.out" "2 Züge zurückgenommen" "pipe: undo"
expect "$tmp/pipe.out" "Nichts zurückzunehmen: du hast noch keinen Zug gemacht" "pipe: undo"
expect "$tmp/pipe.out" "Unfertige Partie gespeichert in $tmp/pipe.bones" "pipe: quit"
# the host's own lines: the help, and the errors wrapped
plain "$tmp/pipe.out" | sed -n '/> help$/,/> /p' | narrow "pipe: help"
plain "$tmp/pipe.out" | grep -A2 "^'foo' ist" | narrow "pipe: an error"
printf 'quit\n' | LANG=C.UTF-8 "$bones" play holomino --seed 3 --save "$tmp/pipe-en.bones" \
	>/dev/null 2>&1
cmp -s "$tmp/pipe.bones" "$tmp/pipe-en.bones" || fail "pipe: the record differs from English"

# 3. The clock: a late answer gets the penalty and the grace period, told in German.
# The clock is injected (tty_common.sh): no answer races the wall clock.
export BONES_TEST_CLOCK=$tmp/clock
BONES_PLUGIN_PATH=$build/tests/plugins LANG=de_DE.UTF-8 timed "$tmp/late.out" testgame \
	--time 1s --penalty 2 --grace 5s --forfeit yes --seed 3 --save "$tmp/late.bones"
wait_for "$tmp/late.out" "[noch 0:01]> "
set_clock 1500
wait_for "$tmp/late.out" "Noch 5 Sekunden für den Zug"
finish late $(yes 1 | head -40)
expect "$tmp/late.out" "Bedenkzeit: 1 s für jeden deiner Züge; danach 2 Strafpunkte und 5 s" "clock"
expect "$tmp/late.out" "Zeit abgelaufen: du bekommst 2 Strafpunkte (insgesamt 2)" "late answer"
expect "$tmp/late.out" "Noch 5 Sekunden für den Zug, dann ist die Partie verloren" "late answer"
expect "$tmp/late.out" "(Strafpunkte 2)" "late answer: the scores"
expect "$tmp/late.out" "mit Strafpunkten 2)" "late answer: the result"
expect "$tmp/late.out" "[noch 0:01]> " "late answer: the time left"
# no answer within the grace period: the game is lost on time
BONES_PLUGIN_PATH=$build/tests/plugins LANG=de_DE.UTF-8 timed "$tmp/forfeit.out" testgame \
	--time 0.5s --penalty 2 --grace 0.3s --forfeit yes --seed 3 --save "$tmp/forfeit.bones"
wait_for "$tmp/forfeit.out" "[noch 0:01]> "
set_clock 500
wait_for "$tmp/forfeit.out" "Noch 0,3 Sekunden für den Zug"
set_clock 800
wait_for "$tmp/forfeit.out" "Partie beendet (Zeitüberschreitung)"
finish forfeit 1
unset BONES_TEST_CLOCK
expect "$tmp/forfeit.out" "Noch 0,3 Sekunden für den Zug, dann ist die Partie verloren" "forfeit"
expect "$tmp/forfeit.out" "Zeit überschritten: du hast die Partie verloren" "forfeit"
expect "$tmp/forfeit.out" "Partie beendet (Zeitüberschreitung)" "forfeit"
expect "$tmp/forfeit.out" "2. Du (Platz 1): -2 (0 mit Strafpunkten 2) – Zeit überschritten" "forfeit"
grep -q '^; You (seat 1) forfeited: out of time' "$tmp/forfeit.bones" ||
	fail "forfeit: the record's comment is not the English one"

# 4. A match of two agents: the totals and the match result in German, the records as
# in English.
for lang in de_DE.UTF-8 C.UTF-8; do
	BONES_PLUGIN_PATH=$build/tests/plugins LANG=$lang "$bones" play testgame --games 2 \
		--seat 1=random --seat 2=greedy --seed 7 --save "$tmp/m-$lang.bones" \
		>"$tmp/m-$lang.out" 2>&1 </dev/null || fail "match in $lang exited $?"
done
expect "$tmp/m-de_DE.UTF-8.out" "Match: Partie 1 von 2" "match"
expect "$tmp/m-de_DE.UTF-8.out" "Stand des Matches nach Partie 1 von 2:" "match"
expect "$tmp/m-de_DE.UTF-8.out" "Match beendet nach 2 Partien:" "match"
expect "$tmp/m-de_DE.UTF-8.out" "(gewonnene Partien: " "match"
for k in 1 2; do
	cmp -s "$tmp/m-de_DE.UTF-8-g$k.bones" "$tmp/m-C.UTF-8-g$k.bones" ||
		fail "match: the record of game $k differs from English"
done

# On a terminal the result and the totals stay until Enter starts the next game.
LANG=de_DE.UTF-8 TERM=xterm python3 "$player" --lang de "$tmp/mp.out" "$bones" play holomino \
	--games 2 --seed 4 --save "$tmp/mp.bones" || fail "pty match: the player did not reach the end"
plain "$tmp/mp.out" | grep -A4 "^Stand des Matches nach Partie 1 von 2:" |
	grep -q "^Enter: die nächste Partie (oder quit)> " || fail "pty match: no pause after game 1"
expect "$tmp/mp.out" "Match beendet nach 2 Partien:" "pty match"
[ -f "$tmp/mp-g2.bones" ] || fail "pty match: no record of game 2"

# 5. bones play --help and an option error, in German, within 78 columns.
LANG=de_DE.UTF-8 "$bones" play --help >"$tmp/help.out" 2>&1 || fail "play --help exited $?"
expect "$tmp/help.out" "Aufruf: bones play [VOREINSTELLUNG|SPIEL]" "play --help"
expect "$tmp/help.out" "  --forfeit yes|no Partie verloren, wenn auch die Nachfrist abläuft" \
	"play --help"
plain "$tmp/help.out" | narrow "play --help"
LANG=de_DE.UTF-8 "$bones" play holomino --seed x >"$tmp/seed.out" 2>&1 && fail "--seed x accepted"
expect "$tmp/seed.out" "bones play: --seed: erwartet eine Zahl von mindestens 0, nicht 'x'" "--seed x"

[ $failures = 0 ] && echo "test_tty_german: all passed"
exit $((failures > 0))
