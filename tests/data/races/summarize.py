"""What the H200 wrote, run by run: for every kernel of a recording (the
golden format of tests/hwrec), how many runs gave which result, and for a
buggy kernel how many runs agree with its correct twin.
    python3 summarize.py golden-races.json.gz        -> a markdown table
    python3 summarize.py --lesson REC.json OUT.json  -> a lesson's hw-h200.json"""
import collections
import gzip
import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))


def load(path):
    return json.load(gzip.open(path) if path.endswith(".gz") else open(path))


def outcomes(test):
    """[(out words, runs that gave them)], most frequent first."""
    outs = test.get("outs", [test["out"]] * test["runs"])
    return [(json.loads(k), n) for k, n in collections.Counter(json.dumps(o) for o in outs).most_common()]


def table(doc):
    manifest = {k["entry"]: k for k in json.load(open(os.path.join(here, "manifest.json")))["kernels"]}
    tests = {t["name"]: t for t in doc["tests"]}
    print("| kernel | expected diagnostic | runs | H200 results |")
    print("|---|---|---|---|")
    for name, t in tests.items():
        k = manifest[name]
        res = outcomes(t)
        twins = [m["entry"] for m in manifest.values() if m.get("twin_of") == name and not m["expect"]]
        if twins:
            right = tests[twins[0]]["out"]
            same = sum(n for o, n in res if o == right)
            text = "%d of %d runs as the twin `%s`; %d wrong (%d distinct results)" % (
                same, t["runs"], twins[0], t["runs"] - same, len([1 for o, _ in res if o != right]))
        else:
            text = "all runs equal" if len(res) == 1 else "%d distinct results" % len(res)
        print("| `%s` | %s | %d | %s |" % (name, k["expect"] or "none", t["runs"], text))


def lesson(rec, dest):
    doc = load(rec)
    out = {"device": doc["device"], "recorded": "tests/hwrec/record.cu from kernel.plan (tests/data/races/README.md)"}
    for t in doc["tests"]:
        out[t["name"]] = {"in": t["in"], "runs": t["runs"],
                          "results": [{"runs": n, "out": o} for o, n in outcomes(t)]}
    with open(dest, "w") as f:
        json.dump(out, f)
        f.write("\n")


if sys.argv[1] == "--lesson":
    lesson(sys.argv[2], sys.argv[3])
else:
    table(load(sys.argv[1]))
