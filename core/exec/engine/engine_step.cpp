// Engine: choosing and executing one step (a warp instruction for a group of
// lanes at one PC, or the retirement of an in-flight async operation), and
// resolving the collectives a step reaches (releasing barrier and mbarrier
// waits: engine_waits.cpp; warps that can no longer run: engine_stuck.cpp).
#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

#include <fmt/format.h>

#include "core/exec/async/async_op.hpp"
#include "core/exec/engine/engine.hpp"
#include "core/exec/engine/exec_ctx.hpp"
#include "core/exec/diagnostics/hw_rules.hpp"
#include "core/exec/diagnostics/wait_report.hpp"

namespace ws::core {
namespace {

bool waitsForMembers(const Instr& ins) {
  // The family first: the opcode table is looked up for collectives only.
  // Warp-matrix instructions (ldmatrix, mma, wmma, ...) wait for the whole warp.
  return ((ins.family == Family::Collective || ins.family == Family::Matrix) && (ins.info().flags & kCollective) != 0) ||
         ins.op == Opcode::BarWarp;
}

// Whether every lane's membermask operand reads 0xffffffff (as .b32) with
// nothing to report: an immediate, or a register that every lane has written.
bool fullMembermask(const ExecCtx& ctx, const Operand& op) {
  if (op.kind == OperandKind::Imm) return !op.immIsFloat && static_cast<LaneMask>(op.imm) == ~0u;
  const WarpState& ws = ctx.warp();
  if (op.kind != OperandKind::Reg || (ctx.options().reportUninitializedReads && ws.written[op.reg] != ~0u))
    return false;
  const std::uint64_t* row = ws.regs.data() + static_cast<std::size_t>(op.reg) * kWarpSize;
  std::uint64_t all = ~0ull;
  for (std::size_t l = 0; l < kWarpSize; ++l) all &= row[l];
  return static_cast<LaneMask>(all) == ~0u;
}

// Whether runCollective() changes the waits of warp control c, releasing
// `lanes`: their wait bits, or a wait kind left by any lane (an exited lane
// keeps its own; WaitKind::None is 0, so a warp without one is four words of
// zero).
bool releasesWaits(const WarpControl& c, LaneMask lanes) {
  static_assert(static_cast<int>(WaitKind::None) == 0 && sizeof(c.waitKind) == 4 * sizeof(std::uint64_t));
  std::uint64_t kinds = 0;
  for (std::size_t i = 0; i < sizeof(c.waitKind); i += sizeof(std::uint64_t)) {
    std::uint64_t word = 0;
    std::memcpy(&word, c.waitKind.data() + i, sizeof(word));
    kinds |= word;
  }
  return (c.waiting & lanes) != 0 || kinds != 0;
}

}  // namespace

// Defined here, beside the steps that make one per instruction, so that
// making one is inlined there.
ExecCtx::ExecCtx(Engine& engine, std::uint32_t warp, const Instr& ins, LaneMask lanes, StepRecord* rec)
    : m_engine(engine),
      m_warp(warp),
      m_ins(ins),
      m_lanes(lanes),
      m_regs(engine.m_state.warps[warp].regs.data()),
      m_written(engine.m_state.warps[warp].written.data()),
      m_regMask(engine.m_regMask.data()),
      m_checkReads(engine.m_options.reportUninitializedReads),
      m_races(engine.m_races ? &*engine.m_races : nullptr),
      m_raceTracked(m_races != nullptr && racedInstruction(ins)),
      m_raceFindings(&engine.m_raceFindings),
      m_rec(rec) {}

StepResult Engine::step(StepRecord* rec) {
  // A saved schedule's forced switch at this step (engine_choice.cpp).
  if (m_schedule) [[unlikely]]
    if (const ForcedPick* f = m_schedule->at(m_state.step))
      if (const StepResult r = forcedStep(f->pick, rec); r.executed) return r;
  // A hang is found by watching states (engine_hang.cpp), at the steps it asks for.
  if (m_state.step >= m_hangCheckAt && m_watchHangs) [[unlikely]]
    if (const std::optional<StepResult> hang = watchHang(rec)) return *hang;
  const std::uint32_t n = static_cast<std::uint32_t>(m_state.warps.size());
  // The usual step of run-to-block scheduling: the warp the last step stayed
  // on is converged where that step left it, every lane ready and none
  // yielded. stepScan() would pick it first, with the group nextGroup()
  // keeps for it, and stay on it unless the quantum ends; a warp with every
  // lane polling is idle and takes stepScan()'s way (Lazy completion).
  if (const std::uint32_t w = m_state.nextWarp; w < n && m_options.scheduling == WarpScheduling::RunToBlock) {
    const WarpControl& c = m_state.warps[w].ctl;
    const UniformPc u = m_uniformPc[w];
    if (u.gen == m_pcGen && c.ready() == ~0u && c.yielded == 0 && c.polling != ~0u) {
      const std::uint32_t next = (m_state.step + 1) % kRunToBlockQuantum != 0 ? w : w + 1;
      if (rec == nullptr && m_uniform.ops[u.pc].kind != UniformOp::Kind::None && !m_state.trapped &&
          stepUniform(w, u.pc)) {
        m_state.nextWarp = next;
        return {true, StopReason::None};
      }
      beginRecord(rec, w, u.pc);
      m_state.nextWarp = next;
      return execGroup(w, Group{~0u, u.pc}, rec);
    }
    // The same warp split in two groups that nextGroup() knows (strict
    // mode, every lane ready, none yielded or polling): stepScan() would
    // run the lower PC's group and stay.
    const SplitPc s = m_splitPc[w];
    if (s.gen == m_pcGen && c.ready() == ~0u && c.yielded == 0 && c.polling == 0 &&
        m_options.mode != ExecMode::Hardware) {
      const Group g = s.lower();
      beginRecord(rec, w, g.pc);
      m_state.nextWarp = (m_state.step + 1) % kRunToBlockQuantum != 0 ? w : w + 1;
      return execGroup(w, g, rec);
    }
  }
  return stepScan(rec);
}

// step() past its usual case: the rotation over the warps and the async unit.
StepResult Engine::stepScan(StepRecord* rec) {
  const Plan p = planScan();
  switch (p.kind) {
    case Plan::Kind::Run:
      beginRecord(rec, p.warp, p.group.pc);
      m_state.nextWarp = p.after;
      return execGroup(p.warp, p.group, rec);
    case Plan::Kind::Retire: return retireAsync(p.async, rec);
    case Plan::Kind::Finished: return {false, StopReason::Finished};
    case Plan::Kind::Wait: return {false, StopReason::None};  // Manual: the user retires one
    case Plan::Kind::Deadlock: break;
  }
  return deadlock(rec);
}

Engine::Plan Engine::planScan() const {
  const std::uint32_t n = static_cast<std::uint32_t>(m_state.warps.size());
  const bool rotateAsync = m_options.asyncCompletion == AsyncCompletion::Oldest ||
                           m_options.asyncCompletion == AsyncCompletion::Newest;
  Plan retire;
  retire.kind = Plan::Kind::Retire;
  // The rotation has one slot per warp plus one for the async unit.
  std::uint32_t slot = m_state.nextWarp % (n + 1);
  for (std::uint32_t i = 0; i <= n; ++i, slot = slot == n ? 0 : slot + 1) {
    if (slot == n) {
      if (rotateAsync && !m_state.inflight.empty()) {
        retire.async = readyAsync(m_options.asyncCompletion == AsyncCompletion::Newest);
        return retire;
      }
      continue;
    }
    auto g = nextGroup(slot);
    if (!g) continue;
    // A group is idle when its lanes just failed a wait or are in a poll
    // loop; warps of a cluster polling out of phase would otherwise never
    // all look idle at once.
    auto idle = [&](std::uint32_t w, LaneMask lanes) {
      const WarpControl& cw = m_state.warps[w].ctl;
      return (lanes & ~(cw.yielded | cw.polling)) == 0;
    };
    if (idle(slot, g->lanes) && m_options.asyncCompletion == AsyncCompletion::Lazy && !m_state.inflight.empty()) {
      // Lazy completion: an async op retires only when every warp is blocked
      // or idle; look for a warp that can make real progress first.
      bool other = false;
      for (std::uint32_t w = 0; w < n && !other; ++w) {
        auto gw = nextGroup(w);
        other = gw && !idle(w, gw->lanes);
      }
      if (!other) {
        retire.async = readyAsync(false);
        return retire;
      }
    }
    Plan run;
    run.kind = Plan::Kind::Run;
    run.warp = slot;
    run.group = *g;
    run.after = slotAfter(slot, *g);
    return run;
  }
  // Nothing can run.
  Plan none;
  if (!m_state.inflight.empty() && m_options.asyncCompletion != AsyncCompletion::Manual) {
    retire.async = readyAsync(false);
    return retire;
  }
  if (finished())
    none.kind = Plan::Kind::Finished;
  else if (!m_state.inflight.empty())
    none.kind = Plan::Kind::Wait;
  return none;
}

// Run-to-block keeps a warp until it blocks, but hands over every
// kRunToBlockQuantum steps: a warp spinning on memory (a flag another warp
// sets, as cooperative groups' multi-warp barriers do) must not starve it.
std::uint32_t Engine::slotAfter(std::uint32_t w, Group g) const {
  const bool spinning = (g.lanes & ~m_state.warps[w].ctl.yielded) == 0;
  const bool stay = m_options.scheduling == WarpScheduling::RunToBlock && !spinning &&
                    (m_state.step + 1) % kRunToBlockQuantum != 0;
  return stay ? w : w + 1;  // w < number of warps, so w + 1 is at most the async unit's slot
}

StepResult Engine::stepWarp(std::uint32_t w, StepRecord* rec) {
  if (w >= m_state.warps.size()) return {};
  forgetHangWatch();  // a state that comes back through the user's choices is no loop of the scheduler's
  auto g = nextGroup(w);
  if (!g) return {false, finished() ? StopReason::Finished : StopReason::None};
  beginRecord(rec, w, g->pc);
  return execGroup(w, *g, rec);
}

StepResult Engine::completeAsync(std::uint64_t id, StepRecord* rec) {
  forgetHangWatch();
  for (std::size_t i = 0; i < m_state.inflight.size(); ++i)
    if (m_state.inflight[i].id == id) return asyncReady(m_state, i) ? retireAsync(i, rec) : StepResult{};
  return {};
}

// The oldest (or newest) in-flight operation that may complete now. The
// oldest always may, so there is one whenever anything is in flight.
std::size_t Engine::readyAsync(bool newest) const {
  const std::size_t n = m_state.inflight.size();
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t i = newest ? n - 1 - k : k;
    if (asyncReady(m_state, i)) return i;
  }
  return 0;
}

