#!/bin/bash
# The `bones` commands of the core runtime end to end: games, engine, replay, check,
# bench. Usage: test_cli.sh BUILD_DIR SOURCE_DIR
set -u
B=$1
BONES=$B/bin/bones
TP=$B/tests/plugins
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export TMPDIR=$T
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { echo "ok: $*"; }

# -- bones games: every plugin with its options; refused files are warnings
if "$BONES" games >"$T/games" 2>"$T/games.err" && grep -q '^dominoes 1\.' "$T/games" &&
   grep -q '^    players  *int 2\.\.4, default 2: number of players' "$T/games"; then
	ok "games lists dominoes with its options"
else fail "games: $(head -3 "$T/games" "$T/games.err")"; fi
BONES_PLUGIN_PATH=$TP "$BONES" games >"$T/games2" 2>"$T/games2.err"
if grep -q '^testgame 1\.0\.0 - Count to 10' "$T/games2" &&
   grep -q '^    opening  *enum zero|chance, default zero' "$T/games2" &&
   grep -q "^warning: .*wrong_major\.so: " "$T/games2.err" &&
   ! grep -q wrong_major "$T/games2"; then
	ok "games warns about refused plugins on stderr"
else fail "games with broken plugins: $(cat "$T/games2.err" | head -3)"; fi

# -- bones engine: a piped session, garbage included
printf '%s\n' "new testgame seed=3 target=5" "bogus" "legal" "play +2" "play 9" "play +2" \
	"play +1" "tomove" "scores" "record" "quit" "tomove" |
	BONES_PLUGIN_PATH=$TP "$BONES" engine >"$T/engine" 2>"$T/engine.err"
status=$?
expected='ok
error: unknown command '"'"'bogus'"'"' (known: new, tomove, legal, play, roll, scores, show, record, genmove, protocol, quit)
legal 2 +1 +2
ok
error: move 2: '"'"'9'"'"': not a move of this game
ok
ok
over
scores 1 0'
if [ $status -eq 0 ] && [ "$(head -9 "$T/engine")" = "$expected" ] &&
   [ "$(tail -2 "$T/engine")" = "$(printf '.\nok')" ] && [ ! -s "$T/engine.err" ]; then
	ok "engine answers each line once and carries on after errors"
else fail "engine session: $(cat "$T/engine" "$T/engine.err")"; fi

# -- bones replay: the engine's record replays; a corrupted one names file, line, move
sed -n '/^\[Game/,$p' "$T/engine" | sed '$d' | sed '$d' >"$T/game.rec"
if BONES_PLUGIN_PATH=$TP "$BONES" replay "$T/game.rec" >"$T/replay" &&
   grep -q '^result: ranks 1 2; scores 1 0$' "$T/replay" &&
   grep -q '^count to 5: player 1 reached it$' "$T/replay"; then
	ok "replay re-applies a saved record and prints the end"
else fail "replay: $(cat "$T/replay")"; fi
sed 's/^2\. p2 +2$/2. p2 +4/' "$T/game.rec" >"$T/bad.rec"
line=$(grep -n '^2\. p2' "$T/bad.rec" | cut -d: -f1)
if ! BONES_PLUGIN_PATH=$TP "$BONES" replay "$T/bad.rec" >/dev/null 2>"$T/bad.err" &&
   grep -qF "bones replay: $T/bad.rec:$line: move 2: '+4': not legal now" "$T/bad.err"; then
	ok "replay rejects the first illegal move with file, line and move number"
else fail "replay of a bad record: $(cat "$T/bad.err")"; fi
# a game that stopped early (resigned, forfeited) is told so, with the host's FinalResult,
# while its Result (the rules' "*") is still checked
sed -e '/^3\. /d' -e 's/^\[Result .*/[Result "*"]\n[Resigned "2"]\n[FinalResult "ranks 1 2; scores 0 0"]/' \
	"$T/game.rec" >"$T/resigned.rec"
