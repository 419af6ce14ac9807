"""Fragment layouts of mma.sync (PTX ISA "Matrix fragments for mma.mXnYkZ").

Each operand's layout is a pair of expressions (row, col) in the lane
variables g = lane>>2 (groupID), t = lane&3 (threadID_in_group),
h = lane>>4 (m8n8k4 only), q = (lane>>2)&3 (m8n8k4: the quad-pair, i.e. which
of the warp's four 8x8x4 problems the lane works on) and the element index i
within the lane's fragment.  Element i sits in register i // epr at bit
(i % epr) * bits, epr = 32 // bits elements per 32-bit register (f64: one
element per 64-bit register).  The same strings are evaluated by Python (to
compute expected values) and pasted into the CUDA source (to gather the
fragments), so the two can never disagree.

A is M x K, B is K x N (the row expression of B is k, the column one n),
C and D are M x N.

check() verifies every layout against CUTLASS/CuTe's (thread, value) ->
coordinate layouts (cute/atom/mma_traits_sm70.hpp, _sm80.hpp, _sm90.hpp and
cuBLASDx's SM89 fp8 traits), transcribed below, and that every layout covers
its matrix exactly once.
"""

BITS = {"f16": 16, "bf16": 16, "tf32": 32, "e4m3": 8, "e5m2": 8, "s8": 8, "u8": 8, "s4": 4, "u4": 4, "b1": 1,
        "f32": 32, "s32": 32, "f64": 64}

# Standard C/D layouts
C16x8 = ("g + 8*(i>>1)", "2*t + (i&1)")
C8x8 = ("g", "2*t + i")


class Shape:
    def __init__(self, name, M, N, K, a, b, c, nprob=1):
        self.name, self.M, self.N, self.K = name, M, N, K
        self.maps = {"a": a, "b": b, "c": c, "d": c}
        self.nprob = nprob


# (name, M, N, K, A map, B map, C map); keyed by (shape, input family)
SHAPES = {
    # f16 / bf16
    ("m16n8k8", "16b"): Shape("m16n8k8", 16, 8, 8, ("g + 8*(i>>1)", "2*t + (i&1)"), ("2*t + i", "g"), C16x8),
    ("m16n8k16", "16b"): Shape("m16n8k16", 16, 8, 16, ("g + 8*((i>>1)&1)", "2*t + (i&1) + 8*(i>>2)"),
                               ("2*t + (i&1) + 8*(i>>1)", "g"), C16x8),
    # tf32
    ("m16n8k4", "tf32"): Shape("m16n8k4", 16, 8, 4, ("g + 8*i", "t"), ("t", "g"), C16x8),
    ("m16n8k8", "tf32"): Shape("m16n8k8", 16, 8, 8, ("g + 8*(i&1)", "t + 4*(i>>1)"), ("t + 4*i", "g"), C16x8),
    # f64
    ("m8n8k4", "f64"): Shape("m8n8k4", 8, 8, 4, ("g", "t"), ("t", "g"), C8x8),
    ("m16n8k4", "f64"): Shape("m16n8k4", 16, 8, 4, ("g + 8*i", "t"), ("t", "g"), C16x8),
    ("m16n8k8", "f64"): Shape("m16n8k8", 16, 8, 8, ("g + 8*(i&1)", "t + 4*(i>>1)"), ("t + 4*i", "g"), C16x8),
    ("m16n8k16", "f64"): Shape("m16n8k16", 16, 8, 16, ("g + 8*(i&1)", "t + 4*(i>>1)"), ("t + 4*i", "g"), C16x8),
    # 8-bit (integer and fp8)
    ("m8n8k16", "8b"): Shape("m8n8k16", 8, 8, 16, ("g", "4*t + i"), ("4*t + i", "g"), C8x8),
    ("m16n8k16", "8b"): Shape("m16n8k16", 16, 8, 16, ("g + 8*(i>>2)", "4*t + (i&3)"), ("4*t + i", "g"), C16x8),
    ("m16n8k32", "8b"): Shape("m16n8k32", 16, 8, 32, ("g + 8*((i>>2)&1)", "4*t + (i&3) + 16*(i>>3)"),
                              ("4*t + (i&3) + 16*(i>>2)", "g"), C16x8),
    # 4-bit
    ("m8n8k32", "4b"): Shape("m8n8k32", 8, 8, 32, ("g", "8*t + i"), ("8*t + i", "g"), C8x8),
    ("m16n8k32", "4b"): Shape("m16n8k32", 16, 8, 32, ("g + 8*(i>>3)", "8*t + (i&7)"), ("8*t + i", "g"), C16x8),
    ("m16n8k64", "4b"): Shape("m16n8k64", 16, 8, 64, ("g + 8*((i>>3)&1)", "8*t + (i&7) + 32*(i>>4)"),
                              ("8*t + (i&7) + 32*(i>>3)", "g"), C16x8),
    # 1-bit
    ("m8n8k128", "1b"): Shape("m8n8k128", 8, 8, 128, ("g", "32*t + i"), ("32*t + i", "g"), C8x8),
    ("m16n8k128", "1b"): Shape("m16n8k128", 16, 8, 128, ("g + 8*(i>>5)", "32*t + (i&31)"), ("32*t + i", "g"), C16x8),
    ("m16n8k256", "1b"): Shape("m16n8k256", 16, 8, 256, ("g + 8*((i>>5)&1)", "32*t + (i&31) + 128*(i>>6)"),
                               ("32*t + (i&31) + 128*(i>>5)", "g"), C16x8),
}

