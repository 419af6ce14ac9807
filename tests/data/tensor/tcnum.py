"""tc_numerics: probes of the tensor-core arithmetic (what D = A*B + C rounds to).

One warp = one mma = one "design": a full A (16 x K), B (K x 8) and C (16 x 8)
chosen so that the 128 outputs answer a question.  Most designs are "grids":
every column of B is the same vector b (usually all ones, so the products are
exactly the A values), each row of A is a product vector and each column of C
a value of c -- D[r][j] = C[r][j] + sum_k A[r][k] * b[k] is then a designed
probe for every (r, j), labelled in cases.json by its row and column.

Values are relative to a scale T (the "big" product, a power of two chosen per
format so that every small value T*2^-g the design needs is a normal number of
the input format when possible; a value the format cannot hold is replaced by
0 and its row/column label says so).  prec is the fraction width of the
accumulator (23 for f32, 10 for f16).

Designs (questions from Fasi et al. 2021 and Khattak & Mikaitis 2025):
  smallsum     c = T*{1,-1,1.75,1-ulp/2,0,...} plus K copies / one copy of
               T*2^-g: are addends below c's last bit truncated one by one
               (no extra bits), kept (extra alignment bits), summed exactly
               first (C added after the products)?  sweep of g.
  bigpos_g     T at position p (every p), T*2^-g at all other positions:
               whether the small addends survive depends on whether they share
               a block with T -> block size and block boundaries; every
               permutation position of the big addend.
  cancel_pairs T at p, -T at q, small T*2^-gs elsewhere: the smalls survive
               only if they were not aligned to T (other block, or wide
               datapath).  pairs straddle the candidate block boundaries.
  gapsweep_*   T, -T and one small T*2^-g (16 consecutive g): the width of the
               aligned datapath (the largest g whose small survives the exact
               cancellation), for the small in front of, behind, or in C.
  carry        m copies of T*(largest significand) plus one small: carry-out
               bits and where the final normalization truncates.
  negtrunc     negative small addends against positive c: round toward zero
               in sign-magnitude (result rounds up toward c) or truncation of
               two's-complement aligned significands (toward -inf)?
  specials     +-0 sums (sign of zero), inf, inf-inf, inf*0, NaN inputs and
               NaN payloads in A and in C, subnormal, largest finite (overflow
               of the sum, intermediate overflow), tiny results.
  exact_prod   b = 1+2^-mbits: are the products exact (their low bits survive
               a cancellation against c)?
  subnormals   subnormal A and b, subnormal-times-subnormal products,
               subnormal C, subnormal results: flushed or kept?
  tf32_low     tf32 operands whose 13 low (ignored?) bits are set: truncated,
               rounded or used?
  rand_*       random inputs: narrow exponents, wide exponents, positive only,
               with subnormals/zeros, C = 0, and "cancel" (C = -RN(exact dot),
               so D is the hardware's own error -- its low bits expose the
               internal precision).
f64 designs (DMMA is expected to be IEEE fma in a fixed order):
  order        big = 2^80 and -big at two slots (C or any product), distinct
               powers of two elsewhere: D is the sum of the small addends that
               come after both bigs, so every pair of slots reveals their order.
  fused        [1, 2^-53, 2^-53, ...] in every order and products with 60-bit
               exact values: one rounding per step or one in all?
Integer designs: sums that overflow 32 bits with and without .satfinite, and
C at the limits with products that cancel (is saturation applied once, at the
end, or per step?).
"""
import math
import os
from fractions import Fraction

from plan import Plan, Rng, seed_of, sentinel
from tcfmt import FMTS, F32, F16, F64, int_enc
from tcmma import MmaOp, COMMON, encode, decode

TWO = Fraction(2)


def p2(e):
    return TWO ** e


# ------------------------------------------------------------------ config
class Cfg:
    """One probed instruction: the op, the input format, the design parameters."""

    def __init__(self, key, op, designs, nrand, T=None, gaps=None, big_gap=None, sweep0=None):
        self.key, self.op = key, op
        self.fmt = FMTS[op.at]
        self.bfmt = FMTS[op.bt]
        self.acc = FMTS[op.dt]
        self.K, self.M, self.N = op.K, op.M, op.N
        self.prec = self.acc.mbits
        self.designs, self.nrand = designs, nrand
        self.T = T
        self.gaps = gaps
        self.big_gap = big_gap
        self.sweep0 = sweep0

    def ok(self, v):
        return v is not None and self.fmt.ok(v)

    def val(self, v):
        """v if the input format holds it exactly, else None."""
        return v if v is not None and self.fmt.ok(v) else None


def float_cfgs():
    C = []

    def mk(key, shape, at, acc, designs, nrand, bt=None):
        op = MmaOp(shape, at, bt or at, acc, acc)
        fmt = FMTS[at]
        if acc == "f16":
            T = p2(10) if at in ("f16",) else p2(8)
            gaps = list(range(8, 16))
            big_gap = 11
            sweep0 = 2 if at in ("e4m3", "e5m2") else 4
        elif at in ("bf16", "tf32"):
            T, gaps, big_gap, sweep0 = Fraction(1), list(range(21, 29)), 24, 16
        elif at == "f16":
            T, gaps, big_gap, sweep0 = p2(15), list(range(21, 29)), 24, 16
        elif at == "e5m2":
            T, gaps, big_gap, sweep0 = p2(15), list(range(8, 16)), 11, 2
        else:  # e4m3
            T, gaps, big_gap, sweep0 = p2(8), list(range(8, 16)), 11, 2
        return Cfg(key, op, designs, nrand, T=T, gaps=gaps, big_gap=big_gap, sweep0=sweep0)

    full = ["smallsum", "bigpos", "cancel_pairs", "gapsweep_a", "gapsweep_b", "gapsweep_c", "carry", "negtrunc",
            "specials", "exact_prod", "subnormals"]
    sub = ["smallsum", "bigpos", "cancel_pairs", "gapsweep_a", "specials", "subnormals"]
    C.append(mk("f16_f32_k16", "m16n8k16", "f16", "f32", full, 8))
    C.append(mk("bf16_f32_k16", "m16n8k16", "bf16", "f32", full, 8))
    C.append(mk("tf32_f32_k8", "m16n8k8", "tf32", "f32", full + ["tf32_low"], 8))
    C.append(mk("e4m3_f32_k32", "m16n8k32", "e4m3", "f32", full, 8))
    C.append(mk("e5m2_f32_k32", "m16n8k32", "e5m2", "f32", full + ["smallsum_hi", "bigpos_hi"], 4))
    C.append(mk("f16_f16_k16", "m16n8k16", "f16", "f16", full, 8))
    C.append(mk("f16_f32_k8", "m16n8k8", "f16", "f32", sub, 4))
    C.append(mk("bf16_f32_k8", "m16n8k8", "bf16", "f32", sub, 4))
    C.append(mk("tf32_f32_k4", "m16n8k4", "tf32", "f32", sub, 4))
    C.append(mk("e4m3_f32_k16", "m16n8k16", "e4m3", "f32", sub, 4))
    C.append(mk("e4m3_f16_k32", "m16n8k32", "e4m3", "f16", sub, 4))
    C.append(mk("e5m2_e4m3_f32_k32", "m16n8k32", "e5m2", "f32", ["smallsum", "specials"], 4, bt="e4m3"))
    # legacy m8n8k4 (four 8x8x4 problems per warp, one per quad-pair): random only
    for key, acc in (("f16_f32_m8n8k4", "f32"), ("f16_f16_m8n8k4", "f16")):
        op = MmaOp("m8n8k4", "f16", "f16", acc, acc, "row", "col")
        C.append(Cfg(key, op, [], 4 if acc == "f32" else 2, T=p2(10), gaps=list(range(8, 16)), big_gap=11, sweep0=4))
    return C


