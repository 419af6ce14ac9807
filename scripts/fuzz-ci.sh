#!/usr/bin/env bash
# CI's fuzz step (.ci/run calls it last): builds the three libFuzzer targets
# with the machine's clang (scripts/fuzz.sh's configuration: fuzz targets
# only, no tests, no Qt/ImGui), replays every committed regression input
# (tests/data/fuzz-regressions/TARGET/*) and seed (fuzz/seeds/TARGET/*)
# through its target once, then fuzzes each target for a short timed smoke
# run. Any crash, leak, timeout, out-of-memory or broken invariant fails CI.
# The regression test (ws_fuzz_regression_tests) replays the same files with
# the normal compiler; this step replays them with libFuzzer's sanitizers and
# keeps the fuzz build itself from rotting unseen.
#
#   scripts/fuzz-ci.sh [SECONDS]     SECONDS per target for the smoke run (default 60)
#
# Environment: WS_FUZZ_BUILD (default build-fuzz), as scripts/fuzz.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/ccache-env.sh
seconds="${1:-60}"
export WS_FUZZ_BUILD="${WS_FUZZ_BUILD:-$PWD/build-fuzz}"
start=$SECONDS

# clang with libFuzzer's runtime: install-deps.sh installs both when missing.
probe='extern "C" int LLVMFuzzerTestOneInput(const unsigned char*, unsigned long) { return 0; }'
if ! command -v clang++ >/dev/null || ! clang++ -fsanitize=fuzzer -x c++ - -o /dev/null <<<"$probe" 2>/dev/null; then
  ./scripts/install-deps.sh
fi

# The build and the smoke runs are scripts/fuzz.sh's, so the two never drift.
build_start=$SECONDS
./scripts/fuzz.sh --build
echo "== fuzz build: $((SECONDS - build_start)) s"

# Every committed input once through its target (libFuzzer runs each file
# named on its command line once and stops at the first finding).
replay_start=$SECONDS
status=0
for t in ptx scenario engine; do
  files=()
  for dir in tests/data/fuzz-regressions/$t fuzz/seeds/$t; do
    [[ -d "$dir" ]] && while IFS= read -r -d '' f; do files+=("$f"); done < <(find "$dir" -type f -print0 | sort -z)
  done
  [[ ${#files[@]} -gt 0 ]] || continue
  log="$WS_FUZZ_BUILD/replay-$t.log"
  if ASAN_OPTIONS="detect_leaks=1" UBSAN_OPTIONS="print_stacktrace=1" \
    "$WS_FUZZ_BUILD/fuzz/fuzz_$t" -timeout=10 -rss_limit_mb=2048 "${files[@]}" >"$log" 2>&1; then
    echo "   fuzz_$t: ${#files[@]} committed inputs replayed, no finding"
  else
    status=1
    echo "error: fuzz_$t failed on a committed input (log: $log):" >&2
    grep -E 'Running:|ERROR|invariant broken|runtime error|SUMMARY' "$log" | tail -n 20 >&2 || tail -n 40 "$log" >&2
  fi
done
echo "== fuzz replay: $((SECONDS - replay_start)) s"
[[ $status == 0 ]] || exit 1

# A fresh work directory: CI judges this commit, not corpora left by a
# previous run.
smoke_start=$SECONDS
export WS_FUZZ_WORK="$WS_FUZZ_BUILD/fuzz-ci-work"
rm -rf "$WS_FUZZ_WORK"
./scripts/fuzz.sh "$seconds"
echo "== fuzz smoke runs: $((SECONDS - smoke_start)) s"
echo "== scripts/fuzz-ci.sh: $((SECONDS - start)) s in all"
