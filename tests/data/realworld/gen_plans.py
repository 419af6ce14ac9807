#!/usr/bin/env python3
"""Writes the recording plans of the real-world corpus: one MODULE.plan per MODULE.cu,
one test per entry point (the test name is the entry's name).

    python3 gen_plans.py            # writes *.plan next to this file

Every test's input comes from Rng(seed_of(name)) (tests/hwrec/plan.py), so one test's
data never depends on another's; out_init is sentinel(n) unless a test says otherwise in
its note. The in/out sizes match the layout documented above each kernel.
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


def rng(name):
    return Rng(seed_of(name))


def signed(r, n, bound):
    """n signed values in [-bound, bound)."""
    return [u(r.next() % (2 * bound) - bound) for _ in range(n)]


def floats(r, n, emin=-12, emax=6):
    """n finite floats m * 2^e, |m| < 2^20, mixed signs and magnitudes (sums depend on
    the association order, so a wrong reduction tree shows)."""
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


def runs_of(r, n, vmax, maxrun):
    """n values in [0, vmax) grouped in runs of 1..maxrun equal values."""
    out = []
    while len(out) < n:
        v = r.next() % vmax
        out += [v] * (1 + r.next() % maxrun)
    return out[:n]


class Module:
    def __init__(self, name):
        self.name = name
        self.plan = Plan()

    def add(self, name, inw, out_n, grid=1, block=32, cluster=0, smem=0, note=None, compare=None, out_init=None):
        if out_init is None:
            out_init = sentinel(out_n)
        assert len(out_init) == out_n, name
        self.plan.add(name, [u(w) for w in inw], out_init, grid=grid, block=block, cluster=cluster, smem=smem, runs=3,
                      note=note, compare=compare)

    def write(self):
        self.plan.write(os.path.join(HERE, self.name + ".plan"))
        return len(self.plan.tests)


# ============================================================================ cub_warp
def cub_warp():
    m = Module("cub_warp")
    n = "cub_warp_reduce_full"
    r = rng(n)
    m.add(n, signed(r, 64, 1 << 20) + floats(r, 64), 10, block=64)
    n = "cub_warp_reduce_logical"
    r = rng(n)
    m.add(n, signed(r, 64, 1 << 20), 32, block=64)
    n = "cub_warp_reduce_partial"
    r = rng(n)
    m.add(n, [17, 1, 32, 5] + signed(r, 128, 1 << 20) + [1 + r.next() % 8 for _ in range(16)], 24, block=128,
          note="valid lanes per warp 17, 1, 32, 5; per 8-lane group 1..8")
    n = "cub_warp_segmented"
    r = rng(n)
    vals = signed(r, 64, 1 << 16)
    flags = [1 if r.next() % 4 == 0 else 0 for _ in range(64)]
    flags[31] = 1  # a segment boundary at the last lane of warp 0
    flags[33] = 1
    m.add(n, vals + flags, 128, block=64,
          note="only segment-first lanes write; the other words keep out_init")
    n = "cub_warp_scan_sum"
    r = rng(n)
    m.add(n, r.below(64, 1000), 258, block=64)
    n = "cub_warp_scan_custom"
    r = rng(n)
    m.add(n, r.words(130), 320, block=64)
    n = "cub_warp_exchange"
    r = rng(n)
    ranks = permutation(r, 128) + permutation(r, 128)
    m.add(n, r.words(1024) + ranks, 1024, block=64)
    n = "cub_warp_merge_sort"
    r = rng(n)
    m.add(n, signed(r, 256, 1000), 256, block=64)
    n = "cub_warp_merge_sort_pairs"
    r = rng(n)
    m.add(n, [64, 37, 1, 50] + [1 + r.next() % 31 for _ in range(256)] + r.words(256), 512, block=64,
          note="valid items per 16-lane group 64, 37, 1, 50; positions past them keep out_init")
    return m


# ============================================================================ cub_block
def cub_block():
    m = Module("cub_block")
    n = "cub_block_reduce_warp_reductions"
    r = rng(n)
    m.add(n, signed(r, 256, 1 << 20) + [77, 128], 6, grid=2, block=128)
    n = "cub_block_reduce_raking"
    r = rng(n)
    m.add(n, floats(r, 192) + signed(r, 192, 1 << 20) + [96, 41], 4, grid=2, block=96)
    n = "cub_block_reduce_raking_commutative"
    r = rng(n)
    m.add(n, signed(r, 1024, 1 << 20), 4, grid=2, block=(16, 8))
    n = "cub_block_scan_raking"
    r = rng(n)
    m.add(n, r.below(768, 1000), 770, grid=2, block=128)
    n = "cub_block_scan_raking_memoize"
    r = rng(n)
    m.add(n, signed(r, 256, 1000) + [12345], 512, block=64)
    n = "cub_block_scan_warp_scans_prefix"
    r = rng(n)
    m.add(n, r.below(1024, 1000), 1025, block=(32, 4))
    n = "cub_block_histogram_atomic"
    r = rng(n)
    m.add(n, r.below(1024, 64), 128, grid=2, block=128)
    n = "cub_block_histogram_sort"
    r = rng(n)
    skewed = [min(r.next() % 256, r.next() % 256, r.next() % 256) for _ in range(1024)]
    m.add(n, skewed, 256, block=128)
    n = "cub_load_transpose_store_warp_transpose"
    r = rng(n)
    m.add(n, r.below(1024, 0x10000), 1024, grid=2, block=128)
    n = "cub_load_store_vectorize"
    r = rng(n)
    m.add(n, r.below(512, 0x10000), 512, grid=2, block=64)
    n = "cub_load_warp_timesliced_store_striped"
    r = rng(n)
    m.add(n, r.below(512, 0x10000), 512, block=128)
    n = "cub_load_direct_guarded_store_transpose"
    r = rng(n)
    m.add(n, [200] + r.below(256, 0x10000), 512, block=64,
          note="200 valid items: out[200..256) keeps out_init")
    n = "cub_block_discontinuity"
    r = rng(n)
    m.add(n, runs_of(r, 512, 16, 3), 1536, grid=2, block=64)
    n = "cub_block_adjacent_difference"
    r = rng(n)
    m.add(n, signed(r, 512, 1000) + [150], 1536, grid=2, block=64)
    n = "cub_block_run_length_decode"
    r = rng(n)
    m.add(n, r.words(128) + [1 + r.next() % 4 for _ in range(128)], 1025, block=64,
          note="decoded words past the total keep out_init")
    return m


# ============================================================================ cub_radix
def cub_radix():
    m = Module("cub_radix")
    n = "cub_radix_sort_keys"
    r = rng(n)
    m.add(n, r.words(1024), 1024, grid=2, block=128)
    n = "cub_radix_sort_descending"
    r = rng(n)
    m.add(n, r.words(256), 256, block=64)
    n = "cub_radix_sort_blocked_to_striped"
    r = rng(n)
    m.add(n, signed(r, 256, 50) + r.words(256), 512, block=128)
    n = "cub_radix_sort_pairs_float"
    r = rng(n)
    keys = floats(r, 256, emin=-140, emax=100)  # includes denormals and large values
    specials = [0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x00000001, 0x80000001, 0x7F7FFFFF, 0xFF7FFFFF]
    for i, s in enumerate(specials):
        keys[i * 31] = s
    m.add(n, keys + r.words(256), 512, block=64, note="keys include +-0, +-inf, denormals, +-FLT_MAX")
    n = "cub_radix_sort_bit_range"
    r = rng(n)
    m.add(n, r.words(256) + list(range(256)), 512, block=64, note="only key bits [4, 12) are sorted; values = input index")
    return m


# ============================================================================ cg
def cg():
    m = Module("cg")
    n = "cg_tiled_static"
    r = rng(n)
    m.add(n, r.words(128), 768, block=128)
    n = "cg_tiled_dynamic"
    r = rng(n)
    m.add(n, signed(r, 128, 1000), 384, block=128)
    n = "cg_coalesced_divergent"
    r = rng(n)
    m.add(n, r.words(64), 258, block=64,
          note="coalesced_threads() inside if/else: relies on each branch's lanes being converged")
    n = "cg_labeled_partition"
    r = rng(n)
    m.add(n, r.words(128), 192, block=64)
    n = "cg_binary_partition"
    r = rng(n)
    m.add(n, r.words(64) + [0x80000000], 192, block=64)
    n = "cg_reduce_ops"
    r = rng(n)
    m.add(n, r.words(64) + floats(r, 64), 80, block=64)
    n = "cg_scan"
    r = rng(n)
    m.add(n, r.below(64, 1000), 384, block=64)
    n = "cg_multi_warp_tiles"
    r = rng(n)
    vals = r.below(256, 1000)
    for i in (3, 70, 200):
        vals[i] = 7
    m.add(n, vals, 1536, block=256)
    n = "cg_cluster_map_shared_rank"
    r = rng(n)
    m.add(n, r.words(512), 576, grid=8, block=64, cluster=4)
    n = "cg_cluster_dsmem_histogram"
    r = rng(n)
    m.add(n, r.below(1024, 64), 128, grid=4, block=128, cluster=2)
    n = "cg_grid_info_3d"
    r = rng(n)
    m.add(n, [1000] + r.below(1000, 1 << 20), 1024, grid=(2, 2), block=(8, 4, 2))
    n = "cg_memcpy_async"
    r = rng(n)
    m.add(n, r.words(512), 512, grid=2, block=128)
    return m


# ============================================================================ samples
def samples():
    m = Module("samples")

    def red(name, grid, block, nn, out_n, smem=None):
        r = rng(name)
        m.add(name, [nn] + signed(r, nn, 1000), out_n, grid=grid, block=block,
              smem=block * 4 if smem is None else smem)

    red("reduce0_interleaved", 4, 128, 500, 4)
    red("reduce1_strided_index", 4, 128, 512, 4)
    red("reduce2_sequential", 4, 256, 1000, 4)
    red("reduce3_first_add", 4, 128, 1000, 4)
    red("reduce4_tile_shfl", 4, 128, 1024, 4)
    red("reduce4_warp_unrolled", 2, 256, 1000, 2)
    red("reduce5_unrolled", 2, 256, 1000, 2)
    red("reduce6_multi_element_pow2", 4, 128, 2048, 4)
    red("reduce6_multi_element", 4, 128, 1500, 4)
    red("reduce7_warp_shfl", 4, 256, 3000, 4, smem=8 * 4)
    red("reduce_mixed_smem", 4, 128, 450, 8)
    n = "shfl_scan_test"
    r = rng(n)
    m.add(n, r.below(1024, 1000), 1028, grid=4, block=256, smem=8 * 4)
    n = "shfl_uniform_add"
    r = rng(n)
    m.add(n, r.below(1024, 100000) + r.below(4, 100000) + [1023], 1024, grid=4, block=256)
    n = "prescan_blelloch"
    r = rng(n)
    m.add(n, [512] + r.below(512, 1000), 512, block=256, smem=(512 + 16) * 4)
    n = "threadfence_reduction"
    r = rng(n)
    m.add(n, [2000] + floats(r, 2000, emin=-8, emax=4), 8, grid=8, block=128, smem=128 * 4,
          note="__device__ retirementCount is reset by the last block; float partials are summed in a fixed order")
    for n, keep in (("warp_agg_filter", "src[i] > 0"), ("cg_agg_filter", "(src[i] & 3) == 1")):
        r = rng(n)
        out_init = [0] + sentinel(513)[1:]
        m.add(n, [512] + signed(r, 512, 1 << 20), 513, grid=4, block=128, out_init=out_init,
              compare="multiset:1:512",
              note="out[0] is the counter (out_init 0); kept values (%s) land in scheduler order: multiset" % keep)
    n = "histogram256_partial"
    r = rng(n)
    m.add(n, [1000] + r.words(1000), 1024, grid=4, block=192)
    n = "histogram64_global_atomic"
    r = rng(n)
    samp = [min(r.next() % 64, r.next() % 64) for _ in range(2000)]
    m.add(n, [2000] + samp, 64, grid=4, block=128, out_init=[0] * 64,
          note="out_init 0: the bins are global atomic counters (integer, order-free totals)")
    n = "transpose_padded"
    r = rng(n)
    m.add(n, r.words(64 * 96), 64 * 96, grid=(2, 3), block=(32, 8))
    n = "transpose_diagonal"
    r = rng(n)
    m.add(n, floats(r, 4096), 4096, grid=(2, 2), block=(32, 8))
    n = "matvec_warp_per_row"
    r = rng(n)
    m.add(n, [32, 96] + floats(r, 32 * 96 + 96, emin=-6, emax=2), 32, grid=8, block=(32, 4))
    n = "saxpy_grid_stride"
    r = rng(n)
    m.add(n, [1000, f2w(1.75)] + floats(r, 2000), 1000, grid=4, block=64)
    n = "matmul_tiled"
    r = rng(n)
    m.add(n, floats(r, 3072, emin=-6, emax=2), 1024, grid=(2, 2), block=(16, 16))
    n = "bitonic_sort_shared"
    r = rng(n)
    m.add(n, [1] + r.below(1024, 4096) + list(range(1024)), 2048, grid=2, block=256,
          note="dir = 1 (ascending); keys < 4096 so equal keys occur; values = input index")
    n = "stencil2d_shared_halo"
    r = rng(n)
    m.add(n, signed(r, 1024, 1000), 1024, grid=(2, 2), block=(16, 16))
    n = "stencil3d_global"
    r = rng(n)
    m.add(n, signed(r, 1024, 1000), 1024, grid=(2, 2, 2), block=(8, 4, 4))
    return m


# ============================================================================ async
def async_():
    m = Module("async")
    n = "async_pipeline_primitives"
    r = rng(n)
    m.add(n, r.words(1024), 1024, block=128)
    n = "async_cp_async_groups"
    r = rng(n)
    m.add(n, r.words(704), 704, block=64, note="D part: src-size (t % 5) * 4, the rest of each 16 bytes zero-filled")
    n = "async_cp_async_mbarrier"
    r = rng(n)
    m.add(n, r.words(256), 256, block=128)
    n = "async_memcpy_async_barrier"
    r = rng(n)
    m.add(n, r.words(1024), 1024, grid=2, block=128)
    n = "async_memcpy_async_tx"
    r = rng(n)
    m.add(n, r.words(512), 512, grid=2, block=128)
    n = "async_tma_bulk_load"
    r = rng(n)
    m.add(n, r.words(512), 512, block=128)
    n = "async_tma_double_buffer"
    r = rng(n)
    m.add(n, r.words(384), 448, block=64)
    n = "async_tma_bulk_store"
    r = rng(n)
    m.add(n, r.words(512), 512, block=128)
    n = "async_tma_reduce_add"
    r = rng(n)
    m.add(n, r.words(1024), 512, grid=4, block=64,
          note="out_init is the reduction's initial value: out = out_init + (or ^) the four CTAs' tiles")
    n = "async_st_async_cluster"
    r = rng(n)
    m.add(n, r.words(1792), 1792, grid=4, block=64, cluster=2)
    n = "async_bulk_dsmem_cluster"
    r = rng(n)
    m.add(n, r.words(1024), 1024, grid=2, block=64, cluster=2)
    n = "async_tma_multicast"
    r = rng(n)
    m.add(n, r.words(512), 1024, grid=4, block=64, cluster=2)
    n = "async_producer_consumer"
    r = rng(n)
    m.add(n, r.words(512), 576, block=96)
    n = "async_cuda_pipeline"
    r = rng(n)
    m.add(n, r.words(1024), 1024, grid=2, block=128, smem=2 * 128 * 4)
    return m


# ============================================================================ lessons
def lessons():
    m = Module("lessons")
    n = "lesson_cub_block_reduce"
    r = rng(n)
    m.add(n, [1 + r.next() % 9 for _ in range(128)], 1, block=128, note="128 digits 1..9; out[0] = their sum")
    n = "lesson_bulk_copy_mbarrier"
    m.add(n, [100 + i for i in range(64)], 64, block=64, note="in[i] = 100 + i; out[i] = 2 * in[63 - i]")
    return m


MODULES = [cub_warp, cub_block, cub_radix, cg, samples, async_, lessons]

if __name__ == "__main__":
    total = 0
    for make in MODULES:
        mod = make()
        k = mod.write()
        total += k
        print("%-10s %3d tests" % (mod.name, k))
    print("total      %3d tests" % total)
