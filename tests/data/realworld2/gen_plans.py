#!/usr/bin/env python3
"""Writes the recording plans of the real-world corpus, batch 2: one MODULE.plan per
MODULE.cu, one test per entry point (the test name is the entry's name).

    python3 gen_plans.py            # writes *.plan next to this file

Every test's input comes from Rng(seed_of(name)) (tests/hwrec/plan.py), so one test's
data never depends on another's; out_init is sentinel(n) unless a test passes its own
(accumulators that atomics update start from the values the kernel comment gives).
The in/out sizes match the layout documented above each kernel.
"""
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "../../hwrec"))
from plan import Plan, Rng, seed_of, sentinel  # noqa: E402

M32 = 0xFFFFFFFF


def u(x):
    return x & M32


def f2w(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def h2b(x):
    """half bits of x (round to nearest)."""
    return struct.unpack("<H", struct.pack("<e", x))[0]


def rng(name):
    return Rng(seed_of(name))


def signed(r, n, bound):
    """n signed values in [-bound, bound)."""
    return [u(r.next() % (2 * bound) - bound) for _ in range(n)]


def floats(r, n, emin=-12, emax=6):
    """n finite floats m * 2^e, |m| < 2^20, mixed signs and magnitudes."""
    out = []
    for _ in range(n):
        m = r.next() % (1 << 20)
        e = emin + r.next() % (emax - emin + 1)
        v = m * 2.0 ** (e - 20)
        if r.next() & 1:
            v = -v
        out.append(f2w(v))
    return out


def permutation(r, n):
    p = list(range(n))
    for i in range(n - 1, 0, -1):
        j = r.next() % (i + 1)
        p[i], p[j] = p[j], p[i]
    return p


def pack16(vals):
    """16-bit values, two per word (element 2i in the low half of word i)."""
    assert len(vals) % 2 == 0
    return [(vals[i] & 0xFFFF) | ((vals[i + 1] & 0xFFFF) << 16) for i in range(0, len(vals), 2)]


def pack8(vals):
    assert len(vals) % 4 == 0
    return [sum((vals[i + k] & 0xFF) << (8 * k) for k in range(4)) for i in range(0, len(vals), 4)]


def half_bits(r, n, emin=-4, emax=1):
    """n random normal halves (bits): random sign, exponent in [emin, emax], 10-bit mantissa."""
    return [((r.next() & 1) << 15) | ((15 + emin + r.next() % (emax - emin + 1)) << 10) | (r.next() & 0x3FF)
            for _ in range(n)]


def int_half_bits(r, n, lo, hi):
    return [h2b(float(lo + r.next() % (hi - lo + 1))) for _ in range(n)]


def bf16_bits(r, n, emin=-4, emax=1):
    return [((r.next() & 1) << 15) | ((127 + emin + r.next() % (emax - emin + 1)) << 7) | (r.next() & 0x7F)
            for _ in range(n)]


def dbl_words(r, n, emin=-8, emax=4):
    """n random doubles (52 random mantissa bits) as 2n words (lo, hi)."""
    out = []
    for _ in range(n):
        m = (r.next() << 20 | r.next() >> 12) & ((1 << 52) - 1)
        e = 1023 + emin + r.next() % (emax - emin + 1)
        b = ((r.next() & 1) << 63) | (e << 52) | m
        out += [b & M32, b >> 32]
    return out


F32_SPECIALS = [0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0x00000001, 0x807FFFFF,
                0x7F7FFFFF, 0xFF7FFFFF, f2w(1.0), f2w(-1.0), f2w(0.5), f2w(1e30), f2w(-1e20), f2w(1e-30),
                f2w(3.14159265), f2w(1.5707964), f2w(100.0), f2w(-88.5), f2w(89.0), 0x3F7FFFFF, f2w(2.0 ** 60),
                f2w(105414.35), f2w(-0.75), f2w(-2.5), f2w(0.9999), f2w(-3.0)]


def f32_mix(r, n):
    """Edge cases first, then random floats: a quarter in (-2, 2), a quarter of moderate
    magnitude 2^-20..2^20, a quarter huge 2^20..2^127, a quarter tiny 2^-149..2^-20."""
    out = list(F32_SPECIALS[:min(n, len(F32_SPECIALS))])
    ranges = [(-9, 0), (-20, 20), (20, 126), (-149, -20)]
    i = 0
    while len(out) < n:
        lo, hi = ranges[i % 4]
        i += 1
        e = lo + r.next() % (hi - lo + 1)
        m = r.next() & 0x7FFFFF
        if e < -126:  # denormal
            b = m >> min(23, -126 - e)
        else:
            b = ((e + 127) << 23) | m
        out.append(((r.next() & 1) << 31) | b)
    return out


F64_SPECIALS = [0x0, 0x8000000000000000, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 0x1,
                0x800FFFFFFFFFFFFF, 0x7FEFFFFFFFFFFFFF, 0x3FF0000000000000, 0xBFF0000000000000,
                0x3FE0000000000000, 0x4059000000000000, 0xC086232BDD7ABCD2, 0x400921FB54442D18,
                0x4415AF1D78B58C40, 0x3FEFFFFFFFFFFFFF]


def f64_mix(r, n):
    """n doubles as 2n words: edge cases first, then random of several magnitudes."""
    vals = list(F64_SPECIALS[:min(n, len(F64_SPECIALS))])
    ranges = [(-9, 1), (-40, 40), (40, 1023), (-1074, -40)]
    i = 0
    while len(vals) < n:
        lo, hi = ranges[i % 4]
        i += 1
        e = lo + r.next() % (hi - lo + 1)
        m = ((r.next() << 20) | (r.next() >> 12)) & ((1 << 52) - 1)
        if e < -1022:
            b = m >> min(52, -1022 - e)
        else:
            b = ((e + 1023) << 52) | m
        vals.append(((r.next() & 1) << 63) | b)
    out = []
    for b in vals:
        out += [b & M32, b >> 32]
    return out


class Module:
    def __init__(self, name):
        self.name = name
        self.plan = Plan()

    def add(self, name, inw, out_n, grid=1, block=32, cluster=0, smem=0, note=None, compare=None, out_init=None,
            runs=3):
        if out_init is None:
            out_init = sentinel(out_n)
        assert len(out_init) == out_n, name
        self.plan.add(name, [u(w) for w in inw], [u(w) for w in out_init], grid=grid, block=block, cluster=cluster,
                      smem=smem, runs=runs, note=note, compare=compare)

    def write(self):
        self.plan.write(os.path.join(HERE, self.name + ".plan"))
        return len(self.plan.tests)


def init_with(out_n, head):
    """out_init: the given leading words, sentinel for the rest."""
    return list(head) + sentinel(out_n)[len(head):]


# ============================================================================ tc_gemm
def tc_gemm():
    m = Module("tc_gemm")
    n = "wmma_f16_gemm_alpha_beta"
    r = rng(n)
    ins = [f2w(2.0), f2w(-1.0)] + [0] * 6
    ins += pack16(int_half_bits(r, 32 * 48, -3, 3)) + pack16(int_half_bits(r, 48 * 32, -3, 3))
    ins += [f2w(float(x)) for x in (int(r.next() % 17) - 8 for _ in range(1024))]
    m.add(n, ins, 1024, block=128, note="small-integer inputs, alpha 2, beta -1: the exact result")
    n = "wmma_f16_random_row_row"
    r = rng(n)
    m.add(n, pack16(half_bits(r, 2048)), 384)
    n = "wmma_m32n8k16_half_acc"
    r = rng(n)
    m.add(n, pack16(half_bits(r, 3072, -4, 0)), 512)
    n = "wmma_m8n32k16_elementwise"
    r = rng(n)
    m.add(n, [f2w(0.75), f2w(-0.125)] + [0] * 6 + pack16(half_bits(r, 256 + 2048)) + floats(r, 512, -4, 2), 512,
          block=64)
    n = "wmma_bf16_m16n16k16"
    r = rng(n)
    m.add(n, pack16(bf16_bits(r, 1536)), 512, block=64)
    n = "wmma_tf32_m16n16k8"
    r = rng(n)
    m.add(n, floats(r, 1024, -3, 2), 512)
    n = "wmma_s8_u8_int32"
    r = rng(n)
    m.add(n, r.words(256) + signed(r, 256, 1 << 20) + r.words(160), 512)
    n = "wmma_f64_m8n8k4"
    r = rng(n)
    m.add(n, dbl_words(r, 576), 256)
    n = "mma_ldmatrix_m16n8k16_tile"
    r = rng(n)
    m.add(n, pack16(half_bits(r, 4096)), 1024, block=128)
    n = "mma_m16n8k8_f16_bf16"
    r = rng(n)
    ins = pack16(half_bits(r, 128 + 64 + 128, -3, 0)) + pack16(bf16_bits(r, 128 + 64)) + pack16(half_bits(r, 256 + 128, -3, 0))
    m.add(n, ins, 256)
    n = "mma_m16n8k32_s8"
    r = rng(n)
    m.add(n, r.words(192) + signed(r, 128, 1 << 16), 384,
          note="part 3 (.satfinite) adds 0x7fffff00 to C: large positive sums saturate to INT_MAX")
    n = "stmatrix_roundtrip"
    r = rng(n)
    m.add(n, pack16(half_bits(r, 256)), 352)
    return m


# ============================================================================ atomics
def atomics():
    m = Module("atomics")
    n = "atomic_float_double_add"
    r = rng(n)
    m.add(n, signed(r, 256, 64), 266, grid=2, block=128, out_init=init_with(266, [0, 0, 0, 0]),
          compare="multiset:10:256",
          note="out[0..4) start at 0 (global float / double sums, exact); out[10..266) are the counter's old values: multiset")
    n = "atomic_half2_bf162_add"
    r = rng(n)
    m.add(n, r.words(128), 8, block=128, out_init=init_with(8, [0, 0, 0, 0]),
          note="out[0..4) start at 0 (global half / bf16 sums of small integers, exact)")
    n = "atomic_64bit_min_max_logic"
    r = rng(n)
    head = [M32, M32, 0, 0, M32, 0x7FFFFFFF, 0, 0x80000000, M32, M32, 0, 0, 0x89ABCDEF, 0x01234567]
    m.add(n, r.words(256), 42, grid=2, block=64, out_init=init_with(42, head),
          note="out[0..14) start at the identity of each global 64-bit atomic (see the kernel comment)")
    n = "atomic_inc_dec_wrap"
    r = rng(n)
    m.add(n, [3, 12], 772, grid=2, block=128, out_init=init_with(772, [0, 5]),
          compare="multiset:2:256,multiset:258:256,multiset:516:256",
          note="shared counters start at 3 and 12 (above the limit 9); out[0] = 0, out[1] = 5 initially; old values: multisets")
    n = "atomic_exch_cas_loops"
    r = rng(n)
    out_init = sentinel(134)
    out_init[129] = 0xFF800000
    out_init[130] = 0
    out_init[131] = 0
    m.add(n, floats(r, 128, -10, 10) + r.words(128), 134, grid=2, block=64, out_init=out_init,
          compare="multiset:0:129",
          note="out[0..129): the exchanged word and the 128 old values (multiset); out[129] starts at -inf, out[130..132) at 0")
    n = "atomic_cas_double_add_legacy"
    r = rng(n)
    m.add(n, signed(r, 128, 1000), 6, grid=2, block=64, out_init=init_with(6, [0, 0]),
          note="out[0..2) starts at 0.0; all partial sums are exact")
    n = "atomic_ref_scopes_orders"
    r = rng(n)
    m.add(n, r.words(256), 11, grid=2, block=128, out_init=init_with(11, [0, M32, 0, 1, 0]),
          note="out[0..5) start at 0, ~0, 0, 1, 0.0f")
    n = "syncthreads_count_and_or"
    r = rng(n)
    blk0 = r.below(256, 16)
    blk1 = [(r.next() & 0x7FFFFFF0) | 9 for _ in range(256)]
    m.add(n, blk0 + blk1 + [8, M32], 18, grid=2, block=256,
          note="block 1: every value odd, >= 9 and < the limit (and = 1, none equals 7)")
    n = "atomic_block_system_scope"
    r = rng(n)
    m.add(n, r.words(128), 20, grid=2, block=64, out_init=init_with(20, [0, 0, 0, 0, M32, 3, M32, 0]),
          note="out[0..8) start at 0, 0, 0, 0, ~0, 3, ~0, 0")
    n = "red_unused_results"
    r = rng(n)
    head = [0, 0, 0, 0, 0, 0, 0, 0, M32, 0x80000000, M32, M32, 0, 0x80000000, M32, 0, 0, 0, M32, M32, 0, 0, 0, 0, 50, 0]
    assert len(head) == 26
    m.add(n, r.words(256), 50, grid=4, block=64, out_init=init_with(50, head),
          note="out[0..24) start at each operation's identity (see the kernel comment); float / double sums exact")
    n = "atomic_spinlock_leader"
    r = rng(n)
    m.add(n, r.words(256), 12, grid=4, block=64, out_init=init_with(12, [0, 0, 0, 0]), compare="multiset:4:8",
          note="warp leaders contend for a global spin lock (needs forward progress between warps); tickets: multiset")
    return m


# ============================================================================ intrinsics
def intrinsics():
    m = Module("intrinsics")
    n = "warp_match_any_all"
    r = rng(n)
    pool = r.words(4)
    v = [pool[r.next() % 4] for _ in range(32)] + [0x30000000 | (r.next() % 4) for _ in range(32)]
    top = r.next() & 0xF0000000
    w = [(top | (r.next() & 0x0FFFFFFF)) if i < 16 else r.next() for i in range(64)]
    m.add(n, v + w, 384, block=64)
    n = "warp_reduce_sync_ops"
    r = rng(n)
    m.add(n, r.words(128), 512, block=64)
    n = "warp_shfl_width_oob"
    r = rng(n)
    m.add(n, r.words(64) + r.below(64, 80), 640, block=64)
    n = "warp_shfl_wide_types"
    r = rng(n)
    m.add(n, dbl_words(r, 64) + pack16(half_bits(r, 128)) + floats(r, 64), 768, block=64)
    n = "warp_vote_partial_activemask"
    r = rng(n)
    m.add(n, r.words(128) + [0x7FFFFFFF, 0x80000000], 512, block=64)
    n = "int_bit_intrinsics"
    r = rng(n)
    ins = r.words(192)
    for i in (0, 5, 64 + 5, 70, 128 + 3):
        ins[i] = 0
    ins[1] = M32
    m.add(n, ins, 1536, block=64)
    n = "int_dot_simd_video"
    r = rng(n)
    ins = r.words(192)
    for i in range(0, 64, 5):
        ins[128 + i] = ins[i] ^ (0xFF << (8 * (i % 4)))  # c shares bytes with a
    m.add(n, ins, 1792, block=64)
    n = "dpx_hopper_minmax"
    r = rng(n)
    m.add(n, signed(r, 96, 1 << 20) + r.words(96), 896, block=64)
    n = "half2_arith"
    r = rng(n)
    hs = half_bits(r, 384, -6, 4)
    for i, s in enumerate([0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0x0001, 0x83FF, 0x7BFF, 0xFBFF, 0x3C00, 0x3800]):
        hs[i * 7] = s
        hs[200 + i * 5] = s
    m.add(n, pack16(hs), 1280, block=64, note="halves include +-0, +-inf, NaN, denormals, +-65504")
    n = "bf16_arith"
    r = rng(n)
    bs = bf16_bits(r, 384, -6, 4)
    for i, s in enumerate([0x0000, 0x8000, 0x7F80, 0xFF80, 0x7FC0, 0x0001, 0x807F, 0x7F7F]):
        bs[i * 7] = s
        bs[200 + i * 5] = s
    m.add(n, pack16(bs), 896, block=64)
    n = "float_conv_rounding"
    r = rng(n)
    xs = f32_mix(r, 32) + [f2w(k + 0.5) for k in range(-8, 8)] + floats(r, 16, -2, 40)
    m.add(n, xs + f32_mix(r, 64), 1536, block=64, note="x includes halfway cases k + 0.5")
    n = "rounding_intrinsics"
    r = rng(n)
    m.add(n, floats(r, 192, -30, 30) + f64_mix(r, 64) + dbl_words(r, 64, -30, 30), 1664, block=64)
    return m


# ============================================================================ mathlib
def mathlib():
    m = Module("mathlib")
    for n, k, out_per in (("math_trig_f32", 1, 10), ("math_exp_log_f32", 1, 11), ("math_pow_root_f32", 3, 12),
                          ("math_special_f32", 2, 11), ("math_fast_intrinsics", 2, 11)):
        r = rng(n)
        ins = []
        for _ in range(k):
            ins += f32_mix(r, 64)
        m.add(n, ins, 64 * out_per, block=64)
    n = "math_decompose_f32"
    r = rng(n)
    m.add(n, f32_mix(r, 64) + f32_mix(r, 64) + signed(r, 64, 140), 768, block=64)
    n = "math_f64_basic"
    r = rng(n)
    m.add(n, f64_mix(r, 32) + f64_mix(r, 32), 384, block=32)
    n = "math_f64_special"
    r = rng(n)
    m.add(n, f64_mix(r, 32) + f64_mix(r, 32), 512, block=32)
    return m


# ============================================================================ misc
def misc():
    m = Module("misc")
    n = "misc_local_array_dynamic"
    r = rng(n)
    m.add(n, r.words(1536), 2624, block=64)
    n = "misc_noinline_struct_param"
    r = rng(n)
    m.add(n, floats(r, 384, -6, 6) + r.words(256), 640, block=64)
    n = "misc_recursive_fnptr"
    r = rng(n)
    m.add(n, r.words(96) + r.below(31, 1000), 160, block=32)
    n = "misc_switch_jump_table"
    r = rng(n)
    cases = [3, 17, 64, 100, 255, 511, 999]
    k = [(r.next() % 4000) * 1000 + cases[i % 7] if i % 3 == 0 else r.next() for i in range(64)]
    m.add(n, k + r.words(64), 192, block=64)
    n = "misc_int_divmod"
    r = rng(n)
    a = r.words(64)
    b = [(r.next() % 1000 + 1) if i % 3 == 0 else (r.next() or 1) for i in range(64)]
    a[7], b[7] = 0x80000000, 3
    for i in range(64):
        if a[i] == 0x80000000 and b[i] == M32:
            b[i] = 5
    A = r.words(128)
    B = []
    for i in range(64):
        if i % 4 == 0:
            B += [r.next() % 100000 + 1, 0]
        elif i % 4 == 1:
            B += [r.next() | 1, r.next() % 16]
        else:
            B += [r.next() | 1, r.next()]
        if A[2 * i] == 0 and A[2 * i + 1] == 0x80000000 and B[-2:] == [M32, M32]:
            B[-2] = 7
    m.add(n, a + b + A + B, 1024, block=64, note="divisors never 0; no INT_MIN / -1")
    n = "misc_float_div_sqrt"
    r = rng(n)
    m.add(n, f32_mix(r, 64) + f32_mix(r, 64) + f64_mix(r, 64) + f64_mix(r, 64), 768, block=64)
    n = "misc_vector_loads_ldg"
    r = rng(n)
    m.add(n, floats(r, 1024), 1024, block=64)
    n = "misc_volatile_fence_nanosleep"
    r = rng(n)
    m.add(n, r.words(128), 192, block=64,
          note="warp 1 spins on a volatile flag warp 0 sets (needs forward progress between warps)")
    n = "misc_templates_functors"
    r = rng(n)
    m.add(n, r.words(512), 640, block=64)
    n = "misc_64bit_index"
    r = rng(n)
    m.add(n, r.words(512), 768, grid=2, block=64)
    n = "misc_struct_memcpy_bitfields"
    r = rng(n)
    m.add(n, r.words(128), 512, block=64)
    return m


# ============================================================================ cub2
def cub2():
    m = Module("cub2")
    n = "cub_block_shuffle"
    r = rng(n)
    m.add(n, r.words(640), 1664, block=128)
    n = "cub_warp_load_store"
    r = rng(n)
    m.add(n, r.words(768) + [100, 37, 0, 0] + r.words(256), 1024, block=64,
          note="part D loads / stores 100 and 37 valid items: out[868..896) and out[933..1024) keep out_init")
    n = "cub_block_exchange"
    r = rng(n)
    m.add(n, r.words(256) + permutation(r, 256), 1024, block=64)
    n = "cub_block_merge_sort_keys"
    r = rng(n)
    m.add(n, [(r.next() & 0xFFFF0000) | (r.next() % 300) for _ in range(512)], 1024, block=128,
          note="low halves < 300 so comparator ties occur")
    n = "cub_block_merge_sort_pairs_partial"
    r = rng(n)
    m.add(n, [150] + signed(r, 192, 40) + list(range(192)), 768, block=64,
          note="150 valid: out[150..192) and out[342..384) keep out_init; values = input positions")
    n = "cub_radix_sort_u64_2d"
    r = rng(n)
    keys = r.words(512)
    for i in range(0, 512, 6):  # equal high words
        keys[i + 1] = 0x12345678
    m.add(n, keys + list(range(256)), 768, block=(32, 2))
    n = "cub_radix_sort_u16_many_items"
    r = rng(n)
    m.add(n, r.words(512), 1024, block=64, note="keys = low 16 bits; pass 1 sorts bits [2, 14) only")
    n = "cub_block_scan_warp_scans_custom"
    r = rng(n)
    m.add(n, r.words(128) + floats(r, 128) + r.words(256), 768, block=128)
    n = "cub_warp_double_struct"
    r = rng(n)
    m.add(n, dbl_words(r, 64, -6, 6) + signed(r, 64, 1 << 30), 640, block=64)
    n = "cub_block_reduce_3d"
    r = rng(n)
    m.add(n, signed(r, 128, 1 << 20) + [77] + signed(r, 128, 1 << 20), 6, block=(8, 4, 4))
    n = "cub_thread_reduce_scan"
    r = rng(n)
    m.add(n, r.words(512), 1280, block=64)
    n = "cub_block_adjacent_difference_float"
    r = rng(n)
    m.add(n, floats(r, 512) + [200, 256], 1024, grid=2, block=64)
    n = "cub_block_load_cache_modified"
    r = rng(n)
    m.add(n, r.words(640), 384, block=64)
    return m


# ============================================================================ cg2
def cg2():
    m = Module("cg2")
    n = "cg_tile32_match_vote"
    r = rng(n)
    pool = r.words(3)
    v = [pool[r.next() % 3] for _ in range(32)] + [r.next() % 6 for _ in range(32)]
    w = [0 if r.next() % 5 == 0 else r.next() for _ in range(32)] + [r.next() | 1 for _ in range(32)]
    m.add(n, v + w, 512, block=64)
    n = "cg_reduce_fp_64bit"
    r = rng(n)
    m.add(n, floats(r, 64) + dbl_words(r, 64, -10, 10) + r.words(128), 768, block=64)
    n = "cg_invoke_one"
    r = rng(n)
    m.add(n, r.words(128), 265, block=128, compare="multiset:8:128",
          note="out[8..136) are tile tickets from a shared atomicAdd (order decided by the scheduler): multiset; "
          "out[264] relies on the odd lanes' branch being converged (coalesced_threads)")
    n = "cg_tiny_tiles"
    r = rng(n)
    m.add(n, r.words(64), 512, block=64)
    n = "cg_coalesced_nested"
    r = rng(n)
    m.add(n, r.words(64), 896, block=64,
          note="coalesced_threads() in nested if/else: relies on each branch's lanes being converged")
    n = "cg_block_info_3d"
    r = rng(n)
    m.add(n, r.words(256), 1024, grid=(2, 2), block=(8, 4, 2))
    n = "cg_cluster_split_barrier"
    r = rng(n)
    m.add(n, r.words(512), 520, grid=8, block=64, cluster=4)
    n = "cg_memcpy_async_stages"
    r = rng(n)
    m.add(n, r.words(3328), 3328, grid=2, block=128)
    n = "cg_reduce_partial_groups"
    r = rng(n)
    m.add(n, r.words(64), 384, block=64,
          note="groups formed by coalesced_threads() in divergent code: relies on the branch's lanes being converged")
    n = "cg_tile_shfl_types"
    r = rng(n)
    m.add(n, dbl_words(r, 64) + floats(r, 64), 640, block=64)
    return m


# ============================================================================ hopper2
def hopper2():
    m = Module("hopper2")
    n = "hop_barrier_arrive_tx_bulk"
    r = rng(n)
    m.add(n, r.words(1536), 1536, grid=2, block=128)
    n = "hop_ring_4stage"
    r = rng(n)
    m.add(n, r.words(768), 832, block=96)
    n = "hop_bulk_store_groups"
    r = rng(n)
    m.add(n, r.words(768), 768, block=64)
    n = "hop_cp_async_3stage_gemm"
    r = rng(n)
    m.add(n, floats(r, 6144, -6, 2), 1024, block=256)
    n = "hop_cuda_pipeline_thread_scope"
    r = rng(n)
    m.add(n, r.words(1024), 576, block=64)
    n = "hop_mbarrier_token_phases"
    r = rng(n)
    m.add(n, r.words(192), 256, block=64)
    n = "hop_cluster_remote_arrive"
    r = rng(n)
    m.add(n, r.words(768), 768, grid=4, block=64, cluster=2)
    n = "hop_bulk_cache_hint"
    r = rng(n)
    m.add(n, r.words(384), 256, block=64)
    n = "hop_tma_mma_pipeline"
    r = rng(n)
    m.add(n, pack16(half_bits(r, 8192)), 1024, block=128)
    return m


MODULES = [tc_gemm, atomics, intrinsics, mathlib, misc, cub2, cg2, hopper2]

if __name__ == "__main__":
    total = 0
    for make in MODULES:
        mod = make()
        k = mod.write()
        total += k
        print("%-10s %3d tests" % (mod.name, k))
    print("total      %3d tests" % total)
