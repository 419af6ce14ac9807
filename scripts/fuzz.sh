#!/usr/bin/env bash
# Runs the libFuzzer targets (fuzz/) one after the other, each for SECONDS
# (default 60; `scripts/fuzz.sh 1800` is the full run), and prints executions
# and findings per target. Exit status 1 if any target found something.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]      TARGET: ptx scenario engine (default: all)
#   scripts/fuzz.sh --package DIR              build, then copy binaries, shared libraries,
#                                              seed corpora, dictionaries and this script to DIR
#   scripts/fuzz.sh --build                    build the fuzz_* binaries only ($WS_FUZZ_BUILD/fuzz/)
#
# Environment:
#   WS_FUZZ_BUILD   build directory (default build-fuzz); configured with clang++ and -DWS_FUZZ=ON
#   WS_FUZZ_BIN     directory holding prebuilt fuzz_* binaries (a --package directory): skips the build
#   WS_FUZZ_WORK    corpora and findings (default $WS_FUZZ_BUILD/fuzz-work, or DIR/work in a package)
#   WS_FUZZ_FORKS   libFuzzer -fork=N worker processes per target (default: one process, -jobs=1 style)
#   WS_FUZZ_RSS_MB  memory limit per process (default 2048)
#
# An input slower than libFuzzer's report threshold (10 s) is saved as
# slow-unit-* beside them and counted apart: it is no failure (an input over
# -timeout=10 is, as timeout-*), but a place to look for slow paths.
# A finding is saved under $WS_FUZZ_WORK/findings/TARGET/ (crash-*, timeout-*,
# leak-*, oom-*). Reproduce it with `fuzz_TARGET FILE`; once fixed, copy it to
# tests/data/fuzz-regressions/TARGET/ so the normal test suite replays it.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [[ -f "$here/fuzz-corpus.py" && -d "$here/../fuzz" ]]; then root="$(cd "$here/.." && pwd)"; else root=""; fi

targets_all=(ptx scenario engine)
declare -A max_len=([ptx]=131072 [scenario]=65536 [engine]=32768)
declare -A dict=([ptx]=ptx.dict [scenario]=toml.dict [engine]=ptx.dict)

build() {
  local dir="$1"
  cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
    -DWS_FUZZ=ON -DWS_BUILD_TESTS=OFF -DWS_BUILD_QT=OFF -DWS_BUILD_IMGUI=OFF >/dev/null
  ninja -C "$dir" -j"${WS_FUZZ_BUILD_JOBS:-2}" fuzz_ptx fuzz_scenario fuzz_engine
}

if [[ "${1:-}" == "--build" ]]; then
  [[ -n "$root" ]] || { echo "--build runs from a source tree" >&2; exit 2; }
  build "${WS_FUZZ_BUILD:-$root/build-fuzz}"
  exit 0
fi

if [[ "${1:-}" == "--package" ]]; then
  [[ -n "$root" ]] || { echo "--package runs from a source tree" >&2; exit 2; }
  pkg="${2:?usage: scripts/fuzz.sh --package DIR}"
  bdir="${WS_FUZZ_BUILD:-$root/build-fuzz}"
  build "$bdir"
  mkdir -p "$pkg/lib"
  for t in "${targets_all[@]}"; do cp "$bdir/fuzz/fuzz_$t" "$pkg/"; done
  # The libraries that are not part of a base system travel along (fmt, toml++).
  ldd "$bdir/fuzz/fuzz_engine" | awk '/=> \// {print $3}' | grep -E 'libfmt|libtomlplusplus' | xargs -r -I{} cp -L {} "$pkg/lib/"
  "$root/scripts/fuzz-corpus.py" "$pkg/seed" >/dev/null
  cp "$root/scripts/fuzz.sh" "$pkg/"
  echo "packaged in $pkg: run '$pkg/fuzz.sh 1800' there (WS_FUZZ_FORKS=N to use N cores per target)"
  exit 0
fi

seconds="${1:-60}"
shift || true
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=("${targets_all[@]}")

if [[ -n "${WS_FUZZ_BIN:-}" ]] || [[ -z "$root" ]]; then
  bin="${WS_FUZZ_BIN:-$here}"
  work="${WS_FUZZ_WORK:-$bin/work}"
  seed="$bin/seed"
  export LD_LIBRARY_PATH="$bin/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
else
  bdir="${WS_FUZZ_BUILD:-$root/build-fuzz}"
  build "$bdir"
  bin="$bdir/fuzz"
  work="${WS_FUZZ_WORK:-$bdir/fuzz-work}"
  seed="$work/seed"
  "$root/scripts/fuzz-corpus.py" "$seed"
fi

status=0
summary=()
for t in "${targets[@]}"; do
  exe="$bin/fuzz_$t"
  [[ -x "$exe" ]] || { echo "no fuzzer binary $exe" >&2; exit 2; }
  mkdir -p "$work/corpus/$t" "$work/findings/$t"
  log="$work/$t.log"
  par=()
  [[ -n "${WS_FUZZ_FORKS:-}" ]] && par=(-fork="$WS_FUZZ_FORKS" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  echo "== fuzz_$t for ${seconds}s (log: $log)"
  before=$(find "$work/findings/$t" -type f ! -name 'slow-unit-*' | wc -l)
  slow_before=$(find "$work/findings/$t" -type f -name 'slow-unit-*' | wc -l)
  set +e
  ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}" UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}" \
    "$exe" "$work/corpus/$t" "$seed/$t" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb="${WS_FUZZ_RSS_MB:-2048}" -max_len="${max_len[$t]}" -dict="$seed/${dict[$t]}" \
    -artifact_prefix="$work/findings/$t/" -print_final_stats=1 "${par[@]}" >"$log" 2>&1
  rc=$?
  set -e
  after=$(find "$work/findings/$t" -type f ! -name 'slow-unit-*' | wc -l)
  slow=$(($(find "$work/findings/$t" -type f -name 'slow-unit-*' | wc -l) - slow_before))
  # The counters come from libFuzzer's final stats (or its last status line).
  execs=$( (grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" || true) | awk '{s+=$2} END {print s+0}')
  if [[ "$execs" == 0 ]]; then execs=$( (grep -oE '^#[0-9]+' "$log" || true) | tail -1 | tr -d '#'); fi
  rate=$( (grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" || true) | tail -1 | awk '{print $2}')
  cov=$( (grep -oE 'cov: [0-9]+' "$log" || true) | tail -1 | awk '{print $2}')
  corpus=$(find "$work/corpus/$t" -type f | wc -l)
  found=$((after - before))
  if [[ $rc -ne 0 || $found -gt 0 ]]; then
    status=1
    echo "   FINDING (exit $rc): $(grep -m1 -E 'ERROR|invariant broken|runtime error|SUMMARY' "$log" || true)"
    find "$work/findings/$t" -type f ! -name 'slow-unit-*' \( -newer "$log" -o -cnewer "$log" \) 2>/dev/null | sort -u |
      sed 's/^/   /'
  fi
  summary+=("$(printf '%-9s %6ss %12s execs %8s/s  cov %-6s corpus %-6s findings %s  slow units %s' "$t" "$seconds" "${execs:-?}" \
    "${rate:-?}" "${cov:-?}" "$corpus" "$found" "$slow")")
done
echo
echo "== summary"
printf '%s\n' "${summary[@]}"
exit $status
