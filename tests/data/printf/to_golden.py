#!/usr/bin/env python3
"""Turns what rec.cu printed on the GPU (recorded/run*.txt, recorded/assert.txt)
into golden-printf.json.gz in the layout of tests/hwrec's recordings, plus each
test's printed lines ("printed": run 1; "printed_runs": every run)."""
import gzip, json, pathlib

HERE = pathlib.Path(__file__).resolve().parent
NOTES = {
    "pf_formats": "every printf conversion, flag, width, precision and length; out[k] = what printf returned",
    "pf_lanes": "every lane prints; the two sides of a branch print different text; out[lane] = printf's return",
    "pf_blocks": "2 CTAs x 2 warps print before, between and after __syncthreads",
    "pf_loop": "printf in a loop with a per-lane trip count",
    "pf_returns": "what printf returns and prints for length modifiers, star widths, %p, %s of NULL, invalid specs",
    "pf_assert": "assert fails in lanes 0 and 5: their messages, then device-side assert triggered",
}


def parse(path):
    """{name: {"grid", "block", "in", "printed", "error", "out"}} of one run."""
    tests, cur = {}, None
    for line in path.read_text().split("\n"):
        if line.startswith("== end "):
            cur["error"] = line.split(": ", 1)[1]
        elif line.startswith("== out"):
            cur["out"] = [int(w, 16) for w in line.split()[2:]]
        elif line.startswith("== ") and " grid " in line:
            f = line.split()
            cur = {"grid": int(f[3]), "block": int(f[5]), "in": [int(w, 16) for w in f[7:]], "printed": []}
            tests[f[1]] = cur
        elif line.startswith("rc ") or cur is None:
            continue
        else:
            cur["printed"].append(line)
    return tests


def main():
    runs = [parse(HERE / "recorded" / f"run{i}.txt") for i in (1, 2, 3)]
    runs[0].update(parse(HERE / "recorded" / "assert.txt"))
    out = {"device": "NVIDIA H100 80GB HBM3", "sm": "90", "tests": []}
    for name, t in runs[0].items():
        # the text after the last newline is on the marker line's left
        test = {"name": name, "grid": t["grid"], "block": t["block"], "cluster": 0, "smem": 0,
                "runs": 1 if name == "pf_assert" else 3, "note": NOTES[name], "in": t["in"],
                "out_init": [0xCDCDCDCD] * 128, "printed": t["printed"], "error": t["error"]}
        if "out" in t:
            test["out"] = t["out"]
        others = [r[name]["printed"] for r in runs[1:] if name in r]
        if any(o != t["printed"] for o in others):
            test["printed_runs"] = [t["printed"]] + others
        out["tests"].append(test)
    with gzip.open(HERE / "golden-printf.json.gz", "wt") as f:
        json.dump(out, f)


if __name__ == "__main__":
    main()
