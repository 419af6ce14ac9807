#!/usr/bin/env python3
"""Prints the evidence table of docs/hardware-mode.md from the recorded matrix
(tests/data/hwmode: cases.json, golden-*.json.gz, outcomes.json). Paste its
output between the table markers of the doc; tests/core/hwmode_doc_test.cpp
checks every row's counts against the data, so the doc cannot drift.

    python3 scripts/hwmode_table.py > /tmp/table.md
"""
import glob
import gzip
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
D = os.path.join(HERE, "..", "tests", "data", "hwmode")

# What the H100 does, per misuse kind (prose; the counts come from the data).
WHAT = {
    "def_full": "defined result",
    "def_part": "defined result; the side with fewer lanes runs first (rule S)",
    "a_all": "no fault; every executing lane combines the lanes that passed the same mask, all 32 (rule P)",
    "a_extra": "vote/match/redux: illegal instruction (rule F2); shfl/bar.warp.sync/elect run over the executing lanes",
    "a_disjoint": "illegal instruction (rule F1)",
    "b_exit": "exited members are not waited for; a shfl source that exited reads 0 with p as the formula says",
    "b_late": "the lanes wait until the missing members exit, then run over the live ones",
    "c_split": "each mask group runs as its own collective, in one step",
    "c_super": "lanes whose mask names lanes passing another mask wait until those exit (rule W)",
    "c_rand": "hangs: every lane waits for lanes passing another mask (rule W, H)",
    "d_inactive": "a source that does not execute the shfl reads 0",
    "d_outside": "a source outside the reader's mask that executes it hands over its value",
    "d_exited": "an exited source reads 0",
    "b_other": "vote/match/redux: hang; shfl.idx: illegal instruction; shfl.up: illegal address; others: values from "
               "a collective the two instructions run together (rule X2: as ptxas lowered them, not determined by the "
               "PTX)",
    "b_mode": "vote/match/redux: illegal address; shfl: values from the joint instruction (rule X2: as ptxas lowered "
              "them, not determined by the PTX)",
    "b_site": "one collective across both call sites; the last lane group to arrive runs on first",
    "b_join": "no hang: the lanes at the join go on and exit, then the collective runs over the lanes that came",
    "b_site_join": "one collective across both call sites",
    "b_iter": "one collective for lanes in different iterations; the lanes leaving the loop do not wait",
    "b_trip": "no hang: the lanes that left the loop exit; a source among them reads 0",
    "b_spin": "hangs (the watchdog trapped)",
    "am_full": "defined", "am_part": "defined", "am_exit": "defined", "am_spin": "defined",
    "am_wait": "the ballot waits until the members that never execute it exit",
}
KIND_ORDER = ["def_full", "def_part", "a_all", "a_extra", "a_disjoint", "b_exit", "b_late", "b_join", "b_site_join",
              "b_iter", "b_trip", "b_spin", "b_other", "b_mode", "b_site", "c_split", "c_super", "c_rand",
              "d_inactive", "d_outside", "d_exited", "am_full", "am_part", "am_exit", "am_spin", "am_wait"]


def main():
    cases = json.load(open(os.path.join(D, "cases.json")))["tests"]
    gold = {}
    for f in glob.glob(os.path.join(D, "golden-*.json.gz")):
        for t in json.load(gzip.open(f))["tests"]:
            gold[t["name"]] = t
    outcomes = json.load(open(os.path.join(D, "outcomes.json")))
    rows = {}
    for c in cases:
        key = (c["kind"], c["group"])
        r = rows.setdefault(key, dict(tests=0, recorded=0, fault=0, hang=0, varies=0, names=[]))
        r["tests"] += 1
        r["names"].append(c["name"])
        o = outcomes.get(c["name"])
        if o is None:
            r["recorded"] += 1
            r["varies"] += 1 if gold[c["name"]].get("runs_differ") else 0
        elif o["outcome"] == "hang" or (c["watchdog"] and o["detail"] == "unspecified launch failure"):
            r["hang"] += 1
        else:
            r["fault"] += 1
    print("| kind | instruction | tests | recorded | fault | hang | varies | what the H100 does |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for kind in KIND_ORDER:
        for (k, g), r in sorted(rows.items(), key=lambda kv: kv[0][1]):
            if k != kind:
                continue
            print("| `%s` | %s | %d | %d | %d | %d | %d | %s |" % (k, g, r["tests"], r["recorded"], r["fault"], r["hang"],
                                                                 r["varies"], WHAT[k]))


if __name__ == "__main__":
    main()