// Lanes of warp w waiting at cp.async.wait_group / cp.async.bulk.wait_group
// go on once the groups they wait for have nothing in flight; the lanes that
// wait at one instruction go on together (exec/async_copy.cpp, execAsyncWait).
void Engine::releaseGroupWaits(std::uint32_t w) {
  WarpControl& c = m_state.warps[w].ctl;
  LaneMask seen = 0;
  for (LaneMask m = c.waiting; m; m &= m - 1) {
    const int l = std::countr_zero(m);
    const auto li = static_cast<std::size_t>(l);
    const WaitKind k = c.waitKind[li];
    if ((k != WaitKind::AsyncGroup && k != WaitKind::BulkGroup) || ((seen >> l) & 1u)) continue;
    LaneMask here = 0;
    bool done = true;
    for (LaneMask o = m; o; o &= o - 1) {
      const int j = std::countr_zero(o);
      const auto ji = static_cast<std::size_t>(j);
      if (c.waitKind[ji] != k || c.pc[ji] != c.pc[li] || c.waitArg[ji] != c.waitArg[li]) continue;
      here |= LaneMask{1} << j;
      done = done && asyncGroupsDone(m_state, w, j, k == WaitKind::BulkGroup, c.waitArg[ji]);
    }
    seen |= here;
    if (!done) continue;
    touchWarp(w);
    c.waiting &= ~here;
    if (m_races) m_races->asyncWaitPassed(w, here, k == WaitKind::BulkGroup, c.waitArg[li]);
    for (LaneMask o = here; o; o &= o - 1) c.waitKind[static_cast<std::size_t>(std::countr_zero(o))] = WaitKind::None;
  }
}

