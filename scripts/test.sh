#!/usr/bin/env bash
# Installs the dependencies, builds warpscope and runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/ccache-env.sh
./scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j2
# The GoogleTest executables whole, in shards (scripts/run-gtests.sh says
# why); CTest runs everything else: the CLI scenario runs, the Qt and ImGui
# suites, the DAP client suite.
ctest --test-dir build --output-on-failure -j2 -LE '^gtest$'
./scripts/run-gtests.sh build
