#!/usr/bin/env bash
# Installs the dependencies, builds warpscope and runs it on the bundled
# default scenario (a red.async reduction across a 2-CTA cluster).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j2
./build/app/cli/warpscope-cli run scenarios/red-async-cluster/scenario.toml "$@"
