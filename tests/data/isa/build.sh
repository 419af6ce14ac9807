#!/bin/bash
# Regenerates the sm_90 ISA matrix (README.md): probes the candidate forms
# with ptxas (cached in forms_sm90a.txt / rejected_sm90a.txt), writes the
# isa_*.cu kernels, their .plan files and forms.json, compiles every module
# to PTX, assembles each .ptx with ptxas for sm_90a and runs the static
# checks (sizes, bounds, every out word written once).
#
#   bash tests/data/isa/build.sh [--force-probe]
set -euo pipefail
cd "$(dirname "$0")"
[ -d /usr/local/cuda/bin ] && export PATH=/usr/local/cuda/bin:$PATH

nvcc --version | tail -2
ptxas --version | tail -1

python3 probe_forms.py ${1:+--force}
rm -f isa_*.cu isa_*.plan isa_*.ptx
python3 gen.py

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for cu in isa_*.cu; do
  m=${cu%.cu}
  nvcc -O3 -std=c++17 -arch=sm_90a -ptx "$m.cu" -o "$m.ptx"
  ptxas -arch=sm_90a "$m.ptx" -o "$tmp/$m.cubin"
  printf '%-12s %8d bytes of PTX, ptxas ok\n' "$m" "$(stat -c %s "$m.ptx")"
done
python3 check.py
