#!/usr/bin/env python3
"""Follow-up questions to the sm_90 ISA matrix (tests/data/isa): rules the
engine follows from one or two recorded words, and the cases next to them.
Writes isa_followup.cu and isa_followup.plan (tests/hwrec/plan.py); the
README says what each entry asks.

Layout as in tests/data/isa: one block of T threads per entry (64, or 128
where the hand-picked operands need more threads), thread t reads W words
from in[W*t ..], result row r of thread t is out[r*T + t] (64-bit results:
two rows, low first). Threads past the hand-picked operands get random words.

    python3 gen.py && nvcc -O3 -std=c++17 -arch=sm_90a -ptx isa_followup.cu -o isa_followup.ptx
"""
import os
import re
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "../../hwrec"))
from plan import Plan, Rng, seed_of, sentinel  # noqa: E402


def f32(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


# Each entry: name, words per thread, per-thread input rows (lists of W words,
# padded with random words), forms [(ptx lines using %0.. outputs / a b c
# registers, number of result rows)], register declarations.
ENTRIES = []


def entry(name, W, edges, forms, decls, loads):
    ENTRIES.append(dict(name=name, W=W, edges=edges, forms=forms, decls=decls, loads=loads))


# 1. fns: offset INT_MIN (its magnitude overflows), bases past 31 with every
#    sign of offset (the matrix has one word: mask 0x01000000, base 256,
#    offset INT_MIN gives 0, where the ISA's loop gives 0xffffffff).
fns_edges = []
for base in (0, 1, 24, 31, 32, 33, 64, 255, 256, 257, 0x80000000, 0xFFFFFFFF):
    for mask, off in ((0x01000000, 0x80000000), (0xFFFFFFFF, 0x80000000), (0x00000001, 0x80000000),
                      (0x12345678, 0xFFFFFFFF), (0x12345678, 1), (0x80000001, 0x7FFFFFFF)):
        fns_edges.append([mask, base, off])
entry("followup_fns", 3, fns_edges,
      [(["fns.b32 d, a, b, c;"], 1)], ".reg .b32 d, a, b, c;", ["mov.b32 a, %1;", "mov.b32 b, %2;", "mov.b32 c, %3;"])

# 2. mad.hi.sat.s32: negative overflows (only positive ones were recorded:
#    they wrap), both signs of c, and mad24.hi.sat.s32 beside it.
madsat = []
for a, b, c in ((0x7FFFFFFF, 0x80000000, 0x80000000), (0x80000000, 0x80000000, 0x7FFFFFFF),
                (0x80000000, 0x7FFFFFFF, 0x80000001), (0x7FFFFFFF, 0x7FFFFFFF, 0x7FFFFFFF),
                (0x00008000, 0x00FFFFFF, 0x7FFFFFFE), (0xFFFF8000, 0x00FFFFFF, 0x80000001),
                (0x80000000, 0x00000002, 0x80000000), (0x40000000, 0x00000004, 0x7FFFFFFF),
                (0xC0000000, 0x00000004, 0x80000000), (0x7FFFFFFF, 0xFFFFFFFF, 0x80000000),
                (0x00000001, 0x00000001, 0x7FFFFFFF), (0x80000000, 0x80000000, 0xC0000000)):
    madsat.append([a, b, c])
entry("followup_madsat", 3, madsat,
      [(["mad.hi.sat.s32 d, a, b, c;"], 1), (["mad.hi.s32 d, a, b, c;"], 1), (["mad24.hi.sat.s32 d, a, b, c;"], 1)],
      ".reg .b32 d, a, b, c;", ["mov.b32 a, %1;", "mov.b32 b, %2;", "mov.b32 c, %3;"])

# 3. bfe with immediate positions at or past the width (bfe.s32 d, a, 40, 5
#    gives all ones for every a; with registers the ISA's rule holds).
bfe_forms = []
for ty, width in (("s32", 32), ("u32", 32)):
    for pos in (31, 32, 33, 40, 63, 128, 255):
        for ln in (0, 1, 5, 32):
            bfe_forms.append((["bfe.%s d, a, %d, %d;" % (ty, pos, ln)], 1))
bfe_edges = [[x] for x in (0, 1, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0x12345678, 0x87654321, 0x00000100)]
entry("followup_bfe_imm", 1, bfe_edges, bfe_forms, ".reg .b32 d, a;", ["mov.b32 a, %1;"])
bfe64_forms = []
for ty in ("s64", "u64"):
    for pos in (63, 64, 65, 100, 255):
        for ln in (0, 1, 8, 64):
            bfe64_forms.append((["bfe.%s e, g, %d, %d;" % (ty, pos, ln)], 2))
bfe64_edges = [[lo, hi] for lo, hi in ((0, 0), (1, 0), (0, 0x80000000), (0xFFFFFFFF, 0xFFFFFFFF), (0x9ABCDEF0, 0x12345678),
                                       (0x0, 0x7FFFFFFF), (0x89ABCDEF, 0xFEDCBA98))]
entry("followup_bfe_imm64", 2, bfe64_edges, bfe64_forms, ".reg .b64 e, g;", ["mov.b64 g, {%1, %2};"])

# 4. sin/cos.approx next to quarter turns and for tiny angles: the engine's
#    reduction truncates the turn to 2^-25 in even quarters and the distance
#    to the next quarter to 2^-24 in odd ones (one word, sin(pi_f32) = +0,
#    asks for the second rule).
angles = []
c = struct.unpack("<f", struct.pack("<I", 0x3E22F983))[0]
for k in range(1, 9):  # quarter turns 1/4 .. 2
    base = k * 0.25 / c
    b = f32(base)
    for d in range(-6, 7):
        angles.append([(b + d) & 0xFFFFFFFF])
        angles.append([(b + d) ^ 0x80000000])
for e in range(-30, -12):
    angles.append([f32(2.0 ** e)])
    angles.append([f32(1.5 * 2.0 ** e)])
entry("followup_sincos", 1, angles,
      [(["sin.approx.f32 d, a;"], 1), (["cos.approx.f32 d, a;"], 1), (["sin.approx.ftz.f32 d, a;"], 1),
       (["cos.approx.ftz.f32 d, a;"], 1)],
      ".reg .f32 d, a;", ["mov.b32 a, %1;"])

# 5. f64 NaN priority: quiet and signaling NaNs in every operand slot of add,
#    mul and fma (recorded so far: sNaN a with qNaN b, and sNaN a with qNaN c).
QA, SA, QB, SB, QC, SC = 0x7FF8000000000A0A, 0x7FF4000000000A0A, 0xFFF800000000B0B0, 0xFFF400000000B0B0, 0x7FF800000000C0C0, 0x7FF400000000C0C0
ONE = 0x3FF0000000000000
nan_rows = []
for a in (ONE, QA, SA):
    for b in (ONE, QB, SB):
        for cc in (ONE, QC, SC):
            nan_rows.append([a & 0xFFFFFFFF, a >> 32, b & 0xFFFFFFFF, b >> 32, cc & 0xFFFFFFFF, cc >> 32])
entry("followup_f64nan", 6, nan_rows,
      [(["add.rn.f64 e, g, h;"], 2), (["mul.rn.f64 e, g, h;"], 2), (["fma.rn.f64 e, g, h, k;"], 2),
       (["fma.rn.f64 e, g, 0d400921FB54442D18, k;"], 2), (["sub.rn.f64 e, g, h;"], 2), (["div.rn.f64 e, g, h;"], 2)],
      ".reg .f64 e, g, h, k;", ["mov.b64 g, {%1, %2};", "mov.b64 h, {%3, %4};", "mov.b64 k, {%5, %6};"])

# 6. ex2.approx.f16: truncation (117 of 118 recorded results are 2^a rounded
#    toward zero) and the overflow edge just below a = 16.
ex2 = []
for bits in range(0x4BF0, 0x4C00):  # 15.75 .. 15.99
    ex2.append([bits])
for bits in (0xCE3D, 0xCE00, 0xCE40, 0xCC80, 0xC000, 0x3C00, 0x3800, 0x1097, 0x8001, 0x0001):
    ex2.append([bits])
entry("followup_ex2h", 1, ex2, [(["ex2.approx.f16 d, a;"], 1)], ".reg .b16 d, a, zz;",
      ["mov.b16 zz, 0;", "cvt.u16.u32 a, %1;"])

# 7. cvt.rna.tf32.f32 of NaNs whose bit 12 is set (the engine adds 0x1000 and
#    clears 13 bits, as every recorded word agrees; these tell it from a
#    truncation of NaNs), and their .satfinite.
tf = [[x] for x in (0x7F801000, 0x7FFFFFFF, 0xFFFFFFFF, 0x7F802000, 0x7FBFF000, 0x7F7FF000, 0x7F7FEFFF, 0xFF801000,
                    0x7FC01000, 0x00001000, 0x80001FFF)]
entry("followup_tf32", 1, tf, [(["cvt.rna.tf32.f32 d, a;"], 1), (["cvt.rna.satfinite.tf32.f32 d, a;"], 1)],
      ".reg .b32 d, a;", ["mov.b32 a, %1;"])


def threads(e):
    return 64 if len(e["edges"]) <= 64 else 64 * ((len(e["edges"]) + 63) // 64)


def emit(e):
    """The kernel of one entry: each form in its own asm block."""
    W, T = e["W"], threads(e)
    lines = ['extern "C" __global__ void %s(const unsigned* in, unsigned* out)' % e["name"], "{",
             "  const unsigned t = threadIdx.x;"]
    for k in range(W):
        lines.append("  const unsigned w%d = in[%d * t + %d];" % (k, W, k))
    row = 0
    for ptx, rows in e["forms"]:
        outs = ", ".join('"=r"(o%d)' % i for i in range(rows))
        ins = ", ".join('"r"(w%d)' % k for k in range(W))
        # Input %1.. of the loads are the words after the outputs.
        loads = [re.sub(r"%(\d)", lambda m: "%%%d" % (rows + int(m.group(1)) - 1), x) for x in e["loads"]]
        store = ("mov.b32 %0, {d, zz};" if "zz" in e["decls"] else "mov.b32 %0, d;") if rows == 1 else "mov.b64 {%0, %1}, e;"
        text = "\\n\\t".join([e["decls"]] + loads + ptx + [store])
        lines.append("  {")
        lines.append("    unsigned %s;" % ", ".join("o%d" % i for i in range(rows)))
        lines.append('    asm volatile("{\\n\\t%s\\n\\t}" : %s : %s);' % (text, outs, ins))
        for i in range(rows):
            lines.append("    out[%d * %d + t] = o%d;" % (row + i, T, i))
        lines.append("  }")
        row += rows
    lines.append("}")
    return "\n".join(lines), row


def main():
    plan = Plan()
    src = ["// Follow-up questions to the sm_90 ISA matrix: see README.md. Generated by gen.py."]
    for e in ENTRIES:
        code, rows = emit(e)
        src.append(code)
        assert "\t" not in e["decls"] or True
        rng = Rng(seed_of(e["name"]))
        T = threads(e)
        words = []
        for t in range(T):
            rec = e["edges"][t] if t < len(e["edges"]) else rng.words(e["W"])
            words += list(rec) + rng.words(e["W"] - len(rec))
        plan.add(e["name"], words, sentinel(rows * T), block=T, note="ISA matrix follow-up, layout in gen.py")
    with open(os.path.join(HERE, "isa_followup.cu"), "w") as f:
        f.write("\n\n".join(src) + "\n")
    plan.write(os.path.join(HERE, "isa_followup.plan"))


if __name__ == "__main__":
    main()
