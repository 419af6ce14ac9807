#!/usr/bin/env python3
"""Fits the H200's wgmma fp8 arithmetic to the recordings in tests/data/hopper.

Reads each fp8 case's inputs (A: 64 rows x 32 e4m3/e5m2 bytes, B: N rows x 32
bytes, both K-major as kernel.cu's load_canonical stores them; D starts at 0)
and the recorded D (out[i * 128 + tid] = d[i] of the wgmma D fragment), and
prints, for each candidate rule, how many recorded elements it gets wrong.
Usage: python3 scripts/fit_wgmma_fp8.py
"""
import json
import os
import struct

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "data", "hopper")
CASES = [("wgmma-e4m3-m64n16k32-f32", "e4m3", "e4m3", 16, "f32"),
         ("wgmma-e4m3-m64n16k32-f16", "e4m3", "e4m3", 16, "f16"),
         ("wgmma-e5m2-m64n16k32-f16", "e5m2", "e5m2", 16, "f16"),
         ("wgmma-e5m2-e4m3-m64n8k32-f32", "e5m2", "e4m3", 8, "f32")]


def dec(fmt, x):
    """(neg, sig, exp) with value sig * 2^exp, or None for zero (the inputs hold no NaN)."""
    eb, mb = (4, 3) if fmt == "e4m3" else (5, 2)
    e, m = (x >> mb) & ((1 << eb) - 1), x & ((1 << mb) - 1)
    if e == 0 and m == 0:
        return None
    return (bool(x >> 7), m if e == 0 else m | (1 << mb), (e if e else 1) - ((1 << (eb - 1)) - 1) - mb)


def lg(sig, exp):
    return exp + sig.bit_length() - 1


def product(x, y):
    """A product term: (neg, sig, exp, alignment exponent e(a) + e(b))."""
    return (x[0] != y[0], x[1] * y[1], x[2] + y[2], lg(x[1], x[2]) + lg(y[1], y[2]))


def shr(v, sh, mode):
    """v * 2^-sh (sh > 0) as an integer: toward zero, toward -inf, or to nearest."""
    if mode == "floor":
        return v >> sh
    if mode == "nearest":
        return (v + (1 << (sh - 1))) >> sh
    return v >> sh if v >= 0 else -((-v) >> sh)


def aligned(terms, width, mode):
    """The terms aligned to emax - width, each truncated (`mode`), summed exactly: (neg, mag, q)."""
    if not terms:
        return (False, 0, 0)
    q = max(t[3] for t in terms) - width
    s = 0
    for neg, sig, exp, _ in terms:
        v = -sig if neg else sig
        s += v << (exp - q) if exp >= q else shr(v, q - exp, mode)
    return (s < 0, abs(s), q)


def keep_bits(v, n):
    """Truncates the magnitude to n significant bits."""
    neg, mag, q = v
    drop = mag.bit_length() - n
    return (neg, (mag >> drop) << drop, q) if n and drop > 0 else v


def round_to(v, fmt, mode):
    """sig * 2^q rounded to f32 or f16 (the values here stay in the normal range)."""
    neg, mag, q = v
    if mag == 0:
        return (False, 0, 0)
    p, emin = (24, -126) if fmt == "f32" else (11, -14)
    lsb = max(q + mag.bit_length() - 1, emin) - (p - 1)
    if lsb <= q:
        return (neg, mag << (q - lsb), lsb)
    sh = lsb - q
    kept, rem = mag >> sh, mag & ((1 << sh) - 1)
    if mode == "rn" and (rem > 1 << (sh - 1) or (rem == 1 << (sh - 1) and kept & 1)):
        kept += 1
    return (neg, kept, lsb)


def bits(v, fmt):
    neg, sig, exp = v
    if sig == 0:
        return 0
    x = (-1.0 if neg else 1.0) * sig * 2.0 ** exp
    return struct.unpack("<I", struct.pack("<f", x))[0] if fmt == "f32" else struct.unpack("<H", struct.pack("<e", x))[0]


