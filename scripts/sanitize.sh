#!/usr/bin/env bash
# The whole suite under AddressSanitizer + UBSan (build-asan), then the
# determinism check: every bundled scenario and hardware-golden kernel must
# trace to the same hashes in the normal build (build/, from scripts/test.sh),
# the sanitizer build, and Debug and Release builds of the CLI.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/ccache-env.sh
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-/tmp/runtime-$(id -u)}"
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
start=$SECONDS
# Sanitizers. -O1 keeps the instrumented build and run reasonably fast.
asan_start=$SECONDS
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" \
  -DWS_SANITIZE=ON -DWS_BUILD_QT=OFF -DWS_BUILD_IMGUI=OFF
cmake --build build-asan -j2
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export LSAN_OPTIONS="suppressions=$PWD/.ci/lsan.supp:print_suppressions=0"
# As scripts/test.sh: the GoogleTest executables whole, in shards (an
# instrumented process per test would spend most of its time starting), and
# CTest for the rest (the CLI scenario runs and the other checks).
ctest --test-dir build-asan --output-on-failure -j2 -LE '^gtest$'
./scripts/run-gtests.sh build-asan
echo "== sanitizer suite: $((SECONDS - asan_start)) s"

# Determinism across builds.
det_start=$SECONDS
for cfg in Debug Release; do
  dir="build-$(echo "$cfg" | tr '[:upper:]' '[:lower:]')-cli"
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE="$cfg" -DWS_BUILD_QT=OFF -DWS_BUILD_IMGUI=OFF -DWS_BUILD_TESTS=OFF >/dev/null
  cmake --build "$dir" -j2 --target warpscope-cli
done
builds=(build build-asan build-debug-cli build-release-cli)
for b in "${builds[@]}"; do ./scripts/trace-hashes.py "$b/app/cli/warpscope-cli" >"$b/trace-hashes.txt"; done
for b in "${builds[@]:1}"; do
  if ! diff -u build/trace-hashes.txt "$b/trace-hashes.txt"; then
    echo "error: build/ and $b/ trace differently (diff above)" >&2
    exit 1
  fi
done
if grep -q "no-output" build/trace-hashes.txt; then
  echo "error: some inputs produced no trace:" >&2
  grep "no-output" build/trace-hashes.txt >&2
  exit 1
fi
echo "== determinism: $(wc -l <build/trace-hashes.txt) inputs trace identically in ${builds[*]} ($((SECONDS - det_start)) s)"
echo "== sanitize.sh: $((SECONDS - start)) s in all"
