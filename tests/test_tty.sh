#!/bin/bash
# The terminal UI driven through pipes: whole games against agents, illegal input,
# undo, quit, records saved and replayable, option and seat errors. $1 build, $2 source.
set -u
build=$1 src=$2 plugins=$1/tests/plugins
. "$(dirname "$0")/tty_common.sh"
has_replay() { "$bones" replay --help >/dev/null 2>&1; }

# 1. Two agents play a whole game; the record lands in the records folder.
"$bones" play testgame --seat 1=random --seat 2=greedy --seed 11 >"$tmp/out1" 2>&1 ||
	fail "agents' game exited $?"
expect "$tmp/out1" "game over" "agents' game"
expect "$tmp/out1" "greedy plays +" "agents' game"
record=$(sed -n 's/^game saved to //p' "$tmp/out1")
[ -f "$record" ] || fail "agents' game: record '$record' not saved"
case "$record" in "$tmp/xdg/bones/records/testgame-"*-11.bones) ;;
	*) fail "agents' game: record '$record' not in the records folder" ;; esac
grep -q '^\[Result "ranks' "$record" 2>/dev/null || fail "agents' game: record has no final Result"

# 2. The same seed plays the same game.
"$bones" play testgame --seat 1=random --seat 2=greedy --seed 11 --save "$tmp/again.bones" \
	>"$tmp/out2" 2>&1 || fail "second agents' game exited $?"
diff <(grep -v '^\[Date' "$record") <(grep -v '^\[Date' "$tmp/again.bones") >/dev/null ||
	fail "one seed gave two different games"

# 3. A human through a pipe: illegal input gets a clear message and the game goes on.
{ printf 'foo\n99\nhelp\n'; yes 1 | head -40; } |
	"$bones" play testgame --seed 5 --set opening=chance --save "$tmp/human.bones" \
	>"$tmp/out3" 2>&1 || fail "human game exited $?"
expect "$tmp/out3" "'foo' is not a legal move here" "illegal notation"
expect "$tmp/out3" "there is no move 99: type a number 1..2" "number out of range"
expect "$tmp/out3" "hint        ask the mcts agent" "help"
expect "$tmp/out3" "chance: =" "chance shown"
expect "$tmp/out3" "You play +1" "human move"
expect "$tmp/out3" "game over" "human game"
expect "$tmp/out3" "game saved to $tmp/human.bones" "human game saved"
[ -f "$tmp/human.bones" ] || fail "human game: --save file missing"
grep -q '^\[Player1 "You"\]' "$tmp/human.bones" || fail "human game: Player1 tag"

# 4. The saved records replay.
if has_replay; then
	for r in "$record" "$tmp/human.bones"; do
		"$bones" replay "$r" >"$tmp/replay" 2>&1 || { fail "replay of $r:"; cat "$tmp/replay"; }
	done
else
	echo "skip: no 'bones replay' in this build"
fi

# 5. undo goes back to the human's turn; hint names its agent; quit saves.
printf '2\nundo\nhint\nquit\n' |
	"$bones" play testgame --seed 3 --save "$tmp/quit.bones" >"$tmp/out5" 2>&1 ||
	fail "undo game exited $?"
expect "$tmp/out5" "took back 2 moves" "undo"
expect "$tmp/out5" "hint (mcts agent): " "hint"
expect "$tmp/out5" "unfinished game saved to $tmp/quit.bones" "quit"
grep -q '^\[Result "\*"\]' "$tmp/quit.bones" 2>/dev/null || fail "quit: record not unfinished"
# Holomino draws tiles between the moves: undo still counts the two player moves only.
printf '465@1,0\nundo\nquit\n' | BONES_PLUGIN_PATH=$build/lib/bones/plugins \
	"$bones" play holomino --seed 3 --save "$tmp/holo.bones" >"$tmp/out5h" 2>&1 ||
	fail "holomino undo game exited $?"
expect "$tmp/out5h" "took back 2 moves" "undo with chance draws between the moves"
# A piece's spot letters are the board's letters for the same cells (Holomino letters
# its open cells): piece 3's spots against the board's "a 1,0  [...]" lines.
printf '3\nquit\n' | BONES_PLUGIN_PATH=$build/lib/bones/plugins \
	"$bones" play holomino --seed 3 --save "$tmp/holo2.bones" >"$tmp/out5s" 2>&1
sed -n 's/^  \([a-z]\) \(-*[0-9]*,-*[0-9]*\)  \[.*/\1 \2/p' "$tmp/out5s" | sort -u >"$tmp/board"
grep -o '[a-z][a-z0-9]* [0-9]*@-*[0-9]*,-*[0-9]*' "$tmp/out5s" | sed 's/ [0-9]*@/ /' |
	sort -u >"$tmp/spots"
[ -s "$tmp/spots" ] || fail "holomino: no spots of piece 3 listed"
[ -z "$(comm -13 "$tmp/board" "$tmp/spots")" ] ||
	fail "holomino: spot letters differ from the board's: $(comm -13 "$tmp/board" "$tmp/spots" | head -3)"
