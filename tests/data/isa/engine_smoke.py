#!/usr/bin/env python3
"""Runs every entry of the ISA matrix through warpscope-cli (no GPU) as a
smoke test of the test data: each entry is cut out of its module into its
own PTX file (the engine refuses a whole module when one instruction in it is
unknown), launched with its plan's in/out words in hardware mode, and
checked for faults (out-of-bounds accesses are diagnostics) and for out
words the kernel left at their sentinel. It says nothing about whether the
engine's results are right: that is what the H100 recording is for.

    python3 engine_smoke.py PATH/TO/warpscope-cli [MODULE ...]
"""
import json
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))


def read_plan(path):
    tests, cur = [], None
    for l in open(path):
        p = l.split()
        if not p:
            continue
        if p[0] == "test":
            cur = {"name": p[1]}
        elif p[0] == "block":
            cur["block"] = int(p[1])
        elif p[0] in ("in", "out"):
            cur[p[0]] = [int(x, 16) for x in p[2:]]
        elif p[0] == "end":
            tests.append(cur)
    return tests


def split_ptx(path):
    s = open(path).read()
    starts = {m.group(1): m.start() for m in re.finditer(r"\.visible \.entry (\w+)\(", s)}
    names = sorted(starts, key=starts.get)
    head = s[:starts[names[0]]]
    ends = [starts[n] for n in names[1:]] + [len(s)]
    return {n: head + s[starts[n]:e] for n, e in zip(names, ends)}


def run(cli, wd, t, ptx):
    d = os.path.join(wd, t["name"])
    os.makedirs(d)
    for fn, data in (("k.ptx", ptx), ("in.json", json.dumps(t["in"])), ("out.json", json.dumps(t["out"]))):
        with open(os.path.join(d, fn), "w") as fh:
            fh.write(data)
    r = subprocess.run([cli, "run", d + "/k.ptx", "--entry", t["name"], "--block", str(t["block"]), "--buffer", d + "/in.json",
                        "--buffer", d + "/out.json", "--json", "--mode", "hardware"], capture_output=True, text=True)
    if not r.stdout.strip().startswith("{"):
        errs = [l.split("error: ", 1)[-1] for l in r.stderr.splitlines() if "error" in l]
        return t["name"], "not parsed", errs
    j = json.loads(r.stdout)
    out = j["buffers"][1]["words"]
    left = sum(1 for i, w in enumerate(out) if w == (0xCDCD0000 | (i & 0xFFFF)))
    kinds = sorted(set("%s: %s" % (x["kind"], x["message"][:80]) for x in j["diagnostics"]))
    return t["name"], "%s, %d words unwritten" % (j["stop"], left), kinds


def main():
    cli = sys.argv[1]
    mods = sys.argv[2:] or sorted(f[:-5] for f in os.listdir(HERE) if f.endswith(".plan"))
    jobs = []
    for m in mods:
        ptx = split_ptx(os.path.join(HERE, m + ".ptx"))
        jobs += [(t, ptx[t["name"]]) for t in read_plan(os.path.join(HERE, m + ".plan"))]
    with tempfile.TemporaryDirectory() as wd, ThreadPoolExecutor(os.cpu_count() or 2) as ex:
        res = list(ex.map(lambda j: run(cli, wd, *j), jobs))
    unparsed = Counter()
    for name, st, info in res:
        if st == "not parsed":
            unparsed.update(set(info))
            continue
        if st != "finished, 0 words unwritten" or info:
            print("%-32s %s  %s" % (name, st, " | ".join(info)[:300]))
    n = sum(1 for _, st, _ in res if st != "not parsed")
    print("ran %d entries, %d not parsed by the engine" % (n, len(res) - n))
    for k, v in unparsed.most_common():
        print("  %3d x %s" % (v, k[:150]))


if __name__ == "__main__":
    main()
