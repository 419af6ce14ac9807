#!/usr/bin/env bash
# Builds the benchmarks in a Release tree, runs them (Google Benchmark, and
# the same block reduction in Oclgrind) and prints every figure beside its
# target. Usage: bench/run.sh [-r REPETITIONS] [-o OUTDIR] [-q]
#   -r  Google Benchmark repetitions (median reported; default 3)
#   -o  where the raw results go (default build-rel/bench-results)
#   -q  quick: one repetition, no Oclgrind run
# Timings are CPU time of the benchmark thread unless a row says otherwise:
# the machines this runs on are shared, and wall clock is printed beside it.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${WS_BENCH_BUILD:-build-rel}
REPS=3
OUT=""
QUICK=0
while getopts "r:o:q" opt; do
  case $opt in
    r) REPS=$OPTARG ;;
    o) OUT=$OPTARG ;;
    q) QUICK=1; REPS=1 ;;
    *) sed -n '2,9p' "$0"; exit 2 ;;
  esac
done
OUT=${OUT:-$BUILD/bench-results}

# What the benchmarks need beyond scripts/install-deps.sh's build tools.
need=()
command -v oclgrind >/dev/null || need+=(oclgrind)
[ -f /usr/include/CL/cl.h ] || need+=(opencl-headers)
[ -e /usr/lib/x86_64-linux-gnu/libOpenCL.so ] || [ -e /usr/lib/aarch64-linux-gnu/libOpenCL.so ] || need+=(ocl-icd-opencl-dev)
dpkg-query -W -f='${Status}' libbenchmark-dev 2>/dev/null | grep -q "install ok installed" || need+=(libbenchmark-dev)
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  echo "bench/run.sh: installing ${need[*]}" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}"
fi

if [ -f "$BUILD/CMakeCache.txt" ]; then
  cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DWS_BUILD_BENCH=ON >/dev/null
else  # a fresh tree: the engine and views only (front ends build their own benchmark modes)
  cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DWS_BUILD_BENCH=ON -DWS_BUILD_QT=OFF -DWS_BUILD_IMGUI=OFF >/dev/null
fi
ninja -C "$BUILD" -j"${WS_BENCH_JOBS:-2}" ws_bench $(ninja -C "$BUILD" -t targets all | grep -q '^ws_oclgrind_host:' && echo ws_oclgrind_host)
mkdir -p "$OUT"

"$BUILD/bench/ws_bench" --benchmark_repetitions="$REPS" --benchmark_report_aggregates_only="$([ "$REPS" -gt 1 ] && echo true || echo false)" \
  --benchmark_out="$OUT/ws_bench.json" --benchmark_out_format=json

rm -f "$OUT/oclgrind.txt"
if [ "$QUICK" -eq 0 ] && [ -x "$BUILD/bench/ws_oclgrind_host" ] && command -v oclgrind >/dev/null; then
  echo "bench/run.sh: the block reduction in Oclgrind (single thread, $REPS runs)..." >&2
  OCLGRIND_NUM_THREADS=1 oclgrind "$BUILD/bench/ws_oclgrind_host" bench/oclgrind/block_reduce.cl 1024 "$REPS" >"$OUT/oclgrind.txt"
fi

# The front ends' own frame benchmarks (one step per frame through the
# default lesson, the whole window drawn every frame), from this tree or,
# when it has no front ends, from the README's build/.
FRAMES=${WS_BENCH_FRAMES:-600}
LESSON=scenarios/red-async-cluster/scenario.toml
frontend() {  # name binary [launcher...] -- [arguments...]
  local name=$1 bin=$2
  shift 2
  local launcher=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do launcher+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  rm -f "$OUT/$name.txt"
  if [ -x "$bin" ]; then
    echo "bench/run.sh: $name front end, $FRAMES frames..." >&2
    "${launcher[@]}" "$bin" --benchmark-frames "$FRAMES" "$@" >"$OUT/$name.txt" 2>&1 || echo "exit status $?" >>"$OUT/$name.txt"
  fi
}
fe_build() { if [ -x "$BUILD/app/$1" ]; then echo "$BUILD/app/$1"; else echo "build/app/$1"; fi; }
XVFB=()
command -v xvfb-run >/dev/null && XVFB=(xvfb-run -a -s "-screen 0 1600x1000x24")
frontend qt "$(fe_build qt/warpscope)" env QT_QPA_PLATFORM=offscreen -- --no-settings "$LESSON"
frontend imgui "$(fe_build imgui/warpscope-imgui)" "${XVFB[@]}" -- "$LESSON"

python3 bench/report.py "$OUT"