StepResult Engine::retireAsync(std::size_t index, StepRecord* rec) {
  const AsyncOp op = m_state.inflight[index];
  forgetUniformPcs();  // the completion may release or move lanes of any warp
  beginRecord(rec, op.issuerWarp, op.pc);
  if (rec) rec->completedAsync = true;
  const std::uint32_t n = static_cast<std::uint32_t>(m_state.warps.size());
  m_state.nextWarp = 0 % (n + 1);
  ExecCtx ctx(*this, op.issuerWarp, m_program->instrs[op.pc], 0, rec);
  touchInflight();
  m_state.inflight.erase(m_state.inflight.begin() + static_cast<std::ptrdiff_t>(index));
  ctx.raceAsOperation(op);
  completeAsyncOp(ctx, op);
  if (m_races) {
    m_races->asyncRetired(op.id);
    if (!m_raceFindings.empty()) flushRaces(ctx);
  }
  releaseGroupWaits(op.issuerWarp);
  ++m_state.step;
  endRecord(rec);
  return {true, ctx.stopRequested() ? StopReason::Diagnostic : StopReason::None};
}

void Engine::classifyInstructions() {
  const Program& p = *m_program;
  m_pcKind.assign(p.instrs.size(), kPcPlain);
  for (std::uint32_t pc = 0; pc < p.instrs.size(); ++pc) {
    const Instr& ins = p.instrs[pc];
    std::uint8_t k = kPcPlain;
    if (pc >= p.functions[ins.func].end) k |= kPcFallsOff;
    if (ins.unsupported >= 0) k |= kPcUnsupported;
    if (waitsForMembers(ins)) k |= kPcCollective;
    m_pcKind[pc] = k;
    m_clusterBarriers = m_clusterBarriers || ins.op == Opcode::BarrierCluster;
  }
  m_uniform = compileUniform(p, m_regMask);
}