# m8n8k4 with .f16 inputs: four independent 8x8x4 problems, one per quad-pair
# (lanes 4q..4q+3 and 4q+16..4q+19).  Layout depends on .alayout/.blayout and
# on the C/D type.
M8N8K4_A = {"row": ("t + 4*h", "i"), "col": ("i + 4*h", "t")}
M8N8K4_B = {"row": ("t", "i + 4*h"), "col": ("i", "t + 4*h")}
M8N8K4_C = {"f16": ("t + 4*h", "i"), "f32": ("(t&1) + (i&2) + 4*h", "(i&4) + (t&2) + (i&1)")}


def m8n8k4_shape(al, bl, ct):
    """The C map depends on the C/D type; D uses the D type's map (set by the caller)."""
    return Shape("m8n8k4", 8, 8, 4, M8N8K4_A[al], M8N8K4_B[bl], M8N8K4_C[ct], nprob=4)


def lane_vars(lane):
    return dict(g=lane >> 2, t=lane & 3, h=lane >> 4, q=(lane >> 2) & 3)


def ev(expr, lane, i):
    v = lane_vars(lane)
    v["i"] = i
    return eval(expr, {}, v)


def c_expr(expr, i):
    """The expression with element index i substituted and constants folded, for the CUDA source."""
    import ast
    import re
    tree = ast.parse(re.sub(r"\bi\b", "%d" % i, expr), mode="eval")
    return ast.unparse(_fold(tree.body))


def _fold(n):
    """Constant folding (+ - * & >>) with x+0, x*1, x*0 simplified; keeps the C meaning of the expression."""
    import ast
    import operator
    if not isinstance(n, ast.BinOp):
        return n
    l, r = _fold(n.left), _fold(n.right)
    ops = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.BitAnd: operator.and_,
           ast.RShift: operator.rshift}
    lc, rc = isinstance(l, ast.Constant), isinstance(r, ast.Constant)
    if lc and rc:
        return ast.Constant(ops[type(n.op)](l.value, r.value))
    if isinstance(n.op, ast.Add):
        if lc and l.value == 0:
            return r
        if rc and r.value == 0:
            return l
    if isinstance(n.op, ast.Mult):
        if (lc and l.value == 0) or (rc and r.value == 0):
            return ast.Constant(0)
        if lc and l.value == 1:
            return r
        if rc and r.value == 1:
            return l
    if isinstance(n.op, ast.BitAnd) and ((lc and l.value == 0) or (rc and r.value == 0)):
        return ast.Constant(0)
    return ast.BinOp(l, n.op, r)


