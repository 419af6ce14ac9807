#!/usr/bin/env python3
"""The video-instruction matrix (PTX ISA 9.7.16): every scalar (vadd vsub
vabsdiff vmin vmax vshl vshr vmad vset) and SIMD (vadd2 ... vset2, vadd4 ...
vset4) instruction with a sample of each modifier axis (types, .sat,
secondary operations, data merges, operand selectors, masks, .shr7/.shr15,
negated vmad operands), written as PTX modules for tests/hwrec.

ptxas (-arch=sm_90a) decides which candidate forms are legal: each is probed
in its own entry and the rejected ones are left out (rejected.txt says why).
Entry point NAME(const u32* in, u32* out), one block of T threads: thread t
reads a, b, c from in[3t..3t+2] and writes form f's d to out[f*T + t].

    python3 gen.py [--ptxas PATH]     writes video_*.ptx, *.plan, forms.json, rejected.txt
"""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "hwrec"))
from plan import Plan, Rng, seed_of, sentinel  # noqa: E402

T = 64
TYPES = ["u32", "s32"]
SCALAR_SELS = ["", ".b0", ".b1", ".b2", ".b3", ".h0", ".h1"]
CMPS = ["eq", "ne", "lt", "le", "gt", "ge"]


def scalar_forms():
    out = {}
    for vop in ["vadd", "vsub", "vabsdiff", "vmin", "vmax"]:
        forms = []
        for dt in TYPES:
            for at in TYPES:
                for bt in TYPES:
                    for sat in ["", ".sat"]:
                        base = "%s.%s.%s.%s%s" % (vop, dt, at, bt, sat)
                        forms.append("%s %%d, %%a, %%b;" % base)
                        forms.append("%s %%d, %%a.b1, %%b.h1;" % base)
                        forms.append("%s %%d, %%a.h0, %%b.b3;" % base)
                        for op2 in ["add", "min", "max"]:
                            forms.append("%s.%s %%d, %%a.b2, %%b, %%c;" % (base, op2))
                        for dsel in [".b0", ".b3", ".h1"]:
                            forms.append("%s %%d%s, %%a, %%b.b0, %%c;" % (base, dsel))
        out[vop] = forms
    for vop in ["vshl", "vshr"]:
        forms = []
        for dt in TYPES:
            for at in TYPES:
                for mode in ["clamp", "wrap"]:
                    for sat in ["", ".sat"]:
                        base = "%s.%s.%s.u32%s.%s" % (vop, dt, at, sat, mode)
                        forms.append("%s %%d, %%a, %%b;" % base)
                        forms.append("%s %%d, %%a.h1, %%b.b0;" % base)
                        for op2 in ["add", "min", "max"]:
                            forms.append("%s.%s %%d, %%a, %%b.b1, %%c;" % (base, op2))
                        for dsel in [".b2", ".h0"]:
                            forms.append("%s %%d%s, %%a.b3, %%b.b0, %%c;" % (base, dsel))
        out[vop] = forms
    forms = []
    for dt in TYPES:
        for at in TYPES:
            for bt in TYPES:
                for sat in ["", ".sat"]:
                    for scale in ["", ".shr7", ".shr15"]:
                        base = "vmad.%s.%s.%s%s%s" % (dt, at, bt, sat, scale)
                        forms.append("%s %%d, %%a, %%b, %%c;" % base)
                        forms.append("%s %%d, -%%a.h0, %%b.b1, %%c;" % base)
                        forms.append("%s %%d, %%a.b2, -%%b.h1, %%c;" % base)
                        forms.append("%s %%d, %%a, %%b, -%%c;" % base)
                    base = "vmad.%s.%s.%s.po%s" % (dt, at, bt, sat)
                    forms.append("%s %%d, %%a.h1, %%b, %%c;" % base)
                    forms.append("%s.shr7 %%d, %%a, %%b.b0, %%c;" % base)
    out["vmad"] = forms
    forms = []
    for at in TYPES:
        for bt in TYPES:
            for cmp in CMPS:
                base = "vset.%s.%s.%s" % (at, bt, cmp)
                forms.append("%s %%d, %%a, %%b;" % base)
                forms.append("%s %%d, %%a.b1, %%b.h0;" % base)
                for op2 in ["add", "min", "max"]:
                    forms.append("%s.%s %%d, %%a, %%b.b3, %%c;" % (base, op2))
                forms.append("%s %%d.h1, %%a.h1, %%b, %%c;" % base)
    out["vset"] = forms
    return out


