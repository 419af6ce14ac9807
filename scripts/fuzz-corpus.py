#!/usr/bin/env python3
"""Builds the fuzzers' starting corpora and dictionaries in OUT (not committed).

  ptx/       every tests/data/**/*.ptx, scenarios/**/*.ptx and fuzz/seeds/ptx/*
  engine/    one module per kernel entry of those PTX files (the entry, the
             module-scope declarations and the .func bodies it may call),
             with a `//@` launch line taken from the hardware-golden results
             where they name the kernel; plus fuzz/seeds/engine/*
  scenario/  every scenarios/**/*.toml bundled with the files in its directory
             (each after a `#@file NAME` line); plus fuzz/seeds/scenario/*
  ptx.dict, toml.dict: libFuzzer dictionaries. The PTX one is generated from
             the instruction table (core/isa/*.def) so it never drifts.

Usage: scripts/fuzz-corpus.py OUT
"""
import glob
import json
import os
import re
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAX_BUNDLED_FILE = 256 << 10  # files larger than this are left out of scenario bundles


def rel(*parts):
    return os.path.join(ROOT, *parts)


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def seeds(target, out):
    for p in sorted(glob.glob(rel("fuzz", "seeds", target, "*"))):
        shutil.copy(p, os.path.join(out, target, "seed-" + os.path.basename(p)))
    for p in sorted(glob.glob(rel("tests", "data", "fuzz-regressions", target, "*"))):
        shutil.copy(p, os.path.join(out, target, "regression-" + os.path.basename(p)))


def ptx_files():
    files = glob.glob(rel("tests", "data", "**", "*.ptx"), recursive=True)
    files += glob.glob(rel("scenarios", "**", "*.ptx"), recursive=True)
    return sorted(set(files))


def top_level_chunks(text):
    """Splits a module into top-level pieces: declarations end at ';' at brace
    depth 0, functions at their closing brace."""
    chunks, depth, start = [], 0, 0
    i = 0
    while i < len(text):
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = len(text) if j < 0 else j
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                chunks.append(text[start:i + 1])
                start = i + 1
        elif c == ";" and depth == 0:
            chunks.append(text[start:i + 1])
            start = i + 1
        i += 1
    chunks.append(text[start:])
    return chunks


def golden_launches():
    launches = {}
    for p in glob.glob(rel("tests", "data", "**", "golden*.json"), recursive=True):
        try:
            tests = json.load(open(p)).get("tests", [])
        except (ValueError, AttributeError):
            continue
        for t in tests:
            if isinstance(t, dict) and "name" in t and t["name"] not in launches:
                launches[t["name"]] = (t.get("grid", 1), t.get("block", 32), t.get("cluster", 0))
    return launches


def engine_seeds(out):
    launches = golden_launches()
    n = 0
    for p in ptx_files():
        text = open(p, encoding="utf-8", errors="replace").read()
        chunks = top_level_chunks(text)
        entries = [c for c in chunks if re.search(r"\.entry\s", c)]
        for e in entries:
            name = re.search(r"\.entry\s+([A-Za-z_$][\w$]*)", e)
            name = name.group(1) if name else ""
            module = "".join(c for c in chunks if c is e or c not in entries)
            grid, block, cluster = launches.get(name, (1, 32, 0))
            head = f"//@ grid={grid} block={block} steps=3000"
            if cluster:
                head += f" cluster={cluster}"
            base = os.path.splitext(os.path.basename(p))[0]
            write(os.path.join(out, "engine", f"{base}-{name[:40]}.ptx"), head + "\n" + module)
            n += 1
    return n


def scenario_bundles(out):
    n = 0
    for p in sorted(glob.glob(rel("scenarios", "**", "*.toml"), recursive=True)):
        d = os.path.dirname(p)
        data = open(p, "rb").read()
        if not data.endswith(b"\n"):
            data += b"\n"
        for f in sorted(os.listdir(d)):
            fp = os.path.join(d, f)
            if fp == p or not os.path.isfile(fp) or f.endswith(".toml") or os.path.getsize(fp) > MAX_BUNDLED_FILE:
                continue
            body = open(fp, "rb").read()
            data += b"#@file " + f.encode() + b"\n" + body + (b"" if body.endswith(b"\n") else b"\n")
        name = os.path.relpath(p, rel("scenarios")).replace(os.sep, "-")
        write(os.path.join(out, "scenario", name), data)
        n += 1
    return n


def dict_line(tok):
    """One libFuzzer dictionary entry: printable ASCII as is, the rest as \\xNN."""
    out = ""
    for b in tok.encode():
        c = chr(b)
        if c in '\\"':
            out += "\\" + c
        elif 32 <= b < 127:
            out += c
        else:
            out += "\\x%02X" % b
    return '"' + out + '"\n'


def ptx_dict(out):
    toks = set()
    for m in re.finditer(r'WS_OP\(\w+,\s*"([^"]+)"', open(rel("core", "isa", "opcodes.def")).read()):
        toks.add(m.group(1))
    for m in re.finditer(r'WS_MOD\(\w+,\s*"([^"]+)"', open(rel("core", "isa", "modifiers.def")).read()):
        toks.add("." + m.group(1))
    for src in glob.glob(rel("core", "ptx", "*.cpp")):
        for m in re.finditer(r'"(%[a-z_]+|\.[a-z_]+)"', open(src).read()):
            toks.add(m.group(1))
    toks |= {"{", "}", ";", ",", "[", "]", "@%p1", "@!%p1", "%r1", "%rd1", "%f1", "%p1", "0x", "0f", "0d",
             ".version 8.7\n", ".target sm_90a\n", ".address_size 64\n", ".visible .entry ", ".func ",
             ".reg .b32 %r<10>;", ".param .u64 ", "$L__BB0_1", "bra.uni", "-1", "0xffffffff"}
    write(os.path.join(out, "ptx.dict"), "".join(dict_line(t) for t in sorted(toks)))


def toml_dict(out):
    keys = set()
    doc = open(rel("docs", "scenario-format.md")).read()
    for m in re.finditer(r"\|\s*`([a-z_][a-z0-9_.]*)`\s*\|", doc):
        keys.add(m.group(1))
    for m in re.finditer(r"^\[\[?([a-z_.]+)\]?\]", doc, re.M):
        keys.add("[" + m.group(1) + "]")
        keys.add("[[" + m.group(1) + "]]")
    keys |= {" = ", "'''", '"""', "\n", "#@file ", "true", "false", "{ ", " }", "[", "]", "lane", "tid", "warp",
             "format = 1\n", "strict", "hardware", "finished", "deadlock", "%r1", "%p1", "%f1"}
    write(os.path.join(out, "toml.dict"), "".join(dict_line(t) for t in sorted(keys)))


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    for t in ("ptx", "engine", "scenario"):
        shutil.rmtree(os.path.join(out, t), ignore_errors=True)
        os.makedirs(os.path.join(out, t))
    for p in ptx_files():
        shutil.copy(p, os.path.join(out, "ptx", os.path.basename(p)))
    ne = engine_seeds(out)
    ns = scenario_bundles(out)
    for t in ("ptx", "engine", "scenario"):
        seeds(t, out)
    ptx_dict(out)
    toml_dict(out)
    counts = {t: len(os.listdir(os.path.join(out, t))) for t in ("ptx", "engine", "scenario")}
    print(f"corpora in {out}: " + ", ".join(f"{t} {c} files" for t, c in counts.items()) +
          f" ({ne} kernel entries, {ns} scenarios)")


if __name__ == "__main__":
    main()
