#!/bin/sh
# Every text a gettext domain's sources mark has a translation in every language.
# Usage: check_translations.sh [--update] DOMAIN PO_DIR LANGUAGE SOURCES...
#   LANGUAGE is xgettext's: C or JavaScript. For each PO_DIR/LL.po (with its parts
#   LL-*.po) the sources' texts are merged in and msgfmt --statistics must report no
#   untranslated and no fuzzy message. --update instead writes the merged texts back
#   into PO_DIR/LL.po (new ones empty, for a translator to fill).
set -eu
update=0
[ "$1" = --update ] && { update=1; shift; }
domain=$1 po_dir=$2 language=$3
shift 3
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Sources relative to the project root, so the .po files name no machine's folders.
for f in "$@"; do
	shift
	set -- "$@" "${f#"$root"/}"
done
(cd "$root" && xgettext --language="$language" --from-code=UTF-8 --add-comments=TRANSLATORS: \
	--add-location=file --sort-by-file \
	--keyword=_ --keyword=N_ --keyword=P_:1,2 --keyword=TR:2 --keyword=TRN:2,3 \
	--keyword=ngettext:1,2 --keyword=dgettext:2 --package-name=bones \
	--msgid-bugs-address= --force-po -o "$tmp/$domain.pot" "$@")
total=$(msgattrib --no-obsolete "$tmp/$domain.pot" | grep -c '^msgid ' || true)
[ "$total" -gt 1 ] || { echo "$domain: no marked texts found in $*" >&2; exit 1; }
status=0 checked=0
for po in "$po_dir"/*.po; do
	[ -e "$po" ] || continue
	name=$(basename "$po" .po)
	case $name in *-*) continue ;; esac # parts are joined to their language
	checked=$((checked + 1))
	msgcat --force-po --use-first -o "$tmp/$name.po" "$po" $(ls "$po_dir/$name"-*.po 2>/dev/null || true)
	msgmerge --quiet --no-fuzzy-matching -o "$tmp/merged.po" "$tmp/$name.po" "$tmp/$domain.pot"
	if [ $update = 1 ]; then
		msgattrib --force-po --no-obsolete --add-location=file -o "$po" "$tmp/merged.po"
		echo "$po: updated"
		continue
	fi
	stats=$(msgfmt --statistics -o /dev/null "$tmp/merged.po" 2>&1)
	echo "$domain $name: $stats"
	case $stats in
	*untranslated* | *fuzzy*)
		echo "$domain $name: these texts need a translation in $po:" >&2
		msgattrib --untranslated --no-obsolete "$tmp/merged.po" | grep -A1 '^#:' | head -n 60 >&2
		msgattrib --only-fuzzy --no-obsolete "$tmp/merged.po" | grep -A1 '^#:' | head -n 20 >&2
		status=1 ;;
	esac
done
[ $checked -gt 0 ] || { echo "$domain: no language in $po_dir" >&2; exit 1; }
exit $status
