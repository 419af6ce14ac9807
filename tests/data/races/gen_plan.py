"""Writes the recording plan of races.ptx from manifest.json (tests/hwrec):
    python3 gen_plan.py [OUT_DIR]            -> OUT_DIR/races.plan
    python3 gen_plan.py OUT_DIR LESSON_DIR   -> OUT_DIR/kernel.plan for the lesson's kernel.ptx,
                                                whose entries are named as in the manifest
in = words 1..N, out = N zeros, as tests/core/race_corpus_test.cpp launches them."""
import json
import os
import re
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "hwrec"))
from plan import Plan  # noqa: E402


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else here
    manifest = json.load(open(os.path.join(here, "manifest.json")))
    ptx, name = os.path.join(here, manifest["module"]), "races"
    if len(sys.argv) > 2:
        ptx, name = os.path.join(sys.argv[2], "kernel.ptx"), "kernel"
    entries = set(re.findall(r"^\.visible \.entry (\w+)\(", open(ptx).read(), re.M))
    plan = Plan()
    for k in manifest["kernels"]:
        if k["entry"] not in entries:
            continue
        note = "expect " + (k["expect"] or "nothing")
        plan.add(k["entry"], [i + 1 for i in range(k["in"])], [0] * k["out"], grid=k["grid"], block=k["block"],
                 cluster=k["cluster"], runs=manifest["runs"], note=note)
    plan.write(os.path.join(out_dir, name + ".plan"))


main()
