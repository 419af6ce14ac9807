#!/usr/bin/env bash
# Installs the dependencies, builds warpscope and opens it on the bundled
# default scenario (a red.async reduction across a 2-CTA cluster). Without a
# display (neither DISPLAY nor WAYLAND_DISPLAY set) it runs warpscope-cli on
# the same scenario instead and says so. WS_NO_INSTALL=1 skips the apt step.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/ccache-env.sh
[ "${WS_NO_INSTALL:-0}" = 1 ] || ./scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j2 --target warpscope-cli warpscope

scenario=scenarios/red-async-cluster/scenario.toml
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec ./build/app/qt/warpscope "$scenario" "$@"
fi
echo "run-default: no display (DISPLAY and WAYLAND_DISPLAY are unset), so running warpscope-cli on $scenario instead of the window" >&2
exec ./build/app/cli/warpscope-cli run "$scenario" "$@"
