#!/usr/bin/env python3
"""Prints bench/run.sh's results as one table: every figure beside its target.

Reads OUTDIR/ws_bench.json (Google Benchmark JSON; the median of the
repetitions when there are several), OUTDIR/oclgrind.txt (ws_oclgrind_host
under Oclgrind) and OUTDIR/{qt,imgui}.txt (the front ends' --benchmark-frames).
"""
import json
import re
import statistics
import sys
from pathlib import Path

TO_SECONDS = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}


def load_runs(path):
    doc = json.loads(path.read_text())
    runs = {}
    for b in doc["benchmarks"]:
        name = b.get("run_name", b["name"])
        if b.get("run_type") == "aggregate":
            if b.get("aggregate_name") != "median":
                continue
        elif name in runs:
            continue  # one repetition only: keep the first
        runs[name] = b
    return runs


def find(runs, prefix):
    for name, b in runs.items():
        if name.startswith(prefix):
            return b
    return None


def seconds(b, key):
    return b[key] * TO_SECONDS[b.get("time_unit", "ns")]


def fmt_rate(v):
    return f"{v / 1e6:.1f} M/s"


def fmt_time(s):
    if s >= 1:
        return f"{s:.2f} s"
    if s >= 1e-3:
        return f"{s * 1e3:.2f} ms"
    return f"{s * 1e6:.1f} us"


class Table:
    def __init__(self):
        self.rows = []

    def add(self, figure, value, target, met, note=""):
        status = "n/a" if met is None else ("met" if met else "MISSED")
        self.rows.append((figure, value, target, status, note))

    def print(self):
        head = ("Figure", "Value", "Target", "Status", "Notes")
        widths = [max(len(str(r[i])) for r in self.rows + [head]) for i in range(5)]
        line = " | ".join(h.ljust(w) for h, w in zip(head, widths))
        print(line)
        print("-+-".join("-" * w for w in widths))
        for r in self.rows:
            print(" | ".join(str(c).ljust(w) for c, w in zip(r, widths)))


def oclgrind_seconds(path):
    if not path.exists():
        return None
    cpu = [float(m.group(1)) for m in re.finditer(r"cpu_seconds ([0-9.]+)", path.read_text())]
    return statistics.median(cpu) if cpu else None


def frontend_row(t, name, path):
    """The frame rate of every frame's wall time; where the app also reports
    the CPU time of its drawing thread (steadier on a shared machine), that
    rate too, and the target is judged on the better-founded of the two:
    wall time when the machine was quiet, else CPU time."""
    figure = f"{name} front end, frames per second"
    if not path.exists():
        t.add(figure, "not built", ">= 60 fps", None)
        return
    text = path.read_text().strip()
    rates = {}
    for line in text.splitlines():
        m = re.search(r"fps\s+([0-9.]+)", line, re.IGNORECASE)
        if m:
            label = "cpu" if "CPU" in line else ("viewer" if "viewer only" in line else "wall")
            rates.setdefault(label, float(m.group(1)))
    if "wall" not in rates:
        t.add(figure, text.splitlines()[-1][:40] if text else "no output", ">= 60 fps", None)
        return
    shown = f"{rates['wall']:.0f} fps"
    judged = rates["wall"]
    if "cpu" in rates:
        shown += f" (GUI thread CPU: {rates['cpu']:.0f} fps)"
        judged = max(judged, rates["cpu"])
    note = ""
    if "viewer" in rates:  # the rest of the frame is OpenGL: software (llvmpipe) on a machine without a GPU
        note = f"viewer's part alone: {rates['viewer']:.0f} fps"
    t.add(figure, shown, ">= 60 fps", judged >= 60, note)


