"""Number formats of the warp-matrix instructions, exact encoding and rounding.

Values are Python Fractions (exact) or floats; every format here is a binary
floating-point format described by (exponent bits, fraction bits, bias), plus
the integer formats used by integer mma.  Nothing here rounds silently:
`enc` refuses a value the format cannot hold exactly; `round_frac` is the only
place a value is rounded, with an explicit mode.
"""
import math
import struct
from fractions import Fraction


class Fmt:
    def __init__(self, name, ebits, mbits, bias, ieee=True, width=None, shift=0, maxfin=None):
        self.name, self.ebits, self.mbits, self.bias, self.ieee = name, ebits, mbits, bias, ieee
        self.width = width or (1 + ebits + mbits)  # container bits
        self.shift = shift  # tf32: the 19-bit value sits in the top of a 32-bit container
        self.emin = 1 - bias  # exponent of the smallest normal
        emax_field = (1 << ebits) - 2 if ieee else (1 << ebits) - 1
        self.emax = emax_field - bias
        if maxfin is None:
            maxfin = Fraction(2) ** self.emax * (2 - Fraction(1, 1 << mbits))
        self.maxfin = Fraction(maxfin)
        self.minsub = Fraction(2) ** (self.emin - mbits)
        self.minnorm = Fraction(2) ** self.emin
        self.p = mbits + 1  # significand bits

    # ---- bits <-> values
    def dec(self, bits):
        """Fraction for finite values, float('inf')/-inf/nan otherwise (-0.0 as float)."""
        bits >>= self.shift
        s = (bits >> (self.ebits + self.mbits)) & 1
        e = (bits >> self.mbits) & ((1 << self.ebits) - 1)
        m = bits & ((1 << self.mbits) - 1)
        if self.ieee and e == (1 << self.ebits) - 1:
            return float("nan") if m else (-math.inf if s else math.inf)
        if not self.ieee and e == (1 << self.ebits) - 1 and m == (1 << self.mbits) - 1:
            return float("nan")
        if e == 0:
            v = Fraction(m, 1 << self.mbits) * Fraction(2) ** self.emin
        else:
            v = (1 + Fraction(m, 1 << self.mbits)) * Fraction(2) ** (e - self.bias)
        if v == 0 and s:
            return -0.0
        return -v if s else v

    def enc(self, x):
        """Exact encoding; raises ValueError when x is not representable."""
        r = self.try_enc(x)
        if r is None:
            raise ValueError("%r not representable in %s" % (x, self.name))
        return r

    def try_enc(self, x):
        sbit = 1 << (self.ebits + self.mbits)
        if isinstance(x, float):
            if math.isnan(x):
                if self.ieee:
                    return ((((1 << self.ebits) - 1) << self.mbits) | (1 << (self.mbits - 1))) << self.shift
                return (((1 << self.ebits) - 1) << self.mbits | ((1 << self.mbits) - 1)) << self.shift
            if math.isinf(x):
                if not self.ieee:
                    return None
                return ((sbit if x < 0 else 0) | (((1 << self.ebits) - 1) << self.mbits)) << self.shift
            if x == 0:
                return (sbit if math.copysign(1, x) < 0 else 0) << self.shift
            x = Fraction(x)
        x = Fraction(x)
        if x == 0:
            return 0
        s = sbit if x < 0 else 0
        a = abs(x)
        if a > self.maxfin:
            return None
        e = max(ilog2(a), self.emin)
        q = a / Fraction(2) ** (e - self.mbits)
        if q.denominator != 1:
            return None
        n = q.numerator
        if e == self.emin and n < (1 << self.mbits):
            return (s | n) << self.shift
        assert (1 << self.mbits) <= n < (2 << self.mbits)
        return (s | ((e + self.bias) << self.mbits) | (n - (1 << self.mbits))) << self.shift

    def ok(self, x):
        return self.try_enc(x) is not None

    # ---- rounding an exact value
    def round_frac(self, x, mode):
        """Bits of x rounded to this format: mode 'rn' (nearest even) or 'rz' (toward zero)."""
        x = Fraction(x)
        if x == 0:
            return 0
        neg = x < 0
        a = abs(x)
        e = max(ilog2(a), self.emin)
        q = a / Fraction(2) ** (e - self.mbits)
        n = q.numerator // q.denominator
        rem = q - n
        if mode == "rn" and (rem > Fraction(1, 2) or (rem == Fraction(1, 2) and n & 1)):
            n += 1
        v = n * Fraction(2) ** (e - self.mbits)
        if v > self.maxfin:
            if mode == "rz" or not self.ieee:
                v = self.maxfin if mode == "rz" else None
            else:
                v = None
            if v is None:
                return self.try_enc(-math.inf if neg else math.inf) if self.ieee else self.try_enc(float("nan"))
        return self.enc(-v if neg else v)


def ilog2(a):
    """floor(log2(a)) for a Fraction a > 0."""
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    elif Fraction(2) ** (e + 1) <= a:
        e += 1
    return e


F16 = Fmt("f16", 5, 10, 15)
BF16 = Fmt("bf16", 8, 7, 127)
TF32 = Fmt("tf32", 8, 10, 127, width=32, shift=13)
F32 = Fmt("f32", 8, 23, 127)
F64 = Fmt("f64", 11, 52, 1023)
E4M3 = Fmt("e4m3", 4, 3, 7, ieee=False, maxfin=448)
E5M2 = Fmt("e5m2", 5, 2, 15)
FMTS = {f.name: f for f in (F16, BF16, TF32, F32, F64, E4M3, E5M2)}


def f32_bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def f64_words(x):
    """(lo, hi) 32-bit words of a double given as float or raw 64-bit int."""
    if isinstance(x, int):
        b = x
    else:
        b = struct.unpack("<Q", struct.pack("<d", x))[0]
    return b & 0xFFFFFFFF, b >> 32


# ---- integer formats of integer mma
INTS = {"s8": (8, True), "u8": (8, False), "s4": (4, True), "u4": (4, False), "b1": (1, False), "s32": (32, True)}


def int_enc(t, v):
    bits, signed = INTS[t]
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    assert lo <= v <= hi, (t, v)
    return v & ((1 << bits) - 1)


def int_dec(t, b):
    bits, signed = INTS[t]
    b &= (1 << bits) - 1
    return b - (1 << bits) if signed and b >> (bits - 1) else b
