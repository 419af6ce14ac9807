#!/bin/bash
# Regenerates the hardware-mode matrix and checks it (no GPU needed):
#   bash tests/data/hwmode/build.sh
# 1. gen.py writes hwmode_common.cuh, hwmode_*.cu, hwmode_*.plan, cases.json, README.md
# 2. nvcc -O3 -std=c++17 -arch=sm_90a -ptx for every module
# 3. ptxas -arch=sm_90a accepts every .ptx
# 4. gen.py --check: every collective site in the PTX once, the instruction meant,
#    on the control-flow path meant
# 5. the recorder builds, lists every plan's tests, and the plans' sizes match cases.json
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cuda=${CUDA_HOME:-/usr/local/cuda}
nvcc=$cuda/bin/nvcc
ptxas=$cuda/bin/ptxas
cd "$here"
python3 gen.py
mods=$(ls hwmode_*.cu | sed 's/\.cu$//')
for m in $mods; do
  "$nvcc" -O3 -std=c++17 -arch=sm_90a -ptx "$m.cu" -o "$m.ptx"
  "$ptxas" -arch=sm_90a "$m.ptx" -o /tmp/hwmode_$m.cubin
  echo "$m: ptx ok, ptxas ok"
done
python3 gen.py --check
"$nvcc" -std=c++17 -O2 "$here/../../hwrec/record.cu" -o /tmp/hwmode_record -lcuda
# Without a driver (no libcuda.so.1) --list still runs against the toolkit's stub.
if ! /tmp/hwmode_record --list /dev/null >/dev/null 2>&1; then
  mkdir -p /tmp/hwmode_stub
  ln -sf "$cuda/lib64/stubs/libcuda.so" /tmp/hwmode_stub/libcuda.so.1
  export LD_LIBRARY_PATH=/tmp/hwmode_stub${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
fi
python3 - "$here" <<'PY'
import json, subprocess, sys
here = sys.argv[1]
cases = json.load(open(here + "/cases.json"))
by = {t["name"]: t for t in cases["tests"]}
n = 0
for mod, info in cases["modules"].items():
    listed = subprocess.run(["/tmp/hwmode_record", "--list", "%s/%s.plan" % (here, mod)], check=True,
                            capture_output=True, text=True).stdout.split()
    assert listed == info["tests"], (mod, listed, info["tests"])
    # sizes in the plan against the layout the kernels index with
    cur = None
    for line in open("%s/%s.plan" % (here, mod)):
        k = line.split()
        if not k:
            continue
        if k[0] == "test":
            cur = by[k[1]]
        elif k[0] == "in":
            assert int(k[1]) == cur["in_words"] == len(k) - 2, cur["name"]
        elif k[0] == "out":
            assert int(k[1]) == cur["out_words"] == len(k) - 2, cur["name"]
        elif k[0] == "block":
            assert int(k[1]) == cur["block"], cur["name"]
        elif k[0] == "runs":
            assert int(k[1]) == 5, cur["name"]
    n += len(listed)
print("recorder lists %d tests in %d plans; plan sizes match cases.json" % (n, len(cases["modules"])))
PY