if BONES_PLUGIN_PATH=$TP "$BONES" replay "$T/resigned.rec" >"$T/resigned" &&
   grep -q '^result: \* (player 2 resigned)$' "$T/resigned" &&
   grep -q '^final result: ranks 1 2; scores 0 0$' "$T/resigned"; then
	ok "replay tells a resigned game and its final result"
else fail "replay of a resigned game: $(cat "$T/resigned")"; fi
sed -e 's/^\[Resigned .*/[Forfeit "1"]/' "$T/resigned.rec" >"$T/forfeit.rec"
sed -e 's/^\[Resigned .*/[Forfeit "seat 2 (hang): timed out after 800 ms"]/' \
	"$T/resigned.rec" >"$T/forfeit2.rec"
if BONES_PLUGIN_PATH=$TP "$BONES" replay "$T/forfeit.rec" >"$T/forfeit" &&
   grep -q '^result: \* (player 1 forfeited)$' "$T/forfeit" &&
   BONES_PLUGIN_PATH=$TP "$BONES" replay "$T/forfeit2.rec" >"$T/forfeit2" &&
   grep -q '^result: \* (forfeit: seat 2 (hang): timed out after 800 ms)$' "$T/forfeit2"; then
	ok "replay tells a forfeited game (a seat, or a tournament's reason)"
else fail "replay of a forfeited game: $(cat "$T/forfeit" "$T/forfeit2")"; fi
sed -e 's/^\[Result .*/[Result "ranks 1 2; scores 1 0"]/' "$T/resigned.rec" >"$T/liar.rec"
if ! BONES_PLUGIN_PATH=$TP "$BONES" replay "$T/liar.rec" >/dev/null 2>"$T/liar.err" &&
   grep -q "Result: the record says 'ranks 1 2; scores 1 0' but the game is not over" "$T/liar.err"; then
	ok "replay still checks the rules' Result of a resigned game"
else fail "replay of a resigned game with a false Result: $(cat "$T/liar.err")"; fi
# a game number past the machine's integers is refused, never clamped to another game
if ! "$BONES" replay "$T/game.rec" --game 99999999999999999999 2>"$T/huge.err" &&
   grep -qF "bones replay: --game: expected a number of at least 1, not '99999999999999999999'" "$T/huge.err"; then
	ok "replay refuses a game number too large"
else fail "replay --game 99999999999999999999: $(cat "$T/huge.err")"; fi
if ! "$BONES" replay "$T/nothing.rec" 2>"$T/none.err" &&
   grep -qF "'$T/nothing.rec': no such file" "$T/none.err"; then
	ok "replay names a missing file"
else fail "replay of a missing file: $(cat "$T/none.err")"; fi

# -- bones check: passes on good plugins, fails on a liar with a replayable record
if "$BONES" check "$TP/testgame.so" --games 200 >"$T/check" && tail -1 "$T/check" |
	grep -q '^ok: 5 configurations (0 more were the same game), 1000 games, '; then
	ok "check passes testgame"
else fail "check testgame: $(tail -3 "$T/check")"; fi
if [ -e "$B/lib/bones/plugins/dominoes.so" ]; then
	if "$BONES" check dominoes --games 100 --seed 7 >"$T/checkd"; then
		ok "check passes dominoes"
	else fail "check dominoes: $(tail -3 "$T/checkd")"; fi
fi
BONES_PLUGIN_PATH=$TP "$BONES" check liar_notation --games 50 >"$T/liar"
status=$?
rec=$(sed -n 's/^record of the failing game: \([^ ]*\)$/\1/p' "$T/liar")
if [ $status -eq 1 ] && grep -q "^FAIL: liar_notation defaults: game 1 (seed [0-9]*), move 3: " \
	"$T/liar" && [ -f "$rec" ] && grep -q '^; bones check failed: ' "$rec"; then
	ok "check fails a liar and saves the failing game"
else fail "check liar_notation (status $status): $(cat "$T/liar")"; fi
if "$BONES" check "$TP/testgame.so" --games 10 --set players=9 >/dev/null 2>&1; then
	fail "check accepted --set players=9"
else ok "check refuses bad settings"; fi
"$BONES" check >/dev/null 2>&1
[ $? -eq 2 ] && ok "check without a plugin is a usage error" || fail "check usage status"

