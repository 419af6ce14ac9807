#!/usr/bin/env python3
"""recorded/coop.txt (rec_launch.cu's output for each kernel, 3 cooperative
runs each) -> golden-coop.json.gz in tests/hwrec's layout."""
import gzip, json, pathlib

HERE = pathlib.Path(__file__).resolve().parent
NOTES = {
    "grid_sync_count": "every thread counts itself in out[0]; grid.sync(); out[1 + rank] = the count (256)",
    "grid_reduce": "block sums into out[64 + block], grid.sync(), block 0 adds them into out[0], grid.sync(), "
                   "out[32 + block] = out[0]",
    "grid_info": "out[0..7]: is_valid, size, num_threads, num_blocks, block_rank, dim_blocks.x, block_index.x, "
                 "rank of threads 0-7; after grid.sync(), out[8 + rank] = block_rank * 1000 + rank",
}


def main():
    runs = {}
    name = None
    for line in (HERE / "recorded" / "coop.txt").read_text().splitlines():
        if line.startswith("### "):
            f = line.split()
            name = f[1] if len(f) == 3 and f[2].isdigit() else None
        elif name and line.startswith("== out"):
            runs.setdefault(name, []).append([int(w) for w in line.split()[2:]])
    words = json.loads((HERE / "in.json").read_text())
    tests = []
    for name, outs in runs.items():
        assert all(o == outs[0] for o in outs), name
        tests.append({"name": name, "grid": 4, "block": 64, "cluster": 0, "smem": 0, "runs": len(outs),
                      "note": NOTES[name], "in": words, "out_init": [0] * 320, "out": outs[0]})
    with gzip.open(HERE / "golden-coop.json.gz", "wt") as f:
        json.dump({"device": "NVIDIA H100 80GB HBM3", "sm": "90", "tests": tests}, f)


if __name__ == "__main__":
    main()
