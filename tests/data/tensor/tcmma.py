"""mma.sync forms: operand descriptions, CUDA code generation, packing and exact expected values.

A kernel generated here gathers its A, B and C fragments from plain matrices
in `in` using the PTX ISA fragment layout (tclayout.py), runs one mma per warp
(m8n8k4 .f16: four, one per quad-pair) and writes what it has to `out`:
optionally every lane's fragment registers, always D as a plain matrix.

Storage of the matrices in `in` (per warp, per problem):
  A  M x K, row-major:           element (r, k) at index r*K + k
  B  K x N, column-major:        element (k, n) at index n*K + k
  C  M x N, row-major:           element (r, n) at index r*N + n
  D  M x N, row-major (in out)
Elements narrower than 32 bits are packed LSB-first into 32-bit words (index
e of a b-bit type sits in word (e*b)/32 at bit (e*b)%32); f64 elements take two
words, low word first.
"""
import math
from fractions import Fraction

import tclayout as L
from tcfmt import FMTS, F32, F16, F64, int_enc, int_dec, INTS

KIND = {"f32": "f", "f64": "d"}  # asm constraint per register; everything else is "r"
FLOATS = ("f16", "bf16", "tf32", "e4m3", "e5m2", "f32", "f64")


class Operand:
    def __init__(self, op, which, typ, rc):
        self.which, self.type, self.map = which, typ, rc
        self.bits = L.BITS[typ]
        self.kind = KIND.get(typ, "r")
        self.epr = 1 if self.bits >= 32 else 32 // self.bits
        if which == "a":
            self.rows, self.cols = op.M, op.K
        elif which == "b":
            self.rows, self.cols = op.K, op.N
        else:
            self.rows, self.cols = op.M, op.N
        self.nelem = self.rows * self.cols * op.nprob // 32
        self.nregs = self.nelem // self.epr
        self.wpr = 2 if self.bits == 64 else 1  # 32-bit words per register
        self.prob_words = self.rows * self.cols * self.bits // 32  # one problem's matrix

    def index(self, r, c):
        """Element index of matrix coordinate (r, c) in the storage order above."""
        if self.which == "b":
            return c * self.rows + r  # column-major: (k, n) at n*K + k
        return r * self.cols + c

    def idx_expr(self, i):
        r, c = L.c_expr(self.map[0], i), L.c_expr(self.map[1], i)
        if self.which == "b":
            return "(%s)*%d + (%s)" % (c, self.rows, r)
        return "(%s)*%d + (%s)" % (r, self.cols, c)

    def coord(self, lane, i):
        return L.ev(self.map[0], lane, i), L.ev(self.map[1], lane, i)

    def describe(self):
        order = {"a": "row-major: element (r,k) at r*K+k", "b": "column-major: element (k,n) at n*K+k",
                 "c": "row-major: element (r,n) at r*N+n", "d": "row-major: element (r,n) at r*N+n"}[self.which]
        return dict(type=self.type, rows=self.rows, cols=self.cols, elem_bits=self.bits, order=order,
                    frag_regs=self.nregs, elems_per_reg=self.epr, words_per_reg=self.wpr,
                    frag_row=self.map[0], frag_col=self.map[1])


