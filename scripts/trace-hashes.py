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
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def trace(cli, args, cwd):
    p = subprocess.run([cli, "trace", *args, "--hash"], capture_output=True, text=True, timeout=600, cwd=cwd)
    lines = p.stdout.strip().splitlines()
    if not lines:
        return f"no-output exit={p.returncode} {p.stderr.strip().splitlines()[:1]}"
    end = json.loads(lines[-1])
    return f"{end.get('trace_hash')} {end.get('state_hash')} {end.get('stop')} {end.get('steps')}"


def golden_jobs():
    """(label, ptx path, test) for every recorded launch of tests/data."""
    for g in sorted(glob.glob("tests/data/**/golden*.json", recursive=True)):
        d = os.path.dirname(g)
        family = os.path.basename(g)[len("golden-"):-len(".json")]
        ptx = os.path.join(d, family + ".ptx")
        if not os.path.exists(ptx):
            ptx = os.path.join(d, "kernels.ptx")
        for t in json.load(open(g)).get("tests", []):
            yield f"{ptx}:{t['name']}", ptx, t


def trace_golden(cli, ptx, t, tmp):
    """One launch in its own directory, its files under the same names as
    every other's (k.ptx, in.json, out.json), so that the launches can run at
    once and still trace to the same hashes."""
    work = tempfile.mkdtemp(dir=tmp)
    shutil.copy(ptx, os.path.join(work, "k.ptx"))
    json.dump(t["in"], open(os.path.join(work, "in.json"), "w"))
    json.dump(t["out_init"], open(os.path.join(work, "out.json"), "w"))
    args = ["k.ptx", "--entry", t["name"], "--grid", str(t["grid"]), "--block", str(t["block"]),
            "--mode", "hardware", "--buffer", "in.json", "--buffer", "out.json"]
    if t.get("cluster", 0):
        args += ["--cluster", str(t["cluster"])]
    return trace(cli, args, work)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    cli = os.path.abspath(sys.argv[1])
    # Every path the CLI sees is relative, so traces name the same files in every build.
    os.chdir(ROOT)
    # The inputs run in parallel, one per core; the lines print in input order.
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        # Lessons are scenarios/<lesson>/*.toml; scenarios/course.toml is the course order.
        jobs = [(s, pool.submit(trace, cli, [s], ROOT)) for s in sorted(glob.glob("scenarios/*/*.toml"))]
        jobs += [(label, pool.submit(trace_golden, cli, ptx, t, tmp)) for label, ptx, t in golden_jobs()]
        for label, job in jobs:
            print(label, job.result(), flush=True)


if __name__ == "__main__":
    main()