StepResult Engine::execGroup(std::uint32_t w, Group g, StepRecord* rec) {
  const Program& p = *m_program;
  m_uniformPc[w].gen = 0;  // set again below where the warp stays together
  const SplitPc split = m_splitPc[w];
  m_splitPc[w].gen = 0;  // likewise where it stays in two groups
  const std::uint8_t kind = pcKind(g.pc);
  if (kind & kPcFallsOff) [[unlikely]] {
    // Fell off the end of a function body: treat as ret (nvcc always emits
    // one, but hand-written snippets may not).
    WarpControl& c = m_state.warps[w].ctl;
    touchWarp(w);
    c.exited |= g.lanes;
    touchCta(m_state.warps[w].cta);
    m_state.ctas[m_state.warps[w].cta].ctl.liveThreads -= static_cast<std::uint32_t>(std::popcount(g.lanes));
    ++m_state.step;
    settle(w);
    endRecord(rec);
    return {true, afterWarpStep(w)};
  }
  const Instr& ins = p.instrs[g.pc];
  WarpState& ws = m_state.warps[w];
  if (rec) rec->activeBefore = g.lanes;

  // Guard predicate: lanes whose guard is false just move on.
  LaneMask exec = g.lanes;
  if (ins.guard >= 0) {
    const std::uint64_t* row = ws.regs.data() + static_cast<std::size_t>(ins.guard) * kWarpSize;
    LaneMask set = 0;
#pragma GCC unroll 32
    for (std::size_t l = 0; l < kWarpSize; ++l) set |= static_cast<LaneMask>(row[l] & 1u) << l;
    exec = g.lanes & (ins.guardNegated ? ~set : set);
  }
  const LaneMask skipped = g.lanes & ~exec;
  // (A full warp needs no bit count: without a popcount instruction in the
  // target ISA that is a library call.)
  m_laneInstructions += exec == ~0u ? kWarpSize : static_cast<std::uint64_t>(std::popcount(exec));
  if (rec) {
    rec->lanes = exec;
    rec->guardFalse = skipped;
  }

  ExecCtx ctx(*this, w, ins, exec, rec);
  // A guard that holds no defined value decides a branch (or whether a lane
  // executes) on an undefined value: that matters, and is reported.
  if (ins.guard >= 0 && m_options.reportUninitializedReads) [[unlikely]] {
    const auto guard = static_cast<std::uint32_t>(ins.guard);
    for (LaneMask m = ctx.undefinedIn(guard, g.lanes); m; m &= m - 1) {
      const int l = std::countr_zero(m);
      ctx.diag(DiagKind::UninitializedRead, 1u << l,
               fmt::format("lane {} decides {} on {}, which holds no defined value (nothing wrote it, or it was "
                           "computed from a register nothing wrote)",
                           l, (ins.info().flags & kBranch) != 0 ? "a branch" : "whether it executes", p.regs[guard].name));
    }
  }
  // wgmma's register rules, while a warp has a wgmma.mma_async pending
  // (tensor/wgmma_watch.cpp).
  if (exec != 0 && !(kind & kPcUnsupported) && !ws.groups.wgmma.pending.empty()) [[unlikely]]
    watchWgmmaRegisters(ctx);
  touchWarpPcs(w);
  if (ws.ctl.yielded & g.lanes) {
    touchWarp(w);
    ws.ctl.yielded &= ~g.lanes;
  }
  bool advance = true;  // executed lanes move to pc + 1 unless they jumped or wait at the instruction

  if (exec == 0) {
    // Every guard false: nothing runs, the lanes move on.
  } else if (kind == kPcPlain) [[likely]] {
    const UniformOp& op = m_uniform.ops[g.pc];
    if (!op.forGroups() || !runUniform(w, op, exec, rec)) dispatch(ctx);
  } else if (kind & kPcUnsupported) {
    // Valid PTX the engine does not execute: stop before it, say what it is.
    const Unsupported& u = p.unsupported[static_cast<std::size_t>(ins.unsupported)];
    ctx.diag(DiagKind::Unsupported, exec,
             fmt::format("{} is not executed by warpscope ({}): {}", lineOf(p, g.pc), u.what, u.reason));
    advance = false;
  } else {  // a collective: it runs once its members have arrived
    advance = resolveCollective(ctx, w, g.pc, exec);
  }
  if (!m_raceFindings.empty()) [[unlikely]] flushRaces(ctx);

  // The group moves to pc + 1, except lanes that exited or jumped, and
  // executed lanes that stay at the instruction (a collective waiting for its
  // members, or one that did not run).
  WarpControl& c = ws.ctl;
  if (c.runFirst && (g.lanes & ~c.runFirst)) {  // rule S: the last arrivers ran on until now
    touchWarp(w);
    c.runFirst = 0;
  }
  LaneMask move = g.lanes & ~c.exited & ~ctx.m_jumped;
  if (!advance) {
    move &= ~exec;
  } else {
    for (LaneMask m = move & exec & c.waiting; m; m &= m - 1) {
      const int l = std::countr_zero(m);
      if (c.waitKind[static_cast<std::size_t>(l)] == WaitKind::Collective) move &= ~(1u << l);
    }
  }
  if (move == ~0u) {
    c.pc.fill(g.pc + 1);
    m_uniformPc[w] = {g.pc + 1, m_pcGen};
  } else {
    for (LaneMask m = move; m; m &= m - 1) c.pc[static_cast<std::size_t>(std::countr_zero(m))] = g.pc + 1;
    if (move == 0 && ctx.m_jumped == ~0u && ctx.m_jumpedTo != ExecCtx::kNoPc)
      m_uniformPc[w] = {ctx.m_jumpedTo, m_pcGen};  // the whole warp jumped to one place
    else if (split.gen == m_pcGen)
      keepSplit(w, g, split, move, ctx);
  }
  // Rule Y: a loop spinning past other ready lanes of its warp yields to them.
  if (ins.op == Opcode::Bra && ((c.ready() & ~exec) != 0 || c.spinPrint != 0 || c.spins != 0)) noteLoop(w, g, exec);
  ++m_state.step;
  settle(w);
  // A warp whose every live lane waits at a collective can never move again
  // (only its own lanes release it), whatever other warps do: say so now, not
  // when the whole grid stops (the watchdog warp of tests/data/hwmode would
  // otherwise run on and trap).
  if (c.waiting != 0 && (c.live() & ~c.waiting) == 0) {  // (stuckWarp's own first test, inline)
    if (const StepResult s = stuckWarp(ctx, w); s.stop != StopReason::None) {
      endRecord(rec);
      return s;
    }
  }
  endRecord(rec);
  if (m_state.trapped) return {true, StopReason::Trap};
  if (ctx.m_breakpoint) return {true, StopReason::Breakpoint};
  if (ctx.stopRequested()) return {true, StopReason::Diagnostic};
  return {true, afterWarpStep(w)};
}