class MmaOp:
    """One mma.sync form."""

    def __init__(self, shape, at, bt, ct, dt, al="row", bl="col", sat=False, bitop=None):
        self.at, self.bt, self.ct, self.dt = at, bt, ct, dt
        self.al, self.bl, self.sat, self.bitop = al, bl, sat, bitop
        if shape == "m8n8k4" and at == "f16":
            sh = L.m8n8k4_shape(al, bl, ct)
            dmap = L.M8N8K4_C[dt]
        else:
            fam = {"f16": "16b", "bf16": "16b", "tf32": "tf32", "f64": "f64", "e4m3": "8b", "e5m2": "8b",
                   "s8": "8b", "u8": "8b", "s4": "4b", "u4": "4b", "b1": "1b"}[at]
            sh = L.SHAPES[(shape, fam)]
            dmap = sh.maps["d"]
        self.shape, self.M, self.N, self.K, self.nprob = shape, sh.M, sh.N, sh.K, sh.nprob
        self.a = Operand(self, "a", at, sh.maps["a"])
        self.b = Operand(self, "b", bt, sh.maps["b"])
        self.c = Operand(self, "c", ct, sh.maps["c"])
        self.d = Operand(self, "d", dt, dmap)
        mid = ".satfinite" if sat else ""
        tail = ".%s.popc" % bitop if bitop else ""
        self.ptx = "mma.sync.aligned.%s.%s.%s%s.%s.%s.%s.%s%s" % (shape, al, bl, mid, dt, at, bt, ct, tail)
        nm = "mma_%s" % shape
        if shape == "m8n8k4" and at == "f16":
            nm += "_%s_%s" % (al, bl)
        nm += "_%s_%s_%s_%s" % (dt, at, bt, ct) if at != "b1" else "_b1_%s" % bitop
        if sat:
            nm += "_sat"
        self.name = nm
        # in / out word counts per warp
        self.in_a = self.a.prob_words * self.nprob
        self.in_b = self.b.prob_words * self.nprob
        self.in_c = self.c.prob_words * self.nprob
        self.in_words = self.in_a + self.in_b + self.in_c
        self.d_words = self.d.prob_words * self.nprob

    def out_layout(self, frags):
        """[(region, offset, words)] of one warp's out block."""
        regs, off = [], 0
        if frags:
            for o in (self.a, self.b, self.c, self.d):
                n = 32 * o.nregs * o.wpr
                regs.append(("%s_frag" % o.which.upper(), off, n))
                off += n
        regs.append(("D", off, self.d_words))
        return regs, off + self.d_words

    # ------------------------------------------------------------ CUDA source
    def kernel(self, name, frags, comment=""):
        in_w = self.in_words
        regs, out_w = self.out_layout(frags)
        L_ = []
        w = L_.append
        w("// %s" % self.ptx)
        if comment:
            for line in comment.splitlines():
                w("// " + line)
        w("// in  per warp (%d words): A %dx%d %s row-major | B %dx%d %s column-major ((k,n) at n*%d+k) | C %dx%d %s row-major%s"
          % (in_w, self.M, self.K, self.at, self.K, self.N, self.bt, self.K, self.M, self.N, self.ct,
             "; x4 problems, one per quad-pair q=(lane>>2)&3, each A|B|C block repeated per problem in order" if self.nprob > 1 else ""))
        w("// out per warp (%d words): %s" % (out_w, ", ".join("%s @%d (%d)" % r for r in regs)))
        w('extern "C" __global__ void %s(const u32* in, u32* out) {' % name)
        w("  const u32 lane = threadIdx.x & 31, w = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;")
        import re
        used = set()
        for o in (self.a, self.b, self.c, self.d):
            for e in o.map:
                used |= set(re.findall(r"\b[ghtq]\b", e))
        decls = [("g", "lane >> 2"), ("t", "lane & 3"), ("h", "lane >> 4")]
        w("  const u32 %s;" % ", ".join("%s = %s" % (v, e) for v, e in decls if v in used))
        if self.nprob > 1:
            w("  const u32 q = (lane >> 2) & 3;  // quad-pair q (lanes 4q..4q+3, 4q+16..4q+19) solves problem q")
            w("  const u32* A = in + w * %du + q * %du;" % (in_w, self.a.prob_words))
            w("  const u32* B = in + w * %du + %du + q * %du;" % (in_w, self.in_a, self.b.prob_words))
            w("  const u32* C = in + w * %du + %du + q * %du;" % (in_w, self.in_a + self.in_b, self.c.prob_words))
        else:
            w("  const u32* A = in + w * %du;" % in_w)
            w("  const u32* B = A + %du;" % self.in_a)
            w("  const u32* C = B + %du;" % self.in_b)
        w("  u32* o = out + w * %du;" % out_w)
        decl = {"r": "u32", "f": "float", "d": "double"}
        for o in (self.a, self.b, self.c, self.d):
            w("  %s %s[%d];" % (decl[o.kind], o.which, o.nregs))
        for o, base in ((self.a, "A"), (self.b, "B"), (self.c, "C")):
            for r in range(o.nregs):
                if o.kind == "d":
                    w("  %s[%d] = elem64(%s, %s);" % (o.which, r, base, o.idx_expr(r)))
                elif o.kind == "f":
                    w("  %s[%d] = __uint_as_float(%s[%s]);" % (o.which, r, base, o.idx_expr(r)))
                elif o.bits == 32:
                    w("  %s[%d] = %s[%s];" % (o.which, r, base, o.idx_expr(r)))
                else:
                    parts = []
                    for j in range(o.epr):
                        e = "elem(%s, %s, %d)" % (base, o.idx_expr(r * o.epr + j), o.bits)
                        parts.append(e if j == 0 else "(%s << %d)" % (e, j * o.bits))
                    if len(parts) > 4:
                        w("  %s[%d] = 0;" % (o.which, r))
                        for j, pexp in enumerate(parts):
                            w("  %s[%d] |= %s;" % (o.which, r, pexp))
                    else:
                        w("  %s[%d] = %s;" % (o.which, r, " | ".join(parts)))
        # the asm statement
        n = 0
        groups = []
        for o in (self.d, self.a, self.b, self.c):
            groups.append("{" + ",".join("%%%d" % (n + k) for k in range(o.nregs)) + "}")
            n += o.nregs
        outs = ", ".join('"=%s"(d[%d])' % (self.d.kind, r) for r in range(self.d.nregs))
        ins = ", ".join('"%s"(%s[%d])' % (o.kind, o.which, r) for o in (self.a, self.b, self.c) for r in range(o.nregs))
        w('  asm volatile("%s %s, %s, %s, %s;"' % (self.ptx, *groups))
        w("               : %s" % outs)
        w("               : %s);" % ins)
        # fragments
        if frags:
            for (rname, off, _), o in zip(regs, (self.a, self.b, self.c, self.d)):
                per = o.nregs * o.wpr
                for r in range(o.nregs):
                    if o.kind == "d":
                        w("  put64(o + %d + lane * %d, %d, %s[%d]);" % (off, per, r, o.which, r))
                    elif o.kind == "f":
                        w("  o[%d + lane * %d + %d] = __float_as_uint(%s[%d]);" % (off, per, r, o.which, r))
                    else:
                        w("  o[%d + lane * %d + %d] = %s[%d];" % (off, per, r, o.which, r))
        # D as a matrix
        doff = regs[-1][1]
        dd = self.d
        if self.nprob > 1:
            w("  u32* Dm = o + %d + q * %du;" % (doff, dd.prob_words))
        else:
            w("  u32* Dm = o + %d;" % doff)
        for i in range(dd.nelem):
            r, j = divmod(i, dd.epr)
            idx = dd.idx_expr(i)
            if dd.kind == "d":
                w("  put64(Dm, %s, d[%d]);" % (idx, r))
            elif dd.kind == "f":
                w("  Dm[%s] = __float_as_uint(d[%d]);" % (idx, r))
            elif dd.bits == 32:
                w("  Dm[%s] = d[%d];" % (idx, r))
            else:
                w("  put16(Dm, %s, d[%d] >> %d);" % (idx, r, 16 * j))
        w("}")
        return "\n".join(L_) + "\n"

    # ------------------------------------------------------------ data
    def pack(self, o, mats):
        """Words of one operand from its per-problem matrices (lists of rows of values)."""
        words = []
        for m in mats:
            elems = [0] * (o.rows * o.cols)
            for r in range(o.rows):
                for c in range(o.cols):
                    elems[o.index(r, c)] = encode(o.type, m[r][c])
            words += pack_bits(elems, o.bits)
        return words

    def in_words_of(self, A, B, C):
        """A, B, C: lists (one per problem) of matrices of values."""
        return self.pack(self.a, A) + self.pack(self.b, B) + self.pack(self.c, C)

    def reference(self, A, B, C):
        """Exact D per problem (values) or None where the arithmetic is not exact/defined."""
        D = []
        for p in range(self.nprob):
            Dp = [[None] * self.N for _ in range(self.M)]
            for r in range(self.M):
                for n in range(self.N):
                    Dp[r][n] = self.dot(A[p][r], [B[p][k][n] for k in range(self.K)], C[p][r][n])
            D.append(Dp)
        return D

    def dot(self, arow, bcol, c):
        if self.at in FLOATS:
            vals = [decode(self.at, encode(self.at, x)) for x in arow]
            bv = [decode(self.bt, encode(self.bt, x)) for x in bcol]
            cv = decode(self.ct, encode(self.ct, c))
            if any(not isinstance(v, Fraction) for v in vals + bv + [cv]):
                return None
            s = cv + sum(x * y for x, y in zip(vals, bv))
            return s
        if self.at == "b1":
            pc = sum(((x & y) if self.bitop == "and" else (x ^ y)) for x, y in zip(arow, bcol))
            return wrap32(c + pc)
        s = c + sum(x * y for x, y in zip(arow, bcol))
        if self.sat:
            return max(-(1 << 31), min((1 << 31) - 1, s))
        return wrap32(s)

    def expect_out(self, A, B, C, frags):
        """Expected out words of one warp (None where not exactly determined)."""
        D = self.reference(A, B, C)
        regs, out_w = self.out_layout(frags)
        out = [None] * out_w
        dwords = self.d_matrix_words(D)
        doff = regs[-1][1]
        out[doff:doff + len(dwords)] = dwords
        if frags:
            mats = {"a": A, "b": B, "c": C, "d": D}
            for (rname, off, _), o in zip(regs, (self.a, self.b, self.c, self.d)):
                for lane in range(32):
                    p = L.lane_vars(lane)["q"] if self.nprob > 1 else 0
                    for r in range(o.nregs):
                        vals = []
                        for j in range(o.epr):
                            i = r * o.epr + j
                            rr, cc = o.coord(lane, i)
                            vals.append(mats[o.which][p][rr][cc])
                        if any(v is None for v in vals):
                            continue
                        bits = 0
                        for j, v in enumerate(vals):
                            bits |= encode_exact(o.type, v) << (j * o.bits)
                        base = off + lane * o.nregs * o.wpr + r * o.wpr
                        if o.wpr == 2:
                            out[base], out[base + 1] = bits & 0xFFFFFFFF, bits >> 32
                        else:
                            out[base] = bits
        return out

    def d_matrix_words(self, D):
        words = []
        for Dp in D:
            elems = [None] * (self.M * self.N)
            for r in range(self.M):
                for n in range(self.N):
                    v = Dp[r][n]
                    elems[r * self.N + n] = None if v is None else encode_exact(self.dt, v)
            words += pack_bits(elems, self.d.bits)
        return words


