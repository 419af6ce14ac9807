#!/usr/bin/env bash
# Installs everything warpscope needs to build, test and run on Debian 12.
# Safe to run again: apt skips what is already there.
set -euo pipefail
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
pkgs=(build-essential cmake ninja-build pkg-config ccache
      libgtest-dev libbenchmark-dev qt6-base-dev qt6-svg-dev libmd4c-dev libmd4c-html0-dev
      libimgui-dev libglfw3-dev libgl-dev libgl1-mesa-dri
      libtomlplusplus-dev nlohmann-json3-dev libcli11-dev libfmt-dev zlib1g-dev
      xvfb xauth xdotool
      clang libclang-rt-dev)  # the fuzz targets (scripts/fuzz.sh, scripts/fuzz-ci.sh): clang with libFuzzer
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The warpscope-dap end-to-end suite (tests/dap) drives the server with the
# DebugClient VS Code adapter authors use: Node (Debian's, when none is
# installed) and the pinned npm packages of tests/dap/package-lock.json.
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends nodejs npm
fi
(cd "$(dirname "$0")/../tests/dap" && npm ci --no-audit --no-fund --loglevel=error)
