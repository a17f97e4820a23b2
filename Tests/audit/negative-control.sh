#!/bin/sh
# The audit must fail on a site with known problems; otherwise its zero on the real site means
# nothing. Usage: Tests/audit/negative-control.sh GUIDESITE AXE_JS
set -u
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -R "$here/bad-site/." "$work/"
"${PYTHON:-python3}" "$here/audit.py" --guidesite "$1" --root "$work" --axe "$2" --only "^index.html$" > "$work/report.txt" 2>&1
code=$?
for expected in "axe: color-contrast" "axe: html-has-lang" "axe: image-alt" "Duplicate ID" "keyboard:" "text spacing"; do
  if ! grep -q "$expected" "$work/report.txt"; then
    echo "FAIL: the audit did not report '$expected' on the known-bad site"; cat "$work/report.txt"; exit 1
  fi
done
if [ "$code" -ne 1 ]; then echo "FAIL: the audit exited $code on the known-bad site"; exit 1; fi
echo "ok:   the audit fails on a known-bad site (contrast, lang, alt, duplicate id, skip link, clipped text)"
