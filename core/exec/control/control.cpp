// Control flow and barriers: bra (PTX ISA 9.7.12.2), call/ret (9.7.12.5-6),
// exit (9.7.12.7), bar/barrier (9.7.13.1), bar.warp.sync (9.7.13.3),
// barrier.cluster (9.7.13.2), membar/fence (9.7.13.4), nanosleep (9.7.13.13),
// trap, brkpt.
#include <algorithm>
#include <bit>
#include <optional>

#include <fmt/format.h>

#include "core/exec/engine/exec_ctx.hpp"
#include "core/exec/races/race_checker.hpp"
#include "core/exec/memory/memory_map.hpp"

namespace ws::core {
namespace {

void execBra(ExecCtx& ctx) { ctx.jumpLanes(ctx.lanes(), ctx.ins().ops[0].target); }

// brx.idx index, tlist (PTX ISA 9.7.12.3): each lane jumps to the label its
// index selects from the .branchtargets list.
void execBrxIdx(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const std::vector<Operand>& targets = ins.ops[1].elems;
  for (LaneMask m = ctx.lanes(); m; m &= m - 1) {
    const int l = std::countr_zero(m);
    const std::uint64_t i = ctx.read(l, ins.ops[0], DataType::U32);
    if (i >= targets.size()) {
      ctx.diag(DiagKind::OutOfBounds, 1u << l,
               fmt::format("lane {}: brx.idx index {} is outside its list of {} targets (the behaviour is "
                           "undefined)",
                           l, i, targets.size()));
      continue;
    }
    ctx.jump(l, targets[static_cast<std::size_t>(i)].target);
  }
}

// Copies `bytes` of per-thread .param storage between two ParamFunc symbols.
void copyParam(ExecCtx& ctx, int lane, const Symbol& from, const Symbol& to) {
  const std::uint64_t n = std::min(from.size, to.size);
  for (std::uint64_t b = 0; b < n; ++b) {
    std::uint64_t v = 0;
    if (!ctx.load(lane, {Space::ParamFunc, from.offset + b}, 1, v)) return;
    if (!ctx.store(lane, {Space::ParamFunc, to.offset + b}, 1, v)) return;
  }
}

// The function an indirect call's address names, if it is one with a body.
std::optional<std::uint32_t> calleeAt(const Program& p, std::uint64_t addr) {
  if (addr < memmap::kFunctionWindow || (addr - memmap::kFunctionWindow) % memmap::kFunctionStride != 0)
    return std::nullopt;
  const std::uint64_t f = (addr - memmap::kFunctionWindow) / memmap::kFunctionStride;
  if (f >= p.functions.size() || p.functions[f].isEntry || p.functions[f].begin == p.functions[f].end)
    return std::nullopt;
  return static_cast<std::uint32_t>(f);
}

// The per-thread storage a function owns: its .local variables and its
// .param storage (parameters, return values, call-site blocks), in symbol order.
template <class Fn>
void forEachOwnedStorage(const Program& p, std::uint32_t fi, Fn&& fn) {
  for (const Symbol& s : p.symbols) {
    if (s.func != static_cast<std::int32_t>(fi) && !(s.space == Space::ParamFunc && s.func < 0)) continue;
    if (s.space == Space::Local || s.space == Space::ParamFunc) fn(s);
  }
}

bool ownsParam(const Function& f, std::uint32_t symbol) {
  return std::find(f.params.begin(), f.params.end(), symbol) != f.params.end() ||
         std::find(f.returns.begin(), f.returns.end(), symbol) != f.returns.end();
}

// Saves the activation of function fi that lane l is in before it is entered
// again (recursion): its registers and the per-thread memory it owns.
void saveActivation(ExecCtx& ctx, int l, std::uint32_t fi, WarpControl::Frame& frame) {
  const Program& p = ctx.program();
  const Function& f = p.functions[fi];
  for (std::uint32_t r = f.regBegin; r < f.regEnd; ++r) frame.savedRegs.push_back(ctx.peekReg(l, r));
  auto save = [&](const Symbol& s) {
    for (std::uint64_t b = 0; b < s.size; ++b) {
      std::uint64_t v = 0;
      ctx.load(l, {s.space, s.offset + b}, 1, v);
      frame.savedMemory.push_back(static_cast<std::uint8_t>(v));
    }
  };
  forEachOwnedStorage(p, fi, [&](const Symbol& s) {
    if (s.func >= 0 || ownsParam(f, static_cast<std::uint32_t>(&s - p.symbols.data()))) save(s);
  });
}

void restoreActivation(ExecCtx& ctx, int l, std::uint32_t fi, const WarpControl::Frame& frame) {
  const Program& p = ctx.program();
  const Function& f = p.functions[fi];
  for (std::uint32_t r = f.regBegin; r < f.regEnd && r - f.regBegin < frame.savedRegs.size(); ++r)
    ctx.writeReg(l, r, frame.savedRegs[r - f.regBegin]);
  std::size_t at = 0;
  forEachOwnedStorage(p, fi, [&](const Symbol& s) {
    if (!(s.func >= 0 || ownsParam(f, static_cast<std::uint32_t>(&s - p.symbols.data())))) return;
    for (std::uint64_t b = 0; b < s.size && at < frame.savedMemory.size(); ++b)
      ctx.store(l, {s.space, s.offset + b}, 1, frame.savedMemory[at++]);
  });
}

// call (rets), func, (args) and the indirect form call (rets), %rd, (args),
// prototype: the parser decodes both as List, Func-or-Reg, List.
void execCall(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  if (ins.sysCall != SysCall::None) {
    execSysCall(ctx);
    return;
  }
  const Program& p = ctx.program();
  const Operand& target = ins.ops[1];
  const Operand* args = ins.ops.size() > 2 ? &ins.ops[2] : nullptr;
  const std::uint32_t self = static_cast<std::uint32_t>(&ins - p.instrs.data());
  for (LaneMask m = ctx.lanes(); m; m &= m - 1) {
    const int l = std::countr_zero(m);
    std::uint32_t fi = target.target;
    if (target.kind != OperandKind::Func) {
      const std::uint64_t addr = ctx.read(l, target, DataType::U64);
      auto f = calleeAt(p, addr);
      if (!f) {
        ctx.diag(DiagKind::OutOfBounds, 1u << l,
                 fmt::format("lane {} makes an indirect call to {:#x}, which is not the address of a .func with a "
                             "body in this module",
                             l, addr));
        continue;
      }
      fi = *f;
    }
    const Function& callee = p.functions[fi];
    WarpControl& c = ctx.ctl();
    std::uint32_t depth = 0;
    bool recursive = ins.func == fi;  // the activations on this lane's stack: the calling functions and this one
    for (const auto& f : c.frames) {
      if (f.lane != l) continue;
      ++depth;
      if (p.instrs[f.returnPc - 1].func == fi) recursive = true;
    }
    if (depth >= kMaxCallDepth) {
      ctx.diag(DiagKind::CallDepth, 1u << l,
               fmt::format("lane {} calls {} {} frames deep; this engine allows at most {} (on a GPU the stack would "
                           "likely overflow first)",
                           l, callee.name, depth + 1, kMaxCallDepth));
      continue;
    }
    WarpControl::Frame frame{static_cast<std::uint8_t>(l), self + 1, {}, {}};
    // Recursion: the callee's one register set and storage hold an outer
    // activation; keep it in the frame until this call returns.
    if (recursive) saveActivation(ctx, l, fi, frame);
    if (args) {
      for (std::size_t i = 0; i < args->elems.size() && i < callee.params.size(); ++i) {
        const Operand& a = args->elems[i];
        if (a.symbol < 0) continue;
        copyParam(ctx, l, p.symbols[static_cast<std::size_t>(a.symbol)], p.symbols[callee.params[i]]);
      }
    }
    ctx.ctl().frames.push_back(std::move(frame));
    ctx.jump(l, callee.begin);
  }
}

void execRet(ExecCtx& ctx) {
  const Program& p = ctx.program();
  LaneMask exits = 0;
  if (ctx.lanes() != 0 && ctx.ctl().frames.empty()) {
    // No lane is inside a .func call (the usual kernel): every lane exits.
    ctx.exitLanes(ctx.lanes());
    return;
  }
  for (LaneMask m = ctx.lanes(); m; m &= m - 1) {
    const int l = std::countr_zero(m);
    WarpControl& c = ctx.ctl();
    auto it = std::find_if(c.frames.rbegin(), c.frames.rend(), [&](const auto& f) { return f.lane == l; });
    if (it == c.frames.rend()) {
      exits |= 1u << l;  // ret from the entry ends the thread
      continue;
    }
    const std::uint32_t ret = it->returnPc;
    const WarpControl::Frame frame = std::move(*it);
    c.frames.erase(std::next(it).base());
    // Copy the callee's return params into the caller's receiving params
    // (read first: restoring an outer activation of the same function
    // overwrites the callee's storage).
    const Instr& call = p.instrs[ret - 1];
    const std::uint32_t fi = ctx.ins().func;
    const Function& callee = p.functions[fi];
    std::vector<std::pair<const Symbol*, std::vector<std::uint8_t>>> results;
    for (const Operand& o : call.ops) {
      if (o.kind != OperandKind::List) continue;
      for (std::size_t i = 0; i < o.elems.size() && i < callee.returns.size(); ++i) {
        if (o.elems[i].symbol < 0) continue;
        const Symbol& from = p.symbols[callee.returns[i]];
        const Symbol& to = p.symbols[static_cast<std::size_t>(o.elems[i].symbol)];
        std::vector<std::uint8_t> bytes;
        for (std::uint64_t b = 0; b < std::min(from.size, to.size); ++b) {
          std::uint64_t v = 0;
          ctx.load(l, {Space::ParamFunc, from.offset + b}, 1, v);
          bytes.push_back(static_cast<std::uint8_t>(v));
        }
        results.emplace_back(&to, std::move(bytes));
      }
      break;  // the first list is the return list
    }
    if (!frame.savedRegs.empty() || !frame.savedMemory.empty()) restoreActivation(ctx, l, fi, frame);
    for (const auto& [to, bytes] : results)
      for (std::size_t b = 0; b < bytes.size(); ++b) ctx.store(l, {Space::ParamFunc, to->offset + b}, 1, bytes[b]);
    ctx.jump(l, ret);
  }
  ctx.exitLanes(exits);
}

// bar{.cta}.sync/arrive/red and barrier{.cta}{.aligned}.sync/arrive/red:
// threads arrive at barrier a; with .sync and .red they wait until b threads
// (default: all threads of the CTA) have arrived. bar.* is the .aligned form:
// every live lane of the warp must execute it together. .red (d, a{, b},
// {!}c) also counts the threads' predicates c; on release every waiting
// thread gets the reduction (Engine::releaseBarrier).
void execBarrier(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const bool red = ins.opMod == Mod::Red;
  const std::size_t first = red ? 1 : 0;  // the barrier operand
  if (ins.ops.size() < first + (red ? 2u : 1u)) {
    ctx.diag(DiagKind::Unsupported, ctx.lanes(), fmt::format("{} is missing operands", ins.info().mnemonic));
    return;
  }
  const bool aligned = ins.op == Opcode::Bar || ins.has(Mod::Aligned);
  const bool arriveOnly = ins.opMod == Mod::Arrive;
  const int lead = std::countr_zero(ctx.lanes());
  const std::uint32_t id = static_cast<std::uint32_t>(ctx.read(lead, ins.ops[first], DataType::U32));
  if (id >= 16) {
    ctx.diag(DiagKind::OutOfBounds, ctx.lanes(), fmt::format("barrier id {} is out of range 0..15", id));
    return;
  }
  std::uint32_t count = 0;
  const std::size_t countOps = red ? 4 : 2;  // operands when b is given
  if (ins.ops.size() >= countOps) count = static_cast<std::uint32_t>(ctx.read(lead, ins.ops[first + 1], DataType::U32));
  if (aligned && ctx.lanes() != ctx.warp().ctl.live()) {
    // Warp-mates still on their way here are waited for (nvcc's
    // `if (lane == 0) {...} __syncthreads();` brings lane 0 last); only
    // warp-mates at another barrier break the rule (exits: reportLanesLeftAtBarrier).
    const WarpControl& c = ctx.warp().ctl;
    const std::uint32_t pc = static_cast<std::uint32_t>(&ins - ctx.program().instrs.data());
    LaneMask elsewhere = 0;
    std::uint32_t otherPc = 0;
    for (LaneMask m = c.waiting & ~ctx.lanes(); m; m &= m - 1) {
      const auto l = static_cast<std::size_t>(std::countr_zero(m));
      // (A lane waiting at a barrier has its PC on the instruction after it.)
      if (c.waitKind[l] != WaitKind::Barrier || c.pc[l] - 1 == pc) continue;
      elsewhere |= 1u << l;
      otherPc = c.pc[l] - 1;
    }
    if (elsewhere)
      ctx.diag(DiagKind::DivergentBarrier, ctx.lanes(),
               fmt::format("lanes {:#010x} of the warp reach {} at line {} while lanes {:#010x} wait at the barrier of "
                           "line {}",
                           ctx.lanes(), ins.info().mnemonic, ins.pos.line, elsewhere,
                           ctx.program().instrs[otherPc].pos.line));
  }
  CtaControl& cc = ctx.ctaCtl(ctx.warp().cta);
  BarrierState& b = cc.barriers[id];
  if (count) {
    if (count % 32 != 0)
      ctx.diag(DiagKind::BarrierCountMismatch, ctx.lanes(),
               fmt::format("barrier {} is used with thread count {}, which is not a multiple of the warp size (32)",
                           id, count));
    else if (b.expected && b.expected != count)
      ctx.diag(DiagKind::BarrierCountMismatch, ctx.lanes(),
               fmt::format("barrier {} is used with thread count {}, but the {} threads that arrived before gave {}",
                           id, count, b.arrived, b.expected));
    b.expected = count;
  }
  b.arrived += static_cast<std::uint32_t>(std::popcount(ctx.lanes()));
  // An arrival releases what the lanes did before it; the barrier's
  // completion hands it to the lanes that wait (core/exec/engine/engine_waits.cpp).
  if (race::RaceChecker* r = ctx.races()) r->barrierArrive(ctx.warp().cta, id, ctx.warpIndex(), ctx.lanes());
  if (red) {
    const Operand& c = ins.ops.back();
    for (LaneMask m = ctx.lanes(); m; m &= m - 1) (ctx.readPred(std::countr_zero(m), c) ? b.redTrue : b.redFalse)++;
  }
  if (!arriveOnly) ctx.block(ctx.lanes(), WaitKind::Barrier, id);
}

// barrier.cluster.arrive marks the thread arrived in the current phase;
// barrier.cluster.wait waits until that phase completes (all non-exited
// threads of the cluster arrived).
void execClusterBarrier(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  const std::uint32_t k = ctx.cta().cluster;
  if (ins.opMod == Mod::Arrive) {
    ClusterState& cl = ctx.cluster(k);
    WarpControl& c = ctx.ctl();
    for (LaneMask m = ctx.lanes(); m; m &= m - 1) {
      const std::size_t l = static_cast<std::size_t>(std::countr_zero(m));
      c.clusterArrivePhase[l] = cl.phase + 1;
    }
    cl.arrived += static_cast<std::uint32_t>(std::popcount(ctx.lanes()));
    // .release is the arrive's default semantics; .relaxed releases nothing.
    if (race::RaceChecker* r = ctx.races()) r->clusterArrive(k, ctx.warpIndex(), ctx.lanes(), ins.sem != Mod::Relaxed);
    return;
  }
  // wait: block the lanes whose arrival phase has not completed yet.
  const ClusterState& cl = ctx.state().clusters[k];
  WarpControl& c = ctx.ctl();
  LaneMask wait = 0;
  std::uint32_t phase = 0;
  for (LaneMask m = ctx.lanes(); m; m &= m - 1) {
    const std::size_t l = static_cast<std::size_t>(std::countr_zero(m));
    if (c.clusterArrivePhase[l] > cl.phase) {
      wait |= 1u << l;
      phase = c.clusterArrivePhase[l];
    }
    c.clusterArrivePhase[l] = 0;
  }
  if (wait) ctx.block(wait, WaitKind::ClusterBarrier, phase);
  // Lanes whose phase already completed acquire it now (the others when it does).
  if (race::RaceChecker* r = ctx.races(); r && (ctx.lanes() & ~wait))
    r->clusterAcquire(k, ctx.warpIndex(), ctx.lanes() & ~wait);
}

// fence / membar: ordering only in this sequentially consistent machine,
// but the race detector needs them: fence.sc, fence.acq_rel and membar are
// the release and acquire halves of fence-based synchronization (PTX ISA
// 8.8), fence.proxy.async orders generic accesses before async-proxy ones.
void execFence(ExecCtx& ctx) {
  race::RaceChecker* r = ctx.races();
  if (r == nullptr) return;
  const Instr& ins = ctx.ins();
  if (ins.has(Mod::Proxy)) {
    if (ins.has(Mod::Async)) r->proxyFence(ctx.warpIndex(), ctx.lanes());
    return;  // fence.proxy.alias / tensormap: nothing the detector tracks
  }
  race::Scope scope = race::Scope::Sys;
  if (ins.has(Mod::Cta)) scope = race::Scope::Cta;
  else if (ins.has(Mod::Cluster)) scope = race::Scope::Cluster;
  else if (ins.has(Mod::Gpu) || ins.has(Mod::Gl)) scope = race::Scope::Gpu;
  r->fence(ctx.warpIndex(), ctx.lanes(), scope);
}

}  // namespace

// Lanes that exit while warp-mates wait at an aligned barrier never reach
// it: the rule of execBarrier ("all threads in a warp must execute the same
// barrier instruction"), reported at the barrier for the lanes left there.
void reportLanesLeftAtBarrier(ExecCtx& ctx, LaneMask exiting) {
  const WarpControl& c = ctx.warp().ctl;
  LaneMask left = 0;
  std::uint32_t pc = 0;
  for (LaneMask m = c.waiting & ~exiting; m; m &= m - 1) {
    const auto l = static_cast<std::size_t>(std::countr_zero(m));
    if (c.waitKind[l] != WaitKind::Barrier) continue;
    const Instr& at = ctx.program().instrs[c.pc[l] - 1];  // its PC is on the instruction after the barrier
    if (at.op != Opcode::Bar && !at.has(Mod::Aligned)) continue;
    left |= 1u << l;
    pc = c.pc[l] - 1;
  }
  if (!left) return;
  const Instr& bar = ctx.program().instrs[pc];
  ctx.diag(DiagKind::DivergentBarrier, left,
           fmt::format("lanes {:#010x} of the warp wait at {} at line {} while lanes {:#010x} exit without reaching it",
                       left, bar.info().mnemonic, bar.pos.line, exiting),
           pc);
}

void execControl(ExecCtx& ctx) {
  switch (ctx.ins().op) {
    case Opcode::Bra: execBra(ctx); break;
    case Opcode::BrxIdx: execBrxIdx(ctx); break;
    case Opcode::Call: execCall(ctx); break;
    case Opcode::Ret: execRet(ctx); break;
    case Opcode::Exit: ctx.exitLanes(ctx.lanes()); break;
    case Opcode::Bar: case Opcode::Barrier: execBarrier(ctx); break;
    case Opcode::BarWarp: break;  // the engine resolves the wait for the membermask lanes
    case Opcode::BarrierCluster: execClusterBarrier(ctx); break;
    case Opcode::Membar: case Opcode::Fence: execFence(ctx); break;
    // Programmatic dependent launch: no grid depends on this one, and none
    // runs before it, so both launch_dependents and wait have nothing to do.
    case Opcode::Griddepcontrol: break;
    case Opcode::Nanosleep: ctx.ctl().yielded |= ctx.lanes(); break;
    case Opcode::Trap:
      ctx.diag(DiagKind::Trap, ctx.lanes(), fmt::format("lanes {:#010x} executed trap", ctx.lanes()) + ctx.hangNote());
      ctx.exitLanes(ctx.lanes());
      break;
    case Opcode::Brkpt: ctx.requestBreak(); break;
    default:
      ctx.diag(DiagKind::Unsupported, ctx.lanes(), fmt::format("{} is not a control instruction", ctx.ins().info().mnemonic));
  }
}

}  // namespace ws::core
