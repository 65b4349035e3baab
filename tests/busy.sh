# Sourced by tests/stress.sh and tests/bench/engines.sh: start_busy N starts N busy
# processes (a CPU load), stop_busy kills them, and so does any end of the script that
# sources this (an error, Ctrl-C, a kill).
busy=
stop_busy() {
	[ -n "$busy" ] && kill $busy 2>/dev/null
	busy=
}
start_busy() {
	_i=0
	while [ "$_i" -lt "$1" ]; do
		sh -c 'while :; do :; done' &
		busy="$busy $!"
		_i=$((_i + 1))
	done
}
trap stop_busy EXIT
trap 'stop_busy; exit 130' INT TERM HUP
