#!/bin/bash
# Regenerates the warp-matrix test data and checks it (no GPU needed):
#   bash tests/data/tensor/build.sh           # gen.py, nvcc -> .ptx, ptxas check, recorder --list check
#   bash tests/data/tensor/build.sh --probe   # also re-asks ptxas which forms sm_90a accepts first
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cuda=${CUDA_HOME:-/usr/local/cuda}
cd "$here"
if [ "${1:-}" = "--probe" ]; then
  python3 probe_forms.py --ptxas "$cuda/bin/ptxas"
fi
python3 gen.py
modules="tc_ldst tc_mma tc_mma_int tc_wmma tc_numerics tc_lessons"
for m in $modules; do
  "$cuda/bin/nvcc" -O3 -std=c++17 -arch=sm_90a -ptx "$m.cu" -o "$m.ptx"
  "$cuda/bin/ptxas" -arch=sm_90a "$m.ptx" -o "/tmp/ws_tensor_$m.cubin"
  size=$(stat -c %s "$m.ptx")
  [ "$size" -lt 2500000 ] || { echo "$m.ptx is $size bytes (keep it under ~2 MB)"; exit 1; }
  echo "$m: $(grep -c '^\.visible \.entry' "$m.ptx") entries, ptx $size bytes, ptxas ok"
done
# The plans must name exactly the module's entries, and the recorder must parse them.
"$cuda/bin/nvcc" -std=c++17 -O2 ../../hwrec/record.cu -o /tmp/ws_tensor_record -lcuda
# Without a driver (no GPU here) --list still works against the stub libcuda: it calls no cu* function.
if ! /tmp/ws_tensor_record --list tc_lessons.plan > /dev/null 2>&1; then
  mkdir -p /tmp/ws_tensor_stub
  ln -sf "$cuda/lib64/stubs/libcuda.so" /tmp/ws_tensor_stub/libcuda.so.1
  export LD_LIBRARY_PATH=/tmp/ws_tensor_stub${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
fi
for m in $modules; do
  /tmp/ws_tensor_record --list "$m.plan" | sort > /tmp/ws_tensor_plan.txt
  grep '^\.visible \.entry' "$m.ptx" | sed 's/.*\.entry \([A-Za-z0-9_]*\).*/\1/' | sort > /tmp/ws_tensor_ptx.txt
  diff /tmp/ws_tensor_plan.txt /tmp/ws_tensor_ptx.txt > /dev/null || { echo "$m: plan and ptx entries differ"; diff /tmp/ws_tensor_plan.txt /tmp/ws_tensor_ptx.txt; exit 1; }
  echo "$m.plan: $(wc -l < /tmp/ws_tensor_plan.txt) tests listed by the recorder"
done
python3 check.py