def model(a, b, fa, fb, fmt, groups="one", width=25, f32_bits=0, f16_bits=0, terms="zero", inter=None):
    """One D element (c = 0). groups: the k of each pass (chained: a pass's rounded result is the next pass's
    accumulator term); width: alignment bits below the largest exponent; f32_bits/f16_bits: significant bits
    the exact sum is truncated to before the final rounding (0: none); terms: how an aligned term is cut;
    inter: rounding of the passes before the last (default: as the last, toward zero to f32, to nearest to f16)."""
    ps = [None if dec(fa, a[k]) is None or dec(fb, b[k]) is None else product(dec(fa, a[k]), dec(fb, b[k]))
          for k in range(32)]
    final = "rn" if fmt == "f16" else "rz"
    passes = GROUPS[groups]
    acc = (False, 0, 0)
    for i, g in enumerate(passes):
        ts = [ps[k] for k in g if ps[k] is not None]
        if acc[1]:
            ts.append((acc[0], acc[1], acc[2], lg(acc[1], acc[2])))
        s = keep_bits(aligned(ts, width, terms), f32_bits if fmt == "f32" else f16_bits)
        acc = round_to(s, fmt, final if i == len(passes) - 1 else (inter or final))
    return bits(acc, fmt)


GROUPS = {
    "one": [list(range(32))],
    "bit1": [[k for k in range(32) if not k & 2], [k for k in range(32) if k & 2]],
    "bit2": [[k for k in range(32) if not k & 4], [k for k in range(32) if k & 4]],
    "halves": [list(range(16)), list(range(16, 32))],
    "four8": [list(range(i, i + 8)) for i in range(0, 32, 8)],
}

CANDIDATES = [
    ("**the rule**: one block of 32, 13 bits, f32 sum truncated to 14 significant bits, f16 rounded to nearest",
     dict(width=13, f32_bits=14)),
    ("mma.sync m16n8k32's rule: groups by k bit 1, two passes of 25 bits (the engine's rule before)",
     dict(groups="bit1", inter=None)),
    ("the f16/bf16 block rule: one block of 32, 25 bits", dict()),
    ("two 25-bit passes, groups by k bit 2", dict(groups="bit2")),
    ("two 25-bit passes, k < 16 then k >= 16", dict(groups="halves")),
    ("four 25-bit passes of 8 consecutive k", dict(groups="four8")),
    ("one block, 13 bits, no 14-bit truncation of the f32 sum", dict(width=13)),
    ("the rule, the f16 sum also truncated to 14 bits first", dict(width=13, f32_bits=14, f16_bits=14)),
    ("the rule with 12 / 14 alignment bits", [dict(width=12, f32_bits=14), dict(width=14, f32_bits=14)]),
    ("the rule keeping 13 / 15 significant bits of an f32 sum", [dict(width=13, f32_bits=13), dict(width=13, f32_bits=15)]),
    ("the rule, terms cut toward -inf (two's complement) / to nearest",
     [dict(width=13, f32_bits=14, terms="floor"), dict(width=13, f32_bits=14, terms="nearest")]),
    ("the rule chained over groups by k bit 1 / k < 16, k >= 16 (13 bits per pass)",
     [dict(width=13, f32_bits=14, groups="bit1"), dict(width=13, f32_bits=14, groups="halves")]),
]


def load(case, N, fmt):
    rec = json.load(open(os.path.join(HERE, case, "hw-h200.json")))
    A = [[(rec["a"][r * 8 + k // 4] >> (8 * (k % 4))) & 0xff for k in range(32)] for r in range(64)]
    B = [[(rec["b"][n * 8 + k // 4] >> (8 * (k % 4))) & 0xff for k in range(32)] for n in range(N)]
    D = {}
    per = 1 if fmt == "f32" else 2
    for i in range(N // 2 // per):
        for tid in range(128):
            w = rec["out"][i * 128 + tid]
            q, l = tid // 32, tid % 32
            for h in range(per):
                j = per * i + h  # the element's index in the thread's fragment
                row, col = 16 * q + l // 4 + 8 * ((j >> 1) & 1), 2 * (l % 4) + (j & 1) + 8 * (j >> 2)
                D[(row, col)] = (w >> (16 * h)) & 0xffff if per == 2 else w
    return A, B, D


def main():
    data = [(fa, fb, fmt, *load(c, N, fmt)) for c, fa, fb, N, fmt in CASES]
    print("| candidate | " + " | ".join(c[0] for c in CASES) + " | total |")
    print("|---|" + "---|" * (len(CASES) + 1))
    for name, params in CANDIDATES:
        cells = []
        for p in params if isinstance(params, list) else [params]:
            counts = [sum(model(A[r], B[n], fa, fb, fmt, **p) != w for (r, n), w in D.items())
                      for fa, fb, fmt, A, B, D in data]
            cells.append(counts + [sum(counts)])
        print(f"| {name} | " + " | ".join(" / ".join(str(c[i]) for c in cells) for i in range(len(CASES) + 1)) + " |",
              flush=True)
    print(f"({sum(len(d[5]) for d in data)} elements: " + ", ".join(f"{len(d[5])}" for d in data) + ")")


if __name__ == "__main__":
    main()