void Engine::keepSplit(std::uint32_t w, Group g, const SplitPc& split, LaneMask move, const ExecCtx& ctx) {
  if (g.lanes != split.a && g.lanes != ~split.a) return;
  // Where the group went, if all its lanes went to one place.
  std::uint32_t to = ExecCtx::kNoPc;
  if (move == g.lanes)
    to = g.pc + 1;
  else if (move == 0 && ctx.m_jumped == g.lanes)
    to = ctx.m_jumpedTo;
  if (to == ExecCtx::kNoPc) return;
  const std::uint32_t other = g.lanes == split.a ? split.pcB : split.pcA;
  if (to == other)
    m_uniformPc[w] = {to, m_pcGen};  // the groups joined
  else
    m_splitPc[w] = {m_pcGen, g.lanes, to, other};
}

void Engine::dispatch(ExecCtx& ctx) {
  switch (ctx.ins().family) {
    case Family::Arith: execArith(ctx); break;
    case Family::Bits: execBits(ctx); break;
    case Family::Compare: execCompare(ctx); break;
    case Family::Move: execMove(ctx); break;
    case Family::Memory: execMemory(ctx); break;
    case Family::Control: execControl(ctx); break;
    case Family::Collective: execCollective(ctx); break;
    case Family::Atomic: execAtomic(ctx); break;
    case Family::Mbarrier: execMbarrier(ctx); break;
    case Family::Video: execVideo(ctx); break;
    case Family::Async: execAsync(ctx); break;
    case Family::Matrix: execMatrix(ctx); break;
    case Family::Misc:
      if (ctx.ins().op == Opcode::Setmaxnreg) {
        execSetmaxnreg(ctx);
        break;
      }
      // pmevent: a signal to the performance monitor, with nothing to do in this machine.
      if (ctx.ins().op == Opcode::Pmevent) break;
      [[fallthrough]];
    case Family::Texture:
      // Rows of these families that execute have their own handlers; the
      // others never get here (Instr::unsupported stops them first).
      ctx.diag(DiagKind::Unsupported, ctx.lanes(),
               fmt::format("{} has no handler in this engine", ctx.ins().info().mnemonic));
      break;
  }
}