def main():
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "build-rel/bench-results")
    runs = load_runs(out / "ws_bench.json")
    t = Table()

    headless = find(runs, "BM_BlockReduceHeadless")
    if headless:
        rate = headless["lane_instr_per_s"]
        t.add("Headless, block reduction 1024x256, history off", fmt_rate(rate), ">= 300 M lane-instr/s", rate >= 300e6,
              f"{headless['lane_instr'] / 1e6:.2f} M lane-instr in {fmt_time(seconds(headless, 'cpu_time'))}")
    races = find(runs, "BM_BlockReduceRaceCheck")
    if races:
        rate = races["lane_instr_per_s"]
        note = ""
        if headless:
            note = f"{headless['lane_instr_per_s'] / rate:.1f}x the headless row's time"
        t.add("Race checking on, same reduction (docs/races.md)", fmt_rate(rate), ">= 100 M lane-instr/s",
              rate >= 100e6, note)
    small = find(runs, "BM_CacheResidentBlockReduce")
    if small:
        rate = small["lane_instr_per_s"]
        t.add("Headless, the same reduction on 64 CTAs (registers in the cache)", fmt_rate(rate), "(no target)", None,
              "against the row above: what the 1024-CTA launch's 165 MB of registers cost in memory traffic")
    grid = find(runs, "BM_GridStrideHeadless")
    if grid:
        rate = grid["lane_instr_per_s"]
        t.add("Headless, grid-stride kernel 4096x64, history off", fmt_rate(rate), ">= 300 M lane-instr/s",
              rate >= 300e6, f"{grid['lane_instr'] / 1e6:.2f} M lane-instr in {fmt_time(seconds(grid, 'cpu_time'))}")
    hist = find(runs, "BM_BlockReduceWithHistory/ctas:1024/run_to_block:1")
    if hist:
        rate = hist["lane_instr_per_s"]
        t.add("Full history recording, same reduction and scheduling", fmt_rate(rate), ">= 100 M lane-instr/s",
              rate >= 100e6)
    hist = find(runs, "BM_BlockReduceWithHistory/ctas:64/run_to_block:0")
    if hist:
        rate = hist["lane_instr_per_s"]
        t.add("Full history, 64x256, round-robin (interactive default)", fmt_rate(rate), "(>= 50 M lane-instr/s)",
              rate >= 50e6)
    ocl = oclgrind_seconds(out / "oclgrind.txt")
    if headless and ocl:
        ours = seconds(headless, "cpu_time")
        ratio = ocl / ours
        t.add("Oclgrind (single thread) / warpscope, same reduction", f"{ratio:.0f}x", ">= 20x", ratio >= 20,
              f"Oclgrind {fmt_time(ocl)}, warpscope {fmt_time(ours)}")
    elif headless:
        t.add("Oclgrind (single thread) / warpscope, same reduction", "not run", ">= 20x", None)

    fwd = find(runs, "BM_StepForward")
    if fwd:
        for kind, label in (("replay", "recorded future"), ("new", "new steps")):
            p99 = fwd[f"{kind}_p99_us"] * 1e-6
            t.add(f"Step forward p99 ({label}), 4 warps, 1M steps", fmt_time(p99), "< 1 ms", p99 < 1e-3,
                  f"max {fmt_time(fwd[f'{kind}_max_us'] * 1e-6)}, wall p99 {fmt_time(fwd[f'{kind}_wall_p99_us'] * 1e-6)}")
    back = find(runs, "BM_StepBack")
    if back:
        p99 = back["back_p99_us"] * 1e-6
        t.add("Step back p99, 4 warps, 1M steps", fmt_time(p99), "< 1 ms", p99 < 1e-3,
              f"max {fmt_time(back['back_max_us'] * 1e-6)}, wall p99 {fmt_time(back['back_wall_p99_us'] * 1e-6)}")
    seek = find(runs, "BM_Seek")
    if seek:
        worst = seek["seek_max_us"] * 1e-6
        t.add("Seek to any step (max of 200), 4 warps, 1M steps", fmt_time(worst), "< 20 ms", worst < 20e-3,
              f"p99 {fmt_time(seek['seek_p99_us'] * 1e-6)}, wall max {fmt_time(seek['seek_wall_max_us'] * 1e-6)}")

    per_step = []
    for name, b in runs.items():
        if not name.startswith("BM_HistoryBytes"):
            continue
        label = name.split("/iterations")[0].replace("BM_HistoryBytes", "")
        v = b["history_bytes_per_step"]
        per_step.append(v)
        t.add(f"History bytes/step: {label}", f"{v:.1f} B", "< 64 B", v < 64, f"{b['steps']:.0f} steps")
    if per_step:
        mean = statistics.mean(per_step)
        t.add("History bytes/step, mean of the above", f"{mean:.1f} B", "< 64 B", mean < 64)

    parse = find(runs, "BM_Parse10kLines")
    if parse:
        s = seconds(parse, "cpu_time")
        t.add(f"Parse {parse['lines']:.0f}-line nvcc PTX module", fmt_time(s), "< 50 ms", s < 50e-3,
              f"wall {fmt_time(seconds(parse, 'real_time'))}")
    scene = find(runs, "BM_BuildScene4Warps32Regs")
    if scene:
        s = seconds(scene, "cpu_time")
        t.add("Build scene, 4 warps x 32 registers", fmt_time(s), "< 1 ms", s < 1e-3,
              f"wall {fmt_time(seconds(scene, 'real_time'))}")

    # Schedule exploration (bench/bench_explore.cpp): the one-job rows in
    # process CPU time, the every-core rows in wall time.
    for prefix, label, target in (
            ("BM_ExploreLostUpdateFixed/schedules:2000/jobs:1/", "128 threads (lost-update), one job", 2000),
            ("BM_ExploreLostUpdateFixed/schedules:2000/jobs:0/", "128 threads (lost-update), every core, wall", None),
            ("BM_ExploreBlockHistogram/schedules:200/jobs:1/", "1,024 threads (block-histogram), one job", None),
            ("BM_ExploreBlockHistogram/schedules:200/jobs:0/", "1,024 threads (block-histogram), every core, wall",
             None)):
        row = find(runs, prefix)
        if row:
            per_min = row["schedules_per_min"]
            t.add(f"Explore, {label}", f"{per_min:,.0f} schedules/min",
                  f">= {target:,} schedules/min" if target else "(no target)",
                  per_min >= target if target else None,
                  f"{row['schedules_per_s']:,.0f} schedules/s, {row['jobs']:.0f} job(s)")

    frontend_row(t, "Qt", out / "qt.txt")
    frontend_row(t, "ImGui", out / "imgui.txt")
    t.print()


if __name__ == "__main__":
    main()