def wrap32(v):
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v >> 31 else v


_ENC, _DEC = {}, {}


def encode(t, v):
    """Bits of a value of type t.  Values: Fraction/int/float, or ('raw', bits)."""
    if isinstance(v, tuple) and v[0] == "raw":
        return v[1]
    key = (t, "f", v.hex()) if isinstance(v, float) else (t, type(v).__name__, v)
    r = _ENC.get(key)
    if r is None:
        r = FMTS[t].enc(v) if t in FMTS else int_enc(t, v)
        _ENC[key] = r
    return r


def encode_exact(t, v):
    """Bits of an exact result value (D matrices): floats must be representable."""
    if t in FMTS:
        return encode(t, v)
    return int_enc(t, v)  # masked to the element width


def decode(t, bits):
    key = (t, bits)
    if key not in _DEC:
        _DEC[key] = FMTS[t].dec(bits) if t in FMTS else int_dec(t, bits)
    return _DEC[key]


def pack_bits(elems, bits):
    """Pack elements LSB-first into 32-bit words; a None element makes its word None."""
    if bits == 64:
        out = []
        for e in elems:
            out += [None, None] if e is None else [e & 0xFFFFFFFF, e >> 32]
        return out
    per = 32 // bits
    assert len(elems) % per == 0
    out = []
    for wi in range(len(elems) // per):
        chunk = elems[wi * per:(wi + 1) * per]
        if any(e is None for e in chunk):
            out.append(None)
            continue
        v = 0
        for j, e in enumerate(chunk):
            v |= (e & ((1 << bits) - 1)) << (j * bits)
        out.append(v)
    return out


COMMON = r"""typedef unsigned int u32;
typedef unsigned short u16;

// Element idx of a packed array of `bits`-bit elements, bits in {1, 4, 8, 16} (LSB-first in 32-bit words).
__device__ __forceinline__ u32 elem(const u32* p, u32 idx, u32 bits) {
  const u32 bit = idx * bits;
  return (p[bit >> 5] >> (bit & 31)) & ((1u << bits) - 1u);
}
// f64 element idx (two words, low word first).
__device__ __forceinline__ double elem64(const u32* p, u32 idx) {
  return __hiloint2double((int)p[2 * idx + 1], (int)p[2 * idx]);
}
__device__ __forceinline__ void put16(u32* p, u32 idx, u32 v) { ((u16*)p)[idx] = (u16)v; }
__device__ __forceinline__ void put64(u32* p, u32 idx, double v) {
  p[2 * idx] = (u32)__double2loint(v);
  p[2 * idx + 1] = (u32)__double2hiint(v);
}
"""
