#!/usr/bin/env python3
"""tc_fp8: probes for the fp8 mma arithmetic (recorded: golden-tc_fp8.json.gz).

    python3 tcfp8.py     # writes tc_fp8.cu, tc_fp8.ptx (nvcc), tc_fp8.plan.gz, fp8_cases.json

Written when docs/tensor-cores.md ("fp8 inputs") knew that the 32 products
of an m16n8k32 e4m3/e5m2 mma form two groups, k with bit 1 clear and k with
bit 1 set, each aligned to its own largest product exponent and truncated
25 bits below it, but not how the two group sums and c combine, nor the
f16-accumulator path. The recording settled both: two chained block passes
(group 0, then group 1 with the first result as its accumulator, each
rounded to the accumulator format), then c with rounding to nearest
(tcfit.py --fp8). Each design below isolates one question:

  c_small_g0 / c_small_g1   products in ONE group only (the other zero):
                            rows = 8 product patterns, columns = c from
                            2^-20 to 2^-30 of the largest product: is c
                            truncated at the group's alignment, rounded, kept?
  c_small_neg               the same with negative c (truncation direction).
  c_large                   c dominant (1, -1, 1 - 2^-24, 7/4 times T) against
                            small products in group 0 only, group 1 only, or
                            both: where does c's rounding happen?
  groups_cancel             group 0 sums to +X, group 1 to -X (+/- a small
                            remainder in either group): is the sum of the
                            two groups exact before c is added?
  rand_g0 / rand_g1         random wide-exponent vectors with one group
                            empty, c random: the combination rule on
                            random data without the group interaction.

Configurations: e4m3 -> f32 and e5m2 -> f32 (m16n8k32), e4m3 -> f16
(m16n8k32, all designs scaled to the f16 range). One warp per design, the
kernels are tcmma's numerics kernels (A, B, C as plain matrices in `in`,
D as a plain matrix in `out`), so tensor_replay_test picks the recording up
as tests/data/tensor/golden-tc_fp8.json.gz and fp8_cases.json labels every
output word.
"""
import gzip
import json
import os
import subprocess
import sys
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "../../hwrec"))
sys.path.insert(0, HERE)

from plan import Plan, Rng, seed_of, sentinel  # noqa: E402
from tcmma import MmaOp, COMMON  # noqa: E402
import tcnum  # noqa: E402
from tcnum import Cfg, Design, _grid, _split, d_random, mats, p2  # noqa: E402

G0 = [k for k in range(32) if not (k >> 1) & 1]  # 0, 1, 4, 5, ...
G1 = [k for k in range(32) if (k >> 1) & 1]      # 2, 3, 6, 7, ...


def cfgs():
    out = []
    for key, at, acc, T in (("e4m3_f32", "e4m3", "f32", p2(8)), ("e5m2_f32", "e5m2", "f32", p2(15)),
                            ("e4m3_f16", "e4m3", "f16", p2(8))):
        op = MmaOp("m16n8k32", at, at, acc, acc)
        out.append(Cfg(key, op, [], 4, T=T, gaps=list(range(8, 16)), big_gap=11, sweep0=2))
    return out


def patterns(cfg, group):
    """8 product vectors in one group: (label, {k: value})."""
    T = cfg.T
    g = group
    v = cfg.val
    pats = [
        ("T at k=%d" % g[0], {g[0]: T}),
        ("T at k=%d, T/8 at k=%d" % (g[0], g[2]), {g[0]: T, g[2]: v(T / 8)}),
        ("1.75T at k=%d" % g[1], {g[1]: v(T * Fraction(7, 4))}),
        ("T at k=%d, -T/2 at k=%d" % (g[0], g[5]), {g[0]: T, g[5]: v(-T / 2)}),
        ("T at k=%d, T*2^-3 at 7 more" % g[3], {**{g[3]: T}, **{k: v(T * p2(-3)) for k in g[4:11]}}),
        ("-T at k=%d" % g[15], {g[15]: -T}),
        ("T at k=%d and k=%d" % (g[0], g[15]), {g[0]: T, g[15]: T}),
        ("T*2^-2 at all 16" , {k: v(T * p2(-2)) for k in g}),
    ]
    return pats


