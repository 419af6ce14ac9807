#include "core/exec/diagnostics/hw_rules.hpp"

#include <bit>

#include "core/exec/engine/exec_ctx.hpp"

namespace ws::core::hw {

LaneMask releasedLanes(LaneMask arrived, const MaskOf& maskOf, LaneMask live) {
  if (arrived == 0) return 0;
  // The usual case, every arrived lane passing one mask, in one pass: they
  // are one group, which goes if every live lane of the mask arrived.
  const LaneMask first = maskOf[static_cast<std::size_t>(std::countr_zero(arrived))];
  LaneMask differ = 0;
  for (std::size_t l = 0; l < kWarpSize; ++l) differ |= ((arrived >> l) & 1u) != 0 ? maskOf[l] ^ first : 0u;
  if (differ == 0) return (first & live & ~arrived) == 0 ? arrived : 0;
  LaneMask go = 0, seen = 0;
  for (LaneMask m = arrived; m; m &= m - 1) {
    const int l = std::countr_zero(m);
    if ((seen >> l) & 1u) continue;
    const LaneMask mask = maskOf[static_cast<std::size_t>(l)];
    // The arrived lanes passing this same mask, found in one pass.
    LaneMask same = 0;
    for (LaneMask k = arrived; k; k &= k - 1) {
      const int o = std::countr_zero(k);
      if (maskOf[static_cast<std::size_t>(o)] == mask) same |= 1u << o;
    }
    seen |= same;
    if ((mask & live & ~same) == 0) go |= same;
  }
  return go;
}

std::string_view cudaErrorText(CudaError e) {
  switch (e) {
    case CudaError::IllegalInstruction: return "an illegal instruction was encountered";
    case CudaError::IllegalAddress: return "an illegal memory access was encountered";
    case CudaError::LaunchFailure: return "unspecified launch failure";
  }
  return "unspecified launch failure";
}

std::optional<RecordedFault> recordedFault(DiagKind kind) {
  switch (kind) {
    case DiagKind::BarrierCountMismatch:
      return RecordedFault{CudaError::IllegalInstruction, "scenarios/ub-barrier-count-mismatch/h200-runs.txt"};
    case DiagKind::MbarrierOverArrive:
      return RecordedFault{CudaError::LaunchFailure, "scenarios/ub-mbarrier-over-arrive/h200-runs.txt"};
    case DiagKind::MbarrierTxOverflow:
      return RecordedFault{CudaError::LaunchFailure, "scenarios/ub-mbarrier-tx-overflow/h200-runs.txt"};
    case DiagKind::MbarrierUninitialized:
      return RecordedFault{CudaError::LaunchFailure, "scenarios/ub-mbarrier-uninitialized/h200-runs.txt"};
    case DiagKind::MbarrierRemoteUnsupported:
      return RecordedFault{CudaError::IllegalInstruction, "scenarios/ub-mbarrier-remote-unsupported/h200-runs.txt"};
    // Three kernels (x = 3, -3 for f32, 4 for f16); the first is named.
    case DiagKind::TensorCoordinateUnaligned:
      return RecordedFault{CudaError::IllegalInstruction,
                           "tests/data/hopper/faulting/tma-coordinate-unaligned-x/hw-h200-error.txt"};
    case DiagKind::TensorStoreOutOfBounds:
      return RecordedFault{CudaError::IllegalInstruction,
                           "tests/data/hopper/faulting/tma-store-2d-partial-oob/hw-h200-error.txt"};
    default: return std::nullopt;
  }
}

namespace {

// An unguarded warp sync of the whole warp (an immediate membermask
// 0xffffffff): after it ptxas knows every lane is there (a bar.warp.sync only
// where it is the function's only one: ptxasLowering).
bool syncsFullWarp(const Instr& ins) {
  if (ins.guard >= 0) return false;
  const int mi = membermaskOperand(ins);
  if (mi < 0) return false;
  const Operand& m = ins.ops[static_cast<std::size_t>(mi)];
  return m.kind == OperandKind::Imm && static_cast<LaneMask>(m.imm) == ~0u;
}

}  // namespace

std::vector<SyncLowering> ptxasLowering(const Program& program, std::uint32_t func) {
  const Function& f = program.functions[func];
  const std::uint32_t n = f.end - f.begin, exitNode = n;
  // The control flow graph over the function's instructions; node n is its exit.
  std::vector<std::vector<std::uint32_t>> succ(n), pred(n + 1);
  std::vector<bool> divergent(n, false), syncs(n, false);
  // How many of each: ptxas lowers a vote/match/redux that the function has
  // more than once through BRA.DIV, and bar.warp.sync as well.
  std::uint32_t votes = 0, matches = 0, reduxes = 0, warpSyncs = 0;
  auto local = [&](std::uint32_t pc) { return pc >= f.begin && pc < f.end ? pc - f.begin : exitNode; };
  for (std::uint32_t i = 0; i < n; ++i) {
    const Instr& ins = program.instrs[f.begin + i];
    const bool guarded = ins.guard >= 0, uni = ins.has(Mod::Uni);
    const std::uint32_t next = i + 1 < n ? i + 1 : exitNode;
    switch (ins.op) {
      case Opcode::Bra:
        if (!ins.ops.empty()) succ[i].push_back(local(ins.ops[0].target));
        if (guarded) succ[i].push_back(next);
        divergent[i] = guarded && !uni;
        break;
      case Opcode::BrxIdx:
        if (ins.ops.size() > 1)
          for (const Operand& t : ins.ops[1].elems) succ[i].push_back(local(t.target));
        if (guarded) succ[i].push_back(next);
        divergent[i] = !uni;
        break;
      case Opcode::Ret:
      case Opcode::Exit:
      case Opcode::Trap:
        succ[i].push_back(exitNode);
        if (guarded) succ[i].push_back(next);
        divergent[i] = guarded;
        break;
      default:
        succ[i].push_back(next);
        break;
    }
    syncs[i] = syncsFullWarp(ins);
    votes += ins.op == Opcode::Vote;
    matches += ins.op == Opcode::Match;
    reduxes += ins.op == Opcode::Redux;
    warpSyncs += ins.op == Opcode::BarWarp;
    for (std::uint32_t s : succ[i]) pred[s].push_back(i);
  }
  if (warpSyncs > 1)
    for (std::uint32_t i = 0; i < n; ++i) syncs[i] = syncs[i] && program.instrs[f.begin + i].op != Opcode::BarWarp;

  // Immediate post-dominators (Cooper, Harvey and Kennedy's iteration on the
  // reverse graph, numbered in its postorder from the exit). Instructions
  // that never reach the exit (an endless loop) have none.
  constexpr std::uint32_t kNone = ~0u;
  std::vector<std::uint32_t> order, po(n + 1, kNone);
  {
    std::vector<std::pair<std::uint32_t, std::size_t>> stack{{exitNode, 0}};
    std::vector<bool> seen(n + 1, false);
    seen[exitNode] = true;
    while (!stack.empty()) {
      auto& [node, k] = stack.back();
      if (k < pred[node].size()) {
        const std::uint32_t p = pred[node][k++];
        if (!seen[p]) {
          seen[p] = true;
          stack.emplace_back(p, 0);
        }
      } else {
        po[node] = static_cast<std::uint32_t>(order.size());
        order.push_back(node);
        stack.pop_back();
      }
    }
  }
  std::vector<std::uint32_t> ipdom(n + 1, kNone);
  ipdom[exitNode] = exitNode;
  auto intersect = [&](std::uint32_t a, std::uint32_t b) {
    while (a != b) {
      while (po[a] < po[b]) a = ipdom[a];
      while (po[b] < po[a]) b = ipdom[b];
    }
    return a;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
      const std::uint32_t b = *it;
      if (b == exitNode) continue;
      std::uint32_t d = kNone;
      for (std::uint32_t s : succ[b])
        if (ipdom[s] != kNone) d = d == kNone ? s : intersect(s, d);
      if (d != ipdom[b]) {
        ipdom[b] = d;
        changed = true;
      }
    }
  }

