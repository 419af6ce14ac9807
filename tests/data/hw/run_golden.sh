#!/bin/bash
# Runs every family of hardware-golden kernels on the GPU of this machine.
#   bash tests/data/hw/run_golden.sh DEST [FAMILY...]   (default: all families)
# writes DEST/golden-<family>.json, per-family logs and summary.txt. A family whose
# whole run fails (fault, hang, load error) is re-run one test per process so that
# one bad test does not cost the others (DEST/part-<family>-<test>.json).
set -u
here=$(cd "$(dirname "$0")" && pwd)
dst=${1:-/tmp/hw-golden}
shift
fams=${*:-shfl vote match redux activemask atom red mbarrier redasync cgreduce diverge}
mkdir -p "$dst"
nvcc -std=c++17 -arch=sm_90a "$here/harness.cu" -o /tmp/hw_harness -lcuda || { echo "harness build failed" | tee -a "$dst/summary.txt"; exit 1; }
nvidia-smi > "$dst/nvidia-smi.txt" 2>&1
nvcc --version > "$dst/nvcc-version.txt" 2>&1
for f in $fams; do
  mod="$here/$f.ptx"
  start=$(date +%s%N)
  timeout 60 /tmp/hw_harness $f "$mod" > "$dst/golden-$f.json" 2> "$dst/$f.log"
  rc=$?
  if [ $rc -ne 0 ] && grep -q cuModuleLoad "$dst/$f.log"; then
    # driver JIT refused the PTX: fall back to a cubin made by this machine's ptxas
    ptxas -arch=sm_90a "$mod" -o /tmp/$f.cubin >> "$dst/$f.log" 2>&1 && mod=/tmp/$f.cubin
    echo "$f: PTX load failed, using cubin" >> "$dst/summary.txt"
    timeout 60 /tmp/hw_harness $f "$mod" > "$dst/golden-$f.json" 2>> "$dst/$f.log"
    rc=$?
  fi
  echo "$f whole-family rc=$rc time=$(( ($(date +%s%N) - start) / 1000000 ))ms" >> "$dst/summary.txt"
  if [ $rc -ne 0 ]; then
    for t in $(/tmp/hw_harness $f --list); do
      timeout 20 /tmp/hw_harness $f "$mod" $t > "$dst/part-$f-$t.json" 2>> "$dst/$f.log"
      echo "  $f $t rc=$?" >> "$dst/summary.txt"
    done
  fi
done
cat "$dst/summary.txt"