// A group reached a warp-synchronous instruction: it runs once every live
// lane of membermask has arrived (ISA: "wait until all non-exited threads
// corresponding to membermask have executed ..."); until then the arrived
// lanes wait at it. Returns whether executed lanes advance past it.
bool Engine::resolveCollective(ExecCtx& ctx, std::uint32_t w, std::uint32_t pc, LaneMask exec) {
  const Instr& ins = ctx.ins();
  WarpControl& c = m_state.warps[w].ctl;
  const int mi = membermaskOperand(ins);
  if (exec == ~0u && c.waiting == 0 && mi >= 0 && m_options.mode != ExecMode::Hardware &&
      fullMembermask(ctx, ins.ops[static_cast<std::size_t>(mi)])) {
    // The usual case: the whole warp arrives passing 0xffffffff and nobody
    // waits, so every lane is a member of every mask and all are here: it
    // runs now (what the general path below finds, with nothing to report).
    if (ctx.record()) ctx.record()->membermask = ~0u;
    runCollective(ctx, exec, 0);
    return true;
  }
  // Past the usual case, the lanes' waits may change here (and rule S's runFirst).
  touchWarp(w);
  const int lead = std::countr_zero(exec);
  // No membermask operand: a warp-matrix instruction names every lane of the
  // warp ("all threads in the warp must execute the same instruction"), any
  // other collective the lanes that execute it.
  const LaneMask implicit = ins.family == Family::Matrix ? c.valid : exec;
  const LaneMask mask =
      mi >= 0 ? static_cast<LaneMask>(ctx.read(lead, ins.ops[static_cast<std::size_t>(mi)], DataType::B32)) : implicit;
  if (ctx.record()) ctx.record()->membermask = mask;

  // Each executing lane's own membermask (read, and reported, lane by lane).
  LaneValues own;
  if (mi >= 0) {
    ctx.gather(ins.ops[static_cast<std::size_t>(mi)], DataType::B32, own);
  } else {
    own.fill(mask);
  }
  // Which lanes are in their own mask, and which pass another mask than
  // the lowest lane. Usually every lane (executing or not) passed the same
  // one: one comparison over the warp answers both.
  std::uint64_t other = 0;
  for (std::size_t l = 0; l < kWarpSize; ++l) other |= own[l] ^ mask;
  LaneMask inOwn = mask, differs = 0;
  if (other != 0) {
    inOwn = 0;
    for (std::size_t l = 0; l < kWarpSize; ++l) {
      inOwn |= static_cast<LaneMask>((own[l] >> l) & 1u) << l;
      differs |= static_cast<LaneMask>(own[l] != mask) << l;
    }
  }
  const LaneMask notMember = exec & ~inOwn;
  // The rule binds the threads *in* a lane's membermask: a converged warp
  // whose tiles pass their own masks (cg::tiled_partition, 0x0000ffff and
  // 0xffff0000) keeps it. It is broken by a lane that some other lane's
  // membermask names but that passes a different value.
  LaneMask disagree = 0;
  int namer = -1;
  const bool uniform = (differs & exec) == 0;  // the common case: one mask for every lane, nothing to compare
  for (LaneMask m = uniform ? 0 : exec; m; m &= m - 1) {
    const int l = std::countr_zero(m);
    const auto ml = static_cast<LaneMask>(own[static_cast<std::size_t>(l)]);
    for (LaneMask k = ml & exec; k; k &= k - 1) {
      const int o = std::countr_zero(k);
      if (own[static_cast<std::size_t>(o)] == ml) continue;
      disagree |= 1u << o;
      if (namer < 0) namer = l;
    }
  }
  if (disagree) {
    const auto named = static_cast<LaneMask>(own[static_cast<std::size_t>(namer)]);
    ctx.diag(DiagKind::MembermaskMismatch, disagree,
             fmt::format("lanes {} are in lane {}'s membermask {:#010x} but give a different membermask (lane {}: "
                         "{:#010x})",
                         laneList(disagree), namer, named, std::countr_zero(disagree),
                         own[static_cast<std::size_t>(std::countr_zero(disagree))]));
  }
  if (notMember) {
    ctx.diag(DiagKind::NotInMembermask, notMember,
             fmt::format("lanes {} execute {} but are not in its membermask {:#010x}", laneList(notMember),
                         ins.info().mnemonic, mask));
    if (m_options.mode == ExecMode::Strict) return false;  // stop before it executes
  }

  // Every arrived lane's membermask: the executing lanes' just read, the
  // waiting lanes' kept in waitArg.
  hw::MaskOf maskOf{};
  for (LaneMask m = exec; m; m &= m - 1) {
    const auto l = static_cast<std::size_t>(std::countr_zero(m));
    maskOf[l] = static_cast<LaneMask>(own[l]);
  }
  if (m_options.mode == ExecMode::Hardware) {
    // The analysis only where it matters.
    const bool converged = !notMember || hw::convergedFor(ptxasLowering(pc), exec, c.live());
    if (auto f = hw::collectiveFault(ins.op, exec, maskOf, c.live(), converged)) {
      ctx.diag(DiagKind::HardwareFault, f->lanes,
               fmt::format("the H100 stops the kernel here with \"{}\": lanes {} execute {} with membermask {:#010x}; {}",
                           hw::cudaErrorText(f->error), laneList(f->lanes), ins.info().mnemonic,
                           maskOf[static_cast<std::size_t>(std::countr_zero(f->lanes))], f->why));
      return false;
    }
  }
  // The lanes waiting here, and (sm_70+, rule X) those waiting at another
  // call site of the same instruction: they run it as one collective.
  // Before sm_70 that is undefined ("For .target sm_6x or below, all threads
  // in membermask must execute the same shfl.sync ... instruction in
  // convergence"): the lanes of each site wait for the others, and the
  // warning names both sites; from sm_70 it is defined and says nothing.
  LaneMask waitingHere = 0, elsewhere = 0, otherSite = 0;
  std::array<const Instr*, kWarpSize> siteOf{};
  const bool jointSites = m_program->target.sm >= 70;
  for (LaneMask m = c.waiting; m; m &= m - 1) {
    const int l = std::countr_zero(m);
    const std::size_t li = static_cast<std::size_t>(l);
    if (c.waitKind[li] != WaitKind::Collective) continue;
    if (c.pc[li] == pc) {
      waitingHere |= 1u << l;
    } else if (c.pc[li] < m_program->instrs.size() && sameCollective(m_program->instrs[c.pc[li]], ins)) {
      if (!jointSites) {
        otherSite |= 1u << l;
        continue;
      }
      elsewhere |= 1u << l;
      siteOf[li] = &m_program->instrs[c.pc[li]];
    } else {
      continue;
    }
    maskOf[li] = c.waitArg[li];
  }
  if (otherSite) {
    const std::uint32_t there = c.pc[static_cast<std::size_t>(std::countr_zero(otherSite))];
    ctx.diag(DiagKind::CollectiveAcrossSites, exec,
             fmt::format("lanes {} ({}) reach {} while lanes {} wait at another call site ({}); on {} the lanes of "
                         "membermask must execute the same instruction",
                         laneList(exec), lineOf(*m_program, pc), ins.info().mnemonic, laneList(otherSite),
                         lineOf(*m_program, there), m_program->target.str()));
  }
  const LaneMask arrived = exec | waitingHere | elsewhere;
  // Rule W (core/exec/diagnostics/hw_rules.hpp): with one membermask for everybody this
  // is the ISA's "wait until all non-exited threads corresponding to
  // membermask have executed it".
  const LaneMask go = hw::releasedLanes(arrived, maskOf, c.live());
  if (exec & ~go) {
    // Wait at the instruction for the others, each lane with its own mask.
    ctx.block(exec & ~go, WaitKind::Collective, mask);
    for (LaneMask m = exec & ~go; m; m &= m - 1) {
      const auto l = static_cast<std::size_t>(std::countr_zero(m));
      c.waitArg[l] = maskOf[l];
    }
  }
  if (!go) return false;
  c.waiting &= ~((waitingHere | elsewhere) & go);
  if (const LaneMask joined = elsewhere & go) {
    for (LaneMask m = ~joined; m; m &= m - 1) siteOf[static_cast<std::size_t>(std::countr_zero(m))] = nullptr;
    ctx.m_siteOf = &siteOf;
    if (ctx.record()) ctx.record()->otherSites = joined;
    // Rule S: the lanes that arrived last run on first.
    if (m_options.mode == ExecMode::Hardware) c.runFirst = exec & go;
  }
  runCollective(ctx, go, 0);
  ctx.m_siteOf = nullptr;
  return true;
}

