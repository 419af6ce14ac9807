"""Fit accumulation models to the H100's tc_numerics recordings.

    python3 tcfit.py                 # the engine's rules, per test: mismatching outputs
    python3 tcfit.py --sweep f16_f32_k16   # the block rule's parameters around the chosen ones

The models work on exact values (Fractions). `block` is the rule of
core/exec/matrix_numerics.cpp for f16/bf16/tf32 inputs: exact products;
c and products aligned to the largest exponent (a product's exponent is
e(a) + e(b)); truncated toward zero `width` bits below it; summed exactly;
rounded once (toward zero to f32, to nearest to f16). `fp8` is the engine's
approximate fp8 rule. docs/tensor-cores.md gives the evidence.
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


def dot_products():
    """(test, warp, row, col, a values, b values, c value, d value, d format) of every finite probe."""
    cases = json.load(open(os.path.join(HERE, "cases.json")))
    mod = [m for m in cases["modules"] if m["module"] == "tc_numerics"][0]
    gold = {t["name"]: t for t in json.load(gzip.open(os.path.join(HERE, "golden-tc_numerics.json.gz")))["tests"]}
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


def fp8(a, b, c, fd, width=25):
    """Two groups (bit 1 of k clear / set), each aligned on its own; c added last, rounded to nearest."""
    g0 = aligned_sum(products([x for k, x in enumerate(a) if not (k >> 1) & 1], [y for k, y in enumerate(b) if not (k >> 1) & 1]), width)
    g1 = aligned_sum(products([x for k, x in enumerate(a) if (k >> 1) & 1], [y for k, y in enumerate(b) if (k >> 1) & 1]), width)
    s = rnd(g0 + g1, fd, "rn" if fd.name == "f16" else "rz")
    return rnd(s + c, fd, "rn")


def quad_pair_chain(a, b, c, fd):
    f32 = FMTS["f32"]
    s = a[0] * b[0]
    for k in range(1, len(a)):
        s = rnd(s + a[k] * b[k], f32, "rn")
    return rnd(rnd(s + c, f32, "rn"), fd, "rn")


def engine_rule(name):
    if "m8n8k4" in name:
        return quad_pair_chain
    if name.startswith(("num_e4m3", "num_e5m2")):
        return fp8
    return block


def main():
    sweep = sys.argv[2] if len(sys.argv) > 2 and sys.argv[1] == "--sweep" else None
    data = list(dot_products())
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
