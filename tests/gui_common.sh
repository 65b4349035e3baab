# Sourced by the GUI tests (test_gui_*.sh): skips cleanly when Xvfb or the GUI is
# missing, then sets gui, tmp (removed on exit), fails and check DESCRIPTION COMMAND...
# Expects $build (the build folder).
gui="$build/bin/bones-gui"
if ! command -v xvfb-run >/dev/null 2>&1; then
	echo "SKIP: xvfb-run is not installed (sh .ci/install-deps installs xvfb)"
	exit 77
fi
if [ ! -x "$gui" ]; then
	echo "SKIP: $gui is not built (SDL2 was not found)"
	exit 77
fi
if [ ! -f "$build/lib/bones/plugins/holomino.so" ]; then
	echo "FAIL: $build/lib/bones/plugins/holomino.so is not built"
	exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the window keeps every game played in the records folder: a private one, not the home's
export XDG_DATA_HOME=$tmp/xdg-default
fails=0
check() { # check DESCRIPTION COMMAND...
	if "${@:2}"; then echo "ok: $1"; else echo "FAIL: $1"; fails=$((fails + 1)); fi
}
# gui_frames NAME ARGS...: bones-gui ARGS under Xvfb (its plugins the build's), stdout
# into $tmp/out-NAME.txt, stderr shown; the texts of print-text's frame k (from 0) into
# $tmp/text-NAME-k. Returns bones-gui's status.
gui_frames() {
	local name=$1
	shift
	BONES_PLUGIN_PATH="$build/lib/bones/plugins" timeout 120 xvfb-run -a \
		-s "-screen 0 1280x800x24" "$gui" "$@" > "$tmp/out-$name.txt" 2> "$tmp/err-$name.txt"
	local rc=$?
	sed 's/^/stderr: /' "$tmp/err-$name.txt" | grep -v "^stderr: $" | head -20
	awk -v f="$tmp/text-$name-" 'BEGIN { n = 0 } /^text: /{ print > (f n) } /^texts: end/{ close(f n); n++ }' \
		"$tmp/out-$name.txt"
	for k in 0 1 2 3; do touch "$tmp/text-$name-$k"; done
	return $rc
}