void Engine::runCollective(ExecCtx& ctx, LaneMask lanes, LaneMask missing) {
  ctx.m_lanes = lanes;
  ctx.setMissing(missing);
  if (ctx.record()) ctx.record()->lanes = lanes;
  WarpControl& c = m_state.warps[ctx.warpIndex()].ctl;
  if (m_rec && releasesWaits(c, lanes)) touchWarp(ctx.warpIndex());
  if (ctx.ins().op != Opcode::BarWarp) dispatch(ctx);
  // A collective (and bar.warp.sync) orders its lanes' accesses before and after it.
  if (m_races) m_races->warpSync(ctx.warpIndex(), lanes);
  // Every participant moves past the instruction (the caller advances the
  // executing group; waiting lanes that joined are advanced here).
  const std::uint32_t pc = static_cast<std::uint32_t>(&ctx.ins() - m_program->instrs.data());
  c.waiting &= ~lanes;
  const LaneMask advance = lanes & ~ctx.m_jumped;
  if (ctx.m_siteOf) {  // lanes of several call sites: each moves past its own
    for (LaneMask m = lanes; m; m &= m - 1) c.waitKind[static_cast<std::size_t>(std::countr_zero(m))] = WaitKind::None;
    const LaneMask there = ctx.otherSites();
    for (LaneMask m = advance; m; m &= m - 1) {
      const auto l = static_cast<std::size_t>(std::countr_zero(m));
      if (c.pc[l] == pc || ((there >> l) & 1u)) ++c.pc[l];
    }
  } else if (advance == ~0u) {  // the whole warp (the usual case): plain passes over the arrays
    c.waitKind.fill(WaitKind::None);
    std::uint32_t differ = 0;
    for (std::size_t l = 0; l < kWarpSize; ++l) {
      c.pc[l] += c.pc[l] == pc ? 1u : 0u;
      differ |= c.pc[l] ^ (pc + 1);
    }
    ctx.m_jumped = ~0u;  // already advanced
    // Every lane stood here: the warp goes on together (as if it jumped to pc + 1).
    ctx.m_jumpedTo = differ == 0 ? pc + 1 : ExecCtx::kNoPc;
    return;
  } else {
    for (LaneMask m = lanes; m; m &= m - 1) c.waitKind[static_cast<std::size_t>(std::countr_zero(m))] = WaitKind::None;
    for (LaneMask m = advance; m; m &= m - 1) {
      const auto l = static_cast<std::size_t>(std::countr_zero(m));
      if (c.pc[l] == pc) c.pc[l] = pc + 1;
    }
  }
  ctx.m_jumped |= lanes;  // already advanced
  ctx.m_jumpedTo = ExecCtx::kNoPc;
}

