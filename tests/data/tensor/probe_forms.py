#!/usr/bin/env python3
"""Asks ptxas which warp-matrix instruction forms sm_90a accepts.

Every candidate form goes into its own tiny PTX module (.version 9.0, .target
sm_90a) and is assembled with `ptxas -arch=sm_90a`; ptxas is the oracle.  The
answer is written to forms_sm90a.json (machine-readable, used by gen.py to pick
what the corpus covers) and forms_sm90a.md (the committed, human-readable list).

    python3 probe_forms.py [--ptxas /usr/local/cuda/bin/ptxas]
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PTXAS = "/usr/local/cuda/bin/ptxas"

HEAD = """.version 9.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 p)
{
  .reg .b32 r<200>;
  .reg .f32 f<64>;
  .reg .f64 fd<64>;
  .reg .b64 rd<8>;
  .shared .align 128 .b8 sm[4096];
  mov.u32 r0, sm;
  mov.u64 rd0, sm;
  cvta.shared.u64 rd1, rd0;
"""
TAIL = "  ret;\n}\n"


class Regs:
    """Hands out distinct registers of each kind."""

    def __init__(self):
        self.n = {"r": 1, "f": 0, "fd": 0}

    def take(self, kind, count):
        base = self.n[kind]
        self.n[kind] += count
        return "{" + ",".join("%s%d" % (kind, base + i) for i in range(count)) + "}"


# ---------------------------------------------------------------- candidates
def ldmatrix_forms():
    out = []
    for num, n in (("x1", 1), ("x2", 2), ("x4", 4)):
        for trans in ("", ".trans"):
            for ss in (".shared", ".shared::cta", ""):
                out.append(dict(family="ldmatrix", form="ldmatrix.sync.aligned.m8n8.%s%s%s.b16" % (num, trans, ss), regs=n, generic=ss == ""))
    # sm_100+ shapes (PTX ISA 8.6); ptxas decides for sm_90a.
    for num, n in (("x1", 1), ("x2", 2)):
        out.append(dict(family="ldmatrix", form="ldmatrix.sync.aligned.m16n16.%s.trans.shared.b8" % num, regs=2 * n, generic=False))
        for src in ("b6x16_p32", "b4x16_p64"):
            out.append(dict(family="ldmatrix", form="ldmatrix.sync.aligned.m16n16.%s.trans.shared.b8x16.%s" % (num, src), regs=2 * n, generic=False))
    for num, n in (("x1", 1), ("x2", 2), ("x4", 4)):
        for src in ("b6x16_p32", "b4x16_p64"):
            out.append(dict(family="ldmatrix", form="ldmatrix.sync.aligned.m8n16.%s.shared.b8x16.%s" % (num, src), regs=n, generic=False))
    out.append(dict(family="ldmatrix", form="ldmatrix.sync.aligned.m8n8.x1.shared.b8", regs=1, generic=False))
    return out


def stmatrix_forms():
    out = []
    for num, n in (("x1", 1), ("x2", 2), ("x4", 4)):
        for trans in ("", ".trans"):
            for ss in (".shared", ".shared::cta", ""):
                out.append(dict(family="stmatrix", form="stmatrix.sync.aligned.m8n8.%s%s%s.b16" % (num, trans, ss), regs=n, generic=ss == ""))
    for num, n in (("x1", 1), ("x2", 2), ("x4", 4)):
        out.append(dict(family="stmatrix", form="stmatrix.sync.aligned.m16n8.%s.trans.shared.b8" % num, regs=n, generic=False))
    return out


# mma operand shapes: (a regs, b regs, c/d regs) per lane and the register kind
# of each operand.  kinds: r = .b32, f = .f32, fd = .f64
def mma_forms():
    out = []

    def add(form, a, b, c, akind="r", ckind="r", dkind=None, dregs=None):
        out.append(dict(family="mma", form=form, a=a, b=b, c=c, akind=akind, ckind=ckind,
                        dkind=dkind or ckind, dregs=dregs if dregs is not None else c))

    # f16 m8n8k4 (quad-pair form), every layout and d/c type pair
    for al in ("row", "col"):
        for bl in ("row", "col"):
            for d in ("f16", "f32"):
                for c in ("f16", "f32"):
                    add("mma.sync.aligned.m8n8k4.%s.%s.%s.f16.f16.%s" % (al, bl, d, c), 2, 2,
                        4 if c == "f16" else 8, ckind="r" if c == "f16" else "f",
                        dkind="r" if d == "f16" else "f", dregs=4 if d == "f16" else 8)
    # f16 m16n8k8 / m16n8k16
    for shape, a, b in (("m16n8k8", 2, 1), ("m16n8k16", 4, 2)):
        for d in ("f16", "f32"):
            for c in ("f16", "f32"):
                add("mma.sync.aligned.%s.row.col.%s.f16.f16.%s" % (shape, d, c), a, b, 2 if c == "f16" else 4,
                    ckind="r" if c == "f16" else "f", dkind="r" if d == "f16" else "f", dregs=2 if d == "f16" else 4)
        # other layouts are not in the ISA for these shapes: ptxas should refuse
        add("mma.sync.aligned.%s.col.row.f32.f16.f16.f32" % shape, a, b, 4, ckind="f")
    # bf16
    add("mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32", 2, 1, 4, ckind="f")
    add("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32", 4, 2, 4, ckind="f")
    add("mma.sync.aligned.m16n8k16.row.col.f16.bf16.bf16.f16", 4, 2, 2)
    # tf32
    add("mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32", 2, 1, 4, ckind="f")
    add("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32", 4, 2, 4, ckind="f")
    # fp8
    for shape, a, b in (("m16n8k32", 4, 2), ("m16n8k16", 2, 1)):
        for at in ("e4m3", "e5m2"):
            for bt in ("e4m3", "e5m2"):
                add("mma.sync.aligned.%s.row.col.f32.%s.%s.f32" % (shape, at, bt), a, b, 4, ckind="f")
                add("mma.sync.aligned.%s.row.col.f16.%s.%s.f16" % (shape, at, bt), a, b, 2)
    add("mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e4m3.e4m3.f32", 4, 2, 4, ckind="f")
    add("mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m1.e2m1.f32", 4, 2, 4, ckind="f")
    # f64
    for shape, a, b, c in (("m8n8k4", 1, 1, 2), ("m16n8k4", 2, 1, 4), ("m16n8k8", 4, 2, 4), ("m16n8k16", 8, 4, 4)):
        add("mma.sync.aligned.%s.row.col.f64.f64.f64.f64" % shape, a, b, c, akind="fd", ckind="fd")
    # integer 8-bit
    for shape, a, b, c in (("m8n8k16", 1, 1, 2), ("m16n8k16", 2, 1, 4), ("m16n8k32", 4, 2, 4)):
        for at in ("s8", "u8"):
            for bt in ("s8", "u8"):
                for sat in ("", ".satfinite"):
                    add("mma.sync.aligned.%s.row.col%s.s32.%s.%s.s32" % (shape, sat, at, bt), a, b, c)
    # integer 4-bit
    for shape, a, b, c in (("m8n8k32", 1, 1, 2), ("m16n8k32", 2, 1, 4), ("m16n8k64", 4, 2, 4)):
        for at in ("s4", "u4"):
            for bt in ("s4", "u4"):
                for sat in ("", ".satfinite"):
                    add("mma.sync.aligned.%s.row.col%s.s32.%s.%s.s32" % (shape, sat, at, bt), a, b, c)
    # single bit
    for shape, a, b, c in (("m8n8k128", 1, 1, 2), ("m16n8k128", 2, 1, 4), ("m16n8k256", 4, 2, 4)):
        for op in ("xor", "and"):
            add("mma.sync.aligned.%s.row.col.s32.b1.b1.s32.%s.popc" % (shape, op), a, b, c)
    return out


def wmma_forms():
    out = []
    for shape in ("m16n16k16", "m32n8k16", "m8n32k16"):
        for mat in ("a", "b"):
            for lay in ("row", "col"):
                for ss in (".global", ".shared", ""):
                    out.append(dict(family="wmma", form="wmma.load.%s.sync.aligned.%s.%s%s.f16" % (mat, lay, shape, ss), regs=8, op="load"))
                out.append(dict(family="wmma", form="wmma.load.%s.sync.aligned.%s.%s.global.bf16" % (mat, lay, shape),
                                regs={"m16n16k16": 4, "m32n8k16": 8 if mat == "a" else 2, "m8n32k16": 2 if mat == "a" else 8}[shape], op="load"))
        for lay in ("row", "col"):
            out.append(dict(family="wmma", form="wmma.load.c.sync.aligned.%s.%s.global.f16" % (lay, shape), regs=4, op="load"))
            out.append(dict(family="wmma", form="wmma.load.c.sync.aligned.%s.%s.global.f32" % (lay, shape), regs=8, op="load"))
            out.append(dict(family="wmma", form="wmma.store.d.sync.aligned.%s.%s.global.f16" % (lay, shape), regs=4, op="store"))
            out.append(dict(family="wmma", form="wmma.store.d.sync.aligned.%s.%s.global.f32" % (lay, shape), regs=8, op="store"))
        for al in ("row", "col"):
            for bl in ("row", "col"):
                for d in ("f16", "f32"):
                    for c in ("f16", "f32"):
                        out.append(dict(family="wmma", form="wmma.mma.sync.aligned.%s.%s.%s.%s.%s" % (al, bl, shape, d, c),
                                        op="mma", a=8, b=8, c=4 if c == "f16" else 8, d=4 if d == "f16" else 8,
                                        ckind="r" if c == "f16" else "f", dkind="r" if d == "f16" else "f"))
                ab = {"m16n16k16": (4, 4), "m32n8k16": (8, 2), "m8n32k16": (2, 8)}[shape]
                out.append(dict(family="wmma", form="wmma.mma.sync.aligned.%s.%s.%s.f32.bf16.bf16.f32" % (al, bl, shape),
                                op="mma", a=ab[0], b=ab[1], c=8, d=8, ckind="f", dkind="f"))
    return out


def movmatrix_forms():
    return [dict(family="movmatrix", form="movmatrix.sync.aligned.m8n8.trans.b16", regs=1)]


# ---------------------------------------------------------------- bodies
def body(c):
    R = Regs()
    fam = c["family"]
    if fam == "ldmatrix":
        addr = "[rd1]" if c["generic"] else "[r0]"
        return "  %s %s, %s;\n" % (c["form"], R.take("r", c["regs"]), addr)
    if fam == "stmatrix":
        addr = "[rd1]" if c["generic"] else "[r0]"
        return "  %s %s, %s;\n" % (c["form"], addr, R.take("r", c["regs"]))
    if fam == "movmatrix":
        return "  %s r1, r2;\n" % c["form"]
    if fam == "mma":
        d = R.take(c["dkind"], c["dregs"])
        a = R.take(c["akind"], c["a"])
        b = R.take(c["akind"], c["b"])
        cc = R.take(c["ckind"], c["c"])
        return "  %s %s, %s, %s, %s;\n" % (c["form"], d, a, b, cc)
    if fam == "wmma":
        addr = "[rd1]"
        if ".shared." in c["form"]:
            addr = "[rd0]"
        if c["op"] == "load":
            kind = "f" if c["form"].endswith(".f32") else "r"
            return "  %s %s, %s, 16;\n" % (c["form"], R.take(kind, c["regs"]), addr)
        if c["op"] == "store":
            kind = "f" if c["form"].endswith(".f32") else "r"
            return "  %s %s, %s, 16;\n" % (c["form"], addr, R.take(kind, c["regs"]))
        d = R.take(c["dkind"], c["d"])
        a = R.take("r", c["a"])
        b = R.take("r", c["b"])
        cc = R.take(c["ckind"], c["c"])
        return "  %s %s, %s, %s, %s;\n" % (c["form"], d, a, b, cc)
    raise ValueError(fam)


def probe(c, ptxas, tmp):
    path = os.path.join(tmp, "p.ptx")
    with open(path, "w") as f:
        f.write(HEAD + body(c) + TAIL)
    p = subprocess.run([ptxas, "-arch=sm_90a", path, "-o", os.path.join(tmp, "p.cubin")], capture_output=True, text=True)
    errs = [l.split("error", 1)[1].lstrip(" :") for l in p.stderr.splitlines() if "error" in l and "fatal" not in l]
    msg = "; ".join(errs)[:300]
    return p.returncode == 0, msg


def main():
    ptxas = PTXAS
    if "--ptxas" in sys.argv:
        ptxas = sys.argv[sys.argv.index("--ptxas") + 1]
    cands = ldmatrix_forms() + stmatrix_forms() + movmatrix_forms() + mma_forms() + wmma_forms()
    ver = subprocess.run([ptxas, "--version"], capture_output=True, text=True).stdout.strip().splitlines()[-1]
    res = []
    with tempfile.TemporaryDirectory() as tmp:
        for c in cands:
            ok, msg = probe(c, ptxas, tmp)
            res.append(dict(family=c["family"], form=c["form"], accepted=ok, error=None if ok else msg))
    doc = dict(ptxas=ver, target="sm_90a", ptx_version="9.0", forms=res)
    with open(os.path.join(HERE, "forms_sm90a.json"), "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    lines = ["# Warp-matrix forms: what ptxas accepts for sm_90a", "",
             "Written by `probe_forms.py`: every form below was assembled alone in a tiny",
             "module (`.version 9.0`, `.target sm_90a`) with `ptxas -arch=sm_90a` (%s)." % ver,
             "Rejected forms carry ptxas's message.", ""]
    for fam in ("ldmatrix", "stmatrix", "movmatrix", "mma", "wmma"):
        acc = [r for r in res if r["family"] == fam and r["accepted"]]
        rej = [r for r in res if r["family"] == fam and not r["accepted"]]
        lines.append("## %s (%d accepted, %d rejected)" % (fam, len(acc), len(rej)))
        lines.append("")
        lines.append("Accepted:")
        lines.append("")
        lines += ["- `%s`" % r["form"] for r in acc] or ["- (none)"]
        lines.append("")
        lines.append("Rejected:")
        lines.append("")
        lines += ["- `%s` -- %s" % (r["form"], r["error"]) for r in rej] or ["- (none)"]
        lines.append("")
    with open(os.path.join(HERE, "forms_sm90a.md"), "w") as f:
        f.write("\n".join(lines))
    n_ok = sum(r["accepted"] for r in res)
    print("%d forms probed, %d accepted, %d rejected" % (len(res), n_ok, len(res) - n_ok))


if __name__ == "__main__":
    main()
