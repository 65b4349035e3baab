#!/bin/bash
# `bones serve` in German: each request in its client's language (lang= or
# Accept-Language) whatever the server's locale (C.UTF-8, or de_DE.UTF-8 with
# LANGUAGE=de), the same JSON keys and record bytes in German and English, the client's
# catalogue (/api/messages); and with Chromium, chromedriver and python3-selenium, the
# lobby and a table in a German browser (tests/web/german.py). Skipped (77) without
# the de_DE.UTF-8 locale. Usage: test_web_german.sh BUILD_DIR SOURCE_DIR
set -u
. "$(dirname "$0")/web/common.sh"
locale -a 2>/dev/null | grep -qi '^de_DE\.utf-\?8$' || { echo "skip: no de_DE.UTF-8 locale"; exit 77; }
[ -f "$build/share/locale/de/LC_MESSAGES/bones-web.mo" ] || { echo "skip: no bones-web catalogue"; exit 77; }
# the browser part needs Debian's python3-selenium (the system Python)
mode=api py=python3
if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
	for p in python3 /usr/bin/python3; do
		if "$p" -c 'import selenium' 2>/dev/null; then py=$p mode=browser; break; fi
	done
fi
[ $mode = browser ] || echo "note: no chromium, chromedriver or python3-selenium: the API part only"
PYTHONPATH="$src/tests/web" timeout 600 "$py" "$src/tests/web/german.py" "$build" "$src" "$tmp" $mode
