#!/bin/sh
# Kills builds with SIGKILL at random moments and checks that Output/ always holds either the
# complete previous site or the complete new one, never a mix.
# Usage: Tests/kill-test.sh path/to/guidesite [runs]
set -u
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
runs=${2:-50}
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$here/Benchmarks/generate-corpus.py" 100 "$work/site" > /dev/null

snapshot() { (cd "$work/site/Output" 2>/dev/null && find . -type f ! -name '.guidesite-output' -exec sha256sum {} + | sort | sha256sum | cut -c1-16); }
version() { # writes content version A or B
  for file in "$work/site/Content/native/entry-00000.md" "$work/site/Content/web/entry-00001.md"; do
    sed -i "/^Generated version /d" "$file"
    printf 'Generated version %s.\n' "$1" >> "$file"
  done
}

# The second build leaves the spare site, so patches are put in place with a whole site (a
# patch without a spare replaces its few files one rename each; see SiteWriter+InPlace).
version A; "$bin" build --root "$work/site" --quiet || exit 1
"$bin" build --root "$work/site" --quiet --fresh || exit 1; old=$(snapshot)
version B
started=$(date +%s%N); "$bin" build --root "$work/site" --quiet || exit 1; finished=$(date +%s%N)
new=$(snapshot)
# Kill anywhere from the start to a little after a whole build's time, so some kills land
# during the swap and some after it.
window=$(( (finished - started) * 13 / 10 / 1000000 ))
[ "$old" != "$new" ] || { echo "FAIL: the two versions give the same site"; exit 1; }

mixed=0; complete_old=0; complete_new=0
for run in $(seq 1 "$runs"); do
  version A; "$bin" build --root "$work/site" --quiet
  version B
  "$bin" build --root "$work/site" --quiet &
  pid=$!
  delay=$(shuf -i 0-"$window" -n 1)
  sleep "$(printf '%d.%03d' $((delay / 1000)) $((delay % 1000)))"
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  now=$(snapshot)
  if [ "$now" = "$old" ]; then complete_old=$((complete_old + 1))
  elif [ "$now" = "$new" ]; then complete_new=$((complete_new + 1))
  else mixed=$((mixed + 1)); echo "FAIL: run $run left a mixed Output/"; fi
done
echo "SIGKILL test: $runs builds killed at random moments within ${window} ms: $complete_old left the previous site, $complete_new the new one, $mixed a mix"
[ "$mixed" -eq 0 ]