  // Not converged: what a divergent branch reaches before its reconvergence
  // point, cut after a full-warp sync (the sync itself waits not converged).
  std::vector<bool> converged(n, true);
  std::vector<std::uint32_t> stamp(n, kNone), stack;
  auto flood = [&](std::uint32_t id, const std::vector<std::uint32_t>& from, std::uint32_t stop) {
    stack.assign(from.begin(), from.end());
    while (!stack.empty()) {
      const std::uint32_t x = stack.back();
      stack.pop_back();
      if (x == exitNode || x == stop || stamp[x] == id) continue;
      stamp[x] = id;
      converged[x] = false;
      if (!syncs[x]) stack.insert(stack.end(), succ[x].begin(), succ[x].end());
    }
  };
  if (!f.isEntry && n > 0) flood(n, {0}, kNone);
  for (std::uint32_t i = 0; i < n; ++i)
    if (divergent[i]) flood(i, succ[i], ipdom[i]);
  std::vector<SyncLowering> lowering(n);
  for (std::uint32_t i = 0; i < n; ++i) {
    const Opcode op = program.instrs[f.begin + i].op;
    const bool braDiv = (op == Opcode::Vote && votes > 1) || (op == Opcode::Match && matches > 1) ||
                        (op == Opcode::Redux && reduxes > 1);
    lowering[i] = braDiv ? SyncLowering::AtRunTime : converged[i] ? SyncLowering::Converged : SyncLowering::WarpSync;
  }
  return lowering;
}

bool convergedFor(SyncLowering lowering, LaneMask exec, LaneMask live) {
  switch (lowering) {
    case SyncLowering::Converged: return true;
    case SyncLowering::WarpSync: return false;
    case SyncLowering::AtRunTime: return exec == live;
  }
  return false;
}

std::optional<Fault> collectiveFault(Opcode op, LaneMask exec, const MaskOf& maskOf, LaneMask live, bool converged) {
  LaneMask noLive = 0, outside = 0;
  for (LaneMask m = exec; m; m &= m - 1) {
    const int l = std::countr_zero(m);
    const LaneMask mask = maskOf[static_cast<std::size_t>(l)];
    if ((mask & live) == 0) noLive |= 1u << l;
    if (!((mask >> l) & 1u)) outside |= 1u << l;
  }
  if (noLive)
    return Fault{CudaError::IllegalInstruction, noLive,
                 "its membermask names no live lane (every lane it names has exited or does not exist)"};
  const bool syncFirst = op == Opcode::Vote || op == Opcode::Match || op == Opcode::Redux;
  if (syncFirst && outside && !converged)
    return Fault{CudaError::IllegalInstruction, outside,
                 "these lanes are not in their own membermask, and ptxas syncs the membermask first (WARPSYNC) "
                 "where it cannot prove the warp converged: the sync faults for a lane outside it"};
  return std::nullopt;
}

bool yieldsInLoop(const Instr& ins) {
  if (ins.info().flags & kAtomic) return true;
  return ins.op == Opcode::Ld && (ins.has(Mod::Volatile) || ins.has(Mod::Relaxed) || ins.has(Mod::Acquire));
}

}  // namespace ws::core::hw
