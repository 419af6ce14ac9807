"""Operand values for the ISA matrix: hand-picked edge cases per value domain
and a pseudo-random generator per domain (tests/hwrec/plan.py's Rng).

A value is an int of 32 * DOM_WORDS[dom] bits, stored low word first. 8- and
16-bit domains fill the low bits of a word; the bits above are junk on
purpose (the kernels truncate with cvt.u16.u32, and an 8-bit value in a .b16
register keeps junk in bits 8-15, which cvt/st of .u8/.s8 must ignore).
"""
import struct

from isa_forms import DOM_WORDS


def f32(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def f64(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def f16(x):
    return struct.unpack("<H", struct.pack("<e", x))[0]


def junk16(i):
    return ((0x5a5a ^ (i * 0x1357)) & 0xffff) << 16


F32_EDGE = [
    0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x40000000, 0x3f000000, 0xbf000000, 0x3fc00000, 0xbfc00000,
    0x40200000, 0xc0200000, 0x40400000, 0x3f800001, 0x3f7fffff, 0x3effffff, 0x3f000001,
    0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000, 0x7f800001, 0x7fa12345, 0x7fc12345, 0xff812345, 0xffe54321,
    0x00000001, 0x007fffff, 0x80000001, 0x807fffff, 0x00400000, 0x00800000, 0x80800000, 0x00800001, 0x00ffffff,
    0x7f7fffff, 0xff7fffff, 0x7f7ffffe, 0x7f000000,
    f32(2.0 ** 24), f32(2.0 ** 24 - 1), f32(2.0 ** 23), f32(2.0 ** 23 + 1), f32(2.0 ** 23 - 0.5), f32(-(2.0 ** 24)),
    f32(2.0 ** 31), f32(-(2.0 ** 31)), f32(2.0 ** 31 - 128), 0xcf000001, f32(2.0 ** 32), f32(2.0 ** 32 - 256),
    f32(2.0 ** 63), f32(-(2.0 ** 63)), f32(2.0 ** 64), f32(2.0 ** 64 - 2.0 ** 40), 0xdf000001,
    f32(65504.0), 0x477fefff, f32(65520.0), f32(-65520.0), f32(65536.0), f32(65535.0), f32(32768.0), f32(-32769.0),
    f32(2.0 ** -24), f32(2.0 ** -25), f32(3 * 2.0 ** -26), f32(2.0 ** -14), f32(1023 * 2.0 ** -24), 0x337fffff,
    0x3f808000, 0x3f818000, 0x3f808001, 0x7f7f8000, 0x3f801000, 0x3f803000, 0x3f800fff,
    f32(448.0), f32(464.0), f32(480.0), f32(-448.0), 0x43e7ffff, f32(57344.0), f32(61440.0), 0x476fffff, f32(-57344.0),
    f32(2.0 ** -9), f32(2.0 ** -10), f32(2.0 ** -16), f32(2.0 ** -17), f32(1.0625), f32(1.125),
    f32(3.14159265), f32(1e6), f32(-100.0), f32(127.5), f32(255.5), f32(-128.5), f32(-0.75), f32(0.1),
]

F64_EDGE = [
    f64(0.0), f64(-0.0), f64(1.0), f64(-1.0), f64(2.0), f64(0.5), f64(-0.5), f64(1.5), f64(-1.5), f64(2.5), f64(-2.5), f64(3.0),
    0x3ff0000000000001, 0x3fefffffffffffff, 0x3fdfffffffffffff,
    0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000, 0xfff8000000000000, 0x7ff0000000000001,
    0x7ff4000087654321, 0x7ff8000012345678, 0xfff0000000000123,
    0x0000000000000001, 0x000fffffffffffff, 0x8000000000000001, 0x800fffffffffffff, 0x0010000000000000, 0x8010000000000000,
    0x7fefffffffffffff, 0xffefffffffffffff,
    f64(2.0 ** 53), f64(2.0 ** 53 - 1), f64(2.0 ** 52 + 0.5), f64(-(2.0 ** 53)),
    f64(2.0 ** 31), f64(-(2.0 ** 31)), f64(2.0 ** 31 - 1), f64(2.0 ** 31 - 0.5), f64(-(2.0 ** 31) - 1), f64(-(2.0 ** 31) - 0.5),
    f64(2.0 ** 32), f64(2.0 ** 32 - 1), f64(2.0 ** 32 - 0.5), f64(2.0 ** 63), f64(-(2.0 ** 63)), f64(2.0 ** 63 - 1024),
    f64(2.0 ** 64), f64(2.0 ** 64 - 2048), f64(-(2.0 ** 63) - 2048),
    0x47efffffe0000000, 0x47effffff0000000, 0x47efffffefffffff, 0x47f0000000000000,
    0x36a0000000000000, 0x3690000000000000, 0x3690000000000001, 0x3810000000000000, 0x380fffffe0000000, 0x380ffffff0000000,
    0x3ff0000010000000, 0x3ff0000010000001, 0x3ff0000030000000, 0x3ff0100000000000, 0x3ff0008000000000,
    f64(65504.0), f64(65520.0), f64(2.0 ** -24), f64(2.0 ** -25), f64(448.0), f64(464.0), f64(57344.0),
    f64(1e300), f64(-1e-300), f64(1.0 / 3.0), f64(3.141592653589793), 0x00000000deadbeef, f64(123456789.123),
    f64(-128.5), f64(255.5), f64(32767.5), f64(-32768.5), f64(65535.5),
]

F16_EDGE = [
    0x0000, 0x8000, 0x3c00, 0xbc00, 0x3800, 0x3e00, 0xbe00, 0x4100, 0xc100, 0x4200, 0x3c01, 0x3bff,
    0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0xfe00, 0x7c01, 0x7d23, 0x7e55, 0xfd00,
    0x0001, 0x03ff, 0x8001, 0x83ff, 0x0200, 0x0400, 0x8400, 0x0401, 0x07ff,
    0x6800, 0x67ff, 0x6c00, 0x7bfe, 0x7800, 0xf800,
    f16(448.0), f16(464.0), f16(480.0), f16(-448.0), f16(57344.0), f16(61440.0), 0x7b7f, f16(-57344.0),
    f16(2.0 ** -9), f16(2.0 ** -10), f16(2.0 ** -16), f16(2.0 ** -17), f16(1.0625), f16(1.125), f16(1.1875), f16(0.1),
    f16(255.0), f16(256.0), f16(127.0), f16(128.0), f16(-129.0), f16(255.5), f16(-0.75), f16(3.140625), 0x7fff, 0xffff,
]

BF16_EDGE = [
    0x0000, 0x8000, 0x3f80, 0xbf80, 0x3f00, 0x3fc0, 0xbfc0, 0x4020, 0xc020, 0x4040, 0x3f81, 0x3f7f,
    0x7f7f, 0xff7f, 0x7f80, 0xff80, 0x7fc0, 0xffc0, 0x7f81, 0x7fa5, 0x7fd5, 0xff81,
    0x0001, 0x007f, 0x8001, 0x807f, 0x0080, 0x8080, 0x0081,
    0x4b80, 0x4f00, 0xcf00, 0x4f80, 0x5f00, 0x477f, 0x4780, 0x43e0, 0x43e8, 0x4760, 0x3300, 0x3380,
    0x437f, 0x4380, 0xc300, 0xc301, 0x3f88, 0x3f90, 0x3dcd, 0x7fff, 0xffff,
]

I32_EDGE = [
    0, 1, 2, 3, 7, 10, 31, 32, 33, 255, 256, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 0x10000, 0x7fffff, 0x800000, 0xffffff,
    0x1000000, 0x12345678, 0x55555555, 0xaaaaaaaa, 0x7ffffffe, 0x7fffffff, 0x80000000, 0x80000001, 0xdeadbeef, 0xff800000,
    0xffff0000, 0xffff8000, 0xffffff80, 0xfffffff6, 0xfffffff9, 0xfffffffe, 0xffffffff, 0x0f0f0f0f, 0x00010001, 0x7fff7fff,
    0x80008000, 0x8000ffff, 0xfffe0001,
]

I64_EDGE = [
    0, 1, 2, 3, (1 << 64) - 1, (1 << 64) - 2, 0x7fffffffffffffff, 0x8000000000000000, 0x8000000000000001, 0x7ffffffffffffffe,
    0xffffffff, 0x100000000, 0x7fffffff, 0x80000000, 0xffffffff80000000, 0xffffffff7fffffff, 0x5555555555555555,
    0xaaaaaaaaaaaaaaaa, 0x0123456789abcdef, 0xfedcba9876543210, 1 << 53, (1 << 53) + 1, 63, 64, 65, 127, 128,
    (1 << 64) - 10, 10, 0xdeadbeefcafebabe, 0x00000001ffffffff, 0xfffffffe00000000, 0x8000000080000000, 0x00ff00ff00ff00ff,
    1 << 63 | 1 << 31, (1 << 62), 0xffff, 0x10000,
]

I16_EDGE = [0, 1, 2, 3, 7, 0x7f, 0x80, 0xff, 0x100, 0x7ffe, 0x7fff, 0x8000, 0x8001, 0xfffe, 0xffff, 0x5555, 0xaaaa, 0x1234,
            0xff80, 0xfff6, 0x0f0f, 0x4000, 0xc000, 0x00fe, 0xff7f]

I8_EDGE = [0x00, 0x01, 0x7f, 0x80, 0x81, 0xff, 0xfe, 0x40, 0x55, 0xaa, 0x0f, 0xf0, 0x02, 0x7e, 0xc0, 0x3f]

AMT_EDGE = [0, 1, 2, 3, 4, 7, 8, 15, 16, 17, 23, 24, 25, 31, 32, 33, 48, 63, 64, 65, 127, 128, 129, 255, 256, 257, 0x120, 0x11f,
            0x7fffffff, 0x80000000, 0xffffffff, 0xffffffe0, 0x101, 0x1f, 0x20, 0x21, 12, 20, 5, 9, 40, 0xff00]

FNSOFF_EDGE = [0, 1, 0xffffffff, 2, 0xfffffffe, 3, 0xfffffffd, 5, 0xfffffffb, 16, 0xfffffff0, 31, 0xffffffe1, 32, 0xffffffe0,
               33, 0xffffffdf, 63, 64, 0xffffffc0, 0x7fffffff, 0x80000000, 100, 0xffffff9c]

PRMT_EDGE = [0x3210, 0x0123, 0x7654, 0x4567, 0x1032, 0x5140, 0xffff, 0x8888, 0x9abc, 0xcdef, 0x0000, 0x7777, 0xba98,
             0xf0e1, 0, 1, 2, 3, 0xfffffffc, 0xfffffffd, 0xfffffffe, 0xffffffff, 0x12343210, 0xabcd0123, 0x89ab,
             0xcdef0004, 0x0005, 0x0006, 0x0007, 0x8421, 0xc3c3]

PRED_EDGE = [0, 1, 1, 0, 0x80000000, 2, 0, 1, 0xffffffff, 0, 0x100, 1]

E4M3_B = [0x00, 0x80, 0x01, 0x07, 0x08, 0x7e, 0x7f, 0xfe, 0xff, 0x38, 0x3f, 0x40, 0x77, 0x78, 0x81, 0x87, 0xb8, 0x5a, 0x26, 0x0f]
E5M2_B = [0x00, 0x80, 0x01, 0x03, 0x04, 0x3c, 0x7b, 0x7c, 0x7d, 0x7e, 0x7f, 0xfc, 0xfb, 0xff, 0x83, 0xbc, 0x40, 0x3b, 0x02, 0x55]

MEM_EDGE = [0x807fff00, 0x00ff7f80, 0xffffffff, 0x80008000, 0x7fff7fff, 0x3f800000, 0xbf800000, 0x7fc00000, 0xdeadbeef,
            0x01234567, 0x89abcdef, 0x00000000, 0x80000000, 0x7fffffff, 0x00010203, 0xfcfdfeff]


def _pairs(lst, bits, mul, add):
    m = len(lst)
    return [lst[i] | lst[(i * mul + add) % m] << bits for i in range(m)]


def edge_list(dom):
    """Edge values of a domain (ints of the domain's width, junk included)."""
    if dom == "f32":
        return F32_EDGE
    if dom == "f64":
        return F64_EDGE
    if dom == "f16":
        return [v | junk16(i) for i, v in enumerate(F16_EDGE)]
    if dom == "bf16":
        return [v | junk16(i) for i, v in enumerate(BF16_EDGE)]
    if dom == "f16x2":
        return _pairs(F16_EDGE, 16, 7, 5) + [0x7c00fc00, 0x7e000001, 0x80000000, 0x3c00bc00]
    if dom == "bf16x2":
        return _pairs(BF16_EDGE, 16, 7, 5) + [0x7f80ff80, 0x7fc00001, 0x80000000, 0x3f80bf80]
    if dom == "f32x2":
        return [F32_EDGE[i] | F32_EDGE[(i * 5 + 3) % len(F32_EDGE)] << 32 for i in range(len(F32_EDGE))]
    if dom == "i32":
        return I32_EDGE
    if dom == "i64":
        return I64_EDGE
    if dom == "i16":
        return [v | junk16(i) for i, v in enumerate(I16_EDGE)]
    if dom == "i16x2":
        return _pairs(I16_EDGE, 16, 7, 3) + [0x7fff8000, 0x80007fff, 0xffff0001, 0x00010000]
    if dom == "i8":
        return [v | ((0xa5 ^ (i * 0x1d)) & 0xff) << 8 | junk16(i) for i, v in enumerate(I8_EDGE)]
    if dom == "i128":
        return [I64_EDGE[i] | I64_EDGE[(i * 7 + 3) % len(I64_EDGE)] << 64 for i in range(len(I64_EDGE))]
    if dom == "amt":
        return AMT_EDGE
    if dom == "fnsoff":
        return FNSOFF_EDGE
    if dom == "prmtsel":
        return PRMT_EDGE
    if dom == "pred":
        return PRED_EDGE
    if dom == "e4m3x2":
        return [v | junk16(i) for i, v in enumerate(_pairs(E4M3_B, 8, 3, 7))]
    if dom == "e5m2x2":
        return [v | junk16(i) for i, v in enumerate(_pairs(E5M2_B, 8, 3, 7))]
    if dom == "mem":
        return MEM_EDGE
    if dom == "mem64":
        return [MEM_EDGE[i] | MEM_EDGE[(i * 3 + 1) % len(MEM_EDGE)] << 32 for i in range(len(MEM_EDGE))]
    if dom == "mem128":
        m = len(MEM_EDGE)
        return [sum(MEM_EDGE[(i * 3 + 5 * k) % m] << (32 * k) for k in range(4)) for i in range(m)]
    raise KeyError(dom)


SIGN = {"f32": 1 << 31, "i32": 1 << 31, "f64": 1 << 63, "i64": 1 << 63, "f16": 0x8000, "bf16": 0x8000, "i16": 0x8000,
        "f16x2": 0x80008000, "bf16x2": 0x80008000, "i16x2": 0x80008000, "e4m3x2": 0x8080, "e5m2x2": 0x8080, "i8": 0x80,
        "f32x2": 1 << 63 | 1 << 31}


def _fbits(r, ebits, mbits, bias, mode_bias=12):
    k = r.next() % 16
    sign = r.next() & 1
    m = r.next() & ((1 << min(mbits, 32)) - 1)
    if mbits > 32:
        m = (m << (mbits - 32)) | (r.next() & ((1 << (mbits - 32)) - 1))
    emax = (1 << ebits) - 1
    if k < 9:
        e = bias - mode_bias + r.next() % (2 * mode_bias + 1)
    elif k < 11:
        e = 1 + r.next() % (emax - 1)
    elif k == 11:
        e = 0
    elif k == 12:
        e = min(emax - 1, bias + 20 + r.next() % 46)
    elif k == 13:
        e = 1 + r.next() % min(24, emax - 1)
    elif k == 14:
        e = max(1, bias - 30 + r.next() % 20)
    else:
        return sum(r.next() << (32 * i) for i in range((1 + ebits + mbits + 31) // 32)) & ((1 << (1 + ebits + mbits)) - 1)
    e = max(0, min(emax - 1, e))
    return sign << (ebits + mbits) | e << mbits | m


def rand_f16(r):
    k = r.next() % 16
    sign = r.next() & 1
    m = r.next() & 0x3ff
    if k < 10:
        e = 15 - 6 + r.next() % 13
    elif k < 13:
        e = 1 + r.next() % 30
    elif k == 13:
        e = 0
    else:
        return r.next() & 0xffff
    return sign << 15 | e << 10 | m


def rand_int(r, bits):
    mask = (1 << bits) - 1
    k = r.next() % 10
    raw = sum(r.next() << (32 * i) for i in range((bits + 31) // 32)) & mask
    if k < 4:
        return raw
    if k < 6:
        return ((r.next() % 601) - 300) & mask
    if k == 6:
        d = r.next() % 64
        return ((1 << (bits - 1)) - 1 - d) & mask if r.next() & 1 else ((1 << (bits - 1)) + d) & mask
    if k == 7:
        n = r.next() % bits
        return ((1 << n) + (r.next() % 3) - 1) & mask
    if k == 8:
        return (raw & 0xff) | (mask & ~0xff if r.next() & 1 else 0)
    return raw & 0x80ff80ff80ff80ff80ff80ff80ff80ff & mask


def rand_value(dom, r, t):
    if dom == "f32":
        return _fbits(r, 8, 23, 127)
    if dom == "f64":
        return _fbits(r, 11, 52, 1023)
    if dom == "f16":
        return rand_f16(r) | junk16(t)
    if dom == "bf16":
        return (_fbits(r, 8, 7, 127) & 0xffff) | junk16(t)
    if dom == "f16x2":
        return rand_f16(r) | rand_f16(r) << 16
    if dom == "bf16x2":
        return _fbits(r, 8, 7, 127) | _fbits(r, 8, 7, 127) << 16
    if dom == "f32x2":
        return _fbits(r, 8, 23, 127) | _fbits(r, 8, 23, 127) << 32
    if dom == "i32":
        return rand_int(r, 32)
    if dom == "i64":
        return rand_int(r, 64)
    if dom == "i128":
        return rand_int(r, 64) | rand_int(r, 64) << 64
    if dom == "i16":
        return rand_int(r, 16) | junk16(t)
    if dom == "i16x2":
        return rand_int(r, 16) | rand_int(r, 16) << 16
    if dom == "i8":
        return (rand_int(r, 8) | (r.next() & 0xff) << 8) | junk16(t)
    if dom == "amt":
        k = r.next() % 20
        return r.next() % 70 if k < 12 else (r.next() % 300 if k < 17 else r.next())
    if dom == "fnsoff":
        return ((r.next() % 81) - 40) & 0xffffffff if r.next() % 5 < 3 else r.next()
    if dom == "prmtsel":
        return r.next()
    if dom == "pred":
        k = r.next() % 8
        return (k & 1) if k < 6 else (r.next() | 1)
    if dom in ("e4m3x2", "e5m2x2"):
        return (r.next() & 0xffff) | junk16(t)
    if dom in ("mem", "mem64", "mem128"):
        return sum(r.next() << (32 * i) for i in range(DOM_WORDS.get(dom, 1)))
    raise KeyError(dom)


_SP = {
    "i32": [(0x80000000, 0xffffffff), (0x7fffffff, 1), (0xffffffff, 0xffffffff), (0x80000000, 0x80000000), (0, 0),
            (0x7fffffff, 0x7fffffff)],
    "i64": [(1 << 63, (1 << 64) - 1), ((1 << 63) - 1, 1), ((1 << 64) - 1, (1 << 64) - 1), (1 << 63, 1 << 63), (0, 0),
            (0xffffffff, 0xffffffff)],
    "i16": [(0x8000, 0xffff), (0x7fff, 1), (0xffff, 0xffff), (0x8000, 0x8000), (0, 0), (0x7fff, 0x7fff)],
    "f32": [(0x7f800000, 0xff800000), (0x7f800000, 0), (0x00000000, 0x80000000), (0x7fa12345, 0x7fc12345),
            (0x3f800000, 0x33800000), (0x3f800001, 0xb3800000)],
    "f64": [(0x7ff0000000000000, 0xfff0000000000000), (0x7ff0000000000000, 0), (0, 1 << 63),
            (0x7ff4000087654321, 0x7ff8000012345678), (0x3ff0000000000000, 0x3ca0000000000000),
            (0x7fefffffffffffff, 0x7fefffffffffffff)],
    "f16": [(0x7c00, 0xfc00), (0x7c00, 0), (0, 0x8000), (0x7d23, 0x7e55), (0x3c00, 0x1000), (0x7bff, 0x7bff)],
    "bf16": [(0x7f80, 0xff80), (0x7f80, 0), (0, 0x8000), (0x7fa5, 0x7fd5), (0x3f80, 0x3b80), (0x7f7f, 0x7f7f)],
}
for _d, _h in (("i16x2", "i16"), ("f16x2", "f16"), ("bf16x2", "bf16")):
    _l = _SP[_h]
    _SP[_d] = [(_l[i][0] | _l[(i + 3) % 6][0] << 16, _l[i][1] | _l[(i + 3) % 6][1] << 16) for i in range(6)]


def special_pairs(dom):
    """Hand-picked (slot 0, slot 1) operand pairs of one domain (overflow, NaN pairs, ties)."""
    sp = _SP.get(dom, [])
    if dom in ("i16", "f16", "bf16"):
        return [(a | junk16(i), b | junk16(i + 7)) for i, (a, b) in enumerate(sp)]
    return sp
