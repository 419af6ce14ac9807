#include "core/trace/run_control.hpp"

#include <algorithm>

#include "core/exec/async/mbarrier_object.hpp"

namespace ws::core {

bool stepCompletedPhase(const StepRecord& r, std::uint32_t cta, std::uint64_t offset) {
  for (const auto& c : r.mem) {
    if (c.region != MemRegion::Shared || c.index != cta || c.offset != offset || c.size != mbar::kBytes) continue;
    const mbar::Mbarrier b = mbar::decode(c.before), a = mbar::decode(c.after);
    if (b.initialised && a.initialised && a.phase != b.phase) return true;
  }
  return false;
}

bool stepCompletedAnyPhase(const StepRecord& r) {
  for (const auto& c : r.mem)
    if (c.region == MemRegion::Shared && c.size == mbar::kBytes && stepCompletedPhase(r, c.index, c.offset)) return true;
  return false;
}

namespace {

bool compare(std::uint64_t a, Breakpoint::Cmp c, std::uint64_t b) {
  switch (c) {
    case Breakpoint::Cmp::Eq: return a == b;
    case Breakpoint::Cmp::Ne: return a != b;
    case Breakpoint::Cmp::Lt: return a < b;
    case Breakpoint::Cmp::Le: return a <= b;
    case Breakpoint::Cmp::Gt: return a > b;
    case Breakpoint::Cmp::Ge: return a >= b;
  }
  return false;
}

bool conditionHolds(const MachineState& s, const Breakpoint& b) {
  if (b.lane < 0 || b.lane >= kWarpSize) return false;
  auto test = [&](const WarpState& w) {
    const std::size_t i = static_cast<std::size_t>(b.reg) * kWarpSize + static_cast<std::size_t>(b.lane);
    return i < w.regs.size() && ((w.written[b.reg] >> b.lane) & 1u) && compare(w.regs[i], b.cmp, b.value);
  };
  if (b.warp >= 0) return static_cast<std::size_t>(b.warp) < s.warps.size() && test(s.warps[static_cast<std::size_t>(b.warp)]);
  return std::any_of(s.warps.begin(), s.warps.end(), test);
}

bool kindMatches(const Breakpoint& b, const Instr& ins) {
  if (b.opcode >= 0) return static_cast<std::int32_t>(ins.op) == b.opcode;
  if (b.family >= 0) return static_cast<std::int32_t>(ins.family) == b.family;
  return (ins.info().flags & b.instrFlags) != 0;
}

// Whether a lane the breakpoint cares about executes the next step.
bool lanesMatch(const MachineState& s, const Breakpoint& b, const NextStep& n) {
  if (b.laneFilter.empty()) return true;
  if (n.warp >= s.warps.size()) return false;
  const std::uint32_t w = s.warps[n.warp].warpInCta;
  return w < b.laneFilter.size() && (b.laneFilter[w] & n.lanes) != 0;
}

// Breakpoints checked before a step: does the instruction about to run match?
bool hitsBefore(const Program& p, const MachineState& s, const Breakpoint& b, const NextStep& n) {
  if (!b.enabled || !n.valid || n.pc >= p.instrs.size()) return false;
  const Instr& ins = p.instrs[n.pc];
  bool at = false;
  switch (b.kind) {
    case Breakpoint::Kind::Pc: at = n.pc == b.pc; break;
    case Breakpoint::Kind::PtxLine: at = static_cast<std::int32_t>(ins.pos.line) == b.line; break;
    case Breakpoint::Kind::CudaLine: at = ins.cuda.line == b.line && (b.file < 0 || ins.cuda.file == b.file); break;
    case Breakpoint::Kind::InstrKind: at = kindMatches(b, ins); break;
    case Breakpoint::Kind::Lanes: at = true; break;
    default: return false;
  }
  return at && lanesMatch(s, b, n);
}

// Breakpoints checked after a step, on what it changed.
bool hitsAfter(const Breakpoint& b, const StepRecord& r, const MachineState& before, const MachineState& after, bool conditionWasTrue) {
  if (!b.enabled) return false;
  switch (b.kind) {
    case Breakpoint::Kind::LaneCondition: return !conditionWasTrue && conditionHolds(after, b);
    case Breakpoint::Kind::WatchRegister:
      return std::any_of(r.regs.begin(), r.regs.end(), [&](const RegChange& c) {
        return c.reg == b.reg && (b.warp < 0 || c.warp == static_cast<std::uint32_t>(b.warp)) &&
               (b.lane < 0 || c.lane == b.lane);
      });
    case Breakpoint::Kind::WatchMemory:
      return std::any_of(r.mem.begin(), r.mem.end(), [&](const MemChange& c) {
        return static_cast<std::uint8_t>(c.region) == b.region && c.index == b.index && c.offset <= b.offset &&
               b.offset < c.offset + c.size;
      });
    case Breakpoint::Kind::MbarrierPhase:
      return stepCompletedPhase(r, b.index, b.offset);
    case Breakpoint::Kind::Diagnostic: return !r.diags.empty();
    default: break;
  }
  (void)before;
  return false;
}

bool unitDone(const Program& p, const RunRequest& req, const StepRecord& r, const NextStep& next) {
  const Instr& ins = p.instrs[std::min<std::size_t>(r.pc, p.instrs.size() - 1)];
  const std::uint32_t f = r.completedAsync || r.userEdit ? 0 : ins.info().flags;
  switch (req.unit) {
    case StepUnit::Step: return true;
    case StepUnit::WarpInstruction: return r.warp == req.focusWarp && !r.completedAsync;
    case StepUnit::Cycle: return false;  // handled by the caller
    case StepUnit::NextCollective: return (f & kCollective) && r.lanes != 0 && !r.regs.empty();
    case StepUnit::NextBarrier: return (f & kBarrier) != 0;
    case StepUnit::NextAtomic: return (f & kAtomic) != 0 || r.completedAsync;
    case StepUnit::NextMbarrierPhase: return stepCompletedAnyPhase(r);
    case StepUnit::NextDiagnostic: return !r.diags.empty();
    case StepUnit::ToPtxLine:
      return next.valid && next.pc < p.instrs.size() && static_cast<std::int32_t>(p.instrs[next.pc].pos.line) == req.line;
    case StepUnit::ToCudaLine:
      return next.valid && next.pc < p.instrs.size() && p.instrs[next.pc].cuda.line == req.line;
    case StepUnit::ToEnd: return false;
  }
  return false;
}

}  // namespace

NextStep peekNext(const History& h) {
  NextStep n;
  if (h.position() < h.size()) {
    // The summary says which warp runs which instruction; the lanes follow
    // from the state before it, which is the current one.
    const StepSummary& s = h.summary(h.position());
    n.valid = !s.userEdit();
    n.warp = s.warp();
    n.pc = s.pc();
    if (n.valid && !s.completedAsync())
      if (auto g = h.engine().nextGroup(n.warp)) n.lanes = g->lanes;
    return n;
  }
  const Engine& e = h.engine();
  if (auto w = e.nextWarp()) {
    if (auto g = e.nextGroup(*w)) {
      n.valid = true;
      n.warp = *w;
      n.pc = g->pc;
      n.lanes = g->lanes;
    }
  }
  return n;
}

RunOutcome runForward(History& h, const std::vector<Breakpoint>& bps, const RunRequest& req) {
  RunOutcome out;
  const Program& p = h.program();
  if (req.unit == StepUnit::Cycle) {
    // One instruction for each warp that can run, in warp order.
    const std::uint32_t n = static_cast<std::uint32_t>(h.state().warps.size());
    for (std::uint32_t w = 0; w < n && out.steps < req.budget; ++w) {
      if (!h.engine().nextGroup(w)) continue;
      StepResult r = h.forwardWarp(w);
      if (r.executed) ++out.steps;
      if (r.stop != StopReason::None) {
        out.why = r.stop == StopReason::Finished ? RunOutcome::Why::Finished : RunOutcome::Why::Stopped;
        out.stop = r.stop;
        return out;
      }
    }
    out.why = out.steps ? RunOutcome::Why::Done : RunOutcome::Why::NothingToRun;
    return out;
  }
  std::vector<bool> condWas(bps.size());
  for (std::size_t i = 0; i < bps.size(); ++i)
    condWas[i] = bps[i].kind == Breakpoint::Kind::LaneCondition && conditionHolds(h.state(), bps[i]);
  while (out.steps < req.budget) {
    const NextStep next = peekNext(h);
    if (req.breakpoints && out.steps > 0) {
      for (std::size_t i = 0; i < bps.size(); ++i) {
        if (hitsBefore(p, h.state(), bps[i], next)) {
          out.why = RunOutcome::Why::Breakpoint;
          out.breakpoint = static_cast<int>(i);
          return out;
        }
      }
    }
    StepResult r;
    if (req.unit == StepUnit::WarpInstruction && h.position() >= h.size()) {
      r = h.forwardWarp(req.focusWarp);
    } else {
      r = h.forward();
    }
    if (!r.executed) {
      out.why = r.stop == StopReason::Finished ? RunOutcome::Why::Finished : RunOutcome::Why::NothingToRun;
      if (r.stop != StopReason::None && r.stop != StopReason::Finished) out.why = RunOutcome::Why::Stopped;
      out.stop = r.stop;
      return out;
    }
    ++out.steps;
    const StepRecord* rec = h.current();
    if (req.breakpoints && rec) {
      for (std::size_t i = 0; i < bps.size(); ++i) {
        const bool was = condWas[i];
        if (bps[i].kind == Breakpoint::Kind::LaneCondition) condWas[i] = conditionHolds(h.state(), bps[i]);
        if (hitsAfter(bps[i], *rec, h.state(), h.state(), was)) {
          out.why = RunOutcome::Why::Breakpoint;
          out.breakpoint = static_cast<int>(i);
          return out;
        }
      }
    }
    if (r.stop != StopReason::None) {
      out.why = r.stop == StopReason::Finished ? RunOutcome::Why::Finished : RunOutcome::Why::Stopped;
      out.stop = r.stop;
      return out;
    }
    if (rec && unitDone(p, req, *rec, peekNext(h))) {
      out.why = RunOutcome::Why::Done;
      return out;
    }
  }
  out.why = RunOutcome::Why::Budget;
  return out;
}

RunOutcome runBackward(History& h, const std::vector<Breakpoint>& bps, std::uint64_t budget) {
  RunOutcome out;
  const Program& p = h.program();
  while (out.steps < budget) {
    const StepRecord* rec = h.current();
    if (!rec) {
      out.why = RunOutcome::Why::AtStart;
      return out;
    }
    const StepRecord r = *rec;
    h.back();
    ++out.steps;
    NextStep n;
    n.valid = !r.userEdit && !r.completedAsync;
    n.warp = r.warp;
    n.pc = r.pc;
    n.lanes = r.lanes | r.guardFalse;
    for (std::size_t i = 0; i < bps.size(); ++i) {
      const bool before = hitsBefore(p, h.state(), bps[i], n);
      const bool after = bps[i].kind != Breakpoint::Kind::LaneCondition && hitsAfter(bps[i], r, h.state(), h.state(), false);
      if (before || after) {
        out.why = RunOutcome::Why::Breakpoint;
        out.breakpoint = static_cast<int>(i);
        return out;
      }
    }
  }
  out.why = RunOutcome::Why::Budget;
  return out;
}

}  // namespace ws::core
