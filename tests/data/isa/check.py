#!/usr/bin/env python3
"""Static checks of the generated ISA matrix (no GPU needed).

For every entry of every module: the .plan's in/out sizes match the kernel's
indexing exactly (reads of in stay inside in[W*t .. W*t+W) with W*T == in
size; ld.global reads 32 bytes from the record), every out word is written
by exactly one thread and one store (rows and st.global byte regions alike),
nothing is written past the end, forms.json agrees with the kernel, and the
.ptx holds every entry point.

    python3 check.py
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def read_plan(path):
    tests = {}
    cur = None
    with open(path) as fh:
        for l in fh:
            p = l.split()
            if not p:
                continue
            if p[0] == "test":
                cur = {"name": p[1]}
            elif p[0] == "block":
                cur["block"] = tuple(int(x) for x in p[1:4])
            elif p[0] == "grid":
                cur["grid"] = tuple(int(x) for x in p[1:4])
            elif p[0] in ("in", "out"):
                cur[p[0]] = int(p[1])
                assert len(p) == 2 + int(p[1]), (path, cur["name"], p[0])
            elif p[0] == "end":
                tests[cur["name"]] = cur
    return tests


def check_entry(fn, body, plan, meta, ptx):
    errs = []
    T = int(re.search(r"if \(t >= (\d+)u\) return;", body).group(1))
    W = int(re.search(r"// in: (\d+) words per thread", body).group(1))
    m = re.search(r"const unsigned\* w = in \+ (\d+) \* t;", body)
    if m and int(m.group(1)) != W:
        errs.append("record stride %s != W %d" % (m.group(1), W))
    if plan["block"] != (T, 1, 1) or plan["grid"] != (1, 1, 1):
        errs.append("launch shape %s/%s, kernel expects one block of %d" % (plan["grid"], plan["block"], T))
    if plan["in"] != W * T:
        errs.append("in size %d != W*T = %d" % (plan["in"], W * T))
    reads = [int(x) for x in re.findall(r"\bw\[(\d+)\]", body)]
    if reads and max(reads) >= W:
        errs.append("reads w[%d] with W = %d" % (max(reads), W))
    if '"l"(w)' in body and W * 4 < 32:
        errs.append("ld.global reads 32 bytes from a %d-byte record" % (4 * W))
    nout = plan["out"]
    cover = bytearray(nout * 4)
    for m in re.finditer(r"out\[(\d+) \* (\d+) \+ t\]", body):
        r, tt = int(m.group(1)), int(m.group(2))
        if tt != T:
            errs.append("row stride %d != T" % tt)
        for t in range(T):
            i = r * T + t
            if i >= nout:
                errs.append("out[%d] past the end (%d)" % (i, nout)); break
            cover[4 * i:4 * i + 4] = bytes(x + 1 for x in cover[4 * i:4 * i + 4])
    for m in re.finditer(r"out\[(\d+)u \+ (\d+) \* (\d+) \+ t\]", body):
        o, k, tt = int(m.group(1)), int(m.group(2)), int(m.group(3))
        for t in range(T):
            i = o + k * T + t
            if i >= nout:
                errs.append("out[%d] past the end (%d)" % (i, nout)); break
            cover[4 * i:4 * i + 4] = bytes(x + 1 for x in cover[4 * i:4 * i + 4])
    stores = re.findall(r"\(unsigned char\*\)out \+ (\d+)u \+ t \* (\d+)u", body)
    for b0, nb in stores:
        b0, nb = int(b0), int(nb)
        if b0 % 16 or (b0 + nb) % min(nb, 16):
            pass
        for t in range(T):
            a = b0 + t * nb
            if a % min(nb, 16):
                errs.append("misaligned st at byte %d (%d bytes)" % (a, nb)); break
            if a + nb > nout * 4:
                errs.append("st past the end: byte %d" % (a + nb)); break
            for j in range(a, a + nb):
                cover[j] += 1
    bad = [i for i, c in enumerate(cover) if c != 1]
    if bad:
        errs.append("%d out bytes written %s times (first at byte %d)" % (len(bad), sorted(set(cover[i] for i in bad)), bad[0]))
    # forms.json agrees
    nforms = len(re.findall(r"^  // \d+: ", body, re.M))
    if nforms != len(meta["forms"]):
        errs.append("forms.json lists %d forms, kernel has %d" % (len(meta["forms"]), nforms))
    if meta["out_words"] != nout or meta["in_words"] != plan["in"]:
        errs.append("forms.json sizes differ from the plan")
    last = 0
    for f in meta["forms"]:
        if f["out_start"] != last:
            errs.append("forms.json: %s starts at %d, expected %d" % (f["key"], f["out_start"], last))
        last = f["out_start"] + f["out_words"]
    if last != nout:
        errs.append("forms.json ranges end at %d, out has %d words" % (last, nout))
    if not re.search(r"\.visible \.entry %s\(" % fn, ptx):
        errs.append("entry missing from the .ptx")
    return errs


def main():
    doc = json.load(open(os.path.join(HERE, "forms.json")))
    nerr = 0
    nent = 0
    for mod, mdoc in doc["modules"].items():
        src = open(os.path.join(HERE, mod + ".cu")).read()
        ptx = open(os.path.join(HERE, mod + ".ptx")).read()
        plan = read_plan(os.path.join(HERE, mod + ".plan"))
        funcs = re.split(r'^extern "C" __global__ void ', src, flags=re.M)[1:]
        bodies = {f.split("(", 1)[0]: f for f in funcs}
        metas = {e["name"]: e for e in mdoc["entries"]}
        if set(bodies) != set(plan) or set(bodies) != set(metas):
            print("%s: entry sets differ (cu %d, plan %d, forms.json %d)" % (mod, len(bodies), len(plan), len(metas)))
            nerr += 1
        for fn, body in bodies.items():
            nent += 1
            errs = check_entry(fn, body, plan[fn], metas[fn], ptx)
            for e in errs:
                print("%s/%s: %s" % (mod, fn, e))
            nerr += len(errs)
    print("check: %d entries, %d problems" % (nent, nerr))
    sys.exit(1 if nerr else 0)


if __name__ == "__main__":
    main()
