# Sourced by the terminal UI tests (test_tty*.sh) once they have set build, src and
# plugins (the folder of the plugins they play). Sets bones, tmp (removed on exit) with a
# private data folder, and failures with:
#   fail MESSAGE          count a failure and say it
#   plain FILE            FILE without colours and carriage returns
#   expect FILE TEXT WHAT FILE (plain) contains TEXT, else a failure showing its end
#   tag FILE NAME         the value of a record's tag
bones=$build/bin/bones
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export BONES_PLUGIN_PATH=$plugins XDG_DATA_HOME=$tmp/xdg BONES_DATA_PATH=
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
plain() { sed 's/\x1b\[[0-9;]*[A-Za-z]//g; s/\r//g' "$1"; }
expect() {
	plain "$1" | grep -qF -- "$2" || { fail "$3: no '$2' in output:"; plain "$1" | tail -15 |
		sed 's/^/    /'; }
}
tag() { sed -n "s/^\[$2 \"\(.*\)\"\]\$/\1/p" "$1"; }