# ------------------------------------------------------------------ design helpers
class Design:
    def __init__(self, name, doc, A, b, C, rows, cols, B=None):
        self.name, self.doc, self.A, self.C, self.rows, self.cols = name, doc, A, C, rows, cols
        self.B = B if B is not None else [[b[k]] * 8 for k in range(len(b))]


def _grid(cfg, name, doc, rowvecs, cfun, collabels, b=None):
    """rowvecs: list of (label, {k: value}) (missing k = 0); cfun(r, j) -> C value (or ('raw', bits))."""
    K = cfg.K
    zero = Fraction(0)
    A, rows = [], []
    for label, vec in rowvecs[:16]:
        row = [zero] * K
        bad = False
        for k, v in vec.items():
            if v is None or not _enc_ok(cfg.fmt, v):
                bad = True
                continue
            row[k] = v
        if bad:
            row = [zero] * K
            label += " [skipped: a value is not representable in %s]" % cfg.op.at
        A.append(row)
        rows.append(label)
    while len(A) < 16:
        A.append([zero] * K)
        rows.append("pad (zeros)")
    A = A[:cfg.M]
    rows = rows[:cfg.M]
    C = []
    for r in range(cfg.M):
        crow = []
        for j in range(8):
            v = cfun(r, j)
            if v is None or not _enc_ok(cfg.acc, v):
                v = Fraction(0)
            crow.append(v)
        C.append(crow)
    b = b or [Fraction(1)] * K
    return Design(name, doc, A, b, C, rows, collabels)


def _enc_ok(fmt, v):
    if isinstance(v, tuple):
        return True
    if isinstance(v, float):
        return fmt.try_enc(v) is not None
    return fmt.ok(v)


def _cols(cfg, rels, labels=None):
    """C = T*rel (rel may be a float -0.0 or a raw tuple)."""
    T = cfg.T

    def f(r, j):
        x = rels[j]
        if isinstance(x, tuple) or isinstance(x, float):
            return x
        return T * x

    def lab(x):
        if isinstance(x, (tuple, float)):
            return "c = %s" % _s(x)
        x = Fraction(x)
        return "c = 0" if x == 0 else "c = %sT*%s" % ("-" if x < 0 else "", _s(abs(x)))

    return f, labels or [lab(x) for x in rels]


def _s(x):
    if isinstance(x, tuple):
        return "raw 0x%x" % x[1]
    if isinstance(x, float):
        return repr(x)
    x = Fraction(x)
    if x == 0:
        return "0"
    e = math.log2(abs(x)) if x != 0 else 0
    if float(e).is_integer():
        return ("-" if x < 0 else "") + "2^%d" % int(e)
    return str(x)


def ulp_half(cfg):
    return p2(-(cfg.prec + 1))


