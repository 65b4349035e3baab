#!/bin/bash
# External engines in a tournament: Bones itself as an engine (`bones engine --agent`),
# engines that crash or hang when asked for a move (forfeits with the reason, restarts,
# the run goes on), hidden chance outcomes masked for the seat that may not see them,
# and an engine that cannot play a game refused before the run. $1 build, $2 source.
set -u
build=$1 src=$2
bones=$build/bin/bones
fx=$src/tests/fixtures/tourney
tmp=$(mktemp -d)
busy1= busy2=
trap 'kill $busy1 $busy2 2>/dev/null; rm -rf "$tmp"' EXIT
export BONES_PLUGIN_PATH=
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

cat >"$tmp/t.ini" <<INI
[tourney]
name = engines
seed = 5
concurrency = 2
time_per_move = 300ms
[game.holo]
plugin = holomino
count = 2
[player.bones]
engine = "$bones" engine --agent greedy
[player.random]
agent = random
[player.crash]
engine = sh "$fx/crash.sh"
[player.hang]
engine = sh "$fx/hang.sh"
INI
"$bones" tourney "$tmp/t.ini" --output "$tmp/out" --quiet >"$tmp/out.txt" 2>&1 ||
	fail "the engines' tournament exited $?: $(cat "$tmp/out.txt")"
csv=$tmp/out/games.csv
[ "$(($(wc -l <"$csv") - 1))" = 24 ] || fail "expected 12 games (24 seats), got $(wc -l <"$csv") lines"
# crash and hang forfeit every game, with the reason, except the one of their two
# games together in which the other moves first (seats alternate): 5 of 6 each
crash=$(grep -c ',crash,.*,0,seat [12] (crash): exited with status 3' "$csv")
hang=$(grep -c ',hang,.*,0,seat [12] (hang): timed out after 800 ms' "$csv")
[ "$crash" = 5 ] || fail "crash forfeited $crash of 6 games: $(grep crash "$csv" | head -3)"
[ "$hang" = 5 ] || fail "hang forfeited $hang of 6 games: $(grep hang "$csv" | head -3)"
# dominoes_ini NAME ENGINE: block dominoes, player NAME (ENGINE) against random
dominoes_ini() {
	printf '[tourney]\nname = %s\n[game.dom]\nplugin = dominoes\n[player.%s]\nengine = %s
[player.random]\nagent = random\n' "$1" "$1" "$2" >"$tmp/$1.ini"
}
# an engine that crashes through `sh -c` (which reports signal N as status 128 + N) is
# told as a crash with its signal, not as "exited with status 139"
dominoes_ini segv "sh \"$fx/segv.sh\" || exit \$?"
"$bones" tourney "$tmp/segv.ini" --output "$tmp/segv" --quiet >/dev/null 2>&1 ||
	fail "the crashing engine's tournament exited $?"
grep -q 'seat [12] (segv): crashed with signal 11 (Segmentation fault)' "$tmp/segv/games.csv" ||
	fail "a crash through sh -c: $(grep -m1 segv, "$tmp/segv/games.csv")"
# bones-as-engine plays real games: its games against random end without a forfeit
grep -q '^engines,.*,bones,[0-9.]*,[12],[0-9.]*,$' "$csv" || fail "bones engine never finished a game"

# hidden information: a spy in block dominoes sees its own deals and "deal:?" for others
dominoes_ini spy "sh \"$fx/spy.sh\""
SPY_LOG=$tmp/spy.log "$bones" tourney "$tmp/spy.ini" --output "$tmp/spy" --quiet >/dev/null 2>&1 ||
	fail "the spy tournament exited $?"
masked=$(grep -c '^play deal:?$' "$tmp/spy.log")
shown=$(grep -c '^play deal:[0-6]-[0-6]$' "$tmp/spy.log")
[ "$masked" = 7 ] && [ "$shown" = 7 ] ||
	fail "the spy saw $shown deals and $masked masked ones, not 7 and 7"
grep -q '^new dominoes .* seat=[12] seed=[0-9]*$' "$tmp/spy.log" || fail "the spy was not told its seat"
grep -q "illegal move 'not-a-move'" "$tmp/spy/games.csv" || fail "a garbage move was no forfeit"
# the host asks for protocol 1.1 first; a spy that agrees is told who made each move
[ "$(head -1 "$tmp/spy.log")" = "protocol 1.1" ] || fail "the host's first line: $(head -1 "$tmp/spy.log")"
rm -f "$tmp/spy.log"
SPY_LOG=$tmp/spy.log SPY_PROTOCOL=1.1 "$bones" tourney "$tmp/spy.ini" --output "$tmp/spy11" \
	--quiet >/dev/null 2>&1 || fail "the protocol 1.1 spy tournament exited $?"
