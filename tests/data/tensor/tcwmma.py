"""tc_wmma: wmma.load.a/b/c, wmma.mma, wmma.store.d (m16n16k16) and the nvcuda::wmma C++ API.

The wmma fragment layout is opaque in the PTX ISA ("the mapping of matrix
elements to fragment registers is unspecified"), so these entries record every
lane's fragment registers as the H100 loads them, plus the stored D matrix
(whose value is exact and expected).

Every entry: grid 1, block 96 (3 warps, one data set each):
  warp 0  A = identity, B = pattern (k*16+n+1), C = 0                 -> D = B
  warp 1  A = pattern (r*16+k+1), B = identity, C = pattern (r*16+n)   -> D = A + C
  warp 2  random small integers (A, B in [-8, 8], C in [-256, 256])
Per warp, in: A | B | C, each stored with its layout and leading dimension
(row-major: (r, c) at r*ldm + c; col-major: (r, c) at c*ldm + r), every region
starting on a 128-byte boundary.  out: A, B, C, D fragments [lane][word], then
D stored with its layout and ldm (words the store does not touch keep out_init).
"""
import os
from fractions import Fraction

from plan import Plan, Rng, seed_of, sentinel
from tcfmt import FMTS

N16 = 16


def _align(n, a=32):
    return (n + a - 1) // a * a