# ------------------------------------------------------------------ float designs
def d_smallsum(cfg, gaps=None, tag=""):
    K, T = cfg.K, cfg.T
    gaps = gaps or cfg.gaps
    rows = []
    for g in gaps[:8]:
        s = cfg.val(T * p2(-g))
        rows.append(("K x T*2^-%d" % g, {k: s for k in range(K)}))
        rows.append(("one T*2^-%d at k=%d" % (g, K - 1), {K - 1: s}))
    big = p2(cfg.prec // 3)
    rels = [Fraction(1), Fraction(-1), Fraction(7, 4), 1 - ulp_half(cfg), Fraction(0), Fraction(1, 2), big, -big]
    cf, cl = _cols(cfg, rels)
    return _grid(cfg, "smallsum" + tag, "c dominant, small products (K copies / one copy of T*2^-g)", rows, cf, cl)


def d_bigpos(cfg, g, part=0):
    K, T = cfg.K, cfg.T
    s = cfg.val(T * p2(-g))
    rows = []
    if K > 16:
        positions = list(range(16 * part, 16 * part + 16))
    else:
        positions = list(range(K))
    for p in positions:
        rows.append(("T at k=%d, T*2^-%d elsewhere" % (p, g), {k: (T if k == p else s) for k in range(K)}))
    extra = 0
    while len(rows) < 16:
        p = positions[extra % len(positions)]
        if extra < len(positions):
            rows.append(("-(T at k=%d, T*2^-%d elsewhere)" % (p, g), {k: (-T if k == p else (None if s is None else -s)) for k in range(K)}))
        else:
            s2 = cfg.val(T * p2(-g - 2))
            rows.append(("T at k=%d, T*2^-%d elsewhere" % (p, g + 2), {k: (T if k == p else s2) for k in range(K)}))
        extra += 1
    rels = [Fraction(0), Fraction(-1), Fraction(1), p2(-g), Fraction(-1, 2), -0.0, p2(cfg.prec // 3), Fraction(3, 2)]
    cf, cl = _cols(cfg, rels)
    return _grid(cfg, "bigpos_g%d%s" % (g, "_part%d" % part if K > 16 else ""),
                 "one big product T at every position p, T*2^-%d at the others" % g, rows, cf, cl)


def _max_gap(cfg, want):
    """Largest g <= want with T*2^-g a normal number of the input format."""
    g = want
    while g > 0 and not (cfg.fmt.ok(cfg.T * p2(-g)) and cfg.T * p2(-g) >= cfg.fmt.minnorm):
        g -= 1
    return g


def d_cancel_pairs(cfg):
    K, T = cfg.K, cfg.T
    gs = _max_gap(cfg, 30 if cfg.prec > 10 else 24)
    s = cfg.val(T * p2(-gs))
    cand = [(0, 1), (0, 2), (0, 3), (0, 4), (0, 7), (0, 8), (1, 9), (3, 4), (7, 8), (8, 15), (4, 12), (0, 15),
            (15, 0), (2, 14), (16, 31), (15, 16)]
    pairs, seen = [], set()
    for p, q in cand:
        p, q = p % K, q % K
        if p != q and (p, q) not in seen:
            seen.add((p, q))
            pairs.append((p, q))
    for p in range(K):  # fill with more pairs
        for q in range(K):
            if len(pairs) >= 16:
                break
            if p != q and (p, q) not in seen:
                seen.add((p, q))
                pairs.append((p, q))
    rows = [("T at %d, -T at %d, T*2^-%d elsewhere" % (p, q, gs), {k: (T if k == p else (-T if k == q else s)) for k in range(K)})
            for p, q in pairs[:16]]
    rels = [Fraction(0), p2(-gs), -p2(-gs), Fraction(1), Fraction(-1), p2(-(gs // 2)), Fraction(1, 2), -0.0]
    cf, cl = _cols(cfg, rels)
    return _grid(cfg, "cancel_pairs", "exact cancellation T - T at two positions, small T*2^-%d elsewhere" % gs, rows, cf, cl)


def d_gapsweep(cfg, variant):
    K, T = cfg.K, cfg.T
    g0 = cfg.sweep0
    rows = []
    for g in range(g0, g0 + 16):
        s = cfg.val(T * p2(-g))
        if variant == "a":
            vec = {0: T, 1: -T, 2: s}
            label = "[T, -T, T*2^-%d]" % g
        elif variant == "b":
            vec = {0: s, K - 1: T, K // 2: -T}
            label = "T*2^-%d at 0, T at %d, -T at %d" % (g, K - 1, K // 2)
        else:
            vec = {0: T, K - 1: -T}
            label = "T at 0, -T at %d; c carries the small T*2^-%d" % (K - 1, g)
        rows.append((label, vec))

    def cf(r, j):
        g = g0 + r
        s = T * p2(-g)
        if variant in ("a", "b"):
            return [Fraction(0), s, T, -T, T / 2, 3 * s, -s / 2, T * p2(-cfg.prec)][j]
        return [s, -s, 3 * s / 2, 3 * s, 3 * s / 4, s / 2, 7 * s, -5 * s][j]

    if variant in ("a", "b"):
        cl = ["c = 0", "c = +small (row's T*2^-g)", "c = T", "c = -T", "c = T/2", "c = 3*small", "c = -small/2", "c = T*2^-prec"]
    else:
        cl = ["c = small", "c = -small", "c = 1.5*small", "c = 3*small", "c = 0.75*small", "c = small/2", "c = 7*small", "c = -5*small"]
    return _grid(cfg, "gapsweep_" + variant, "aligned-datapath width: gaps %d..%d" % (g0, g0 + 15), rows, cf, cl)


def d_carry(cfg):
    K, T = cfg.K, cfg.T
    fmt = cfg.fmt
    maxsig = min(2 - p2(-fmt.mbits), fmt.maxfin / T)  # e4m3: 1.75 (1.875 * 2^8 is NaN)
    counts = []
    for m in (1, 2, 3, 4, 5, 8, 12, K - 1, 16, 24, 31):
        if 1 <= m <= K - 1 and m not in counts:
            counts.append(m)
    counts = counts[:8]
    g1 = _max_gap(cfg, cfg.prec - 3)
    g2 = _max_gap(cfg, cfg.prec - 1)
    rows = []
    for g in (g1, g2):
        s = cfg.val(T * p2(-g))
        for m in counts:
            vec = {k: T * maxsig for k in range(m)}
            vec[K - 1] = s
            rows.append(("%d x T*%s, T*2^-%d at %d" % (m, _s(maxsig), g, K - 1), vec))
    lk = int(math.log2(K)) + 1
    rels = [Fraction(0), p2(-cfg.prec), -p2(-(cfg.prec + 1)), Fraction(1), Fraction(-1), p2(lk), -p2(lk), Fraction(1, 2)]
    cf, cl = _cols(cfg, rels)
    return _grid(cfg, "carry", "sums that carry out of the top binade, plus one small addend", rows, cf, cl)


def d_negtrunc(cfg):
    K, T = cfg.K, cfg.T
    rows = []
    for g in cfg.gaps[:8]:
        s = cfg.val(-T * p2(-g))
        rows.append(("one -T*2^-%d at k=0" % g, {0: s}))
        rows.append(("K x -T*2^-%d" % g, {k: s for k in range(K)}))
    rels = [Fraction(1), Fraction(3, 2), Fraction(5, 4), Fraction(2), Fraction(-1), Fraction(0), 1 - ulp_half(cfg), 1 + 2 * ulp_half(cfg)]
    cf, cl = _cols(cfg, rels)
    return _grid(cfg, "negtrunc", "negative small addends against c", rows, cf, cl)


NAN_PAYLOAD = {"f16": (0x7D55, 0xFE01), "bf16": (0x7F81, 0xFFC1), "tf32": (0x7F802000, 0xFFC04000),
               "e4m3": (0x7F, 0xFF), "e5m2": (0x7D, 0xFE)}
C_SPECIAL = {"f32": [0, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001, 0xFFC00123, 0x00000001],
             "f16": [0, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0x7C01, 0xFE23, 0x0001]}
C_SUB = {"f32": [0, 0x80000000, 0x00000001, 0x007FFFFF, 0x00800000, 0x80800000, 0x3F800000, 0x33800000],
         "f16": [0, 0x8000, 0x0001, 0x03FF, 0x0400, 0x8400, 0x3C00, 0x1400]}


def d_specials(cfg):
    K = cfg.K
    f = cfg.fmt
    inf = math.inf if f.ieee else None
    maxf = f.maxfin
    minsub, minnorm = f.minsub, f.minnorm
    maxsub = minnorm - minsub
    pay, npay = NAN_PAYLOAD[cfg.op.at]
    L = K - 1  # b[L] = 0
    rows = [
        ("all +0", {}),
        ("all -0", {k: -0.0 for k in range(K)}),
        ("+0/-0 alternating", {k: (-0.0 if k & 1 else 0.0) for k in range(K)}),
        ("+inf at 0", {0: inf}),
        ("-inf at 1", {1: None if inf is None else -inf}),
        ("+inf at 0, -inf at 1", {0: inf, 1: None if inf is None else -inf}),
        ("inf at %d times b=0" % L, {L: inf}),
        ("canonical NaN at 0", {0: float("nan")}),
        ("NaN raw 0x%x at 0" % pay, {0: ("raw", pay)}),
        ("+inf at 0, NaN raw 0x%x at 1" % npay, {0: inf, 1: ("raw", npay)}),
        ("%d x smallest subnormal" % L, {k: minsub for k in range(L)}),
        ("%d x largest subnormal" % L, {k: maxsub for k in range(L)}),
        ("%d x largest finite" % L, {k: maxf for k in range(L)}),
        ("[max, -max, min normal]", {0: maxf, 1: -maxf, 2: minnorm}),
        ("[max, max, -max]", {0: maxf, 1: maxf, 2: -maxf}),
        ("[min normal, -largest subnormal]", {0: minnorm, 1: -maxsub}),
    ]
    if not f.ieee:  # e4m3 has no inf: those rows become NaN rows (the only special it has)
        rows[3] = ("NaN 0x7f at 0", {0: ("raw", 0x7F)})
        rows[4] = ("NaN 0xff at 1", {1: ("raw", 0xFF)})
        rows[5] = ("NaN at 0, -NaN at 1", {0: ("raw", 0x7F), 1: ("raw", 0xFF)})
        rows[6] = ("NaN at %d times b=0" % L, {L: ("raw", 0x7F)})
        rows[9] = ("largest finite at 0, -NaN at 1", {0: maxf, 1: ("raw", 0xFF)})
    cbits = C_SPECIAL[cfg.op.dt]
    b = [Fraction(1)] * (K - 1) + [Fraction(0)]
    return _grid(cfg, "specials", "zeros, infinities, NaNs (A and C), subnormal and extreme inputs; b[K-1] = 0",
                 rows, lambda r, j: ("raw", cbits[j]), ["c raw 0x%x" % x for x in cbits], b=b)


def d_exact_prod(cfg):
    K = cfg.K
    f = cfg.fmt
    u = p2(-f.mbits)
    bv = 1 + u
    rows = []
    avals = []
    for r in range(8):
        a = 1 + ((2 * r + 1) % (1 << f.mbits)) * u
        avals.append(a)
        rows.append(("a=%s at k=0 (b=1+2^-%d)" % (a, f.mbits), {0: a}))
    for r in range(8):
        rows.append(("a=%s at every k (b=1+2^-%d)" % (avals[r], f.mbits), {k: avals[r] for k in range(K)}))

    def cf(r, j):
        a = avals[r % 8]
        n = 1 if r < 8 else K
        prod = a * bv
        top = Fraction(math.floor(prod * p2(f.mbits))) / p2(f.mbits)  # the product without its low bits
        return [Fraction(0), -Fraction(n), -n * top, -Fraction(2 * n), Fraction(n), -Fraction(n, 2), -n * a, p2(-cfg.prec)][j]

    cl = ["c = 0", "c = -n (n = number of products)", "c = -n * product rounded down to the input precision",
          "c = -2n", "c = n", "c = -n/2", "c = -n * a", "c = 2^-prec"]
    return _grid(cfg, "exact_prod", "products with 2*mbits+1 significant bits: exact?", rows, cf, cl, b=[bv] * K)


def d_subnormals(cfg):
    K = cfg.K
    f = cfg.fmt
    minsub, minnorm = f.minsub, f.minnorm
    maxsub = minnorm - minsub
    L = K - 1  # b[L] = smallest subnormal of B's format
    base = [
        ("smallest subnormal at 0", {0: minsub}),
        ("largest subnormal at 0", {0: maxsub}),
        ("%d x smallest subnormal" % L, {k: minsub for k in range(L)}),
        ("smallest normal at 0", {0: minnorm}),
        ("1 at %d (times subnormal b)" % L, {L: Fraction(1)}),
        ("smallest subnormal at %d (subnormal x subnormal)" % L, {L: minsub}),
        ("largest finite at %d (times subnormal b)" % L, {L: f.maxfin}),
        ("[min sub, max sub, min normal, -min normal]", {0: minsub, 1: maxsub, 2: minnorm, 3: -minnorm}),
    ]
    rows = base + [("-(" + l + ")", {k: -v for k, v in vec.items()}) for l, vec in base]
    cbits = C_SUB[cfg.op.dt]
    b = [Fraction(1)] * (K - 1) + [cfg.bfmt.minsub]
    return _grid(cfg, "subnormals", "subnormal inputs (A and b[K-1]), products and C", rows,
                 lambda r, j: ("raw", cbits[j]), ["c raw 0x%x" % x for x in cbits], b=b)


def d_tf32_low(cfg, in_b=False):
    K = cfg.K
    lows = [0x1000, 0x1FFF, 0x0001, 0x1001, 0x0FFF, 0x1800, 0x0800, 0x17FF]
    rows = []
    if not in_b:
        for lo in lows:
            rows.append(("a = raw 0x%08x at k=0" % (0x3F800000 | lo), {0: ("raw", 0x3F800000 | lo)}))
        for lo in lows:
            rows.append(("a = raw 0x%08x at k=0, 0x%08x at k=1" % (0x3F802000 | lo, 0xBF800000 | lo),
                         {0: ("raw", 0x3F802000 | lo), 1: ("raw", 0xBF800000 | lo)}))
        b = None
    else:
        for k in range(8):
            rows.append(("a = 1 at k=%d" % (k % K), {k % K: Fraction(1)}))
        for k in range(8):
            rows.append(("a = 1+2^-10 at k=%d" % (k % K), {k % K: 1 + p2(-10)}))
        b = [("raw", 0x3F800000 | lows[k % 8]) for k in range(K)]
    rels = [Fraction(-1), Fraction(0), -(1 + p2(-10)), Fraction(1), -p2(-10), Fraction(-2), -(1 + p2(-11)), p2(-30)]
    cf, cl = _cols(cfg, rels)
    d = _grid(cfg, "tf32_low_b" if in_b else "tf32_low_a", "tf32 operands with the 13 low bits set (%s)" % ("b" if in_b else "a"),
              rows, cf, cl, b=b)
    return d


# ------------------------------------------------------------------ random designs
def rand_float(fmt, rng, elo, ehi, sub=0.0, zero=0.0, pos=False):
    r = (rng.next() % 1000) / 1000.0
    sign = 1 if pos or rng.next() & 1 else -1
    if r < zero:
        return Fraction(0)
    if r < zero + sub:
        m = 1 + rng.next() % ((1 << fmt.mbits) - 1)
        return sign * m * fmt.minsub
    e = elo + rng.next() % (ehi - elo + 1)
    e = max(fmt.emin, min(fmt.emax, e))
    m = rng.next() % (1 << fmt.mbits)
    v = sign * (1 + Fraction(m, 1 << fmt.mbits)) * p2(e)
    if abs(v) > fmt.maxfin:
        v = sign * fmt.maxfin
    return v


def d_random(cfg, kind, rng):
    K, M = cfg.K, cfg.M
    f, bf, acc = cfg.fmt, cfg.bfmt, cfg.acc
    f16acc = cfg.op.dt == "f16"
    if kind in ("narrow", "cancel", "c0"):
        ea, eb_, ec = (-3, 3), (-3, 3), (-4, 6)
    elif kind == "pos":
        ea, eb_, ec = (-4, 4), (-4, 4), (-4, 6)
    elif kind == "sub":
        ea, eb_, ec = (f.emin, f.emin + 6), (-2, 2), (f.emin - 4, f.emin + 8)
    else:  # wide
        if f16acc:
            ea, eb_, ec = (max(f.emin, -8), 3), (max(bf.emin, -8), 3), (-16, 12)
        elif cfg.op.at in ("bf16", "tf32"):
            ea, eb_, ec = (-40, 40), (-40, 40), (-60, 60)
        else:
            ea, eb_, ec = (f.emin, f.emax), (bf.emin, bf.emax), (f.emin + bf.emin, f.emax + bf.emax)
    if f16acc:
        ec = (max(ec[0], -14), min(ec[1], 12))
    pos = kind == "pos"
    subp, zp = (0.25, 0.1) if kind == "sub" else (0.0, 0.0)
    P = cfg.op.nprob
    A = [[[rand_float(f, rng, *ea, sub=subp, zero=zp, pos=pos) for _ in range(K)] for _ in range(M)] for _ in range(P)]
    B = [[[rand_float(bf, rng, *eb_, sub=subp, zero=zp, pos=pos) for _ in range(cfg.N)] for _ in range(K)] for _ in range(P)]
    C = []
    for p in range(P):
        Cp = []
        for r in range(M):
            row = []
            for n in range(cfg.N):
                if kind == "c0":
                    row.append(Fraction(0))
                elif kind == "cancel":
                    dot = sum(A[p][r][k] * B[p][k][n] for k in range(K))
                    row.append(-acc.dec(acc.round_frac(dot, "rn")) if dot != 0 else Fraction(0))
                else:
                    row.append(rand_float(acc, rng, *ec, pos=pos))
            Cp.append(row)
        C.append(Cp)
    docs = {"narrow": "random, exponents of A and B in [-3, 3], C in [-4, 6]",
            "wide": "random, wide exponent ranges (A %s, B %s, C %s)" % (ea, eb_, ec),
            "pos": "random positive values, exponents in [-4, 4]",
            "sub": "random near the bottom of the range: 25%% subnormal, 10%% zero inputs",
            "c0": "random narrow A and B, C = 0",
            "cancel": "random narrow A and B, C = -RN(exact dot): D is the hardware's own error"}
    d = Design("rand_" + kind, docs[kind], None, None, None, None, None, B=[])
    d.A3, d.B3, d.C3 = A, B, C
    return d


RAND_KINDS = ["narrow", "wide", "cancel", "pos", "sub", "c0", "narrow", "wide", "cancel", "wide", "narrow", "cancel"]


# ------------------------------------------------------------------ f64 designs
def f64_order(op, part):
    """big/-big at two slots (slot 0 = C, slot k+1 = product k), distinct powers of two elsewhere."""
    K, M = op.K, op.M
    big = p2(80)
    small = lambda slot: p2(slot)  # slot 0 (C) -> 1, product k -> 2^(k+1)
    cases = []
    nslots = K + 1
    for i in range(nslots):
        for j in range(nslots):
            if i != j:
                cases.append((i, j))
    # rows: product vectors; C per element.  We need (i, j) with i or j = 0 (C) as columns.
    # Rows: for product-only pairs (i, j >= 1) the C column selects c = small(0) / 0 / ...
    # Layout: one row per (i, j) product pair; column 0: c = small(0); column 1: c = 0;
    # columns 2..7: c = -big (pairs with the row's big), c = big (pairs with the row's -big)...
    # single bigs first (with the c = -big column they order C against every product),
    # then product pairs, nearest slots first
    prod_pairs = sorted([(i, j) for (i, j) in cases if i >= 1 and j >= 1], key=lambda ij: (abs(ij[0] - ij[1]), ij))
    rows = [("big at p%d, 2^(k+1) at the other p_k" % (i - 1), (i,)) for i in range(1, nslots)]
    for ij in prod_pairs:
        rows.append(("big at p%d, -big at p%d, 2^(k+1) at the other p_k" % (ij[0] - 1, ij[1] - 1), ij))
    per = M
    rows = rows[part * per:(part + 1) * per]
    if not rows:
        return None
    A, C, labels = [], [], []
    for label, spec in rows:
        vec = []
        for k in range(K):
            slot = k + 1
            if slot == spec[0]:
                vec.append(big)
            elif len(spec) > 1 and slot == spec[1]:
                vec.append(-big)
            else:
                vec.append(small(slot))
        A.append(vec)
        labels.append(label)
    while len(A) < M:
        A.append([Fraction(0)] * K)
        labels.append("pad")
    cols = [Fraction(1), Fraction(0), -big, big, p2(-60), Fraction(-1), Fraction(1, 2), -0.0]
    C = [[cols[j] for j in range(8)] for _ in range(M)]
    d = Design("order_%d" % part, "fma order: big = 2^80 and -big at two slots, 2^(k+1) at product k, C per column", A,
               [Fraction(1)] * K, C, labels, ["c = 1", "c = 0", "c = -big", "c = big", "c = 2^-60", "c = -1", "c = 1/2", "c = -0"])
    return d


def f64_fused(op):
    K, M = op.K, op.M
    e = p2(-53)
    rows = []
    for p in range(min(K, 4)):
        vec = [e] * K
        vec[p] = Fraction(1)
        rows.append(("1 at p%d, 2^-53 elsewhere" % p, vec))
    a = 1 + p2(-30)
    rows.append(("(1+2^-30) at p0 (b = 1+2^-30 at p0)", [a] + [Fraction(0)] * (K - 1)))
    rows.append(("(1+2^-30) at every p", [a] * K))
    rows.append(("[1, -1, 2^-60, ...]", [Fraction(1), Fraction(-1)] + [p2(-60)] * (K - 2)))
    rows.append(("[2^-60, 1, -1, ...]", [p2(-60), Fraction(1), Fraction(-1)] + [Fraction(0)] * (K - 3)))
    while len(rows) < M:
        vec = [Fraction(3, 2) ** (len(rows) + k) for k in range(K)]
        rows.append(("(3/2)^(r+k)", vec))
    rows = rows[:M]
    b = [a] + [Fraction(1)] * (K - 1)
    # with b[0] = 1+2^-30 the rows that need b = 1 at p0 are still exact to describe: product = a_0 * b_0
    A = [v for _, v in rows]
    cols = [Fraction(0), Fraction(-1), -(1 + p2(-29)), Fraction(1), p2(-53), -p2(-53), Fraction(-2), -0.0]
    C = [[cols[j] for j in range(8)] for _ in range(M)]
    return Design("fused", "single rounding vs one rounding per fma step; b[0] = 1+2^-30, other b = 1", A, b, C,
                  [l for l, _ in rows], ["c = 0", "c = -1", "c = -(1+2^-29)", "c = 1", "c = 2^-53", "c = -2^-53", "c = -2", "c = -0"])


def f64_specials(op):
    K, M = op.K, op.M
    rows = [
        ("all -0", [-0.0] * K),
        ("+inf at 0", [math.inf] + [Fraction(0)] * (K - 1)),
        ("+inf, -inf", [math.inf, -math.inf] + [Fraction(0)] * (K - 2)),
        ("qNaN payload 1 at 0", [("raw", 0x7FF8000000000001)] + [Fraction(1)] * (K - 1)),
        ("sNaN payload 2 at 1", [Fraction(1), ("raw", 0x7FF0000000000002)] + [Fraction(1)] * (K - 2)),
        ("smallest subnormal x K", [F64.minsub] * K),
        ("[max, max, -max, ...]", [F64.maxfin, F64.maxfin, -F64.maxfin] + [Fraction(0)] * (K - 3)),
        ("[min normal, -(min normal - min sub)]", [F64.minnorm, -(F64.minnorm - F64.minsub)] + [Fraction(0)] * (K - 2)),
    ]
    while len(rows) < M:
        rows.append(("-(" + rows[len(rows) - 8][0] + ")", [(-v if not isinstance(v, tuple) else ("raw", v[1] ^ (1 << 63))) for v in rows[len(rows) - 8][1]]))
    rows = rows[:M]
    cbits = [0, 1 << 63, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000003, 0x7FF0000000000004, 1, 0x0010000000000000]
    C = [[("raw", cbits[j]) for j in range(8)] for _ in range(M)]
    return Design("specials", "f64 zeros, infinities, NaN payloads in A and C, subnormals, overflow", [v for _, v in rows],
                  [Fraction(1)] * K, C, [l for l, _ in rows], ["c raw 0x%x" % x for x in cbits])


def f64_random(op, kind, rng):
    K, M, N = op.K, op.M, op.N
    F = F64
    er = {"narrow": (-3, 3), "wide": (-200, 200), "cancel": (-3, 3)}[kind]

    def rv():
        e = er[0] + rng.next() % (er[1] - er[0] + 1)
        m = (rng.next() << 20 | rng.next()) & ((1 << 52) - 1)
        return (-1 if rng.next() & 1 else 1) * (1 + Fraction(m, 1 << 52)) * p2(e)

    A = [[rv() for _ in range(K)] for _ in range(M)]
    B = [[rv() for _ in range(N)] for _ in range(K)]
    C = []
    for r in range(M):
        row = []
        for n in range(N):
            if kind == "cancel":
                dot = sum(A[r][k] * B[k][n] for k in range(K))
                row.append(-F.dec(F.round_frac(dot, "rn")))
            else:
                row.append(rv())
        C.append(row)
    d = Design("rand_" + kind, "random f64, exponents %s%s" % (er, ", C = -RN(exact dot)" if kind == "cancel" else ""), None, None, None,
               None, None, B=[])
    d.A3, d.B3, d.C3 = [A], [B], [C]
    return d


# ------------------------------------------------------------------ integer designs
def int_designs(op, rng):
    K, M, N = op.K, op.M, op.N
    bits = {"s8": 8, "u8": 8, "s4": 4, "u4": 4}
    amax = (1 << (bits[op.at] - 1)) - 1 if op.at[0] == "s" else (1 << bits[op.at]) - 1
    amin = -(1 << (bits[op.at] - 1)) if op.at[0] == "s" else 0
    bmax = (1 << (bits[op.bt] - 1)) - 1 if op.bt[0] == "s" else (1 << bits[op.bt]) - 1
    bmin = -(1 << (bits[op.bt] - 1)) if op.bt[0] == "s" else 0
    IMAX, IMIN = (1 << 31) - 1, -(1 << 31)
    out = []
    for bval in ([bmax] * K, [bmin if bmin else bmax // 2] * K):
        h = K // 2
        rows = [
            ("all a = max", [amax] * K),
            ("all a = min", [amin] * K),
            ("alternating max/min", [amax if k & 1 == 0 else amin for k in range(K)]),
            ("zeros", [0] * K),
            ("first half max, second half min", [amax] * h + [amin] * (K - h)),
            ("first half min, second half max", [amin] * h + [amax] * (K - h)),
            ("a = 1 at k=0", [1] + [0] * (K - 1)),
            ("a = -1 at k=0" if amin < 0 else "a = 2 at k=0", [-1 if amin < 0 else 2] + [0] * (K - 1)),
        ]
        rows += [("a = max at k < %d, 0 after" % m, [amax if k < m else 0 for k in range(K)]) for m in (1, 2, 4, K // 4, K // 2, K - 1, K - 2, 3)]
        rows = rows[:M]
        s_all = [sum(a * b for a, b in zip(v, bval)) for _, v in rows]
        colfns = [
            ("c = INT_MAX - (row sum) + 1 (overflows by 1 if summed exactly)", lambda r: IMAX - s_all[r] + 1),
            ("c = INT_MAX", lambda r: IMAX),
            ("c = INT_MIN", lambda r: IMIN),
            ("c = INT_MAX - 100", lambda r: IMAX - 100),
            ("c = INT_MIN + 100", lambda r: IMIN + 100),
            ("c = 0", lambda r: 0),
            ("c = INT_MIN - (row sum) - 1", lambda r: IMIN - s_all[r] - 1),
            ("c = -1", lambda r: -1),
        ]
        C = []
        for r in range(M):
            C.append([max(IMIN, min(IMAX, fn(r))) for _, fn in colfns])
        d = Design("limits_b%s" % bval[0], "C at the 32-bit limits, b = %d everywhere" % bval[0], [v for _, v in rows], bval, C,
                   [l for l, _ in rows], [l for l, _ in colfns])
        out.append(d)
    # random full range with C near the limits
    A = [[amin + rng.next() % (amax - amin + 1) for _ in range(K)] for _ in range(M)]
    B = [[bmin + rng.next() % (bmax - bmin + 1) for _ in range(N)] for _ in range(K)]
    C = [[(IMAX - rng.next() % 600000) if (rng.next() & 1) else (IMIN + rng.next() % 600000) for _ in range(N)] for _ in range(M)]
    d = Design("rand_limits", "random A, B over the full range, C within 600000 of INT_MAX or INT_MIN", None, None, None, None, None, B=[])
    d.A3, d.B3, d.C3 = [A], [B], [C]
    out.append(d)
    return out


# ------------------------------------------------------------------ building entries
def mats(d, op):
    if hasattr(d, "A3"):
        return d.A3, d.B3, d.C3
    return [d.A], [d.B], [d.C]


def refs(op, A, B, C):
    """Per D element: exact result rounded once (RN and RZ) in the D type; None where not a finite exact sum."""
    rn, rz, chain = [], [], []
    dt = op.dt
    for p in range(op.nprob):
        for r in range(op.M):
            for n in range(op.N):
                vals = []
                ok = True
                for k in range(op.K):
                    a = _dec_in(op.at, A[p][r][k])
                    b = _dec_in(op.bt, B[p][k][n])
                    if a is None or b is None:
                        ok = False
                        break
                    vals.append(a * b)
                c = _dec_in(op.ct, C[p][r][n]) if ok else None
                if not ok or c is None:
                    rn.append(None)
                    rz.append(None)
                    chain.append(None)
                    continue
                s = c + sum(vals)
                rn.append(FMTS[dt].round_frac(s, "rn") if s != 0 else None)
                rz.append(FMTS[dt].round_frac(s, "rz") if s != 0 else None)
                if dt == "f64":
                    acc = c
                    for v in vals:
                        x = acc + v
                        acc = F64.dec(F64.round_frac(x, "rn")) if x != 0 else Fraction(0)
                        if not isinstance(acc, Fraction):
                            break
                    chain.append(F64.round_frac(acc, "rn") if isinstance(acc, Fraction) and acc != 0 else None)
    return rn, rz, chain


def _dec_in(t, v):
    """Exact value of an input as the format holds it; None for non-finite or non-canonical (tf32 low bits)."""
    bits = encode(t, v)
    if t == "tf32" and bits & 0x1FFF:
        return None
    x = decode(t, bits)
    return x if isinstance(x, Fraction) else None


def _words(op, A, B, C):
    return op.in_words_of(A, B, C)


def _split(lst, n):
    return [lst[i:i + n] for i in range(0, len(lst), n)]


def module(cases, expect, plans, header):
    plan = Plan()
    entries = []
    exp = expect.setdefault("tc_numerics", {})
    src = [header, "// Numerics probes: one mma per warp, D written as a plain matrix (see tcnum.py and cases.json).\n",
           COMMON, "\n"]
    groups = []  # (entry name, op, [designs])
    for cfg in float_cfgs():
        rng = Rng(seed_of("num_" + cfg.key))
        ds = []
        for name in cfg.designs:
            if name == "smallsum":
                ds.append(d_smallsum(cfg))
            elif name == "smallsum_hi":
                ds.append(d_smallsum(cfg, gaps=list(range(16, 24)), tag="_hi"))
            elif name == "bigpos":
                g2 = [cfg.big_gap, cfg.big_gap + 1, cfg.big_gap + 3]
                for g in g2:
                    for part in range(2 if cfg.K > 16 else 1):
                        ds.append(d_bigpos(cfg, g, part))
            elif name == "bigpos_hi":
                ds.append(d_bigpos(cfg, 24, 0))
            elif name == "cancel_pairs":
                ds.append(d_cancel_pairs(cfg))
            elif name.startswith("gapsweep_"):
                ds.append(d_gapsweep(cfg, name[-1]))
            elif name == "carry":
                ds.append(d_carry(cfg))
            elif name == "negtrunc":
                ds.append(d_negtrunc(cfg))
            elif name == "specials":
                ds.append(d_specials(cfg))
            elif name == "exact_prod":
                ds.append(d_exact_prod(cfg))
            elif name == "subnormals":
                ds.append(d_subnormals(cfg))
            elif name == "tf32_low":
                ds.append(d_tf32_low(cfg))
                ds.append(d_tf32_low(cfg, in_b=True))
        rnd = [d_random(cfg, RAND_KINDS[i % len(RAND_KINDS)], rng) for i in range(cfg.nrand)]
        for i, chunk in enumerate(_split(ds, 16)):
            groups.append(("num_%s_d%d" % (cfg.key, i), cfg.op, chunk, rng, cfg))
        groups.append(("num_%s_rand" % cfg.key, cfg.op, rnd, rng, cfg))
    # f64
    for shape in ("m8n8k4", "m16n8k4", "m16n8k8", "m16n8k16"):
        op = MmaOp(shape, "f64", "f64", "f64", "f64")
        rng = Rng(seed_of("num_f64_" + shape))
        ds = []
        part = 0
        while True:
            d = f64_order(op, part)
            if d is None or part >= (4 if op.K <= 8 else 6):
                break
            ds.append(d)
            part += 1
        ds += [f64_fused(op), f64_specials(op)]
        ds += [f64_random(op, k, rng) for k in ("narrow", "wide", "cancel", "wide")]
        for i, chunk in enumerate(_split(ds, 16)):
            groups.append(("num_f64_%s_%d" % (shape, i), op, chunk, rng, None))
    # integer
    for shape, at, bt, sat in (("m16n8k32", "s8", "s8", False), ("m16n8k32", "s8", "s8", True), ("m16n8k32", "u8", "u8", True),
                               ("m16n8k32", "s8", "u8", True), ("m16n8k32", "u8", "s8", False), ("m16n8k64", "s4", "s4", False),
                               ("m16n8k64", "s4", "s4", True), ("m16n8k64", "u4", "u4", True), ("m16n8k64", "u4", "s4", True),
                               ("m8n8k16", "s8", "s8", True), ("m16n8k16", "u8", "u8", True), ("m16n8k32", "s4", "u4", True)):
        op = MmaOp(shape, at, bt, "s32", "s32", sat=sat)
        rng = Rng(seed_of("num_" + op.name))
        groups.append(("num_%s" % op.name[4:], op, int_designs(op, rng), rng, None))

    emitted = set()
    for name, op, designs, rng, cfg in groups:
        # pad to a launchable warp count: <= 4 warps in one block, else a multiple of 4
        while len(designs) > 4 and len(designs) % 4:
            designs.append(_pad_design(op, cfg, rng, len(designs)))
        n = len(designs)
        block = 32 * min(n, 4)
        grid = (n + 3) // 4
        src.append(op.kernel(name, frags=False, comment="numerics entry %s: %d warps, one design each" % (name, n)))
        inw, rn_all, rz_all, ch_all, exact_all, minfo = [], [], [], [], [], []
        _, out_w = op.out_layout(False)
        for wi, d in enumerate(designs):
            A, B, C = mats(d, op)
            inw += _words(op, A, B, C)
            if op.at in ("s8", "u8", "s4", "u4"):
                D = op.reference(A, B, C)
                exact_all += op.d_matrix_words(D)
                rn = rz = chain = []
            else:
                rn, rz, chain = refs(op, A, B, C)
            rn_all += rn
            rz_all += rz
            ch_all += chain
            info = dict(warp=wi, design=d.name, doc=d.doc)
            if d.rows is not None:
                info.update(rows=d.rows, cols=d.cols)
            minfo.append(info)
        plan.add(name, inw, sentinel(out_w * n), grid=grid, block=block)
        if op.at in ("s8", "u8", "s4", "u4"):
            exp[name] = exact_all
        else:
            e = dict(ref_rn=_flat(rn_all, op), ref_rz=_flat(rz_all, op))
            if op.dt == "f64":
                e["ref_fma_chain_c_first"] = _flat(ch_all, op)
            exp[name] = e
        entries.append(dict(
            name=name, kind="numerics", forms=[op.ptx], shape=[op.M, op.N, op.K], problems_per_warp=op.nprob,
            types=dict(a=op.at, b=op.bt, c=op.ct, d=op.dt), grid=grid, block=block, warps=n,
            in_words_per_warp=op.in_words, out_words_per_warp=out_w,
            **{"in": dict(A=dict(offset=0, words=op.in_a, **op.a.describe()),
                          B=dict(offset=op.in_a, words=op.in_b, **op.b.describe()),
                          C=dict(offset=op.in_a + op.in_b, words=op.in_c, **op.c.describe())),
               "out": dict(D=dict(offset=0, words=op.d_words, **op.d.describe()))},
            scale_T=None if cfg is None else str(cfg.T),
            mmas=minfo))
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "tc_numerics.cu"), "w") as f:
        f.write("".join(src))
    plans["tc_numerics"] = plan
    cases.append(dict(module="tc_numerics", source="tc_numerics.cu", ptx="tc_numerics.ptx", plan="tc_numerics.plan",
                      title="tensor-core numerics probes", doc=__doc__,
                      expect_doc="expect.json: integer entries: the exact expected out; float entries: ref_rn / ref_rz = the "
                                 "exact D rounded once to the D type (nearest-even / toward zero), per D element in out order "
                                 "(16-bit D: packed words; null where an input is NaN/inf/non-canonical tf32 or the exact sum "
                                 "is 0); f64 also ref_fma_chain_c_first = IEEE fma chain c, p0, p1, ...",
                      entries=entries))


def _flat(vals, op):
    """Per-element reference bits -> out words (packed for 16-bit D)."""
    if op.d.bits == 64:
        out = []
        for v in vals:
            out += [None, None] if v is None else [v & 0xFFFFFFFF, v >> 32]
        return out
    if op.d.bits == 16:
        return [None if (vals[2 * i] is None or vals[2 * i + 1] is None) else vals[2 * i] | (vals[2 * i + 1] << 16)
                for i in range(len(vals) // 2)]
    return vals


def _pad_design(op, cfg, rng, i):
    if cfg is not None:
        return d_random(cfg, RAND_KINDS[i % len(RAND_KINDS)], rng)
    if op.at == "f64":
        return f64_random(op, ("narrow", "wide", "cancel")[i % 3], rng)
    return int_designs(op, rng)[-1]