def d_c_small(cfg, group, name, sign=1):
    rows = []
    for label, vec in patterns(cfg, G0 if group == 0 else G1):
        rows.append((label + " (group %d)" % group, vec))
    rows += [(label + " (group %d, negated)" % group, {k: (None if x is None else -x) for k, x in vec.items()})
             for label, vec in patterns(cfg, G0 if group == 0 else G1)]
    gaps = [20, 22, 23, 24, 25, 26, 28, 30] if cfg.op.dt == "f32" else [9, 10, 11, 12, 13, 14, 16, 18]
    rels = [sign * p2(-g) for g in gaps]
    cf, cl = tcnum._cols(cfg, rels)
    return _grid(cfg, name, "products in group %d only; c = %sT*2^-g (g = %s)" % (group, "-" if sign < 0 else "", gaps),
                 rows, cf, cl)


def d_c_large(cfg):
    T = cfg.T
    prec = cfg.prec
    rows = []
    for g in ([10, 12, 14, 16] if prec > 10 else [4, 6, 8, 10]):
        s = cfg.val(T * p2(-g))
        rows.append(("8 x T*2^-%d in group 0" % g, {k: s for k in G0[:8]}))
        rows.append(("8 x T*2^-%d in group 1" % g, {k: s for k in G1[:8]}))
        rows.append(("4 + 4 x T*2^-%d in both groups" % g, {**{k: s for k in G0[:4]}, **{k: s for k in G1[:4]}}))
        rows.append(("one T*2^-%d in group 1 at k=31" % g, {31: s}))
    rels = [Fraction(1), Fraction(-1), 1 - p2(-(prec + 1)), Fraction(7, 4), p2(prec // 3), -p2(prec // 3), Fraction(1, 2),
            -(1 - p2(-(prec + 1)))]
    cf, cl = tcnum._cols(cfg, rels)
    return _grid(cfg, "c_large", "c dominant against small products in one group, the other, or both", rows, cf, cl)


def d_groups_cancel(cfg):
    T = cfg.T
    # Remainders the input format holds: e5m2 reaches 2^-16, e4m3 2^-9 (T = 2^15, 2^8).
    gs = [8, 10, 12, 14] if cfg.prec <= 10 else [22, 24, 26, 28] if cfg.op.at == "e5m2" else [10, 12, 14, 17]
    rows = []
    for g in gs:
        s = cfg.val(T * p2(-g))
        rows.append(("T at 0 (g0), -T at 2 (g1), T*2^-%d at 1 (g0)" % g, {0: T, 2: -T, 1: s}))
        rows.append(("T at 0 (g0), -T at 2 (g1), T*2^-%d at 3 (g1)" % g, {0: T, 2: -T, 3: s}))
        rows.append(("T at 0 (g0), -T at 2 (g1), -T*2^-%d at 3 (g1)" % g, {0: T, 2: -T, 3: None if s is None else -s}))
        rows.append(("T at 0, T*2^-%d at 1 (g0); -T at 2, T*2^-%d at 3 (g1)" % (g, g), {0: T, 1: s, 2: -T, 3: s}))
    rels = [Fraction(0), p2(-(cfg.prec + 2)), -p2(-(cfg.prec + 2)), Fraction(1), Fraction(-1), p2(-8), Fraction(1, 2), -0.0]
    cf, cl = tcnum._cols(cfg, rels)
    return _grid(cfg, "groups_cancel", "the two groups cancel; a small remainder in either", rows, cf, cl)


def d_rand_group(cfg, rng, group):
    d = d_random(cfg, "wide", rng)
    drop = G1 if group == 0 else G0
    for row in d.A3[0]:
        for k in drop:
            row[k] = Fraction(0)
    d.name = "rand_g%d" % group
    d.doc = "random wide exponents with group %d only (the other group's A columns zero)" % group
    return d


def main():
    src = [COMMON]
    plan = Plan()
    entries = []
    for cfg in cfgs():
        rng = Rng(seed_of("tc_fp8_" + cfg.key))
        designs = [d_c_small(cfg, 0, "c_small_g0"), d_c_small(cfg, 1, "c_small_g1"),
                   d_c_small(cfg, 0, "c_small_neg_g0", sign=-1), d_c_large(cfg), d_groups_cancel(cfg),
                   d_rand_group(cfg, rng, 0), d_rand_group(cfg, rng, 1), d_rand_group(cfg, rng, 0)]
        op = cfg.op
        name = "fp8_%s_k32" % cfg.key
        n = len(designs)
        src.append(op.kernel(name, frags=False, comment="tc_fp8 entry %s: %d warps, one design each" % (name, n)))
        inw, minfo = [], []
        _, out_w = op.out_layout(False)
        for wi, d in enumerate(designs):
            A, B, C = mats(d, op)
            inw += op.in_words_of(A, B, C)
            info = dict(warp=wi, design=d.name, doc=d.doc)
            if d.rows is not None:
                info.update(rows=d.rows, cols=d.cols)
            minfo.append(info)
        plan.add(name, inw, sentinel(out_w * n), grid=(n + 3) // 4, block=32 * min(n, 4))
        entries.append(dict(
            name=name, kind="numerics", forms=[op.ptx], shape=[op.M, op.N, op.K], problems_per_warp=op.nprob,
            types=dict(a=op.at, b=op.bt, c=op.ct, d=op.dt), grid=(n + 3) // 4, block=32 * min(n, 4), warps=n,
            in_words_per_warp=op.in_words, out_words_per_warp=out_w,
            **{"in": dict(A=dict(offset=0, words=op.in_a, **op.a.describe()),
                          B=dict(offset=op.in_a, words=op.in_b, **op.b.describe()),
                          C=dict(offset=op.in_a + op.in_b, words=op.in_c, **op.c.describe())),
               "out": dict(D=dict(offset=0, words=op.d_words, **op.d.describe()))},
            scale_T=str(cfg.T), mmas=minfo))
    header = "// Generated by tests/data/tensor/tcfp8.py -- edit the generator, not this file.\n"
    with open(os.path.join(HERE, "tc_fp8.cu"), "w") as f:
        f.write(header + "".join(src))
    plan.write(os.path.join(HERE, "tc_fp8.plan"))
    with open(os.path.join(HERE, "tc_fp8.plan"), "rb") as f, gzip.open(os.path.join(HERE, "tc_fp8.plan.gz"), "wb", 9) as g:
        g.write(f.read())
    os.remove(os.path.join(HERE, "tc_fp8.plan"))
    with open(os.path.join(HERE, "fp8_cases.json"), "w") as f:
        json.dump(dict(generator="tests/data/tensor/tcfp8.py", target="sm_90a",
                       modules=[dict(module="tc_fp8", source="tc_fp8.cu", ptx="tc_fp8.ptx", plan="tc_fp8.plan.gz",
                                     title="fp8 mma: how the two product groups and c combine", doc=__doc__,
                                     entries=entries)]), f, indent=1)
        f.write("\n")
    cuda = os.environ.get("CUDA_HOME", "/usr/local/cuda")
    subprocess.check_call([cuda + "/bin/nvcc", "-O3", "-std=c++17", "-arch=sm_90a", "-ptx", "tc_fp8.cu", "-o", "tc_fp8.ptx"], cwd=HERE)
    subprocess.check_call([cuda + "/bin/ptxas", "-arch=sm_90a", "tc_fp8.ptx", "-o", "/tmp/ws_tc_fp8.cubin"], cwd=HERE)
    print("tc_fp8: %d entries, %d warps" % (len(entries), sum(e["warps"] for e in entries)))


if __name__ == "__main__":
    main()
