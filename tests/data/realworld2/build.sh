#!/bin/bash
# Regenerates the real-world corpus, batch 2: every MODULE.ptx from MODULE.cu with the
# exact nvcc command users run, a ptxas check of each PTX for sm_90a, the recording plans
# (gen_plans.py, also kept gzipped as MODULE.plan.gz) and the static plan checks
# (check_plans.py, with the recorder's --list).
#   bash tests/data/realworld2/build.sh
set -euo pipefail
cd "$(dirname "$0")"
CUDA=${CUDA:-/usr/local/cuda}
NVCC=$CUDA/bin/nvcc
PTXAS=$CUDA/bin/ptxas
for cu in *.cu; do
  m=${cu%.cu}
  echo "nvcc -O3 -std=c++17 -arch=sm_90a -ptx $cu -o $m.ptx"
  "$NVCC" -O3 -std=c++17 -arch=sm_90a -ptx "$cu" -o "$m.ptx"
  "$PTXAS" -arch=sm_90a "$m.ptx" -o /dev/null
  echo "  ptxas ok, $(grep -c '^\.visible \.entry' "$m.ptx") entries, $(wc -c < "$m.ptx") bytes"
done
python3 gen_plans.py
for p in *.plan; do gzip -9nkf "$p"; done
# The recorder only needs libcuda to start; without a driver, --list runs against the stub.
"$NVCC" -std=c++17 -O2 ../../hwrec/record.cu -o /tmp/ws_record -lcuda
if ! /tmp/ws_record --list tc_gemm.plan > /dev/null 2>&1; then
  mkdir -p /tmp/ws_cudastub
  ln -sf "$CUDA/lib64/stubs/libcuda.so" /tmp/ws_cudastub/libcuda.so.1
  export LD_LIBRARY_PATH=/tmp/ws_cudastub:${LD_LIBRARY_PATH:-}
fi
PTXAS=$PTXAS python3 check_plans.py /tmp/ws_record
