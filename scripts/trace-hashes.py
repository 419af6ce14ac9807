#!/usr/bin/env python3
"""Prints `warpscope-cli trace --hash` for every bundled scenario
(scenarios/*/*.toml) and every hardware-golden kernel launch (tests/data,
each golden-*.json test on its .ptx with its in/out_init buffers, hardware
mode): one line per input, `LABEL TRACE_HASH STATE_HASH STOP STEPS`.

Two builds (say the normal and the sanitizer one) must print the same lines:
  scripts/trace-hashes.py build/app/cli/warpscope-cli > a.txt
  scripts/trace-hashes.py build-asan/app/cli/warpscope-cli > b.txt
  diff a.txt b.txt

The trace hash covers the step lines' text (their "step" counts from 1, as
the viewers do), so only CLIs of the same commit are comparable.
"""
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def trace(cli, args, cwd):
    p = subprocess.run([cli, "trace", *args, "--hash"], capture_output=True, text=True, timeout=600, cwd=cwd)
    lines = p.stdout.strip().splitlines()
    if not lines:
        return f"no-output exit={p.returncode} {p.stderr.strip().splitlines()[:1]}"
    end = json.loads(lines[-1])
    return f"{end.get('trace_hash')} {end.get('state_hash')} {end.get('stop')} {end.get('steps')}"


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    cli = os.path.abspath(sys.argv[1])
    # Every path the CLI sees is relative, so traces name the same files in every build.
    os.chdir(ROOT)
    # Lessons are scenarios/<lesson>/*.toml; scenarios/course.toml is the course order.
    for s in sorted(glob.glob("scenarios/*/*.toml")):
        print(s, trace(cli, [s], ROOT), flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        for g in sorted(glob.glob("tests/data/**/golden*.json", recursive=True)):
            d = os.path.dirname(g)
            family = os.path.basename(g)[len("golden-"):-len(".json")]
            ptx = os.path.join(d, family + ".ptx")
            if not os.path.exists(ptx):
                ptx = os.path.join(d, "kernels.ptx")
            shutil.copy(ptx, os.path.join(tmp, "k.ptx"))
            for t in json.load(open(g)).get("tests", []):
                json.dump(t["in"], open(os.path.join(tmp, "in.json"), "w"))
                json.dump(t["out_init"], open(os.path.join(tmp, "out.json"), "w"))
                args = ["k.ptx", "--entry", t["name"], "--grid", str(t["grid"]), "--block", str(t["block"]),
                        "--mode", "hardware", "--buffer", "in.json", "--buffer", "out.json"]
                if t.get("cluster", 0):
                    args += ["--cluster", str(t["cluster"])]
                print(f"{ptx}:{t['name']}", trace(cli, args, tmp), flush=True)


if __name__ == "__main__":
    main()