RunResult Engine::run(std::uint64_t maxSteps, Chooser* chooser) {
  RunResult r;
  m_diags.clear();
  m_printed.clear();
  m_keepPrinted = true;
  m_forcedOut = &r.forced;
  if (chooser) runChosen(r, maxSteps, *chooser);
  while (r.steps < maxSteps && r.stop == StopReason::None) {
    if (m_options.scheduling == WarpScheduling::RunToBlock) {
      // A streak must stop before a saved schedule's next forced switch.
      const std::uint64_t free = m_schedule ? m_schedule->stepsUntilNext(m_state.step) : UINT64_MAX;
      if (free > 0) r.steps += uniformStreak(std::min(maxSteps - r.steps, free));
      if (r.steps >= maxSteps) break;
    }
    StepResult s = step(nullptr);
    if (s.executed) ++r.steps;
    if (s.stop != StopReason::None) {
      r.stop = s.stop;
      break;
    }
    if (!s.executed) break;
  }
  if (r.stop == StopReason::None && finished()) r.stop = StopReason::Finished;
  if (r.stop == StopReason::None && r.steps >= maxSteps) {
    r.stop = StopReason::StepBudget;
    Diagnostic d;
    d.kind = DiagKind::StepBudget;
    d.step = m_state.step;
    if (auto w = nextWarp()) {
      if (auto g = nextGroup(*w)) {
        d.warp = *w;
        d.cta = m_state.warps[*w].cta;
        d.pc = g->pc;
        d.lanes = g->lanes;
      }
    }
    d.message = fmt::format("stopped after {} steps without finishing; the program may loop forever (raise the step "
                            "budget to run longer). The lanes are at:{}",
                            maxSteps, laneReport());
    d.message += hangNote();
    m_diags.push_back(d);
  }
  r.diags = std::move(m_diags);
  m_diags.clear();
  r.printed = std::move(m_printed);
  m_printed.clear();
  m_keepPrinted = false;
  m_forcedOut = nullptr;
  return r;
}

}  // namespace ws::core
