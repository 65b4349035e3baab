#!/bin/sh
# bones-po-json.sh LANG PO OUT: the catalogue PO of language LANG as a JSON object
# {"msgid": "msgstr", ...} in OUT, for the browser client (GET /api/messages). gettext
# writes it (msgfmt --tcl: one line a message, escaped as JSON escapes but for \$ \[ \]);
# sed only rewrites each line into a member. Plurals and contexts are not supported.
set -eu
lang=$1 po=$2 out=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
msgfmt --tcl -l "$lang" -d "$tmp" "$po"
{
	printf '{'
	sed -n -E 's/^::msgcat::mcset [A-Za-z_@]+ ("(\\.|[^"\\])*") ("(\\.|[^"\\])*")$/\1:\3/p' \
		"$tmp/$lang.msg" | sed -E 's/\\([][$])/\1/g' | sed '$!s/$/,/'
	printf '}\n'
} > "$out.tmp"
mv "$out.tmp" "$out"
