"""Fit accumulation models to the H100's tc_numerics recordings.

    python3 tcfit.py                 # the engine's rules, per test: mismatching outputs
    python3 tcfit.py --sweep f16_f32_k16   # the block rule's parameters around the chosen ones
    python3 tcfit.py --fp8           # fp8: the chained rule against the variants it was chosen from

The models work on exact values (Fractions). `block` is the rule of
core/exec/tensor/matrix_numerics.cpp for f16/bf16/tf32 inputs: exact products;
c and products aligned to the largest exponent (a product's exponent is
e(a) + e(b)); truncated toward zero `width` bits below it; summed exactly;
rounded once (toward zero to f32, to nearest to f16). `fp8` is the rule for
e4m3/e5m2 inputs: two such block passes (k with bit 1 clear, then k with
bit 1 set, the first pass's result the second's accumulator term), then c
added with rounding to nearest. The data are the tc_numerics recordings and,
for fp8, also tc_fp8 (tcfp8.py). docs/tensor-cores.md gives the evidence.
"""
import gzip
import json
import math
import os
import sys
from fractions import Fraction

from tcfmt import FMTS, ilog2

HERE = os.path.dirname(os.path.abspath(__file__))


def elems(words, off, n, bits):
    if bits == 64:
        return [words[off + 2 * i] | (words[off + 2 * i + 1] << 32) for i in range(n)]
    per = 32 // bits
    return [(words[off + i // per] >> ((i % per) * bits)) & ((1 << bits) - 1) for i in range(n)]


RECORDINGS = (("cases.json", "tc_numerics", "golden-tc_numerics.json.gz"), ("fp8_cases.json", "tc_fp8", "golden-tc_fp8.json.gz"))


def dot_products():
    """(test, warp, row, col, a values, b values, c value, d value, d format) of every finite probe."""
    for cases_file, module, golden in RECORDINGS:
        yield from module_dot_products(cases_file, module, golden)


def module_dot_products(cases_file, module, golden):
    cases = json.load(open(os.path.join(HERE, cases_file)))
    mod = [m for m in cases["modules"] if m["module"] == module][0]
    gold = {t["name"]: t for t in json.load(gzip.open(os.path.join(HERE, golden)))["tests"]}
    for e in mod["entries"]:
        t = e["types"]
        if t["a"] not in FMTS or t["a"] == "f64":
            continue
        g = gold[e["name"]]
        M, N, K = e["shape"]
        P = e.get("problems_per_warp", 1)
        fa, fb, fc, fd = (FMTS[t[x]] for x in "abcd")
        for w in range(len(g["in"]) // e["in_words_per_warp"]):
            ib, ob = w * e["in_words_per_warp"], w * e["out_words_per_warp"]
            A = elems(g["in"], ib + e["in"]["A"]["offset"], P * M * K, e["in"]["A"]["elem_bits"])
            B = elems(g["in"], ib + e["in"]["B"]["offset"], P * K * N, e["in"]["B"]["elem_bits"])
            C = elems(g["in"], ib + e["in"]["C"]["offset"], P * M * N, e["in"]["C"]["elem_bits"])
            D = elems(g["out"], ob + e["out"]["D"]["offset"], P * M * N, e["out"]["D"]["elem_bits"])
            for p in range(P):
                for r in range(M):
                    for n in range(N):
                        av = [fa.dec(A[p * M * K + r * K + k]) for k in range(K)]
                        bv = [fb.dec(B[p * K * N + n * K + k]) for k in range(K)]
                        cv, dv = fc.dec(C[p * M * N + r * N + n]), fd.dec(D[p * M * N + r * N + n])
                        vals = av + bv + [cv, dv]
                        if any(isinstance(x, float) and (math.isnan(x) or math.isinf(x)) for x in vals):
                            continue
                        z = lambda x: Fraction(0) if isinstance(x, float) else x
                        yield e["name"], w, r, n, [z(x) for x in av], [z(x) for x in bv], z(cv), z(dv), fd


def trunc(x, q):
    n = abs(x) / q
    n = n.numerator // n.denominator
    return n * q if x >= 0 else -n * q


def rnd(x, fmt, mode):
    return Fraction(0) if x == 0 else (lambda v: Fraction(0) if isinstance(v, float) else v)(fmt.dec(fmt.round_frac(x, mode)))


def aligned_sum(terms, width):
    """terms: (value, alignment exponent); truncated sum."""
    terms = [(v, e) for v, e in terms if v != 0]
    if not terms:
        return Fraction(0)
    q = Fraction(2) ** (max(e for _, e in terms) - width)
    return sum(trunc(v, q) for v, _ in terms)


def products(a, b, raw=True):
    return [(x * y, (ilog2(abs(x)) + ilog2(abs(y))) if raw else ilog2(abs(x * y))) for x, y in zip(a, b) if x * y != 0]


def block(a, b, c, fd, width=25, raw=True):
    s = aligned_sum(products(a, b, raw) + ([(c, ilog2(abs(c)))] if c != 0 else []), width)
    return rnd(s, fd, "rn" if fd.name == "f16" else "rz")


def fp8(a, b, c, fd, width=25, order=(0, 1), c_at="end", mid=None, final="rn"):
    """The two groups (bit 1 of k clear / set) as chained block passes, then c.

    Pass 1: the block rule over group order[0] alone; pass 2: the block rule
    over group order[1] with pass 1's result as its accumulator term; each
    pass rounds to the accumulator as the block rule does (or `mid`). c
    enters pass 1, pass 2, or ("end") is added last with rounding `final`.
    The defaults are the H100's rule; the rest are the variants --fp8 rejects.
    """
    mode = mid or ("rn" if fd.name == "f16" else "rz")
    cterm = [(c, ilog2(abs(c)))] if c != 0 else []
    group = lambda g: products([x for k, x in enumerate(a) if (k >> 1) & 1 == g], [y for k, y in enumerate(b) if (k >> 1) & 1 == g])
    s = rnd(aligned_sum(group(order[0]) + (cterm if c_at == "pass1" else []), width), fd, mode)
    s = aligned_sum(group(order[1]) + ([(s, ilog2(abs(s)))] if s != 0 else []) + (cterm if c_at == "pass2" else []), width)
    if c_at != "end":
        return rnd(s, fd, final)
    return rnd(rnd(s, fd, mode) + c, fd, final)


def fp8_one_block(a, b, c, fd):
    """The two group sums added exactly, rounded, then c (the rule before tc_fp8 was recorded)."""
    mode = "rn" if fd.name == "f16" else "rz"
    g = [aligned_sum(products([x for k, x in enumerate(a) if (k >> 1) & 1 == i], [y for k, y in enumerate(b) if (k >> 1) & 1 == i]), 25) for i in (0, 1)]
    return rnd(rnd(g[0] + g[1], fd, mode) + c, fd, "rn")


FP8_VARIANTS = [
    ("the rule: group 0, then group 1, then c (rounded to nearest)", {}),
    ("group 1 first", dict(order=(1, 0))),
    ("c in pass 1", dict(c_at="pass1")),
    ("c in pass 2", dict(c_at="pass2")),
    ("c last, rounded toward zero", dict(final="rz")),
    ("pass results rounded to nearest", dict(mid="rn")),
    ("pass results rounded toward zero", dict(mid="rz")),
    ("24-bit alignment", dict(width=24)),
    ("26-bit alignment", dict(width=26)),
]


def fp8_variants(data):
    sel = [d for d in data if d[0].startswith(("num_e4m3", "num_e5m2", "fp8_"))]
    bad = sum(1 for _, _, _, _, a, b, c, d, fd in sel if fp8_one_block(a, b, c, fd) != d)
    print("%-58s %4d of %5d differ" % ("group sums added exactly, then c", bad, len(sel)))
    for label, kw in FP8_VARIANTS:
        bad = sum(1 for _, _, _, _, a, b, c, d, fd in sel if fp8(a, b, c, fd, **kw) != d)
        print("%-58s %4d of %5d differ" % (label, bad, len(sel)))


def quad_pair_chain(a, b, c, fd):
    f32 = FMTS["f32"]
    s = a[0] * b[0]
    for k in range(1, len(a)):
        s = rnd(s + a[k] * b[k], f32, "rn")
    return rnd(rnd(s + c, f32, "rn"), fd, "rn")


def engine_rule(name):
    if "m8n8k4" in name:
        return quad_pair_chain
    if name.startswith(("num_e4m3", "num_e5m2", "fp8_")):
        return fp8
    return block


def main():
    sweep = sys.argv[2] if len(sys.argv) > 2 and sys.argv[1] == "--sweep" else None
    data = list(dot_products())
    if sys.argv[1:] == ["--fp8"]:
        fp8_variants(data)
        return
    if sweep:
        sel = [d for d in data if d[0].startswith("num_" + sweep)]
        for raw in (True, False):
            for width in range(22, 28):
                bad = sum(1 for _, _, _, _, a, b, c, d, fd in sel if block(a, b, c, fd, width, raw) != d)
                print("%s width %d, product exponent %s: %d of %d differ" % (sweep, width, "e(a)+e(b)" if raw else "normalized", bad, len(sel)))
        return
    per = {}
    for name, w, r, n, a, b, c, d, fd in data:
        ok, tot = per.get(name, (0, 0))
        per[name] = (ok + (engine_rule(name)(a, b, c, fd) == d), tot + 1)
    for name, (ok, tot) in per.items():
        print("%-32s %5d of %5d finite outputs reproduced" % (name, ok, tot))


if __name__ == "__main__":
    main()
