#!/bin/bash
# Local build of one case folder: kernel.ptx (nvcc -ptx, checked by ptxas), the host binary, and the
# input files the scenario reads (./bin --inputs). Usage: make.sh <case dir>...
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
for d in "$@"; do
  (
    cd "$d" || exit 1
    $NVCC -O3 -std=c++17 -arch=sm_90a -ptx kernel.cu -o kernel.ptx 2> build.log || { echo "FAIL ptx $d"; cat build.log; exit 1; }
    /usr/local/cuda/bin/ptxas -arch=sm_90a -v kernel.ptx -o /dev/null 2>> build.log || { echo "FAIL ptxas $d"; cat build.log; exit 1; }
    $NVCC -std=c++17 -gencode arch=compute_90a,code=sm_90a -O3 -o /tmp/hc-bin-$$ kernel.cu -L/usr/local/cuda/lib64/stubs -lcuda 2>> build.log || { echo "FAIL bin $d"; cat build.log; exit 1; }
    LD_LIBRARY_PATH=/tmp/hc-stub /tmp/hc-bin-$$ --inputs > /tmp/hc-in-$$.json || { echo "FAIL inputs $d"; exit 1; }
    python3 - /tmp/hc-in-$$.json <<'PY'
import json, sys
for k, v in json.load(open(sys.argv[1])).items():
    open(k + '.json', 'w').write(json.dumps(v) + '\n')
PY
    rm -f /tmp/hc-bin-$$ /tmp/hc-in-$$.json
    echo "ok $d"
  )
done
