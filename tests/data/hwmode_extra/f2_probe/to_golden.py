#!/usr/bin/env python3
"""Turns record.sh's *.runs files into recorded.json: per kernel, its module
and what the H100 did (the CUDA error, or the out words when it finished;
both runs must agree). Usage: to_golden.py RUNS_DIR > recorded.json"""
import glob
import json
import os
import sys

kernels = {}
for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.runs"))):
    module = os.path.basename(path)[:-len(".runs")]
    cur = None
    for line in open(path):
        if line.startswith("== ") and " run " in line:
            _, mod, name, _, run = line.split()
            cur = kernels.setdefault(name, {"module": mod, "runs": []})
            cur["runs"].append({})
        elif line.startswith("== end: "):
            cur["runs"][-1]["error"] = line[len("== end: "):].strip()
        elif line.startswith("== out"):
            cur["runs"][-1]["out"] = [int(w) for w in line.split()[2:]]
out = {}
for name, k in kernels.items():
    first = k["runs"][0]
    if any(r != first for r in k["runs"]):
        sys.exit(f"{name}: the runs differ")
    entry = {"module": k["module"], "runs": len(k["runs"])}
    if first["error"] == "no error":
        entry["out"] = first["out"]
    else:
        entry["error"] = first["error"]
    out[name] = entry
json.dump(out, sys.stdout)
print()
