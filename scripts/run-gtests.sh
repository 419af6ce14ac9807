#!/usr/bin/env bash
# Runs the GoogleTest executables of a build tree (those whose tests CTest
# labels `gtest`, so the CMake files alone say which) whole, split into
# shards (GTEST_TOTAL_SHARDS) run a few at a time, one per core. Every test
# runs, as under `ctest -L gtest`, but a process per shard instead of one
# per test: starting a test binary (and, under the sanitizers, an
# instrumented one) is most of a small test's time.
#
#   scripts/run-gtests.sh BUILD_DIR
#
# Each shard's log is BUILD_DIR/tests/NAME.shardI.log; a failing shard's
# failed tests and the end of its log are printed. Exit status 1 if any
# shard failed. The environment (ASAN_OPTIONS, ...) passes through.
set -euo pipefail
cd "$(dirname "$0")/.."
build="$(cd "${1:?usage: scripts/run-gtests.sh BUILD_DIR}" && pwd)"
jobs="$(nproc)"
# Three shards per core: GoogleTest deals tests to shards by their index, so
# a few long tests can make one shard far longer than the others; more,
# smaller shards keep every core busy to the end.
shards=$((3 * jobs))
start=$SECONDS

# The executables behind CTest's `gtest` label, the largest first (its
# shards are the long ones: started first, they leave a short tail).
mapfile -t binaries < <(ctest --test-dir "$build" -L '^gtest$' --show-only=json-v1 | python3 -c '
import json, os, sys
tests = json.load(sys.stdin)["tests"]
for b in sorted({t["command"][0] for t in tests if t.get("command")}, key=os.path.getsize, reverse=True):
    print(b)')
[[ ${#binaries[@]} -gt 0 ]] || { echo "error: CTest lists no gtest-labelled test under $build" >&2; exit 1; }

# One (binary, shard) job per core at a time.
declare -A label=() logfile=()
failed=0
finish() {  # waits for one job and reports it
  local pid status=0
  wait -n -p pid || status=$?
  if [[ $status == 0 ]]; then
    echo "   ${label[$pid]}: $(grep -E '^\[  PASSED  \]' "${logfile[$pid]}" | tail -n 1)"
  else
    failed=1
    echo "error: ${label[$pid]} failed (exit $status, log: ${logfile[$pid]}):" >&2
    grep -E '^\[  FAILED  \]' "${logfile[$pid]}" | sort -u >&2 || true
    tail -n 60 "${logfile[$pid]}" >&2
  fi
  unset "label[$pid]"
}
for bin in "${binaries[@]}"; do
  for ((s = 0; s < shards; s++)); do
    while ((${#label[@]} >= jobs)); do finish; done
    log="$bin.shard$s.log"
    (cd "$(dirname "$bin")" &&
      GTEST_TOTAL_SHARDS=$shards GTEST_SHARD_INDEX=$s "./$(basename "$bin")" --gtest_brief=1 >"$log" 2>&1) &
    label[$!]="$(basename "$bin") shard $((s + 1))/$shards"
    logfile[$!]="$log"
  done
done
while ((${#label[@]} > 0)); do finish; done
echo "== GoogleTest executables of $build: $((SECONDS - start)) s"
exit "$failed"
