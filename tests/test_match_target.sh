#!/bin/bash
# Matches to a target score ([match] target): two agents play a preset's match in the
# terminal; it ends in the game where a participant's total first reaches the target,
# no sooner and no later. The totals are the records' final scores summed by
# participant (seats rotating) and the printed totals agree. $1 build, $2 source.
set -u
build=$1 src=$2 plugins=$1/lib/bones/plugins
. "$(dirname "$0")/tty_common.sh"

# target_match ID PLUGIN TARGET [CAP]: play a preset to TARGET, check its games.
target_match() {
	local id=$1 plugin=$2 target=$3 cap=${4:-}
	[ -f "$plugins/$plugin.so" ] || { echo "no $plugin plugin: $id skipped"; return; }
	{
		printf '[game]\nplugin = %s\n[options]\nplayers = 2\n' "$plugin"
		printf '[match]\ntarget = %s\n' "$target"
		[ -n "$cap" ] && printf 'games = %s\n' "$cap"
	} >"$tmp/$id.ini"
	"$bones" play "$tmp/$id.ini" --seat 1=greedy --seat 2=random --seed 11 \
		--save "$tmp/$id.bones" >"$tmp/$id.out" 2>&1 </dev/null ||
		{ fail "$id: exited $?"; plain "$tmp/$id.out" | tail -5; return; }
	expect "$tmp/$id.out" "match to $target points: game 1" "$id"
	local games=0 reached=0 totals="" k=1
	declare -A total=()
	while [ -f "$tmp/$id-g$k.bones" ]; do
		local f=$tmp/$id-g$k.bones r
		r=$(tag "$f" FinalResult)
		[ -n "$r" ] || r=$(tag "$f" Result)
		local s=(${r#*scores })
		[ "$reached" = 0 ] || fail "$id: game $k played after the target was reached"
		total[$(tag "$f" Player1)]=$(( ${total[$(tag "$f" Player1)]:-0} + ${s[0]%.*} ))
		total[$(tag "$f" Player2)]=$(( ${total[$(tag "$f" Player2)]:-0} + ${s[1]%.*} ))
		for p in "${!total[@]}"; do
			[ "${total[$p]}" -ge "$target" ] && reached=1
		done
		case $(tag "$f" Match) in "game $k of at most "*", to $target") ;;
			*) fail "$id: Match tag of game $k: '$(tag "$f" Match)'" ;; esac
		games=$k
		k=$((k + 1))
	done
	[ "$games" -gt 1 ] || fail "$id: $games games (a target match of one game tests little)"
	if [ -n "$cap" ] && [ "$games" = "$cap" ]; then
		[ "$reached" = 0 ] || fail "$id: the cap and the target both in game $games"
		expect "$tmp/$id.out" "match over after $cap games" "$id (cap)"
	else
		[ "$reached" = 1 ] || fail "$id: the match ended after $games games below $target"
		expect "$tmp/$id.out" "match over after $games games" "$id"
	fi
	[ "$(tag "$tmp/$id-g1.bones" Player1)" != "$(tag "$tmp/$id-g2.bones" Player1)" ] ||
		fail "$id: the seats did not rotate"
	local sums printed
	sums=$(for p in "${!total[@]}"; do echo "$p: ${total[$p]}"; done | sort)
	printed=$(sed -n '/^match over/,$p' "$tmp/$id.out" |
		sed -n 's/^  [0-9]*\. \([^:]*\): \([-0-9.e]*\) .*/\1: \2/p' | sort)
	[ -n "$printed" ] && [ "$sums" = "$printed" ] ||
		fail "$id: printed totals '$printed' are not the records' sums '$sums'"
	echo "$id: $games games, totals $(echo $sums)"
}

# Block dominoes scores the pips left (fewest win): the match stops when a total reaches
# the target all the same (the loser's, as in Hearts).
target_match dominoes-30 dominoes 30
# A cap below what the target needs: the cap ends it.
target_match dominoes-capped dominoes 1000 3
[ -f "$plugins/allfives.so" ] && target_match allfives-61 allfives 61

# A bad target is refused with its file and line.
printf '[game]\nplugin = dominoes\n[match]\ntarget = zero\n' >"$tmp/bad.ini"
"$bones" play "$tmp/bad.ini" --seat 1=random --seat 2=random </dev/null >"$tmp/bad.out" 2>&1 &&
	fail "a target of 'zero' was taken"
expect "$tmp/bad.out" "bad.ini:4: target: expected a target score in 1..1000000" "bad target"

[ "$failures" = 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "all match target checks passed"
