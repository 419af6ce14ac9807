#!/usr/bin/env bash
# Installs the dependencies, builds warpscope and runs it on the bundled
# default scenario (a red.async reduction across a 2-CTA cluster).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j2
d=scenarios/red-async-cluster
./build/app/cli/warpscope-cli run "$d/kernel.ptx" --entry pub_red_async_add --grid 2 --block 32 --cluster 2 \
  --buffer "$d/in.json" --buffer "$d/out.json" "$@"