# ------------------------------------------------------------------ CuTe check
def cute_eval(shape, stride, coord):
    """Evaluate a CuTe layout (nested shape/stride tuples) at a flat coordinate."""
    if isinstance(shape, int):
        return coord * stride
    total, rest = 0, coord
    for s, d in zip(shape, stride):
        size = cute_size(s)
        total += cute_eval(s, d, rest % size)
        rest //= size
    return total


def cute_size(s):
    if isinstance(s, int):
        return s
    n = 1
    for x in s:
        n *= cute_size(x)
    return n


# (T32, V) -> column-major index in (rows, cols); A: (M, K), B: (N, K), C: (M, N)
_T = ((4, 8), (32, 1))  # placeholder, thread part given per layout
CUTE = {
    # name: (A layout, B layout, C layout) each (shape, stride)
    ("m16n8k8", "16b"): ((((4, 8), (2, 2)), ((32, 1), (16, 8))), (((4, 8), 2), ((16, 1), 8)), None),
    ("m16n8k16", "16b"): ((((4, 8), (2, 2, 2)), ((32, 1), (16, 8, 128))), (((4, 8), (2, 2)), ((16, 1), (8, 64))), None),
    ("m16n8k4", "tf32"): ((((4, 8), 2), ((16, 1), 8)), (((4, 8), 1), ((8, 1), 0)), None),
    ("m16n8k8", "tf32"): ((((4, 8), (2, 2)), ((16, 1), (8, 64))), (((4, 8), 2), ((8, 1), 32)), None),
    ("m8n8k4", "f64"): ((((4, 8), 1), ((8, 1), 0)), (((4, 8), 1), ((8, 1), 0)), (((4, 8), 2), ((16, 1), 8))),
    ("m16n8k4", "f64"): ((((4, 8), 2), ((16, 1), 8)), (((4, 8), 1), ((8, 1), 0)), None),
    ("m16n8k8", "f64"): ((((4, 8), (2, 2)), ((16, 1), (8, 64))), (((4, 8), 2), ((8, 1), 32)), None),
    ("m16n8k16", "f64"): ((((4, 8), (2, 4)), ((16, 1), (8, 64))), (((4, 8), 4), ((8, 1), 32)), None),
    ("m8n8k16", "8b"): ((((4, 8), 4), ((32, 1), 8)), (((4, 8), 4), ((32, 1), 8)), (((4, 8), 2), ((16, 1), 8))),
    ("m16n8k16", "8b"): ((((4, 8), (4, 2)), ((64, 1), (16, 8))), (((4, 8), 4), ((32, 1), 8)), None),
    ("m16n8k32", "8b"): ((((4, 8), (4, 2, 2)), ((64, 1), (16, 8, 256))), (((4, 8), (4, 2)), ((32, 1), (8, 128))), None),
    ("m8n8k128", "1b"): ((((4, 8), 32), ((256, 1), 8)), (((4, 8), 32), ((256, 1), 8)), (((4, 8), 2), ((16, 1), 8))),
    ("m16n8k128", "1b"): ((((4, 8), (32, 2)), ((512, 1), (16, 8))), (((4, 8), 32), ((256, 1), 8)), None),
    ("m16n8k256", "1b"): ((((4, 8), (32, 2, 2)), ((512, 1), (16, 8, 2048))), (((4, 8), (32, 2)), ((256, 1), (8, 1024))), None),
}
CUTE_C16x8 = (((4, 8), (2, 2)), ((32, 1), (16, 8)))
# SM70 quad-pair layouts: logical thread T (0..7) <-> lane (T%4) + 16*(T/4)
CUTE_SM70 = {
    "A_row": ((8, 4), (1, 8)), "A_col": (((4, 2), 4), ((8, 4), 1)),
    "B_col": ((8, 4), (1, 8)), "B_row": (((4, 2), 4), ((8, 4), 1)),
    "C_f16": ((8, 8), (1, 8)), "C_f32": (((2, 2, 2), (2, 2, 2)), ((1, 16, 4), (8, 2, 32))),
}


