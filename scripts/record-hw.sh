#!/usr/bin/env bash
# Records what a real GPU computes for every bundled lesson compiled from
# CUDA: builds scenarios/<lesson>/kernel.cu (its host main prints the final
# buffers as JSON) and keeps the output as scenarios/<lesson>/hw-h100.json,
# or hw-h200.json on an H200 (the same GH100 chip; the tests replay both).
# Run on a machine with an H100 or H200 and nvcc.
#   scripts/record-hw.sh [OUT_DIR] [LESSON...]   (default: every lesson,
#   written beside each kernel.cu)
set -uo pipefail
cd "$(dirname "$0")/.."
out="${1:-}"
[ $# -gt 0 ] && shift
only=" $* "
nvcc="${NVCC:-nvcc}"
command -v "$nvcc" >/dev/null || nvcc=/usr/local/cuda/bin/nvcc
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
echo "GPU: ${gpu:-none found}"
case "$gpu" in *H200*) file=hw-h200.json ;; *) file=hw-h100.json ;; esac
status=0
for cu in scenarios/*/kernel.cu; do
  dir=$(dirname "$cu"); lesson=$(basename "$dir")
  [ "$only" != "  " ] && [[ "$only" != *" $lesson "* ]] && continue
  bin=$(mktemp)
  if ! "$nvcc" -std=c++17 -arch=sm_90a -o "$bin" "$cu" 2>"$bin.log"; then
    echo "FAIL build $lesson"; cat "$bin.log"; status=1; continue
  fi
  dest="$dir/$file"
  [ -n "$out" ] && { mkdir -p "$out/$lesson"; dest="$out/$lesson/$file"; }
  if timeout 60 "$bin" >"$dest.tmp" 2>"$bin.log" && python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$dest.tmp"; then
    mv "$dest.tmp" "$dest"; echo "ok   $lesson"
  else
    echo "FAIL run $lesson"; cat "$bin.log"; rm -f "$dest.tmp"; status=1
  fi
  rm -f "$bin" "$bin.log"
done
exit $status
