#!/bin/sh
# The audit must fail on a site with known problems; otherwise its zero on the real site means
# nothing. It must fail again when it reuses what an earlier run found, and it must see a style
# sheet that changed under a page whose bytes did not.
# Usage: Tests/audit/negative-control.sh GUIDESITE AXE_JS
set -u
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/site" && cp -R "$here/bad-site/." "$work/site/"
audit() { # report
  "${PYTHON:-python3}" "$here/audit.py" --guidesite "$1" --root "$work/site" --axe "$2" --only "^index.html$" \
    --known "$work/known.json" > "$work/$3" 2>&1
}
expect() { # report code what...
  report=$1; code=$2; shift 2
  for expected in "$@"; do
    if ! grep -q "$expected" "$work/$report"; then
      echo "FAIL: the audit ($report) did not report '$expected' on the known-bad site"; cat "$work/$report"; exit 1
    fi
  done
  if [ "$code" -ne 1 ]; then echo "FAIL: the audit ($report) exited $code on the known-bad site"; exit 1; fi
}
known="axe: color-contrast|axe: html-has-lang|axe: image-alt|Duplicate ID|keyboard:|text spacing"
set -f; IFS='|'
audit "$1" "$2" first.txt; code=$?
expect first.txt $code $known
audit "$1" "$2" again.txt; code=$?
expect again.txt $code $known "pages and files as an earlier run found them"
if grep -q " 0 pages and files as an earlier run found them" "$work/again.txt"; then
  echo "FAIL: the second audit found nothing of the first to reuse"; cat "$work/again.txt"; exit 1
fi
printf 'main { min-width: 900px; }\n' >> "$work/site/Templates/assets/known.css"
audit "$1" "$2" changed.txt; code=$?
expect changed.txt $code $known "reflow: /index.html"
echo "ok:   the audit fails on a known-bad site (contrast, lang, alt, duplicate id, skip link, clipped text), fails again from what it found before, and sees a style sheet changed under an unchanged page"
