#!/usr/bin/env bash
# Runs a command under a private Xvfb: with-xvfb.sh [-s WxHxD] COMMAND [ARGS...]
# The X server picks a free display itself and reports it (-displayfd), so
# commands started at the same time (ctest -j) never race for a display
# number, as two `xvfb-run -a` can. The server goes when the command ends;
# the command's exit status is returned.
set -uo pipefail
screen=1600x1000x24
if [ "${1:-}" = -s ]; then screen=$2; shift 2; fi
[ $# -gt 0 ] || { echo "usage: with-xvfb.sh [-s WxHxD] COMMAND [ARGS...]" >&2; exit 2; }
command -v Xvfb >/dev/null || { echo "with-xvfb.sh: Xvfb is not installed (scripts/install-deps.sh installs it)" >&2; exit 2; }
dir=$(mktemp -d)
mkfifo "$dir/display"
# -noreset: a client connecting while another leaves is not refused.
Xvfb -displayfd 3 -screen 0 "$screen" -nolisten tcp -noreset 3>"$dir/display" >/dev/null 2>&1 &
server=$!
display=""
read -r -t 30 display <"$dir/display"
rm -rf "$dir"
if [ -z "$display" ]; then
  echo "with-xvfb.sh: Xvfb did not start" >&2
  kill "$server" 2>/dev/null
  exit 2
fi
DISPLAY=":$display" "$@"
rc=$?
kill "$server" 2>/dev/null
wait "$server" 2>/dev/null
exit $rc