def simd_forms():
    out = {}
    for n, masks, asels, bsels in [(2, [".h0", ".h1"], [".h01", ".h23"], [".h10", ".h31"]),
                                   (4, [".b0", ".b20", ".b321"], [".b0123", ".b7531"], [".b4567", ".b1032"])]:
        for vop in ["vadd", "vsub", "vavrg", "vabsdiff", "vmin", "vmax"]:
            forms = []
            name = "%s%d" % (vop, n)
            for dt in TYPES:
                for at in TYPES:
                    for bt in TYPES:
                        for sat in ["", ".sat"]:
                            base = "%s.%s.%s.%s%s" % (name, dt, at, bt, sat)
                            forms.append("%s %%d, %%a, %%b, %%c;" % base)
                            forms.append("%s %%d, %%a%s, %%b%s, %%c;" % (base, asels[0], bsels[0]))
                            forms.append("%s %%d, %%a%s, %%b%s, %%c;" % (base, asels[1], bsels[1]))
                            for m in masks:
                                forms.append("%s %%d%s, %%a, %%b, %%c;" % (base, m))
                        base = "%s.%s.%s.%s.add" % (name, dt, at, bt)
                        forms.append("%s %%d, %%a, %%b, %%c;" % base)
                        forms.append("%s %%d, %%a%s, %%b%s, %%c;" % (base, asels[1], bsels[0]))
                        forms.append("%s %%d%s, %%a, %%b, %%c;" % (base, masks[0]))
            out[name] = forms
        forms = []
        for at in TYPES:
            for bt in TYPES:
                for cmp in CMPS:
                    base = "vset%d.%s.%s.%s" % (n, at, bt, cmp)
                    forms.append("%s %%d, %%a, %%b, %%c;" % base)
                    forms.append("%s %%d%s, %%a%s, %%b%s, %%c;" % (base, masks[-1], asels[0], bsels[1]))
                    forms.append("%s.add %%d, %%a, %%b, %%c;" % base)
                    forms.append("%s.add %%d%s, %%a%s, %%b, %%c;" % (base, masks[0], asels[1]))
        out["vset%d" % n] = forms
    return out


HEAD = """.visible .entry %s(.param .u64 pin, .param .u64 pout)
{
	.reg .b32 %%a, %%b, %%c, %%d, %%t;
	.reg .b64 %%gin, %%gout, %%ra, %%ro, %%off;
	ld.param.u64 %%gin, [pin];
	ld.param.u64 %%gout, [pout];
	cvta.to.global.u64 %%gin, %%gin;
	cvta.to.global.u64 %%gout, %%gout;
	mov.u32 %%t, %%tid.x;
	mul.wide.u32 %%off, %%t, 12;
	add.s64 %%ra, %%gin, %%off;
	ld.global.u32 %%a, [%%ra];
	ld.global.u32 %%b, [%%ra+4];
	ld.global.u32 %%c, [%%ra+8];
	mul.wide.u32 %%off, %%t, 4;
	add.s64 %%ro, %%gout, %%off;
"""


def entry(name, forms):
    lines = [HEAD % name]
    for f, form in enumerate(forms):
        lines.append("\t%s\n\tst.global.u32 [%%ro+%d], %%d;\n" % (form, 4 * f * T))
    lines.append("\tret;\n}\n")
    return "".join(lines)


