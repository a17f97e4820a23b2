#!/bin/sh
# Fuzzes GuideSite's own code around cmark-gfm and libyaml with libFuzzer and AddressSanitizer:
# the front matter splitter and parser (and site.yml), the Markdown stage (Liquid tags, platform
# sections, link rewriting, criteria detection, heading ids) and template rendering of hostile
# values. On two cores at once for SECONDS seconds: one runs the front matter target (the
# fastest per input), the other the Markdown target then the template target, half the time
# each. Corpora are seeded with Content/, Tests/fuzz/seeds/ and Tests/fuzz/regressions/. A crash leaves its input in .build/fuzz/crashes/ and
# fails the run; copy it to Tests/fuzz/regressions/TARGET/ and `make test` replays it forever.
# Usage: Tests/fuzz/run.sh SECONDS
set -u
seconds=${1:-60}
here=$(cd "$(dirname "$0")/../.." && pwd)
cd "$here" || exit 1
swift_bin=$(readlink -f "$(command -v swift)")
fuzzer_lib=$(ls "$(dirname "$swift_bin")"/../lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a 2>/dev/null | head -1)
[ -n "$fuzzer_lib" ] || { echo "fuzz: libFuzzer (libclang_rt.fuzzer_no_main) not found next to swift"; exit 1; }
swift build -c release --scratch-path .build/fuzz --product guidesite-fuzz \
  -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
  -Xswiftc -DFUZZING -Xswiftc -enable-testing -Xlinker "$fuzzer_lib" -Xlinker -lstdc++ 2>&1 | grep -E "error|warning: unre|Compiling guidesite|Build" || true
binary=.build/fuzz/release/guidesite-fuzz
[ -x "$binary" ] || { echo "fuzz: the fuzz build failed"; exit 1; }

run_target() { # target seconds
  corpus=.build/fuzz/corpus/$1; crashes=.build/fuzz/crashes/$1
  mkdir -p "$corpus" "$crashes"
  find Content -name '*.md' -exec cp {} "$corpus/" \;
  cp Tests/fuzz/seeds/"$1"/* "$corpus/" 2>/dev/null
  cp Tests/fuzz/regressions/"$1"/* "$corpus/" 2>/dev/null
  GUIDESITE_FUZZ_TARGET=$1 ASAN_OPTIONS=detect_leaks=0 "$binary" "$corpus" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -max_total_time="$2" -print_final_stats=1 -artifact_prefix="$crashes/" > ".build/fuzz/$1.log" 2>&1
  echo $? > ".build/fuzz/$1.status"
}

mkdir -p .build/fuzz
half=$(( (seconds + 1) / 2 ))
run_target front-matter "$seconds" & (run_target markdown "$half"; run_target templates "$half") & wait
failed=0; total=0
for target in front-matter markdown templates; do
  runs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' ".build/fuzz/$target.log" | grep -Eo '[0-9]+$' | tail -1)
  status=$(cat ".build/fuzz/$target.status")
  total=$((total + ${runs:-0}))
  if [ "$status" != 0 ]; then
    failed=1
    echo "fuzz: $target FAILED (exit $status); input in .build/fuzz/crashes/$target/, log .build/fuzz/$target.log"
    grep -E "ERROR|SUMMARY|panic|Fatal" ".build/fuzz/$target.log" | head -5
  else
    echo "fuzz: $target: ${runs:-0} executions, no crash"
  fi
done
echo "fuzz: $total executions in all, ${seconds} s on two cores"
exit $failed
