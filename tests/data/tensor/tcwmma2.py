#!/usr/bin/env python3
"""tc_wmma2: every wmma form of sm_90 beyond tc_wmma (recorded: golden-tc_wmma2.json.gz).

    python3 tcwmma2.py [DIR]    # writes DIR/tc_wmma2.ptx and DIR/tc_wmma2.plan (default: here)
    python3 tcwmma2.py --layouts  # every load layout the recording shows, in g = lane/4, t = lane%4

The PTX ISA leaves the wmma fragment layouts unspecified, so these kernels
let an H100 show them, register by register, for m16n16k16, m32n8k16 and
m8n32k16 (f16, bf16, s8, u8), m16n16k8 (tf32), m8n8k4 (f64), m8n8k32 (s4,
u4) and m8n8k128 (b1). The PTX is written here (no nvcc). One warp per test.

  st_d_<shape>_<type>_<layout>   wmma.store.d of registers holding
      lane << 8 | reg << 1 (f16: | half): out shows where each register
      element lands; padding and untouched words keep their sentinels.

  mma_<shape>_<al><bl>_<d>_<a>_<c>[_satfinite|_rn|_rz|_rm|_rp|_xor_popc|_and_popc]
      wmma.load A (alayout), B (blayout) and C (like A) from `in`, an
      optional register of A or B zeroed (in[0] = its index, 0xffffffff:
      none), wmma.mma, then every lane's A, B, C and D registers to out
      (per lane: A, B, C, D; f64 registers as two words). Data sets, one test
      each:
        _p<j>   planes: unit u of every operand (a byte, or an element where
                elements are narrower) holds digit j of u (in base 2^unit
                bits), so the A, B and C registers over all planes name the
                memory unit behind every register bit (the load layout).
        _i      small integers (A, B: +-1..4, C: -16..16; integers: every
                bit pattern, C within 2^20): every D exact, the D layout.
        _i_z<q> the same with register q of A then B zeroed (f16 f32.f32
                .row.col only): which copies of a repeated fragment the
                mma reads.
        _r      random significands, exponents 2^-4..2^4 (C 2^-2..2^6): the
                arithmetic (tf32 with its 13 low bits set, the f64 roundings).
        _s      C within 256 of INT32_MAX or INT32_MIN (.satfinite).
      Strides: .row the natural one rounded up to 16 bytes, .col 16 bytes
      more (the padding stays unread).
"""
import os
import re
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "../../hwrec"))
from plan import Plan, Rng, seed_of, sentinel  # noqa: E402

BITS = dict(f16=16, bf16=16, tf32=32, f32=32, f64=64, s8=8, u8=8, s4=4, u4=4, b1=1, s32=32)
INTS = ("s8", "u8", "s4", "u4", "b1")
# First register of each operand's class (A, B, C, D).
BASES = {"r": (8, 24, 40, 48), "f": (0, 0, 0, 8), "fd": (16, 17, 0, 8)}

HEAD = (".visible .entry {name}(.param .u64 a,.param .u64 b){{"
        ".reg .b32 %r<64>;.reg .f32 %f<24>;.reg .f64 %fd<24>;.reg .b64 %rd<8>;.reg .pred %p;"
        "ld.param.u64 %rd1,[a];ld.param.u64 %rd2,[b];mov.u32 %r0,%tid.x;")


def dims(shape, frag):
    """Rows and columns of fragment a (m x k), b (k x n), c or d (m x n)."""
    m, n, k = map(int, re.findall(r"\d+", shape))
    return {"a": (m, k), "b": (k, n)}.get(frag, (m, n))


def nregs(shape, frag, t):
    """Registers the PTX ISA gives the fragment (f16 A and B: always 8)."""
    r, c = dims(shape, frag)
    return 8 if frag in "ab" and t == "f16" else r * c * BITS[t] // 1024 // (2 if t == "f64" else 1)


def rclass(frag, t):
    return "fd" if t == "f64" else "f" if t == "f32" and frag in "cd" else "r"


def regs(p, n, base):
    return "{" + ",".join("%%%s%d" % (p, base + i) for i in range(n)) + "}"


