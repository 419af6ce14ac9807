#!/usr/bin/env python3
"""Kernels for issue 14 that answer what the matrix of tests/data/hwmode left
open (docs/hardware-mode.md, "The extra kernels", has the answers): two
modules, hwmode_extra and hwmode_extra2, in the layout of tests/data/hwmode
(in row 0 = sel, out: per site reach/order/am rows and outputs, out word =
row * 32 + lane; 64 threads, thread 32 a watchdog that traps after in[65] ns).
outcomes.json lists the tests that did not finish on the H100.

    python3 gen.py        writes hwmode_extra{,2}.cu and .plan
    nvcc -O3 -std=c++17 -arch=sm_90a -ptx hwmode_extra.cu -o hwmode_extra.ptx  (and hwmode_extra2)
    (GPU) bash tests/hwrec/record.sh /tmp/rec tests/data/hwmode_extra

hwmode_extra2's tests are described at KERNELS2 below. hwmode_extra's (each
answers one open question):
- x_never_arrives_shfl_after_join: scenarios/ub-membermask-never-arrives in
  the matrix's layout: lanes 0-15 `redux.sync.add.u32` with 0xffffffff inside
  the if, every lane `shfl.sync.idx` 0xffffffff after the join. Hang (rule H
  predicts it, from b_other_redux) or not?
- x_f2_dynamic_converged: all 32 lanes take a data-dependent branch (in[0] = 1)
  and execute `vote.sync.ballot` with membermask 0x0000ffff. ptxas cannot prove
  convergence: illegal instruction (rule F2 as warpscope approximates it says
  no: every lane executes it together)?
- x_loop_exit_plain: b_iter's loop without the collective (a mark instead):
  do the lanes leaving the loop wait for the lanes still in it?
- x_loop_exit_sync_all: b_iter's loop where every lane executes the ballot in
  iteration 0 and P loops once more: the same question with a warp sync all
  lanes took together.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "hwrec"))
from plan import Plan, sentinel  # noqa: E402

P = 0x0000FFFF
ROWS = 16  # out rows per test (sites use rows 0..14, the watchdog word is the last one)

HEAD = r'''// Written by gen.py (tests/data/hwmode_extra): kernels still to record for issue 14.
#include "../hwmode/hwmode_common.cuh"
#define HWM_PROLOGUE                                                          \
  __shared__ u32 hwm_ctr;                                                     \
  __shared__ u32 hwm_fin;                                                     \
  const u32 tid = threadIdx.x;                                                \
  const u32 lane = hwm_lane();                                                \
  if (tid == 0) { hwm_ctr = 0u; hwm_fin = 0u; }                              \
  __syncthreads();                                                            \
  if (tid >= 32) {                                                            \
    if (tid == 32) hwm_watchdog(in[65], &hwm_fin, &out[%d * 32 + 31]);        \
    return;                                                                   \
  }                                                                           \
  const u32 sel = hwm_pin(in[lane]);
#define HWM_DONE atomicAdd(&hwm_fin, 1u)
''' % (ROWS - 1)

KERNELS = {
    "x_never_arrives_shfl_after_join": r'''
  u32 s = 0u;
  if (sel != 0u) {
    asm volatile("// hwm S0\n\tredux.sync.add.u32 %0, %1, 0xffffffff;" : "=r"(s) : "r"(1u << lane) : "memory");
    HWM_MARK(0, 0, 1, 2);
    out[3 * 32 + lane] = s;
  }
  u32 d;
  asm volatile("// hwm S1\n\tshfl.sync.idx.b32 %0, %1, 0, 0x1f, 0xffffffff;" : "=r"(d) : "r"(s) : "memory");
  HWM_MARK(1, 4, 5, 6);
  out[7 * 32 + lane] = d;
  HWM_DONE;
''',
    "x_f2_dynamic_converged": r'''
  if (in[64 + 2] == 1u) {
    u32 b;
    asm volatile("// hwm S0\n\t{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0x0000ffff; }"
                 : "=r"(b) : "r"(sel) : "memory");
    HWM_MARK(0, 0, 1, 2);
    out[3 * 32 + lane] = b;
  }
  HWM_DONE;
''',
    "x_loop_exit_plain": r'''
  const u32 n_ = (sel != 0u) ? 2u : 1u;
#pragma unroll 1
  for (u32 i_ = 0; i_ < n_; ++i_) {
    HWM_MARK(0, (0 + i_ * 3), (1 + i_ * 3), (2 + i_ * 3));
  }
  HWM_MARK(1, 6, 7, 8);
  HWM_DONE;
''',
    "x_loop_exit_sync_all": r'''
  const u32 n_ = (sel != 0u) ? 2u : 1u;
#pragma unroll 1
  for (u32 i_ = 0; i_ < n_; ++i_) {
    if (i_ == 0u) {
      u32 b;
      asm volatile("// hwm S0\n\t{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0xffffffff; }"
                   : "=r"(b) : "r"(sel) : "memory");
      out[9 * 32 + lane] = b;
    }
    HWM_MARK(0, (0 + i_ * 3), (1 + i_ * 3), (2 + i_ * 3));
  }
  HWM_MARK(1, 6, 7, 8);
  HWM_DONE;
''',
}


# hwmode_extra2: what the first four left open (the same layout; in[67] holds
# the membermask 0x0000ffff for a register operand). Each kernel first syncs
# the full warp (__syncwarp) after the watchdog's branch, so that ptxas proves
# the warp converged there again.
KERNELS2 = {
    # F2 with a membermask in a register: ptxas puts WARPSYNC.EXCLUSIVE before
    # vote/match/redux even in converged code. Does it fault for the lanes
    # outside the mask (all 32 lanes execute it together)?
    "x_f2_reg_converged_vote": r'''
  __syncwarp();
  const u32 m_ = hwm_pin(in[64 + 3]);
  u32 b;
  asm volatile("// hwm S0\n\t{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, %2; }"
               : "=r"(b) : "r"(sel), "r"(m_) : "memory");
  HWM_MARK(0, 0, 1, 2);
  out[3 * 32 + lane] = b;
  HWM_DONE;
''',
    "x_f2_reg_converged_redux": r'''
  __syncwarp();
  const u32 m_ = hwm_pin(in[64 + 3]);
  u32 s;
  asm volatile("// hwm S0\n\tredux.sync.add.u32 %0, %1, %2;" : "=r"(s) : "r"(1u << lane), "r"(m_) : "memory");
  HWM_MARK(0, 0, 1, 2);
  out[3 * 32 + lane] = s;
  HWM_DONE;
''',
    # F2 after a join: ptxas cannot prove the warp reconverged there (it puts
    # WARPSYNC.ALL before a full-mask collective after a join), so every lane
    # runs WARPSYNC 0x0000ffff: illegal instruction?
    "x_f2_after_join": r'''
  __syncwarp();
  if (sel != 0u) {
    HWM_MARK(0, 0, 1, 2);
  }
  u32 b;
  asm volatile("// hwm S1\n\t{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0x0000ffff; }"
               : "=r"(b) : "r"(sel) : "memory");
  HWM_MARK(1, 4, 5, 6);
  out[7 * 32 + lane] = b;
  HWM_DONE;
''',
    # ... and with a full-warp sync after the join: converged again, no
    # WARPSYNC, the ballot runs over all 32 lanes (rule P)?
    "x_f2_after_join_syncwarp": r'''
  __syncwarp();
  if (sel != 0u) {
    HWM_MARK(0, 0, 1, 2);
  }
  __syncwarp();
  u32 b;
  asm volatile("// hwm S1\n\t{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0x0000ffff; }"
               : "=r"(b) : "r"(sel) : "memory");
  HWM_MARK(1, 4, 5, 6);
  out[7 * 32 + lane] = b;
  HWM_DONE;
''',
    # Loop exits (P loops twice, Q once) with different loop bodies; the
    # activemask after the loop says whether Q waited for P there
    # (x_loop_exit_*: no, with a shared atomic in the body; tests/data/hw
    # act_loop: yes, with only a store).
    "x_loop_body_store": r'''
  const u32 n_ = (sel != 0u) ? 2u : 1u;
#pragma unroll 1
  for (u32 i_ = 0; i_ < n_; ++i_) {
    u32 am_;
    asm volatile("activemask.b32 %0;" : "=r"(am_) : : "memory");
    out[i_ * 32 + lane] = am_;
  }
  u32 am_;
  asm volatile("activemask.b32 %0;" : "=r"(am_) : : "memory");
  out[2 * 32 + lane] = am_;
  HWM_DONE;
''',
    "x_loop_body_shared_atomic": r'''
  const u32 n_ = (sel != 0u) ? 2u : 1u;
#pragma unroll 1
  for (u32 i_ = 0; i_ < n_; ++i_) {
    u32 am_;
    asm volatile("activemask.b32 %0;" : "=r"(am_) : : "memory");
    out[i_ * 32 + lane] = am_;
    atomicAdd(&hwm_ctr, 1u);
  }
  u32 am_;
  asm volatile("activemask.b32 %0;" : "=r"(am_) : : "memory");
  out[2 * 32 + lane] = am_;
  HWM_DONE;
''',
    "x_loop_body_global_atomic": r'''
  const u32 n_ = (sel != 0u) ? 2u : 1u;
#pragma unroll 1
  for (u32 i_ = 0; i_ < n_; ++i_) {
    u32 am_;
    asm volatile("activemask.b32 %0;" : "=r"(am_) : : "memory");
    out[i_ * 32 + lane] = am_;
    atomicAdd(&out[14 * 32], 1u);
  }
  u32 am_;
  asm volatile("activemask.b32 %0;" : "=r"(am_) : : "memory");
  out[2 * 32 + lane] = am_;
  HWM_DONE;
''',
    "x_loop_body_volatile_load": r'''
  const u32 n_ = (sel != 0u) ? 2u : 1u;
  u32 acc = 0u;
#pragma unroll 1
  for (u32 i_ = 0; i_ < n_; ++i_) {
    u32 am_;
    asm volatile("activemask.b32 %0;" : "=r"(am_) : : "memory");
    out[i_ * 32 + lane] = am_;
    acc += *(volatile u32*)&hwm_ctr;
  }
  u32 am_;
  asm volatile("activemask.b32 %0;" : "=r"(am_) : : "memory");
  out[2 * 32 + lane] = am_;
  out[3 * 32 + lane] = acc;
  HWM_DONE;
''',
}


def write_module(name, kernels, params):
    with open(os.path.join(HERE, name + ".cu"), "w") as f:
        f.write(HEAD)
        for kname, body in kernels.items():
            f.write('\nextern "C" __global__ void %s(const u32* in, u32* out) {\n  HWM_PROLOGUE\n%s}\n' % (kname, body))
    plan = Plan()
    for kname in kernels:
        inw = [1 if (P >> l) & 1 else 0 for l in range(32)] + [0] * 32 + params + [0] * (32 - len(params))
        plan.add(kname, inw, sentinel(ROWS * 32), block=64, runs=5, note="issue 14: " + kname)
    plan.write(os.path.join(HERE, name + ".plan"))


def main():
    # in[64..]: spin ns, watchdog deadline ns, x_f2_dynamic_converged's
    # branch condition, the register membermask of hwmode_extra2.
    write_module("hwmode_extra", KERNELS, [200000, 200000000, 1])
    write_module("hwmode_extra2", KERNELS2, [200000, 200000000, 1, P])


if __name__ == "__main__":
    main()
