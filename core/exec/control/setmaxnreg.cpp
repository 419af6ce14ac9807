// PTX ISA 9.1, 9.7.19.5 setmaxnreg.
//
//   setmaxnreg.action.sync.aligned.u32 imm-reg-count;   .action = { .inc, .dec }
//
// The CTA keeps a pool of registers (CtaControl::regs). At the CTA's first
// setmaxnreg every warp owns the kernel's per-thread register count and the
// pool is empty (the launch gave the CTA's registers to its warps);
// .dec gives (current - n) registers per thread back, .inc takes
// (n - current) and waits while the pool has fewer. The kernel's count is
// its .maxnreg when it has one; otherwise what ptxas gives a CTA that has
// the SM's register file (65,536) to itself: 65,536 / threads, rounded down
// to a multiple of 8, at most 256 (for the 384-thread warp-specialized
// kernels of CUTLASS, 168: the count their setmaxnreg amounts assume), and
// no more than the largest setmaxnreg count of the module (ptxas sizes the
// allocation to what the kernel can ask for: the H200 corpus's 256-thread
// GEMM with .dec 40 / .inc 232 starts at 232, tests/data/hopper/README.md).
#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "core/exec/engine/engine.hpp"
#include "core/exec/engine/exec_ctx.hpp"

namespace ws::core {
namespace {

constexpr std::uint32_t kRegisterFile = 65536;

std::uint32_t initialRegisters(const ExecCtx& ctx) {
  const Function& entry = ctx.program().functions[ctx.engine().entry()];
  if (entry.hints.maxnreg) return std::min<std::uint32_t>(*entry.hints.maxnreg, 256);
  const std::uint32_t threads = std::max<std::uint32_t>(ctx.cta().numThreads, 1);
  std::uint32_t largest = 0;
  for (const Instr& ins : ctx.program().instrs)
    if (ins.op == Opcode::Setmaxnreg && !ins.ops.empty() && ins.ops[0].kind == OperandKind::Imm)
      largest = std::max(largest, static_cast<std::uint32_t>(ins.ops[0].imm));
  const std::uint32_t share = std::clamp<std::uint32_t>(kRegisterFile / threads / 8 * 8, 8, 256);
  return largest ? std::min(share, largest) : share;
}

bool atSetmaxnregInc(const Program& p, const WarpControl& c) {
  const LaneMask live = c.live();
  if (live == 0) return false;
  const std::uint32_t pc = c.pc[static_cast<std::size_t>(std::countr_zero(live))];
  return pc < p.instrs.size() && p.instrs[pc].op == Opcode::Setmaxnreg && p.instrs[pc].has(Mod::Inc);
}

}  // namespace

void execSetmaxnreg(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  if (ins.ops.empty() || ins.ops[0].kind != OperandKind::Imm) {
    ctx.diag(DiagKind::Unsupported, ctx.lanes(), "setmaxnreg: imm-reg-count must be an integer constant");
    return;
  }
  const std::int64_t n = ins.ops[0].imm;
  const bool inc = ins.has(Mod::Inc);
  if (n < 24 || n > 256 || n % 8 != 0) {
    ctx.diag(DiagKind::SetmaxnregCount, ctx.lanes(),
             fmt::format("setmaxnreg {}: the count must be 24 to 256 and a multiple of 8; the warp's count is unchanged", n));
    return;
  }
  const CtaState& cta = ctx.cta();
  const std::uint32_t wic = ctx.warp().warpInCta;
  const LaneMask absent = ctx.warp().ctl.valid & ~ctx.lanes();
  if (absent)
    ctx.diag(DiagKind::SetmaxnregNotAligned, absent,
             fmt::format("lanes {:#010x} of the warp do not execute this setmaxnreg", absent));
  if (cta.numWarps < (wic / 4 + 1) * 4)
    ctx.diag(DiagKind::SetmaxnregNotAligned, ctx.lanes(),
             fmt::format("warpgroup {} of the CTA has {} warps, not 4", wic / 4, cta.numWarps - wic / 4 * 4));

  const std::uint32_t count = static_cast<std::uint32_t>(n);
  const RegisterPool& now = cta.ctl.regs;
  const std::uint32_t initial = initialRegisters(ctx);
  const std::uint32_t current = now.perWarp.empty() ? initial : now.perWarp[wic];
  if (inc ? current > count : current < count) {
    ctx.diag(DiagKind::SetmaxnregCount, ctx.lanes(),
             fmt::format("setmaxnreg.{} {}: the warp owns {} registers per thread; the count is unchanged",
                         inc ? "inc" : "dec", count, current));
    return;
  }
  const std::uint32_t free = now.perWarp.empty() ? 0 : now.free;
  if (inc && count - current > free) {
    // Not enough in the pool: wait (run again later) while another warp of
    // the CTA may still give registers back; a hang when none can.
    const MachineState& st = ctx.state();
    bool someoneCanRelease = false;
    for (std::uint32_t w = cta.firstWarp; w < cta.firstWarp + cta.numWarps && !someoneCanRelease; ++w) {
      if (w == ctx.warpIndex()) continue;
      const WarpControl& c = st.warps[w].ctl;
      someoneCanRelease = c.ready() != 0 && !atSetmaxnregInc(ctx.program(), c);
    }
    if (!someoneCanRelease) {
      ctx.diag(DiagKind::SetmaxnregHang, ctx.lanes(),
               fmt::format("setmaxnreg.inc {} needs {} registers per thread from the CTA's register pool, which has {}; "
                           "no other warp of the CTA can give any back",
                           count, count - current, free));
    }
    const std::uint32_t pc = ctx.warp().ctl.pc[static_cast<std::size_t>(std::countr_zero(ctx.lanes()))];
    ctx.jumpLanes(ctx.lanes(), pc);
    ctx.ctl().yielded |= ctx.lanes();  // let the other warps run first
    return;
  }
  RegisterPool& pool = ctx.ctaCtl(ctx.warp().cta).regs;
  if (pool.perWarp.empty()) {
    pool.perWarp.assign(cta.numWarps, static_cast<std::uint16_t>(initial));
    pool.free = 0;
  }
  pool.free = inc ? pool.free - (count - current) : pool.free + (current - count);
  pool.perWarp[wic] = static_cast<std::uint16_t>(count);
}

}  // namespace ws::core
