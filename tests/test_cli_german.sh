#!/bin/bash
# The `bones` command line in German (--lang de, LANG=de_DE.UTF-8): lists, help, usage
# errors and findings in German; what machines read stays English and the same bytes:
# the engine protocol, bench's key: value lines, check's ok/FAIL lines and its records.
# Usage: test_cli_german.sh BUILD_DIR SOURCE_DIR
set -u
B=$1
BONES=$B/bin/bones
TP=$B/tests/plugins
[ -f "$B/share/locale/de/LC_MESSAGES/bones.mo" ] || { echo "skip: no German catalogue"; exit 77; }
locale -a 2>/dev/null | grep -qi '^de_DE\.utf-\?8$' || { echo "skip: no de_DE.UTF-8 locale"; exit 77; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export TMPDIR=$T
export BONES_PLUGIN_PATH=$TP
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { echo "ok: $*"; }
de() { LANG=de_DE.UTF-8 "$BONES" "$@"; }
# The first line of file $1 wider than 80 characters (not bytes: mawk counts bytes).
wide() {
	local LC_ALL=C.UTF-8 line
	while IFS= read -r line; do
		[ ${#line} -le 80 ] || { echo "$line"; return; }
	done <"$1"
}

# -- lists: games (the host's words around the plugin's texts) and agents
if "$BONES" --lang de games >"$T/games" 2>"$T/games.err" &&
   grep -q '^testgame 1\.0\.0 - Count to 10' "$T/games" &&
   grep -q '^  Spieler [0-9]*\.\.[0-9]*, die höchste Punktzahl gewinnt' "$T/games" &&
   grep -q '^  Optionen:$' "$T/games" &&
   grep -q '^    opening  *enum zero|chance, Standard zero' "$T/games" &&
   grep -q '^Warnung: .*wrong_major\.so: ' "$T/games.err"; then
	ok "games in German"
else fail "games --lang de: $(head -5 "$T/games" "$T/games.err")"; fi
if de agents >"$T/agents" && grep -q '^eingebaute Agenten' "$T/agents" &&
   grep -q '^  human  *du, an der Tastatur' "$T/agents" &&
   grep -q '^  *Parameter: iterations=N (1000)' "$T/agents" &&
   [ -z "$(wide "$T/agents")" ]; then
	ok "agents in German, within 80 columns"
else fail "LANG=de_DE.UTF-8 bones agents: $(cat "$T/agents")"; fi

# -- help of every command: German, status 0, within 80 columns (characters)
for c in $("$BONES" --help | awk '/^commands:/ {on = 1; next} on && /^  [a-z]/ {print $1}'); do
	case $c in start | play) continue ;; esac # the terminal's own texts: not this test's
	if ! de "$c" --help >"$T/help" 2>&1; then fail "bones $c --help in German: status $?"; continue; fi
	grep -q '^Aufruf: bones ' "$T/help" || fail "bones $c --help is not German: $(head -2 "$T/help")"
	long=$(wide "$T/help")
	[ -z "$long" ] || fail "bones $c --help in German is wider than 80 columns: $long"
done
ok "every command's --help in German"

# -- usage errors and bad options: German, status 2
de check >/dev/null 2>"$T/err"
[ $? -eq 2 ] && grep -q "^bones check: welches Plugin? (siehe --help)$" "$T/err" &&
	ok "a usage error in German" || fail "bones check without a plugin: $(cat "$T/err")"
de render a.rec --png a.png --frob 1 >/dev/null 2>"$T/err"
[ $? -eq 2 ] && grep -q "^bones render: unbekannte Option '--frob'$" "$T/err" &&
	ok "an unknown option in German" || fail "bones render --frob: $(cat "$T/err")"
de bench testgame --seconds x >/dev/null 2>"$T/err"
[ $? -eq 2 ] && grep -q "^bones bench: --seconds: erwartet eine Zahl von 0 bis 2592000, nicht 'x'$" "$T/err" &&
	ok "a bad value in German" || fail "bones bench --seconds x: $(cat "$T/err")"
de match testgame random "mcts foo=1" --games 2 >/dev/null 2>"$T/err"
grep -q "Agent 'mcts foo=1': foo: unbekannter Parameter (bekannt: iterations, " "$T/err" &&
	ok "an agent spec error in German" || fail "bones match with a bad spec: $(cat "$T/err")"

# -- --lang: an unknown language is refused, clearly, before any command runs
"$BONES" --lang xx games >"$T/out" 2>"$T/err"
[ $? -eq 2 ] && [ ! -s "$T/out" ] &&
	grep -q "^bones: --lang xx: no such language; Bones speaks en .*de" "$T/err" &&
	ok "--lang xx is refused" || fail "bones --lang xx: $(cat "$T/err")"

# -- match: German words, the percentages with a decimal comma
if de match testgame random greedy --games 4 >"$T/match" &&
   grep -q '^Vergleich: testgame, 4 Partien, Seed 1, A = random, B = greedy$' "$T/match" &&
   grep -qE '^random: Siege [0-9]+, Remis [0-9]+, Niederlagen [0-9]+, Wertung [0-9]+,[0-9] % ± [0-9]+,[0-9] %$' "$T/match"; then
	ok "match summary in German"
else fail "match in German: $(cat "$T/match")"; fi

# -- engine: the same bytes in German as in English, host errors (an agent spec, the
# plugin's options) and plugin texts (show, record) included
printf '%s\n' "new testgame seed=3 target=5" "bogus" "legal" "show" "genmove" "play +2" \
	"play 9" "new testgame target=99" "new testgame seed=3 target=5" "genmove" "scores" \
	"record" "quit" >"$T/script"
for spec in random "mcts foo=1"; do
	LANG=C.UTF-8 "$BONES" engine --agent "$spec" <"$T/script" >"$T/engine.en" 2>&1
	LANG=de_DE.UTF-8 "$BONES" engine --agent "$spec" <"$T/script" >"$T/engine.de" 2>&1
	"$BONES" --lang de engine --agent "$spec" <"$T/script" >"$T/engine.lang" 2>&1
	if [ -s "$T/engine.en" ] && cmp -s "$T/engine.en" "$T/engine.de" &&
	   cmp -s "$T/engine.en" "$T/engine.lang" && grep -q '^error: ' "$T/engine.en"; then
		ok "engine --agent '$spec': the same bytes in German and English"
	else fail "engine --agent '$spec' in German differs: $(diff "$T/engine.en" "$T/engine.de" | head -5)"; fi
done

# -- bench: the key: value lines scripts read stay as they are
if de bench testgame --seconds 0.2 >"$T/bench" &&
   sed -n 1p "$T/bench" | grep -qE '^playouts_per_s: [1-9][0-9]*$' &&
   sed -n 2p "$T/bench" | grep -qE '^moves_per_s: [1-9][0-9]*$' &&
   grep -qE '^moves_per_playout: [0-9]+\.[0-9]$' "$T/bench"; then
	ok "bench's lines are unchanged in German"
else fail "bench in German: $(cat "$T/bench")"; fi

# -- check: German findings, English ok/FAIL/record lines, the record itself English
if de check testgame --games 20 >"$T/check" && grep -q '^prüfe testgame 1\.0\.0, Seed 1$' "$T/check" &&
   grep -q '^testgame defaults: 20 Partien, [0-9]* Züge: ok$' "$T/check" &&
   tail -1 "$T/check" | grep -q '^ok: [0-9]* configurations (0 more were the same game), '; then
	ok "check passes in German"
else fail "check testgame in German: $(cat "$T/check")"; fi
de check liar_notation --games 50 >"$T/liar"
status=$?
rec=$(sed -n 's/^record of the failing game: \([^ ]*\)$/\1/p' "$T/liar")
if [ $status -eq 1 ] &&
   grep -q "^FAIL: liar_notation defaults: Partie 1 (Seed [0-9]*), Zug 3: .* ist der erlaubte Zug " "$T/liar" &&
   [ -f "$rec" ] && grep -q "^; bones check failed: liar_notation defaults: game 1 (seed [0-9]*), move 3: .* is legal move " "$rec"; then
	ok "check's finding in German, its record in English"
else fail "check liar_notation in German (status $status): $(cat "$T/liar") $(grep '^;' "$rec" 2>/dev/null)"; fi
de check crasher --games 20 >"$T/crash"
rec=$(sed -n 's/^record of the failing [a-z]*: \([^ ]*\)$/\1/p' "$T/crash")
if grep -q "^FAIL: crasher defaults: .*: das Plugin ist abgestürzt (Signal " "$T/crash" &&
   [ -f "$rec" ] && grep -q "^; in the checks of .*: the plugin crashed (signal [0-9]*, [A-Z]" "$rec" &&
   ! grep -q 'abgestürzt\|Signal' "$rec"; then
	ok "a crash reported in German, recorded in English"
else fail "check crasher in German: $(cat "$T/crash") $(grep '^;' "$rec" 2>/dev/null)"; fi

[ $failures -eq 0 ] && echo "all passed" || echo "$failures failed"
exit $((failures != 0))