def _check_one(label, rc_of, rows, cols, nvals, cute, nthr=32, thr_of_lane=lambda l: l, problems=1):
    seen = {}
    for lane in range(32):
        for i in range(nvals):
            r, c = rc_of(lane, i)
            assert 0 <= r < rows and 0 <= c < cols, (label, lane, i, r, c)
            key = (lane_vars(lane)["q"] if problems > 1 else 0, r, c)
            assert key not in seen, (label, "element covered twice", lane, i, key, seen[key])
            seen[key] = (lane, i)
            if cute is not None:
                shape, stride = cute
                T = thr_of_lane(lane)
                idx = cute_eval(shape[0], stride[0], T) + cute_eval(shape[1], stride[1], i)
                want = (idx % rows, idx // rows)
                assert (r, c) == want, (label, lane, i, (r, c), want)
    assert len(seen) == rows * cols * problems, (label, len(seen))


def check():
    n = 0
    for key, sh in SHAPES.items():
        M, N, K = sh.M, sh.N, sh.K
        cu = CUTE[key] if key in CUTE else None
        fam = key[1]
        bits = {"16b": 16, "tf32": 32, "f64": 64, "8b": 8, "4b": 4, "1b": 1}[fam]
        na, nb, nc = M * K // 32, K * N // 32, M * N // 32
        a, b, c = sh.maps["a"], sh.maps["b"], sh.maps["c"]
        ca = cu[0] if cu else None
        cb = cu[1] if cu else None
        cc = (cu[2] or CUTE_C16x8) if cu else None
        if cu and cu[2] is None and M == 8:
            cc = (((4, 8), 2), ((16, 1), 8))
        _check_one(str(key) + " A", lambda l, i: (ev(a[0], l, i), ev(a[1], l, i)), M, K, na, ca)
        # CuTe's B is (N, K): swap to (k, n)
        _check_one(str(key) + " B", lambda l, i: (ev(b[1], l, i), ev(b[0], l, i)), N, K, nb, cb)
        _check_one(str(key) + " C", lambda l, i: (ev(c[0], l, i), ev(c[1], l, i)), M, N, nc, cc)
        n += 3
    # 4-bit: CuTe has no SM80 s4 traits; its layouts are the 8-bit ones with 8 values per 32 bits,
    # checked for exact coverage only.
    thr70 = lambda l: (l & 3) + 4 * (l >> 4)
    for al in ("row", "col"):
        for bl in ("row", "col"):
            for ct in ("f16", "f32"):
                sh = m8n8k4_shape(al, bl, ct)
                a, b, c = sh.maps["a"], sh.maps["b"], sh.maps["c"]
                _check_one("m8n8k4 A " + al, lambda l, i: (ev(a[0], l, i), ev(a[1], l, i)), 8, 4, 4,
                           CUTE_SM70["A_" + al], thr_of_lane=thr70, problems=4)
                _check_one("m8n8k4 B " + bl, lambda l, i: (ev(b[1], l, i), ev(b[0], l, i)), 8, 4, 4,
                           CUTE_SM70["B_" + bl], thr_of_lane=thr70, problems=4)
                _check_one("m8n8k4 C " + ct, lambda l, i: (ev(c[0], l, i), ev(c[1], l, i)), 8, 8, 8,
                           CUTE_SM70["C_" + ct], thr_of_lane=thr70, problems=4)
                n += 3
    return n


if __name__ == "__main__":
    print("%d fragment layouts agree with CuTe" % check())