printf '' | "$bones" play testgame --seed 3 --save "$tmp/eof.bones" >"$tmp/out6" 2>&1
expect "$tmp/out6" "end of input" "end of input"
[ -f "$tmp/eof.bones" ] || fail "end of input: record not saved"

# 6. Errors name what is wrong.
"$bones" play testgame --set players=9 >"$tmp/err1" 2>&1 && fail "players=9 accepted"
expect "$tmp/err1" "--set players=9: players: 9 is out of range 2..4" "--set error"
"$bones" play testgame --seat 2=wizard >"$tmp/err2" 2>&1 && fail "wizard accepted"
expect "$tmp/err2" "seat 2: agent 'wizard': unknown agent 'wizard' (known: random, greedy" \
	"--seat error"
"$bones" play testgame --seat 3=random >"$tmp/err3" 2>&1 && fail "seat 3 of 2 accepted"
expect "$tmp/err3" "--seat 3: testgame has 2 players" "--seat range"
"$bones" play nonesuch >"$tmp/err4" 2>&1 && fail "unknown game accepted"
expect "$tmp/err4" "'nonesuch': no such game or preset; \`bones games\` lists them" "unknown game"
"$bones" play testgame --variant short >"$tmp/err5" 2>&1 && fail "unknown variant accepted"
expect "$tmp/err5" "variant: 'short' is no variant of" "variant"

# 7. A preset: three seats, the long variant, the preset's names.
BONES_DATA_PATH=$src/tests/fixtures/config "$bones" play good --seat 1=random --seed 2 \
	--save "$tmp/preset.bones" >"$tmp/out7" 2>&1 || fail "preset game exited $?"
expect "$tmp/out7" "Count Long: Count to 10, seed 2" "preset header"
expect "$tmp/out7" "seat 3: greedy (agent)" "preset seats"
expect "$tmp/out7" "count to 21" "preset variant"
grep -q '^\[Preset "good"\]' "$tmp/preset.bones" 2>/dev/null || fail "preset: Preset tag"

BONES_DATA_PATH=$src/tests/fixtures/config "$bones" play bad_agent >"$tmp/err6" 2>&1 &&
	fail "bad preset agent accepted"
expect "$tmp/err6" "bad_agent.ini:6: seat.2: agent 'wizard': unknown agent 'wizard'" \
	"preset agent error"

# 8. Real games, when their plugins are built: agents play them to the end.
for game in dominoes holomino hegemino geominos; do
	[ -f "$build/lib/bones/plugins/$game.so" ] || continue
	BONES_PLUGIN_PATH=$build/lib/bones/plugins "$bones" play "$game" --seat 1=random --seat 2=greedy \
		--seed 1 --save "$tmp/$game.bones" >"$tmp/$game.out" 2>&1 || fail "$game exited $?"
	expect "$tmp/$game.out" "game over" "$game"
	if has_replay; then
		BONES_PLUGIN_PATH=$build/lib/bones/plugins "$bones" replay "$tmp/$game.bones" >/dev/null 2>&1 ||
			fail "$game: replay of its record"
	fi
done
# Hegemino's tableaus are scored once at game over: the board shows them, the sheet
# below the ranking does not repeat them.
if [ -f "$tmp/hegemino.out" ]; then
	n=$(sed -n '/game over/,$p' "$tmp/hegemino.out" | grep -c 'tableau 1: [0-9]s: ')
	[ "$n" = 1 ] || fail "hegemino: tableau 1's scoring printed $n times at game over, not once"
fi

# 9. bones start: the terminal without a display, bones-gui beside bones with one.
if [ -f "$build/lib/bones/plugins/holomino.so" ] || [ -f "$build/lib/bones/plugins/dominoes.so" ]; then
	DISPLAY= WAYLAND_DISPLAY= "$bones" start --seat 1=random --seat 2=greedy --seed 4 \
		--save "$tmp/start.bones" >"$tmp/out9" 2>&1 || fail "start exited $?"
	expect "$tmp/out9" "game over" "start in the terminal"
	mkdir -p "$tmp/bin"
	cp "$bones" "$tmp/bin/bones"
	printf '#!/bin/sh\necho "gui started with $*"\n' >"$tmp/bin/bones-gui"
	chmod +x "$tmp/bin/bones-gui"
	DISPLAY=:99 "$tmp/bin/bones" start --seed 4 >"$tmp/out10" 2>&1 || fail "start (gui) exited $?"
	expect "$tmp/out10" "gui started with --seed 4" "start with a display"
	expect "$tmp/out10" "bones start: a display (DISPLAY): the window" "start says why the window"
	# make run's `bones start` names no game: the window opens on its start screen
	DISPLAY=:99 BONES_PLUGIN_PATH="$build/lib/bones/plugins" "$tmp/bin/bones" start >"$tmp/out11" 2>&1 ||
		fail "start (gui, no arguments) exited $?"
	plain "$tmp/out11" | grep -qx "gui started with " || fail "start with a display and no arguments: not the start screen"
	expect "$tmp/out9" "no display (neither DISPLAY nor WAYLAND_DISPLAY is set): playing in the terminal" \
		"start says why the terminal"
fi

[ $failures = 0 ] && echo "test_tty: all passed" || echo "test_tty: $failures failed"
[ $failures = 0 ]