class Wmma:
    def __init__(self, name, at, ct, dt, al, bl, cl="row", dl="row", ldm=(16, 16, 16, 16), space="global", doc=""):
        self.name, self.at, self.ct, self.dt, self.al, self.bl, self.cl, self.dl = name, at, ct, dt, al, bl, cl, dl
        self.lda, self.ldb, self.ldc, self.ldd = ldm
        self.space, self.doc = space, doc
        self.na = 8 if at == "f16" else 4  # registers per lane
        self.nc = 4 if ct == "f16" else 8
        self.nd = 4 if dt == "f16" else 8
        eb = 16
        self.a_words = _align(16 * self.lda * eb // 32)
        self.b_words = _align(16 * self.ldb * eb // 32)
        self.c_words = _align(16 * self.ldc * (16 if ct == "f16" else 32) // 32)
        self.d_words = _align(16 * self.ldd * (16 if dt == "f16" else 32) // 32)
        self.in_words = self.a_words + self.b_words + self.c_words
        self.frag_words = 32 * (2 * self.na + self.nc + self.nd)
        self.out_words = self.frag_words + self.d_words
        if at == "f16":
            self.mma = "wmma.mma.sync.aligned.%s.%s.m16n16k16.%s.%s" % (al, bl, dt, ct)
        else:
            self.mma = "wmma.mma.sync.aligned.%s.%s.m16n16k16.%s.bf16.bf16.%s" % (al, bl, dt, ct)
        ss = {"global": ".global", "shared": ".shared", "generic": ""}[space]
        self.lda_form = "wmma.load.a.sync.aligned.%s.m16n16k16%s.%s" % (al, ss, at)
        self.ldb_form = "wmma.load.b.sync.aligned.%s.m16n16k16%s.%s" % (bl, ss, at)
        self.ldc_form = "wmma.load.c.sync.aligned.%s.m16n16k16.global.%s" % (cl, ct)
        self.st_form = "wmma.store.d.sync.aligned.%s.m16n16k16.global.%s" % (dl, dt)

    def forms(self):
        return [self.lda_form, self.ldb_form, self.ldc_form, self.mma, self.st_form]

    def kernel(self):
        k = []
        w = k.append
        for f in self.forms():
            w("// " + f)
        if self.doc:
            w("// " + self.doc)
        w("// in per warp (%d words): A @0 (%s, ldm %d) | B @%d (%s, ldm %d) | C @%d (%s, ldm %d)"
          % (self.in_words, self.al, self.lda, self.a_words, self.bl, self.ldb, self.a_words + self.b_words, self.cl, self.ldc))
        w("// out per warp (%d words): A frag [lane][%d] @0 | B frag [lane][%d] @%d | C frag [lane][%d] @%d | D frag [lane][%d] @%d | D @%d (%s, ldm %d)"
          % (self.out_words, self.na, self.na, 32 * self.na, self.nc, 64 * self.na, self.nd, 64 * self.na + 32 * self.nc,
             self.frag_words, self.dl, self.ldd))
        w('extern "C" __global__ void %s(const u32* in, u32* out) {' % self.name)
        w("  const u32 lane = threadIdx.x & 31, w = threadIdx.x >> 5;")
        w("  const u32* A = in + w * %du;" % self.in_words)
        w("  const u32* B = A + %du;" % self.a_words)
        w("  const u32* C = B + %du;" % self.b_words)
        w("  u32* o = out + w * %du;" % self.out_words)
        if self.space == "shared":
            w("  __shared__ __align__(128) u32 sm[3][%d];  // A then B, per warp" % (self.a_words + self.b_words))
            w("  for (u32 i = lane; i < %du; i += 32) sm[w][i] = A[i];" % (self.a_words + self.b_words))
            w("  __syncwarp();")
            w("  const u32 pa = (u32)__cvta_generic_to_shared(&sm[w][0]);")
            w("  const u32 pb = pa + %du;" % (4 * self.a_words))
            acon, bcon = '"r"(pa)', '"r"(pb)'
        elif self.space == "global":
            w("  const unsigned long long ga = __cvta_generic_to_global(A), gb = __cvta_generic_to_global(B);")
            acon, bcon = '"l"(ga)', '"l"(gb)'
        else:
            acon, bcon = '"l"(A)', '"l"(B)'
        ck = "f" if self.ct == "f32" else "r"
        dk = "f" if self.dt == "f32" else "r"
        w("  u32 a[%d], b[%d];" % (self.na, self.na))
        w("  %s c[%d];" % ("float" if ck == "f" else "u32", self.nc))
        w("  %s d[%d];" % ("float" if dk == "f" else "u32", self.nd))

        def regs(n, start):
            return "{" + ",".join("%%%d" % (start + i) for i in range(n)) + "}"

        def outs(var, kind, n):
            return ", ".join('"=%s"(%s[%d])' % (kind, var, i) for i in range(n))

        def ins(var, kind, n):
            return ", ".join('"%s"(%s[%d])' % (kind, var, i) for i in range(n))

        for form, var, n, con, ld in ((self.lda_form, "a", self.na, acon, self.lda), (self.ldb_form, "b", self.na, bcon, self.ldb)):
            w('  asm volatile("%s %s, [%%%d], %%%d;" : %s : %s, "r"(%d) : "memory");' % (form, regs(n, 0), n, n + 1, outs(var, "r", n), con, ld))
        w("  const unsigned long long gc = __cvta_generic_to_global(C);")
        w('  asm volatile("%s %s, [%%%d], %%%d;" : %s : "l"(gc), "r"(%d) : "memory");'
          % (self.ldc_form, regs(self.nc, 0), self.nc, self.nc + 1, outs("c", ck, self.nc), self.ldc))
        nd, na, nc = self.nd, self.na, self.nc
        w('  asm volatile("%s %s, %s, %s, %s;"' % (self.mma, regs(nd, 0), regs(na, nd), regs(na, nd + na), regs(nc, nd + 2 * na)))
        w("               : %s" % outs("d", dk, nd))
        w("               : %s, %s, %s);" % (ins("a", "r", na), ins("b", "r", na), ins("c", ck, nc)))
        w("  const unsigned long long gd = __cvta_generic_to_global(o + %du);" % self.frag_words)
        w('  asm volatile("%s [%%0], %s, %%%d;" :: "l"(gd), %s, "r"(%d) : "memory");'
          % (self.st_form, regs(nd, 1), nd + 1, ins("d", dk, nd), self.ldd))
        off = 0
        for var, n, kind in (("a", na, "r"), ("b", na, "r"), ("c", nc, ck), ("d", nd, dk)):
            val = "__float_as_uint(%s[k])" % var if kind == "f" else "%s[k]" % var
            w("  for (int k = 0; k < %d; ++k) o[%d + lane * %d + k] = %s;" % (n, off, n, val))
            off += 32 * n
        w("}")
        return "\n".join(k) + "\n\n"

    # -------------------------------------------------------------- data
    def data(self, rng):
        I = lambda r, c: Fraction(1 if r == c else 0)
        sets = [
            ("ident_a", I, lambda r, c: Fraction(r * 16 + c + 1), lambda r, c: Fraction(0)),
            ("ident_b", lambda r, c: Fraction(r * 16 + c + 1), I, lambda r, c: Fraction(r * 16 + c)),
        ]
        RA = [[Fraction(int(rng.next() % 17) - 8) for _ in range(16)] for _ in range(16)]
        RB = [[Fraction(int(rng.next() % 17) - 8) for _ in range(16)] for _ in range(16)]
        RC = [[Fraction(int(rng.next() % 513) - 256) for _ in range(16)] for _ in range(16)]
        sets.append(("rand", lambda r, c: RA[r][c], lambda r, c: RB[r][c], lambda r, c: RC[r][c]))
        return sets

    def store_mat(self, fn, lay, ldm, t, words):
        """Packed words of a 16x16 matrix stored with layout lay and leading dimension ldm."""
        f = FMTS[t]
        eb = 16 if t in ("f16", "bf16") else 32
        elems = [0] * (words * 32 // eb)
        for r in range(16):
            for c in range(16):
                idx = r * ldm + c if lay == "row" else c * ldm + r
                elems[idx] = f.enc(fn(r, c))
        return _pack(elems, eb)

    def in_words_of(self, s):
        _, fa, fb, fc = s
        return (self.store_mat(fa, self.al, self.lda, self.at, self.a_words) +
                self.store_mat(fb, self.bl, self.ldb, self.at, self.b_words) +
                self.store_mat(fc, self.cl, self.ldc, self.ct, self.c_words))

    def expect_out(self, s, init, dfun=None):
        """init: this warp's out_init words; returns expected words (None: fragments)."""
        _, fa, fb, fc = s
        if dfun is None:
            dfun = lambda r, c: fc(r, c) + sum(fa(r, k) * fb(k, c) for k in range(16))
        out = [None] * self.frag_words + list(init[self.frag_words:])
        f = FMTS[self.dt]
        eb = 16 if self.dt == "f16" else 32
        for r in range(16):
            for c in range(16):
                bits = f.enc(dfun(r, c))
                idx = r * self.ldd + c if self.dl == "row" else c * self.ldd + r
                if eb == 32:
                    out[self.frag_words + idx] = bits
                else:
                    wi = self.frag_words + idx // 2
                    sh = 16 * (idx & 1)
                    out[wi] = (out[wi] & ~(0xFFFF << sh) & 0xFFFFFFFF) | (bits << sh)
        return out


def _pack(elems, eb):
    if eb == 32:
        return elems
    return [elems[2 * i] | (elems[2 * i + 1] << 16) for i in range(len(elems) // 2)]


API = r"""
// ---------------------------------------------------------------------------
// The same operation through the C++ API (<mma.h>, namespace nvcuda::wmma).
// Same in layout and data sets as the PTX entries (A row-major, B col-major,
// ldm 16); out per warp: a.x[], b.x[], c.x[], d.x[] of every lane packed into
// words ([lane][word], 16-bit elements two per word, low first), then D.
template <typename T> __device__ __forceinline__ u32 bits16(T v) { return (u32)(*(const u16*)&v); }

template <typename F> __device__ void put_frag(u32* o, const F& f, u32 lane) {
  if constexpr (sizeof(f.x[0]) == 4) {
    for (int k = 0; k < F::num_elements; ++k) o[lane * F::num_elements + k] = *(const u32*)&f.x[k];
  } else {
    constexpr int n = F::num_elements / 2;
    for (int k = 0; k < n; ++k) o[lane * n + k] = bits16(f.x[2 * k]) | (bits16(f.x[2 * k + 1]) << 16);
  }
}
template <typename F> constexpr int frag_words = sizeof(((F*)0)->x[0]) == 4 ? F::num_elements : F::num_elements / 2;

template <int NA, int NC, typename FA, typename FB, typename FC>
__device__ void put_frags(u32* o, const FA& a, const FB& b, const FC& c, const FC& d, u32 lane) {
  static_assert(frag_words<FA> == NA && frag_words<FB> == NA && frag_words<FC> == NC, "fragment size");
  put_frag(o, a, lane);
  put_frag(o + 32 * NA, b, lane);
  put_frag(o + 64 * NA, c, lane);
  put_frag(o + 64 * NA + 32 * NC, d, lane);
}

// D = A*B + C, f16 inputs, f32 accumulator: A row-major, B col-major, C/D row-major.
extern "C" __global__ void wmma_api_f16_f32(const u32* in, u32* out) {
  using namespace nvcuda;
  const u32 lane = threadIdx.x & 31, w = threadIdx.x >> 5;
  const u32* A = in + w * %(IN)du;
  u32* o = out + w * %(OUT_F32)du;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> c, d;
  wmma::load_matrix_sync(a, (const __half*)A, 16);
  wmma::load_matrix_sync(b, (const __half*)(A + %(AW)du), 16);
  wmma::load_matrix_sync(c, (const float*)(A + %(AW)du + %(BW)du), 16, wmma::mem_row_major);
  wmma::mma_sync(d, a, b, c);
  wmma::store_matrix_sync((float*)(o + %(FR_F32)du), d, 16, wmma::mem_row_major);
  put_frags<8, 8>(o, a, b, c, d, lane);
}

// bf16 inputs, f32 accumulator: A row-major, B col-major, C/D row-major.
extern "C" __global__ void wmma_api_bf16_f32(const u32* in, u32* out) {
  using namespace nvcuda;
  const u32 lane = threadIdx.x & 31, w = threadIdx.x >> 5;
  const u32* A = in + w * %(IN)du;
  u32* o = out + w * %(OUT_BF16)du;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> c, d;
  wmma::load_matrix_sync(a, (const __nv_bfloat16*)A, 16);
  wmma::load_matrix_sync(b, (const __nv_bfloat16*)(A + %(AW)du), 16);
  wmma::load_matrix_sync(c, (const float*)(A + %(AW)du + %(BW)du), 16, wmma::mem_row_major);
  wmma::mma_sync(d, a, b, c);
  wmma::store_matrix_sync((float*)(o + %(FR_BF16)du), d, 16, wmma::mem_row_major);
  put_frags<4, 8>(o, a, b, c, d, lane);
}

// f16 inputs, f16 accumulator: A row-major, B col-major, C loaded and D stored column-major.
extern "C" __global__ void wmma_api_f16_f16(const u32* in, u32* out) {
  using namespace nvcuda;
  const u32 lane = threadIdx.x & 31, w = threadIdx.x >> 5;
  const u32* A = in + w * %(IN16)du;
  u32* o = out + w * %(OUT_F16)du;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, __half> c, d;
  wmma::load_matrix_sync(a, (const __half*)A, 16);
  wmma::load_matrix_sync(b, (const __half*)(A + %(AW)du), 16);
  wmma::load_matrix_sync(c, (const __half*)(A + %(AW)du + %(BW)du), 16, wmma::mem_col_major);
  wmma::mma_sync(d, a, b, c);
  wmma::store_matrix_sync((__half*)(o + %(FR_F16)du), d, 16, wmma::mem_col_major);
  put_frags<8, 4>(o, a, b, c, d, lane);
}

// fill_fragment and element-wise fragment arithmetic: C = 0.5 everywhere, D = 2*(A*B + C).
// The element-wise loop is correct whatever the (opaque) layout is.
extern "C" __global__ void wmma_api_fill_scale(const u32* in, u32* out) {
  using namespace nvcuda;
  const u32 lane = threadIdx.x & 31, w = threadIdx.x >> 5;
  const u32* A = in + w * %(IN)du;
  u32* o = out + w * %(OUT_F32)du;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> c, d;
  wmma::load_matrix_sync(a, (const __half*)A, 16);
  wmma::load_matrix_sync(b, (const __half*)(A + %(AW)du), 16);
  wmma::fill_fragment(c, 0.5f);
  wmma::mma_sync(d, a, b, c);
  for (int i = 0; i < d.num_elements; ++i) d.x[i] = 2.0f * d.x[i];
  wmma::store_matrix_sync((float*)(o + %(FR_F32)du), d, 16, wmma::mem_row_major);
  put_frags<8, 8>(o, a, b, c, d, lane);
}
"""


def module(cases, expect, plans, header):
    from gen import accepted_forms
    from tcmma import COMMON
    forms = accepted_forms()
    specs = []
    for al in ("row", "col"):
        for bl in ("row", "col"):
            for dt, ct in (("f32", "f32"), ("f16", "f16"), ("f32", "f16"), ("f16", "f32")):
                specs.append(Wmma("wmma_f16_d%s_c%s_%s_%s" % (dt[1:], ct[1:], al, bl), "f16", ct, dt, al, bl))
            specs.append(Wmma("wmma_bf16_f32_%s_%s" % (al, bl), "bf16", "f32", "f32", al, bl))
    specs += [
        Wmma("wmma_f16_f32_cd_col", "f16", "f32", "f32", "row", "col", cl="col", dl="col", doc="C loaded and D stored column-major"),
        Wmma("wmma_f16_f16_cd_col", "f16", "f16", "f16", "row", "col", cl="col", dl="col", doc="C loaded and D stored column-major"),
        Wmma("wmma_f16_f32_ldm", "f16", "f32", "f32", "row", "col", ldm=(24, 40, 20, 28), doc="padded leading dimensions: A 24, B 40, C 20, D 28"),
        Wmma("wmma_f16_f16_ldm_col", "f16", "f16", "f16", "col", "row", cl="col", dl="col", ldm=(32, 24, 24, 40),
             doc="padded leading dimensions, column-major C/D: A 32, B 24, C 24, D 40"),
        Wmma("wmma_f16_f32_shared_rc", "f16", "f32", "f32", "row", "col", space="shared", doc="A and B loaded from shared memory"),
        Wmma("wmma_f16_f32_shared_cr", "f16", "f32", "f32", "col", "row", space="shared", doc="A and B loaded from shared memory"),
        Wmma("wmma_f16_f32_generic_cc", "f16", "f32", "f32", "col", "col", space="generic", doc="A and B loaded through generic addresses"),
        Wmma("wmma_f16_f32_generic_rr", "f16", "f32", "f32", "row", "row", space="generic", doc="A and B loaded through generic addresses"),
    ]
    plan = Plan()
    src = [header, "// wmma corpus (see tcwmma.py for the in/out layout).\n", "#include <mma.h>\n#include <cuda_fp16.h>\n#include <cuda_bf16.h>\n",
           COMMON, "\n"]
    entries = []
    exp = expect.setdefault("tc_wmma", {})
    for s in specs:
        missing = [f for f in s.forms() if f not in forms]
        assert not missing, missing
        src.append(s.kernel())
        rng = Rng(seed_of(s.name))
        sets = s.data(rng)
        inw = []
        for ds in sets:
            inw += s.in_words_of(ds)
        init = sentinel(s.out_words * len(sets))
        plan.add(s.name, inw, init, block=32 * len(sets))
        ex = []
        for wi, ds in enumerate(sets):
            ex += s.expect_out(ds, init[wi * s.out_words:(wi + 1) * s.out_words])
        exp[s.name] = ex
        entries.append(_entry(s, sets))
    # C++ API entries share the in layout of a row/col f16 entry with ldm 16
    ref32 = Wmma("api_f16", "f16", "f32", "f32", "row", "col")
    ref16 = Wmma("api_f16_16", "f16", "f16", "f16", "row", "col", cl="col", dl="col")
    refbf = Wmma("api_bf16", "bf16", "f32", "f32", "row", "col")
    src.append(API % dict(IN=ref32.in_words, IN16=ref16.in_words, AW=ref32.a_words, BW=ref32.b_words,
                          OUT_F32=ref32.out_words, OUT_F16=ref16.out_words, OUT_BF16=refbf.out_words,
                          FR_F32=ref32.frag_words, FR_F16=ref16.frag_words, FR_BF16=refbf.frag_words))
    for name, ref, doc in (("wmma_api_f16_f32", ref32, "nvcuda::wmma f16 x f16 + f32"),
                           ("wmma_api_bf16_f32", refbf, "nvcuda::wmma bf16 x bf16 + f32"),
                           ("wmma_api_f16_f16", ref16, "nvcuda::wmma f16 x f16 + f16, C/D column-major"),
                           ("wmma_api_fill_scale", ref32, "fill_fragment(c, 0.5f), D = 2*(A*B + C) element-wise")):
        rng = Rng(seed_of(name))
        sets = ref.data(rng)
        if name == "wmma_api_fill_scale":
            sets = [(n, fa, fb, (lambda r, c: Fraction(1, 2))) for (n, fa, fb, _) in sets]
        inw = []
        for ds in sets:
            inw += ref.in_words_of(ds)
        init = sentinel(ref.out_words * len(sets))
        plan.add(name, inw, init, block=32 * len(sets))
        ex = []
        for wi, ds in enumerate(sets):
            e = ref.expect_out(ds, init[wi * ref.out_words:(wi + 1) * ref.out_words])
            if name == "wmma_api_fill_scale":  # D = 2*(A*B + 1/2) = 2*A*B + 1
                _, fa, fb, _ = ds
                e = ref.expect_out(ds, init[wi * ref.out_words:(wi + 1) * ref.out_words],
                                   dfun=lambda r, c, fa=fa, fb=fb: 1 + 2 * sum(fa(r, k) * fb(k, c) for k in range(16)))
            ex += e
        exp[name] = ex
        ent = _entry(ref, sets)
        ent.update(name=name, kind="wmma_api", api=doc, forms=["nvcuda::wmma::load_matrix_sync/mma_sync/store_matrix_sync"])
        if name == "wmma_api_fill_scale":
            ent["in"].pop("C")
            ent["datasets"] = [dict(d, doc=d["doc"].split(", C")[0] + ", C = fill 0.5, D = 2*(A*B + C)") for d in ent["datasets"]]
        entries.append(ent)
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "tc_wmma.cu"), "w") as f:
        f.write("".join(src))
    plans["tc_wmma"] = plan
    cases.append(dict(module="tc_wmma", source="tc_wmma.cu", ptx="tc_wmma.ptx", plan="tc_wmma.plan",
                      title="wmma m16n16k16 (PTX and nvcuda::wmma)", doc=__doc__, entries=entries))


def _entry(s, sets):
    docs = {"ident_a": "A = identity, B = k*16+n+1, C = 0: D = B",
            "ident_b": "A = r*16+k+1, B = identity, C = r*16+n: D = A + C",
            "rand": "A, B random integers in [-8, 8], C in [-256, 256]"}
    eb = lambda t: 16 if t in ("f16", "bf16") else 32
    frag = lambda off, n, what: dict(offset=off, words=32 * n, layout="[lane][reg]", regs=n, doc=what)
    na, nc, nd = s.na, s.nc, s.nd
    return dict(
        name=s.name, kind="wmma", forms=s.forms(), shape=[16, 16, 16], types=dict(a=s.at, b=s.at, c=s.ct, d=s.dt),
        grid=1, block=32 * len(sets), warps=len(sets), doc=s.doc,
        datasets=[dict(warp=i, name=d[0], doc=docs[d[0]]) for i, d in enumerate(sets)],
        in_words_per_warp=s.in_words, out_words_per_warp=s.out_words,
        fragment_layout="unspecified by the PTX ISA: recorded from the hardware",
        **{"in": dict(A=dict(offset=0, words=s.a_words, layout=s.al, ldm=s.lda, elem_bits=16, space=s.space),
                      B=dict(offset=s.a_words, words=s.b_words, layout=s.bl, ldm=s.ldb, elem_bits=16, space=s.space),
                      C=dict(offset=s.a_words + s.b_words, words=s.c_words, layout=s.cl, ldm=s.ldc, elem_bits=eb(s.ct))),
           "out": dict(A_frag=frag(0, na, "a registers (%s pairs)" % s.at),
                       B_frag=frag(32 * na, na, "b registers"),
                       C_frag=frag(64 * na, nc, "c registers"),
                       D_frag=frag(64 * na + 32 * nc, nd, "d registers"),
                       D=dict(offset=s.frag_words, words=s.d_words, layout=s.dl, ldm=s.ldd, elem_bits=eb(s.dt)))})
