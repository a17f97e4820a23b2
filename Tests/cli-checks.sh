#!/bin/sh
# Command-line checks that need the real binary: exit codes, help, the summary line, and that a
# failed build leaves the previous Output/ byte for byte. Usage: Tests/cli-checks.sh path/to/guidesite
set -u
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
pass() { echo "ok:   $*"; }

expect_exit() { # expected description command...
  expected=$1; shift; what=$1; shift
  "$@" >"$work/out" 2>"$work/err"; code=$?
  if [ "$code" -eq "$expected" ]; then pass "$what (exit $code)"; else fail "$what: exit $code, expected $expected"; cat "$work/out" "$work/err"; fi
}

expect_exit 0 "--help" "$bin" --help
grep -q "Examples:" "$work/out" || fail "--help shows examples"
expect_exit 0 "build --help" "$bin" build --help
grep -q -- "--base-url" "$work/out" || fail "build --help lists --base-url"
expect_exit 2 "unknown flag is a usage error" "$bin" build --no-such-flag
expect_exit 2 "missing --root folder is a usage error" "$bin" build --root "$work/missing"

site="$work/site"
mkdir -p "$site/Content/native"
printf -- '---\ntitle: Picker\n---\n\nText.\n' > "$site/Content/native/picker.md"
expect_exit 0 "a valid site builds" "$bin" build --root "$site"
# 4 pages of the site (entry, section, home, 404), 89 WCAG pages (87 criteria, index, coverage), search and My criteria.
grep -Eq '^Wrote 95 pages to .*, 0 warnings, 0 errors, in [0-9]+ ms$' "$work/out" || { fail "summary line"; cat "$work/out"; }
[ -f "$site/Output/native/picker/index.html" ] || fail "clean URL written"

before=$(cd "$site/Output" && find . -type f -exec sha256sum {} + | sort)
printf -- '---\ntitle: [broken\n---\n' > "$site/Content/native/broken.md"
expect_exit 1 "invalid YAML is a content error" "$bin" build --root "$site"
grep -q "Content/native/broken.md:2:" "$work/err" || { fail "diagnostic has path and line"; cat "$work/err"; }
after=$(cd "$site/Output" && find . -type f -exec sha256sum {} + | sort)
[ "$before" = "$after" ] && pass "failed build left Output/ unchanged" || fail "failed build changed Output/"
rm "$site/Content/native/broken.md"

mkdir -p "$work/foreign" && printf 'hello\n' > "$work/foreign/keep.txt"
expect_exit 2 "refuses a folder it did not create" "$bin" build --root "$site" --output "$work/foreign"
[ -f "$work/foreign/keep.txt" ] && pass "foreign folder kept" || fail "foreign folder touched"
expect_exit 2 "refuses to write over Content/" "$bin" build --root "$site" --output "$site/Content"

printf -- '---\ntitle: Layout typo\nlayout: entyr\n---\n' > "$site/Content/native/typo.md"
expect_exit 0 "unknown layout is a warning" "$bin" build --root "$site"
expect_exit 1 "unknown layout is an error with --strict" "$bin" build --root "$site" --strict
expect_exit 0 "--quiet prints nothing on success" "$bin" build --root "$site" --quiet
[ -s "$work/out" ] && fail "--quiet printed: $(cat "$work/out")"

# An edit inside an entry's text patches the last build: that page alone is rendered again
# (after two builds, whose state knows how the spare site differs; files written in the last two
# seconds are never trusted by their stamps, so the content is made an hour old first).
find "$site/Content" -type f -exec touch -d '1 hour ago' {} +
"$bin" build --root "$site" --fresh >/dev/null 2>&1 && "$bin" build --root "$site" --fresh >/dev/null 2>&1
printf '\nMore text.\n' >> "$site/Content/native/picker.md"
expect_exit 0 "an edit inside an entry's text builds" "$bin" build --root "$site"
grep -q "in [0-9]* ms: 1 page rendered again after edits" "$work/out" || { fail "the edit patched the last build"; cat "$work/out"; }
grep -q "More text." "$site/Output/native/picker/index.html" && pass "the patched page shows the edit" || fail "the patched page shows the edit"

expect_exit 2 "--subset with --all-subsets is a usage error" "$bin" build --root "$site" --subset a --all-subsets
expect_exit 2 "an unknown subset is a usage error" "$bin" build --root "$site" --subset nowhere
grep -q "there is no subset \`nowhere\`" "$work/err" || fail "unknown subset message"
expect_exit 0 "an ad-hoc subset builds" "$bin" build --root "$site" --only-section native --output "$work/adhoc"
[ -f "$work/adhoc/native/picker/index.html" ] || fail "ad-hoc subset written to --output"
[ -f "$site/Output/native/picker/index.html" ] && pass "ad-hoc subset left the full site in place" || fail "ad-hoc subset removed the full site"