def module(entries):
    return ".version 8.7\n.target sm_90a\n.address_size 64\n\n" + "\n".join(entry(n, fs) for n, fs in entries)


ERR = re.compile(r"^ptxas \S+, line (\d+); error\s*: (.*)$")


def probe(ptxas, groups):
    """Keeps the forms ptxas accepts: one entry per form, rejected lines dropped until it assembles."""
    items = [(g, f) for g, fs in groups.items() for f in fs]
    rejected = {}
    live = list(range(len(items)))
    with tempfile.TemporaryDirectory() as tmp:
        while True:
            text = ".version 8.7\n.target sm_90a\n.address_size 64\n\n"
            owner = {}
            for i in live:
                e = entry("p%d" % i, [items[i][1]])
                start = text.count("\n") + 1
                for k in range(e.count("\n")):
                    owner[start + k] = i
                text += e
            path = os.path.join(tmp, "probe.ptx")
            open(path, "w").write(text)
            r = subprocess.run([ptxas, "-arch=sm_90a", path, "-o", os.path.join(tmp, "probe.cubin")],
                               capture_output=True, text=True)
            if r.returncode == 0:
                break
            bad = {}
            for l in (r.stdout + r.stderr).splitlines():
                m = ERR.match(l.strip())
                if m and int(m.group(1)) in owner:
                    bad.setdefault(owner[int(m.group(1))], m.group(2))
            if not bad:
                sys.exit("ptxas failed without a line:\n" + r.stderr)
            rejected.update(bad)
            live = [i for i in live if i not in bad]
    keep = {}
    for i in live:
        keep.setdefault(items[i][0], []).append(items[i][1])
    return keep, {items[i][1]: m for i, m in rejected.items()}


def operands(name):
    """in words for T threads: edge cases first, then random."""
    edge = [0, 1, 0xffffffff, 0x7fffffff, 0x80000000, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff, 0x10000,
            0x7f7f7f7f, 0x80808080, 0xff00ff00, 0x00ff00ff, 0x12345678, 0xfedcba98, 31, 32, 33, 0x7fff8000,
            0x80007fff, 0xffff0001, 0x0001ffff]
    r = Rng(seed_of(name))
    words = []
    for t in range(T):
        for k in range(3):
            if t < 26 and k < 2:
                words.append(edge[(t + 7 * k) % len(edge)])
            elif k == 1 and t % 4 == 1:
                words.append(r.next() % 40)          # shift amounts around 32
            else:
                words.append(r.next())
    return words


def main():
    ptxas = "/usr/local/cuda/bin/ptxas"
    if "--ptxas" in sys.argv:
        ptxas = sys.argv[sys.argv.index("--ptxas") + 1]
    doc = {}
    rejected_all = {}
    for mod, groups in [("video_scalar", scalar_forms()), ("video_simd", simd_forms())]:
        keep, rejected = probe(ptxas, groups)
        rejected_all.update(rejected)
        entries = [("video_" + g, fs) for g, fs in keep.items()]
        open(os.path.join(HERE, mod + ".ptx"), "w").write(
            "// Generated by tests/data/video/gen.py: the video-instruction matrix (one form per out row).\n" +
            module(entries))
        p = Plan()
        for name, fs in entries:
            p.add(name, operands(name), sentinel(len(fs) * T), block=T)
            doc[name] = {"module": mod, "threads": T, "forms": fs}
        p.write(os.path.join(HERE, mod + ".plan"))
    with open(os.path.join(HERE, "forms.json"), "w") as fh:
        json.dump(doc, fh, indent=1)
    with open(os.path.join(HERE, "rejected.txt"), "w") as fh:
        for f, m in sorted(rejected_all.items()):
            fh.write("%s\t%s\n" % (f, m))
    print("forms:", sum(len(v["forms"]) for v in doc.values()), "rejected:", len(rejected_all))


if __name__ == "__main__":
    main()