# -- bones bench: the three lines, first
game=dominoes
[ -e "$B/lib/bones/plugins/dominoes.so" ] || game=$TP/testgame.so
if "$BONES" bench $game --seconds 0.2 >"$T/bench" &&
   sed -n 1p "$T/bench" | grep -qE '^playouts_per_s: [1-9][0-9]*$' &&
   sed -n 2p "$T/bench" | grep -qE '^moves_per_s: [1-9][0-9]*$' &&
   sed -n 3p "$T/bench" | grep -qE '^state_bytes: [1-9][0-9]*$'; then
	ok "bench prints playouts_per_s, moves_per_s and state_bytes"
else fail "bench: $(cat "$T/bench")"; fi
if ! "$BONES" bench $game --seconds x >/dev/null 2>&1; then
	ok "bench refuses a bad duration"
else fail "bench accepted --seconds x"; fi

# -- conventions: --version, help of every command within 80 columns and status 0,
# "did you mean" and status 2 for an unknown command
"$BONES" --version | grep -q '^bones [0-9][0-9.]* (plugin ABI [0-9]*\.[0-9]*)$' &&
	ok "--version" || fail "--version: $("$BONES" --version 2>&1)"
if [ -x "$B/bin/bones-gui" ]; then
	[ "$("$B/bin/bones-gui" --version)" = "$("$BONES" --version)" ] &&
		ok "bones-gui --version" || fail "bones-gui --version: $("$B/bin/bones-gui" --version 2>&1)"
fi
for c in "" $("$BONES" --help | awk '/^commands:/ {on = 1; next} on && /^  [a-z]/ {print $1}'); do
	if ! "$BONES" $c --help >"$T/help" 2>&1; then fail "bones $c --help: status $?"; continue; fi
	wide=$(awk 'length($0) > 80' "$T/help" | head -1)
	[ -z "$wide" ] || fail "bones $c --help is wider than 80 columns: $wide"
done
ok "every --help fits in 80 columns"
"$BONES" tourny >/dev/null 2>"$T/unknown"
[ $? -eq 2 ] && grep -q "did you mean 'tourney'" "$T/unknown" && ok "did you mean" ||
	fail "unknown command: $(cat "$T/unknown")"

# a game's or preset's bare name means the shipped one, never a NAME.ini of the working
# folder; such a file is read when named as a path
mkdir "$T/here"
printf '[game]\nplugin = hegemino\n' > "$T/here/dominoes.ini"
cp "$T/here/dominoes.ini" "$T/here/mine.ini"
(cd "$T/here" && "$BONES" match dominoes random random --games 2) > "$T/shadow" 2>&1
grep -q "^match: dominoes," "$T/shadow" && ok "a dominoes.ini here does not replace dominoes" ||
	fail "a dominoes.ini here replaced the game: $(head -1 "$T/shadow")"
(cd "$T/here" && "$BONES" match ./dominoes.ini random random --games 2) > "$T/shadow" 2>&1
grep -q "^match: hegemino," "$T/shadow" && ok "./dominoes.ini is read as a path" ||
	fail "./dominoes.ini: $(head -1 "$T/shadow")"
(cd "$T/here" && "$BONES" match mine random random --games 2) > "$T/shadow" 2>&1
[ $? -eq 1 ] && grep -q "named as ./mine.ini" "$T/shadow" && ok "a bare name of a file here says how to name it" ||
	fail "mine: $(cat "$T/shadow")"

# every command answers --version, doing nothing else (a game would start: a command
# that does not exit at once fails here)
version=$("$BONES" --version)
for cmd in $("$BONES" --help | awk '/^commands:/ {on = 1; next} on && /^  [a-z]/ {print $1}'); do
	out=$(timeout 20 "$BONES" "$cmd" --version </dev/null 2>&1)
	[ $? -eq 0 ] && [ "$out" = "$version" ] && ok "bones $cmd --version" ||
		fail "bones $cmd --version: $out"
done

[ $failures -eq 0 ] && echo "all passed" || echo "$failures failed"
exit $((failures != 0))