# A build of foreign content ends with a report of what it could not carry over.
mkdir -p "$work/jekyll/_checklist"
printf 'content: .\nsections:\n  _checklist:\n    title: Web checklist\n' > "$work/jekyll/site.yml"
printf 'title: Old\n' > "$work/jekyll/_config.yml"
printf -- '---\ntitle: Button\n---\n{%% cycle "a" %%}\nSee [code](../src/Button.swift).\n' > "$work/jekyll/_checklist/button.md"
expect_exit 0 "a Jekyll repository builds" "$bin" build --root "$work/jekyll"
grep -q "Not carried over as written:" "$work/out" && grep -q "liquid: 1 (_checklist/button.md:4)" "$work/out" \
  && grep -q "unpublished-link: 1 (_checklist/button.md:5)" "$work/out" && pass "foreign content report" || { fail "foreign content report"; cat "$work/out"; }
grep -q "Web checklist" "$work/jekyll/Output/checklist/index.html" && pass "collection configured under its folder name" || fail "collection title from site.yml"

# A translation started from the command line: the copy records its source's version, the build
# then counts it current, and an edit of the source makes it a warning naming the version to set.
lang="$work/languages"
mkdir -p "$lang/Content/native"
printf 'title: Guide\nlanguages:\n  - {code: en, name: English}\n  - {code: fr, name: Français}\n' > "$lang/site.yml"
printf -- '---\ntitle: Picker\n---\n\nText.\n' > "$lang/Content/native/picker.md"
expect_exit 0 "new --translation copies a page to translate" sh -c "cd '$lang' && '$bin' new --translation fr Content/native/picker.md"
version=$(sha256sum "$lang/Content/native/picker.md" | cut -c1-12)
grep -qx "translation-of: $version" "$lang/Content/native/picker.fr.md" && pass "the copy records the source's version" || { fail "translation-of"; cat "$lang/Content/native/picker.fr.md"; }
expect_exit 0 "a site in two languages builds" "$bin" build --root "$lang" --strict
grep -q '<html lang="fr">' "$lang/Output/fr/native/picker/index.html" && pass "the French page is under fr/" || fail "no French page"
printf 'More.\n' >> "$lang/Content/native/picker.md"
expect_exit 1 "an out-of-date translation fails a --strict check" "$bin" check --root "$lang" --strict
grep -Eq "Content/native/picker.fr.md:2:1: (warning|error): \[translation\] translation of Content/native/picker.md is out of date" "$work/err" "$work/out" \
  && pass "check names the out-of-date translation" || { fail "no out-of-date warning"; cat "$work/out" "$work/err"; }
expect_exit 1 "new --translation never overwrites" sh -c "cd '$lang' && '$bin' new --translation fr Content/native/picker.md"
expect_exit 2 "new without what to start is a usage error" "$bin" new --root "$lang"

# Terminal niceties, under a pseudo-terminal from script(1): colour unless NO_COLOR, and a
# progress line for a build longer than a second.
if command -v script >/dev/null 2>&1; then
  esc=$(printf '\033')
  script -qec "$bin build --root '$site'" /dev/null > "$work/tty.txt" 2>&1
  grep -q "${esc}\[1;33mwarning:" "$work/tty.txt" && pass "warnings are coloured on a terminal" || fail "no colour on a terminal"
  NO_COLOR=1 script -qec "$bin build --root '$site'" /dev/null > "$work/tty.txt" 2>&1
  grep -q "${esc}\[1;33m" "$work/tty.txt" && fail "NO_COLOR still coloured" || pass "NO_COLOR turns colour off"
  "$bin" build --root "$site" > "$work/pipe.txt" 2>&1
  grep -q "$esc" "$work/pipe.txt" && fail "piped output has escape codes" || pass "piped output has no colour"
  here=$(cd "$(dirname "$0")/.." && pwd)
  python3 "$here/Benchmarks/generate-corpus.py" 4000 "$work/big" > /dev/null
  script -qec "$bin build --root '$work/big'" /dev/null > "$work/tty.txt" 2>&1
  grep -q "Building… [0-9.]* s: " "$work/tty.txt" && pass "a build over a second shows a progress line" || fail "no progress line"
fi

if [ "$failures" -ne 0 ]; then echo "$failures command-line check(s) failed"; exit 1; fi
echo "All command-line checks passed"