masked=$(grep -c '^play chance deal:?$' "$tmp/spy.log")
shown=$(grep -c '^play chance deal:[0-6]-[0-6]$' "$tmp/spy.log")
[ "$masked" = 7 ] && [ "$shown" = 7 ] ||
	fail "the 1.1 spy saw $shown deals and $masked masked ones with their mover, not 7 and 7"

# bones engine in hidden-information games, told its seat: it guesses the tiles it may
# not see and repairs its guesses whenever the play contradicts them (who leads, a pass,
# a draw, a drawn tile played), so it never forfeits
cat >"$tmp/hidden.ini" <<INI
[tourney]
name = hidden
rounds = 8
concurrency = 2
[game.block]
plugin = dominoes
[game.draw3]
plugin = dominoes
variant = draw
players = 3
[player.bones]
engine = "$bones" engine --agent greedy
[player.random]
agent = random
[player.greedy]
agent = greedy
INI
# no_forfeits NAME MIN WHAT: the tournament $tmp/NAME.ini into $tmp/NAME, in which the
# player bones plays at least MIN games and forfeits none
no_forfeits() {
	"$bones" tourney "$tmp/$1.ini" --output "$tmp/$1" --quiet >/dev/null 2>&1 ||
		fail "the $3 tournament exited $?"
	played=$(awk -F, 'NR > 1 && $9 == "bones"' "$tmp/$1/games.csv" | wc -l)
	forfeits=$(awk -F, 'NR > 1 && $9 == "bones" && $13 != ""' "$tmp/$1/games.csv" | wc -l)
	[ "$played" -ge "$2" ] && [ "$forfeits" = 0 ] ||
		fail "bones engine forfeited $forfeits of $played $3 games: $(grep -m1 'seat [0-9] (bones)' "$tmp/$1/games.csv")"
}
no_forfeits hidden 20 hidden-information

# a host in a hurry: 100 games of bones engine in 4-player draw dominoes at 60 ms a move
# (its guesses often have another player lead) without a forfeit: it is told who made
# each move (protocol 1.1), repairs its guesses within its own budget of work and else
# plays on a resampled position of its own. That budget is no time, so the same seed
# gives the same games with two busy processes beside it (the first 20 games). The
# host's clock is injected and stands still (a move never runs out of time), so neither
# run can forfeit by the machine's load; a run on the real clock beside the busy
# processes may forfeit a late engine, but a game it records without a forfeit is the
# same game.
printf '[tourney]\nname = hurry\nseed = 11\nrounds = 100\ntime_per_move = 60ms\n[game.draw4]
plugin = dominoes\nvariant = draw\nplayers = 4\n' >"$tmp/hurry.ini"
for i in 1 2 3 4; do
	printf '[player.e%d]\nengine = "%s" engine --agent random\n' "$i" "$bones" >>"$tmp/hurry.ini"
done
sed 's/^rounds = 100$/rounds = 20/' "$tmp/hurry.ini" >"$tmp/hurry20.ini"
echo 0 >"$tmp/clock"
hurry() { # OUT INI [CLOCK]: the hurried tournament into $tmp/OUT
	BONES_TEST_CLOCK=${3-} "$bones" tourney "$tmp/$2" --output "$tmp/$1" --quiet \
		>/dev/null 2>&1 || fail "the hurried tournament ($1) exited $?"
}
hurry hurry hurry.ini "$tmp/clock"
hurry_ff=$(awk -F, 'NR > 1 && $13 != ""' "$tmp/hurry/games.csv" | wc -l)
[ "$hurry_ff" = 0 ] && [ "$(wc -l <"$tmp/hurry/games.csv")" = 401 ] ||
	fail "at 60 ms a move: $hurry_ff forfeits: $(awk -F, 'NR > 1 && $13 != ""' "$tmp/hurry/games.csv" | head -2)"
