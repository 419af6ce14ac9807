#!/usr/bin/env python3
"""Writes smem.plan (tests/hwrec): the shared-memory layout probes of smem.cu."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "hwrec"))
from plan import Plan, Rng, seed_of, sentinel  # noqa: E402

p = Plan()


def small(name, n):
    return Rng(seed_of(name)).below(n, 1000)


p.add("smem_regs", small("smem_regs", 64), sentinel(12 + 64), block=64, smem=256)
p.add("smem_regs_odd_dyn", small("smem_regs", 64), sentinel(12 + 64), block=64, smem=300, entry="smem_regs")
p.add("smem_two_vars", small("smem_two_vars", 32), sentinel(8 + 32), block=32, smem=128)
p.add("smem_dyn_only", small("smem_dyn_only", 32), sentinel(4 + 32), block=32, smem=128)
p.add("smem_cg_tile64", small("smem_cg_tile64", 128), sentinel(258), block=128)
p.write(os.path.join(os.path.dirname(os.path.abspath(__file__)), "smem.plan"))
