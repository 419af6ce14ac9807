#!/usr/bin/env bash
# Records the probe kernels on a GPU machine (README.md): the SASS of each
# module and, per kernel, two launches in their own processes.
# Usage: record.sh OUTDIR [MODULE.ptx ...]   (default: f2_probe2.ptx); then
# to_golden.py OUTDIR > recorded.json, and sass-summary.txt from the .sass
# files (the lines of BRA.DIV, WARPSYNC, VOTE, REDUX, MATCH, BSSY/BSYNC, EXIT).
set -euo pipefail
cd "$(dirname "$0")"
out=$1; shift
mods=("${@:-f2_probe2.ptx}")
mkdir -p "$out"
nvcc -O2 -o "$out/rec_launch" ../../printf/rec_launch.cu -lcuda
for m in "${mods[@]}"; do
  base=${m%.ptx}
  ptxas -arch=sm_90a "$m" -o "$out/$base.cubin"
  cuobjdump -sass "$out/$base.cubin" > "$out/$base.sass"
  for k in $(grep -o '^\.visible \.entry [A-Za-z0-9_]*' "$m" | awk '{print $3}'); do
    for run in 1 2; do
      echo "== $base $k run $run" >> "$out/$base.runs"
      timeout 60 "$out/rec_launch" "$m" "$k" 1 64 in.json 512 >> "$out/$base.runs" || true
    done
  done
done
