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
fails=0
check() { # check DESCRIPTION COMMAND...
	if "${@:2}"; then echo "ok: $1"; else echo "FAIL: $1"; fails=$((fails + 1)); fi
}
