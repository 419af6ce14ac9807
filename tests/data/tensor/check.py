#!/usr/bin/env python3
"""Consistency checks of the generated test data (no GPU): run by build.sh after gen.py.

- every plan test is an entry of cases.json and the other way round, in order;
- launch shape: grid*block/32 == warps; in/out sizes == warps * per-warp words
  (the kernels index in/out with exactly these strides, so a mismatch would be an
  out-of-bounds access on the GPU);
- wmma regions start on 128-byte boundaries (wmma needs 256-bit aligned addresses);
- expect.json: one word (or null) per out word;
- which ptxas-accepted forms the corpus runs, and which it does not.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def read_plan(path):
    tests, cur = [], None
    for line in open(path):
        k = line.split()
        if not k:
            continue
        if k[0] == "test":
            cur = dict(name=k[1])
        elif k[0] in ("grid", "block", "cluster"):
            cur[k[0]] = [int(x) for x in k[1:4]]
        elif k[0] in ("in", "out"):
            n = int(k[1])
            assert len(k) == n + 2, (path, cur["name"], k[0])
            cur[k[0]] = n
        elif k[0] == "runs":
            cur["runs"] = int(k[1])
        elif k[0] == "end":
            tests.append(cur)
    return tests


def main():
    cases = json.load(open(os.path.join(HERE, "cases.json")))
    expect = json.load(open(os.path.join(HERE, "expect.json")))
    forms = json.load(open(os.path.join(HERE, "forms_sm90a.json")))
    covered = set()
    errors = 0
    total = 0
    for mod in cases["modules"]:
        tests = read_plan(os.path.join(HERE, mod["plan"]))
        ents = mod["entries"]
        names = [t["name"] for t in tests]
        assert names == [e["name"] for e in ents], mod["module"]
        for t, e in zip(tests, ents):
            total += 1
            grid, block = t["grid"], t["block"]
            assert grid[1] == grid[2] == block[1] == block[2] == 1, e["name"]
            assert grid[0] == e["grid"] and block[0] == e["block"], e["name"]
            assert 1 <= grid[0] <= 4 and block[0] % 32 == 0 and block[0] <= 128, e["name"]
            assert t["runs"] == 3, e["name"]
            warps = grid[0] * block[0] // 32
            if "warps" in e:
                assert warps == e["warps"], (e["name"], warps, e["warps"])
            if "in_words_per_warp" in e:
                assert t["in"] == warps * e["in_words_per_warp"], (e["name"], t["in"], warps, e["in_words_per_warp"])
                assert t["out"] == warps * e["out_words_per_warp"], (e["name"], t["out"])
                for side in ("in", "out"):
                    for rname, r in e[side].items():
                        per = e["%s_words_per_warp" % side]
                        assert r["offset"] + r["words"] <= per, (e["name"], side, rname)
                        if e["kind"] in ("wmma", "wmma_api"):
                            assert r["offset"] % 32 == 0 and per % 32 == 0, (e["name"], rname)
            if e["kind"] == "numerics":
                assert len(e["mmas"]) == warps, e["name"]
            ex = expect[mod["module"]][e["name"]]
            if isinstance(ex, dict):
                for k, v in ex.items():
                    assert len(v) == t["out"], (e["name"], k, len(v), t["out"])
            else:
                assert len(ex) == t["out"], (e["name"], len(ex), t["out"])
            for f in e["forms"]:
                covered.add(f)
    acc = [f["form"] for f in forms["forms"] if f["accepted"]]
    missing = [f for f in acc if f not in covered]
    print("check.py: %d tests consistent across plans, cases.json and expect.json" % total)
    print("check.py: %d of %d ptxas-accepted forms exercised" % (len(acc) - len(missing), len(acc)))
    if missing:
        by = {}
        for f in missing:
            by.setdefault(f.split(".")[0], []).append(f)
        for fam, fs in by.items():
            print("  not exercised (%s, %d): %s" % (fam, len(fs), ", ".join(fs[:6]) + (" ..." if len(fs) > 6 else "")))
    return 1 if errors else 0




# ---------------------------------------------------------------- kernel-source emulation
def emulate_mma_module(modname):
    """Runs every mma kernel of a module from its C source: the generated gather statements pick the
    fragment registers out of the plan's in words, the mma is computed exactly from those registers
    (A, B, C rebuilt through the PTX fragment layout), the generated scatter statements write out.
    The result must equal expect.json.  This checks the CUDA side (offsets, packing, strides)
    against the Python side that wrote the plans and the expectations."""
    import re
    from fractions import Fraction
    import tclayout as L
    from tcmma import decode, encode_exact
    from tcfmt import FMTS
    sys.path.insert(0, os.path.join(HERE, "../../hwrec"))
    src = open(os.path.join(HERE, modname + ".cu")).read()
    cases = json.load(open(os.path.join(HERE, "cases.json")))
    expect = json.load(open(os.path.join(HERE, "expect.json")))[modname]
    ents = {e["name"]: e for m in cases["modules"] if m["module"] == modname for e in m["entries"]}
    plan = {}
    cur = None
    for line in open(os.path.join(HERE, modname + ".plan")):
        k = line.split()
        if k and k[0] == "test":
            cur = k[1]
        elif k and k[0] == "in":
            plan[cur] = [int(x, 16) for x in k[2:]]
    checked = 0
    for m in re.finditer(r'extern "C" __global__ void (\w+)\(const u32\* in, u32\* out\) \{\n(.*?)\n\}\n', src, re.S):
        name, body = m.group(1), m.group(2)
        e = ents[name]
        fixup = lambda s: re.sub(r"\b(\d+)u\b", r"\1", s)
        lines = [fixup(l.strip()) for l in body.split("\n")]
        ptx = re.search(r'asm volatile\("(mma[^ ]+)', body).group(1)
        inw = plan[name]
        ex_all = expect[name]
        warps = e["warps"]
        out = [None] * (warps * e["out_words_per_warp"])
        types = e["types"]
        bits = {o: L.BITS[types[o]] for o in "abcd"}
        for w in range(warps):
            regs = {}  # lane -> {var: [values]}
            for lane in range(32):
                env = dict(lane=lane, w=w, g=lane >> 2, t=lane & 3, h=lane >> 4, q=(lane >> 2) & 3)
                ptrs = {}
                R = {"a": {}, "b": {}, "c": {}}

                def elem(p, idx, b, ptrs=ptrs):
                    bit = (ptrs[p] * 32) + idx * b
                    return (inw[bit >> 5] >> (bit & 31)) & ((1 << b) - 1)

                def elem64(p, idx, ptrs=ptrs):
                    base = ptrs[p] + 2 * idx
                    return inw[base] | (inw[base + 1] << 32)

                for l in lines:
                    mm = re.match(r"const u32\* ([ABC]) = (.*);$", l)
                    if mm:
                        expr = mm.group(2).replace("in", "0")
                        for pn in ("A", "B", "C"):
                            if pn in ptrs:
                                expr = re.sub(r"\b%s\b" % pn, str(ptrs[pn]), expr)
                        ptrs[mm.group(1)] = eval(expr, {}, env)
                        continue
                    mm = re.match(r"([abc])\[(\d+)\] (\|?=) (.*);$", l)
                    if mm:
                        var, r, op, expr = mm.group(1), int(mm.group(2)), mm.group(3), mm.group(4)
                        expr = expr.replace("__uint_as_float", "")
                        expr = re.sub(r"\b([ABC])\[", r"ARR['\1'][", expr)
                        expr = re.sub(r"elem(64)?\(([ABC]),", r"elem\1('\2',", expr)
                        arr = {p: _View(inw, ptrs[p]) for p in ptrs}
                        v = eval(expr, {"elem": elem, "elem64": elem64, "ARR": arr}, env)
                        R[var][r] = v if op == "=" else R[var][r] | v
                regs[lane] = R
            # the mma, from the registers
            P = e["problems_per_warp"]
            M, N, K = e["shape"]
            mats = {}
            for o, (rows, cols) in (("a", (M, K)), ("b", (K, N)), ("c", (M, N))):
                d = e["in"][o.upper()]
                epr = d["elems_per_reg"]
                mat = [[[None] * cols for _ in range(rows)] for _ in range(P)]
                for lane in range(32):
                    p = (lane >> 2) & 3 if P > 1 else 0
                    for i in range(d["frag_regs"] * epr):
                        rr, cc = L.ev(d["frag_row"], lane, i), L.ev(d["frag_col"], lane, i)
                        reg = regs[lane][o][i // epr]
                        b = bits[o]
                        v = (reg >> ((i % epr) * b)) & ((1 << b) - 1) if b < 64 else reg
                        assert mat[p][rr][cc] is None
                        mat[p][rr][cc] = v
                mats[o] = mat
            D = []
            for p in range(P):
                Dp = [[None] * N for _ in range(M)]
                for r in range(M):
                    for n in range(N):
                        if types["a"] == "b1":
                            op_and = ".and.popc" in ptx
                            s = sum(((x & y) if op_and else (x ^ y)) for x, y in
                                    ((mats["a"][p][r][k], mats["b"][p][k][n]) for k in range(K)))
                            val = _s32(mats["c"][p][r][n]) + s
                        else:
                            av = [decode(types["a"], mats["a"][p][r][k]) for k in range(K)]
                            bv = [decode(types["b"], mats["b"][p][k][n]) for k in range(K)]
                            cv = decode(types["c"], mats["c"][p][r][n])
                            if any(isinstance(x, float) for x in av + bv + [cv]) or \
                                    (types["a"] == "tf32" and any(mats["a"][p][r][k] & 0x1FFF for k in range(K))) or \
                                    (types["b"] == "tf32" and any(mats["b"][p][k][n] & 0x1FFF for k in range(K))):
                                Dp[r][n] = 0  # NaN/inf/non-canonical input: not compared
                                continue
                            val = cv + sum(x * y for x, y in zip(av, bv))
                            if isinstance(val, int):
                                val = max(-(1 << 31), min((1 << 31) - 1, val)) if ".satfinite" in ptx else _s32(val)
                            elif isinstance(ex_all, dict):  # numerics: compare with the exact sum rounded once
                                Dp[r][n] = FMTS[types["d"]].round_frac(val, "rn") if val != 0 else 0
                                continue
                        Dp[r][n] = encode_exact(types["d"], val)
                D.append(Dp)
            # d registers per lane (through the D layout), then the generated stores
            dd = e["out"]["D"]
            epr = dd["elems_per_reg"]
            for lane in range(32):
                env = dict(lane=lane, w=w, g=lane >> 2, t=lane & 3, h=lane >> 4, q=(lane >> 2) & 3)
                p = (lane >> 2) & 3 if P > 1 else 0
                dreg = [0] * dd["frag_regs"]
                for i in range(dd["frag_regs"] * epr):
                    rr, cc = L.ev(dd["frag_row"], lane, i), L.ev(dd["frag_col"], lane, i)
                    dreg[i // epr] |= D[p][rr][cc] << ((i % epr) * bits["d"])
                R = dict(regs[lane], d=dreg)
                obase = w * e["out_words_per_warp"]
                dm = None
                for l in lines:
                    mm = re.match(r"u32\* Dm = o \+ (.*);$", l)
                    if mm:
                        dm = obase + eval(mm.group(1), {}, env)
                        continue
                    mm = re.match(r"o\[(.*)\] = (?:__float_as_uint\()?([abcd])\[(\d+)\]\)?;$", l)
                    if mm:
                        out[obase + eval(mm.group(1), {}, env)] = R[mm.group(2)][int(mm.group(3))] & 0xFFFFFFFF
                        continue
                    mm = re.match(r"put64\(o \+ (\d+) \+ lane \* (\d+), (\d+), ([abcd])\[(\d+)\]\);$", l)
                    if mm:
                        base = obase + int(mm.group(1)) + lane * int(mm.group(2)) + 2 * int(mm.group(3))
                        v = R[mm.group(4)][int(mm.group(5))]
                        out[base], out[base + 1] = v & 0xFFFFFFFF, v >> 32
                        continue
                    mm = re.match(r"Dm\[(.*)\] = (?:__float_as_uint\()?d\[(\d+)\]\)?;$", l)
                    if mm:
                        out[dm + eval(mm.group(1), {}, env)] = dreg[int(mm.group(2))] & 0xFFFFFFFF
                        continue
                    mm = re.match(r"put16\(Dm, (.*), d\[(\d+)\] >> (\d+)\);$", l)
                    if mm:
                        idx = eval(mm.group(1), {}, env)
                        v = (dreg[int(mm.group(2))] >> int(mm.group(3))) & 0xFFFF
                        wi = dm + idx // 2
                        old = out[wi] if out[wi] is not None else 0
                        sh = 16 * (idx & 1)
                        out[wi] = (old & ~(0xFFFF << sh) & 0xFFFFFFFF) | (v << sh)
                        continue
                    mm = re.match(r"put64\(Dm, (.*), d\[(\d+)\]\);$", l)
                    if mm:
                        idx = eval(mm.group(1), {}, env)
                        v = dreg[int(mm.group(2))]
                        out[dm + 2 * idx], out[dm + 2 * idx + 1] = v & 0xFFFFFFFF, v >> 32
        ex = ex_all["ref_rn"] if isinstance(ex_all, dict) else ex_all
        bad = [i for i, (x, y) in enumerate(zip(out, ex)) if y is not None and x != y]
        assert not bad, (name, "emulated out differs from expect.json at words", bad[:8])
        assert all(x is not None for x in out), (name, "kernel leaves out words unwritten")
        checked += 1
    return checked


class _View:
    def __init__(self, words, base):
        self.words, self.base = words, base

    def __getitem__(self, i):
        return self.words[self.base + i]


def _s32(v):
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v >> 31 else v


if __name__ == "__main__":
    rc = main()
    sys.path.insert(0, HERE)
    n = sum(emulate_mma_module(m) for m in ("tc_mma", "tc_mma_int", "tc_numerics"))
    print("check.py: %d mma kernels emulated from their CUDA source (gathers, exact mma, scatters): "
          "fragments and D match expect.json (numerics: ref_rn wherever it is defined)" % n)
    sys.exit(rc)