head -81 "$tmp/hurry/games.csv" >"$tmp/hurry20.csv"
sh -c 'while :; do :; done' & busy1=$!
sh -c 'while :; do :; done' & busy2=$!
hurry hurry-busy hurry20.ini "$tmp/clock"
hurry hurry-real hurry20.ini
kill "$busy1" "$busy2"
wait "$busy1" "$busy2" 2>/dev/null
busy1= busy2=
cmp -s "$tmp/hurry20.csv" "$tmp/hurry-busy/games.csv" ||
	fail "the same seed gave other games beside two busy processes: $(diff "$tmp/hurry20.csv" "$tmp/hurry-busy/games.csv" | head -4)"
# on the real clock: every game whose rows name no forfeit is the still clock's game
other=$(awk -F, 'FNR == 1 { next }
	{ key = $2 "," $3; row[FILENAME, key] = row[FILENAME, key] $0 "\n"
	  if ($13 != "") ff[key] = 1; keys[key] = 1 }
	END { for (k in keys) if (!(k in ff) && row[ARGV[1], k] != row[ARGV[2], k]) print k }' \
	"$tmp/hurry20.csv" "$tmp/hurry-real/games.csv")
[ -z "$other" ] && [ "$(wc -l <"$tmp/hurry-real/games.csv")" = 81 ] ||
	fail "on the real clock under load, games without a forfeit differ (round,table): $other"

# the old protocol: an engine of 1.0 (bones engine never shown the command `protocol`,
# so it answers "error: unknown command" as a 1.0 engine does) is sent plays without
# movers and plays hidden dominoes without a forfeit
sed -e "s|^engine = .*|engine = sed -u s/^protocol/old-protocol/ \| \"$bones\" engine --agent greedy|" \
	-e 's/^name = hidden$/name = old/' -e 's/^rounds = 8$/rounds = 4/' "$tmp/hidden.ini" >"$tmp/old.ini"
no_forfeits old 10 "protocol 1.0"

# an engine that answers nonsense is restarted (what it prints later is never read as an
# answer), and "info ..." lines before a move are no answer: one forfeit, in one game
cat >"$tmp/chatty.ini" <<INI
[tourney]
name = chatty
rounds = 3
time_per_move = 2s
[game.dom]
plugin = dominoes
[player.chatty]
engine = bash "$fx/chatty.sh"
[player.random]
agent = random
INI
BONES=$bones CHATTY_MARK=$tmp/chatty.mark "$bones" tourney "$tmp/chatty.ini" \
	--output "$tmp/chatty" --quiet >/dev/null 2>&1 || fail "the chatty tournament exited $?"
chatty_games=$(awk -F, 'NR > 1 && $9 == "chatty"' "$tmp/chatty/games.csv" | wc -l)
chatty_ff=$(awk -F, 'NR > 1 && $9 == "chatty"' "$tmp/chatty/games.csv" |
	grep -c "(chatty): answered 'thinking' to genmove")
other_ff=$(awk -F, 'NR > 1 && $13 != ""' "$tmp/chatty/games.csv" | grep -vc "answered 'thinking'")
[ "$chatty_games" = 3 ] && [ "$chatty_ff" = 1 ] && [ "$other_ff" = 0 ] ||
	fail "chatty: $chatty_games games, $chatty_ff nonsense forfeits, $other_ff others: $(grep -m2 chatty "$tmp/chatty/games.csv")"

# handshake: an engine that cannot play the game is refused before anything runs
sed -e "s|sh \"$fx/crash.sh\"|sh \"$fx/refuse.sh\"|" "$tmp/t.ini" >"$tmp/refuse.ini"
"$bones" tourney "$tmp/refuse.ini" --check >/dev/null 2>"$tmp/check.err" &&
	fail "--check accepted an engine that refuses the game"
grep -q "player 'crash' cannot play game 'holo'" "$tmp/check.err" ||
	fail "--check gave no clear refusal: $(cat "$tmp/check.err")"
"$bones" tourney "$tmp/t.ini" --check >"$tmp/check.out" || fail "--check refused a good file"
grep -q ': round-robin, .* participants, .* games$' "$tmp/check.out" ||
	fail "--check printed: $(cat "$tmp/check.out")"
"$bones" tourney "$tmp/refuse.ini" --output "$tmp/ref" --quiet >/dev/null 2>"$tmp/refuse.err" &&
	fail "an engine that refuses the game was accepted"
grep -q "player 'crash' cannot play game 'holo'" "$tmp/refuse.err" ||
	fail "no clear refusal: $(cat "$tmp/refuse.err")"
[ ! -f "$tmp/ref/games.csv" ] || fail "games were played before the refusal"

[ $failures = 0 ] && echo "tourney engines: all passed"
exit $((failures > 0))