def pack(vals, bits):
    """Elements of `bits` bits packed LSB first into 32-bit words."""
    n = sum(v << (e * bits) for e, v in enumerate(vals))
    return [(n >> (32 * i)) & 0xFFFFFFFF for i in range((len(vals) * bits + 31) // 32)]


def stride(shape, frag, t, lay):
    """(stride in elements, elements of the region): rows (.row) or columns
    (.col) of the natural length rounded up to 16 bytes, .col 16 bytes more."""
    r, k = dims(shape, frag)
    u = 128 // BITS[t]
    s = -(-(k if lay == "row" else r) // u) * u + (u if lay == "col" else 0)
    return s, (r if lay == "row" else k) * s


def value(rng, t, data, frag):
    """One element's bits: type t, data set i, r or s, fragment a, b or c."""
    x = rng.next()
    if t in INTS:
        return x & ((1 << BITS[t]) - 1)
    if t == "s32":
        return (0x7FFFFF00 + (x & 511) if data == "s" else (x & 0x1FFFFF) - (1 << 20)) & 0xFFFFFFFF
    if data == "r":
        e, m, lo = {"f16": (5, 10, 11), "bf16": (8, 7, 123), "f64": (11, 52, 1019)}.get(t, (8, 23, 123))
        man = (x | rng.next() << 32) & ((1 << m) - 1)
        exp = lo + (2 if frag == "c" else 0) + rng.next() % 9
        return man | exp << m | (rng.next() & 1) << (e + m)
    v = x % 33 - 16 if frag == "c" else (1 + x % 4) * (1 - 2 * (rng.next() & 1))
    bits = int.from_bytes(struct.pack({"f16": "e", "f64": "d"}.get(t, "f"), v), "little")
    return bits >> 16 if t == "bf16" else bits


class Gen:
    def __init__(self):
        self.ptx = [".version 8.0\n.target sm_90\n.address_size 64\n"]
        self.plan = Plan()

    def kernel(self, name, body):
        self.ptx.append(HEAD.format(name=name) + body + "ret;}")

    def text(self):
        return "\n".join(self.ptx).replace(";", ";\n").replace("{.", "{\n.")

    def store(self, shape, t, lay):
        name = "st_d_%s_%s_%s" % (shape, t, lay)
        n, p = nregs(shape, "d", t), rclass("d", t)
        s, elems = stride(shape, "d", t, lay)
        body = "mov.u32 %%r1,%d;shl.b32 %%r2,%%r0,8;" % s
        for i in range(n):
            body += "or.b32 %%r3,%%r2,%d;" % (2 * i)
            if t == "f16":  # halves: code, code + 1
                body += "shl.b32 %%r4,%%r3,16;or.b32 %%r3,%%r3,%%r4;add.u32 %%r%d,%%r3,65536;" % (8 + i)
            elif t == "f64":
                body += "cvt.u64.u32 %%rd5,%%r3;mov.b64 %%fd%d,%%rd5;" % (8 + i)
            else:
                body += "mov.b32 %%%s%d,%%r3;" % (p, 8 + i)
        body += "wmma.store.d.sync.aligned.%s.%s.%s [%%rd2],%s,%%r1;" % (lay, shape, t, regs(p, n, 8))
        self.kernel(name, body)
        self.plan.add(name, [0], sentinel(elems * BITS[t] // 32))

    def mma(self, shape, a, d, c, al="row", bl="col", mod="", datas="i", zero=False):
        tag = "mma_%s_%s%s_%s_%s_%s%s" % (shape, al[0], bl[0], d, a, c, mod.replace(".", "_"))
        lays = (al, bl, al)
        types = (a, a, c, d)
        n = [nregs(shape, "abcd"[i], types[i]) for i in range(4)]
        p = [rclass("abcd"[i], types[i]) for i in range(4)]
        base = [BASES[p[i]][i] for i in range(4)]
        wpr = [2 if t == "f64" else 1 for t in types]
        words = sum(n[i] * wpr[i] for i in range(4))  # per lane
        body = "mul.wide.u32 %%rd3,%%r0,%d;add.s64 %%rd2,%%rd2,%%rd3;ld.u32 %%r5,[%%rd1];" % (4 * words)
        off, planes, regions = 256, 1, []
        for i in range(3):
            t = types[i]
            s, elems = stride(shape, "abc"[i], t, lays[i])
            body += "mov.u32 %%r1,%d;wmma.load.%s.sync.aligned.%s.%s.%s %s,[%%rd1+%d],%%r1;" % (
                s, "abc"[i], lays[i], shape, t, regs(p[i], n[i], base[i]), off)
            unit = min(8, BITS[t])
            units = elems * BITS[t] // unit
            planes = max(planes, -(-(units - 1).bit_length() // unit))
            regions.append((off, s, t, unit, units, i))
            off += -(-elems * BITS[t] // 2048) * 256
        for q in range(n[0] + n[1] if p[0] == "r" else 0):  # f64 registers are not zeroed
            r = 8 + q if q < n[0] else 24 + q - n[0]
            body += "setp.eq.u32 %%p,%%r5,%d;selp.b32 %%r%d,0,%%r%d,%%p;" % (q, r, r)
        popc = "popc" in mod
        tys = {"f16": ".%s.%s" % (d, c), "f64": ".f64" * 4}.get(a, ".%s.%s.%s.%s" % (d, a, a, c))
        body += "wmma.mma%s.sync.aligned.%s.%s.%s%s%s %s,%s,%s,%s;" % (
            mod if popc else "", al, bl, shape, tys, "" if popc else mod, regs(p[3], n[3], base[3]),
            regs(p[0], n[0], base[0]), regs(p[1], n[1], base[1]), regs(p[2], n[2], base[2]))
        at = 0
        for i in range(4):
            body += "".join("st.b%d [%%rd2+%d],%%%s%d;" % (32 * wpr[i], 4 * (at + j * wpr[i]), p[i], base[i] + j)
                            for j in range(n[i]))
            at += n[i] * wpr[i]
        self.kernel(tag, body)
        out = sentinel(32 * words)
        for j in range(planes):
            w = [0xFFFFFFFF]
            for off, s, t, unit, units, i in regions:
                w += [0] * (off // 4 - len(w)) + pack([(e >> (j * unit)) & ((1 << unit) - 1) for e in range(units)], unit)
            self.plan.add(tag + "_p%d" % j, w, out, entry=tag)
        for data in datas:
            w = [0xFFFFFFFF]
            rng = Rng(seed_of(tag + data))
            for off, s, t, unit, units, i in regions:
                rows, cols = dims(shape, "abc"[i])
                v = [value(rng, t, data, "abc"[i]) for _ in range(rows * cols)]  # row-major
                if lays[i] == "row":
                    lines = [v[m * cols:(m + 1) * cols] + [0] * (s - cols) for m in range(rows)]
                else:
                    lines = [v[m::cols] + [0] * (s - rows) for m in range(cols)]
                w += [0] * (off // 4 - len(w)) + pack(sum(lines, []), BITS[t])
            for q in range(-1, n[0] + n[1] if zero and data == "i" else 0):
                w[0] = q & 0xFFFFFFFF
                self.plan.add(tag + "_" + data + ("_z%d" % q if q >= 0 else ""), list(w), out, entry=tag)


def build():
    g = Gen()
    lays = ("row", "col")
    both = [(x, y) for x in lays for y in lays]
    for shape in ("m16n16k16", "m32n8k16", "m8n32k16"):
        for t in ("f16", "f32", "s32"):
            for lay in lays:
                g.store(shape, t, lay)
        for d, c in (("f32", "f32"), ("f16", "f16"), ("f32", "f16"), ("f16", "f32")):
            g.mma(shape, "f16", d, c, datas="ir", zero=(d, c) == ("f32", "f32"))
        for al, bl in (("row", "row"), ("col", "row"), ("col", "col")):
            g.mma(shape, "f16", "f32", "f32", al, bl)
        for al, bl in both:
            g.mma(shape, "bf16", "f32", "f32", al, bl, datas="ir" if (al, bl) == ("row", "col") else "i")
        for t in ("u8", "s8"):
            for al, bl in both:
                g.mma(shape, t, "s32", "s32", al, bl)
            g.mma(shape, t, "s32", "s32", mod=".satfinite", datas="s")
    for shape, t, c in (("m16n16k8", "tf32", "f32"), ("m8n8k4", "f64", "f64")):
        for lay in lays:
            g.store(shape, c, lay)
        for al, bl in both:
            g.mma(shape, t, c, c, al, bl, datas="ir" if (al, bl) == ("row", "col") else "i")
    for rnd in (".rn", ".rz", ".rm", ".rp"):
        g.mma("m8n8k4", "f64", "f64", "f64", mod=rnd, datas="ir")
    for shape in ("m8n8k32", "m8n8k128"):
        for lay in lays:
            g.store(shape, "s32", lay)
    for t in ("u4", "s4"):
        g.mma("m8n8k32", t, "s32", "s32")
        g.mma("m8n8k32", t, "s32", "s32", mod=".satfinite", datas="s")
    for op in (".xor.popc", ".and.popc"):
        g.mma("m8n8k128", "b1", "s32", "s32", mod=op)
    return g


def layouts(golden):
    """From a recording's _p<j> tests: {(shape, frag, type, layout): {(lane, reg, slot): (row, col)}}."""
    import gzip
    import json
    tests = {t["name"]: t["out"] for t in json.load(gzip.open(golden))["tests"]}
    found = {}
    for tag in sorted({k.rsplit("_p", 1)[0] for k in tests if re.search(r"_p\d+$", k)}):
        shape, al, bl, d, a, c = re.match(r"mma_(\w+?)_([rc])([rc])_(\w+?)_(\w+?)_(\w+?)(?:_|$)", tag).groups()
        al, bl = ("row" if al == "r" else "col"), ("row" if bl == "r" else "col")
        types = (a, a, c, d)
        n = [nregs(shape, "abcd"[i], types[i]) for i in range(4)]
        wpr = [2 if t == "f64" else 1 for t in types]
        words = sum(n[i] * wpr[i] for i in range(4))
        outs = [tests["%s_p%d" % (tag, j)] for j in range(sum(1 for k in tests if k.startswith(tag + "_p")))]
        at = 0
        for i, lay in enumerate((al, bl, al)):
            t, bits = types[i], BITS[types[i]]
            unit = min(8, bits)
            s, _ = stride(shape, "abc"[i], t, lay)
            cells = {}
            for lane in range(32):
                for r in range(n[i]):
                    w = at + r * wpr[i]
                    regv = [sum(o[lane * words + w + q] << (32 * q) for q in range(wpr[i])) for o in outs]
                    for slot in range(32 * wpr[i] // bits):
                        pos = slot * bits
                        u = sum(((v >> pos) & ((1 << unit) - 1)) << (j * unit) for j, v in enumerate(regv))
                        e = u * unit // bits
                        cells[(lane, r, slot)] = (e // s, e % s) if lay == "row" else (e % s, e // s)
            found[(shape, "abc"[i], t, lay)] = cells
            at += n[i] * wpr[i]
    return found


def affine(cells):
    """Each (reg, slot) as 'r<reg>.<slot>: (row, col)' in g = lane / 4 and t = lane % 4 (None if not affine)."""
    def expr(b, dg, dt):
        terms = [(("%d" % k if k != 1 else "") + v) for k, v in ((dg, "g"), (dt, "t")) if k]
        return "+".join(terms + (["%d" % b] if b or not terms else []))
    out = []
    for r, slot in sorted({(r, s) for (_, r, s) in cells}):
        b, t1, g1 = cells[(0, r, slot)], cells[(1, r, slot)], cells[(4, r, slot)]
        dt, dg = (t1[0] - b[0], t1[1] - b[1]), (g1[0] - b[0], g1[1] - b[1])
        if any(cells[(l, r, slot)] != tuple(b[x] + dg[x] * (l >> 2) + dt[x] * (l & 3) for x in (0, 1))
               for l in range(32)):
            return None
        out.append("r%d.%d: (%s, %s)" % (r, slot, expr(b[0], dg[0], dt[0]), expr(b[1], dg[1], dt[1])))
    return out


if __name__ == "__main__" and sys.argv[1:2] == ["--layouts"]:
    for key, cells in sorted(layouts(os.path.join(HERE, "golden-tc_wmma2.json.gz")).items()):
        print(" ".join(key), "|", "; ".join(affine(cells) or ["not affine in g, t"]))
elif __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else HERE
    g = build()
    with open(os.path.join(out, "tc_wmma2.ptx"), "w") as f:
        f.write(g.text())
    g.plan.write(os.path.join(out, "tc_wmma2.plan"))
    print(len(g.plan.tests), "tests")
