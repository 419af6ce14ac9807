// Engine: steps through the whole-warp forms of instructions (core/exec/
// uniform_op.hpp). stepUniform() is a whole unrecorded step of a converged
// warp and changes the machine exactly as execGroup() would
// (uniformStreak(): several in a row); runUniform() stands in for
// dispatch() inside execGroup() for any group, recorded or not.
#include <algorithm>
#include <bit>
#include <cstring>

#include "core/exec/engine/engine.hpp"

namespace ws::core {
namespace {

// Whether every lane of a register row holds the same value: each lane
// against the next, as one comparison of memory (the library's vector code).
bool sameInEveryLane(const std::uint64_t* row) {
  return std::memcmp(row, row + 1, (kWarpSize - 1) * sizeof(std::uint64_t)) == 0;
}

}  // namespace

bool Engine::stepUniform(std::uint32_t w, std::uint32_t pc) {
  const std::uint32_t next = uniformInstr(w, pc);
  if (next == kNoUniformPc) return false;
  finishUniform(w, next);
  return true;
}

// (Inlined into uniformStreak() below, where most of these steps run.)
[[gnu::always_inline]] inline std::uint32_t Engine::uniformInstr(std::uint32_t w, std::uint32_t pc) {
  const UniformOp& op = m_uniform.ops[pc];
  WarpState& ws = m_state.warps[w];
  // A warp with a wgmma.mma_async pending has its register accesses checked
  // (execGroup).
  if (!ws.groups.wgmma.pending.empty()) [[unlikely]] return kNoUniformPc;
  LaneMask exec = ~0u;
  if (op.guard >= 0) {
    // A predicate register holds 0 or 1 in every lane: a row with one value
    // makes the guard true or false for the whole warp; any other splits it.
    const std::uint64_t* row = ws.regs.data() + static_cast<std::size_t>(op.guard) * kWarpSize;
    if (!sameInEveryLane(row)) return kNoUniformPc;  // the warp splits
    // An undefined guard: the general path reports it.
    if (m_options.reportUninitializedReads && ws.written[static_cast<std::size_t>(op.guard)] != ~0u) return kNoUniformPc;
    exec = ((row[0] & 1u) != 0) != op.guardNegated ? ~0u : 0u;
  }
  std::uint32_t next = pc + 1;
  if (exec != 0 && op.kind == UniformOp::Kind::Bra) {
    next = op.target;
  } else if (exec != 0) {
    if (!runUniformAs<false>(w, op, exec, nullptr)) return kNoUniformPc;
    if (op.kind == UniformOp::Kind::Shfl) ws.ctl.waitKind.fill(WaitKind::None);  // runCollective(): every participant
  }
  // What execGroup() counts for every step (the clock reads the step count).
  m_laneInstructions += exec != 0 ? kWarpSize : 0;
  ++m_state.step;
  return next;
}

// What execGroup() does after steps of the whole warp that stay together,
// once for a run of them: nothing in between reads the PCs, and none of
// them can release a wait (no lane waits, arrives or exits).
void Engine::finishUniform(std::uint32_t w, std::uint32_t pc) {
  WarpControl& c = m_state.warps[w].ctl;
  if (c.runFirst != 0 && c.runFirst != ~0u) c.runFirst = 0;
  c.pc.fill(pc);
  m_uniformPc[w] = {pc, m_pcGen};
  m_ctaControlChanged = false;
  settle(w);
}

// Run-to-block's usual steps in a row: while the warp step() would stay on
// is converged with every lane ready and its next instruction has a
// whole-warp form, step() would run that form and stay (until the quantum
// ends); the streak skips the checks around each of those steps.
std::uint64_t Engine::uniformStreak(std::uint64_t budget) {
  const std::uint32_t w = m_state.nextWarp;
  if (w >= m_state.warps.size() || m_state.trapped) return 0;
  const WarpControl& c = m_state.warps[w].ctl;
  if (m_uniformPc[w].gen != m_pcGen || c.ready() != ~0u || c.yielded != 0 || c.polling == ~0u) return 0;
  // The warp's PC stays with the streak until it ends, and nothing it does
  // changes the conditions above (no lane waits, exits, yields or starts
  // polling).
  std::uint32_t pc = m_uniformPc[w].pc;
  std::uint64_t n = 0;
  while (n < budget) {
    if (m_uniform.ops[pc].kind == UniformOp::Kind::None) break;
    const bool handOver = (m_state.step + 1) % kRunToBlockQuantum == 0;
    const std::uint32_t next = uniformInstr(w, pc);
    if (next == kNoUniformPc) break;
    pc = next;
    ++n;
    if (handOver) {
      m_state.nextWarp = w + 1;
      break;
    }
  }
  if (n != 0) finishUniform(w, pc);
  return n;
}

void Engine::useGeneralPathOnly() {
  std::fill(m_uniform.ops.begin(), m_uniform.ops.end(), UniformOp{});
  forgetUniformPcs();
}

bool Engine::runUniform(std::uint32_t w, const UniformOp& op, LaneMask exec, StepRecord* rec) {
  return rec != nullptr ? runUniformAs<true>(w, op, exec, rec) : runUniformAs<false>(w, op, exec, nullptr);
}

template <bool Recorded>
bool Engine::runUniformAs(std::uint32_t w, const UniformOp& op, LaneMask exec, StepRecord* rec) {
  // A recorded step journals its destination row as scatter() does: the
  // executing lanes' old and new values. Two destinations (setp's p|q) are
  // journaled lane by lane as a pair; the general path keeps that order.
  if (Recorded && op.dst2 != kNoReg) return false;
  WarpState& ws = m_state.warps[w];
  std::uint64_t* regs = ws.regs.data();
  if (op.kind == UniformOp::Kind::ParamLoad) {
    // execLoad()'s one load for the warp, where load() has nothing to
    // report: inside the parameter buffer and aligned to its size.
    const std::vector<std::uint8_t>& params = m_state.params;
    if (op.offset + op.bytes > params.size() || op.offset % op.bytes != 0) return false;
    std::uint64_t v = 0;
    for (unsigned b = 0; b < op.bytes; ++b) v |= std::uint64_t{params[op.offset + b]} << (8 * b);
    if (op.signExtend && ((v >> (8 * op.bytes - 1)) & 1u)) v |= ~0ull << (8 * op.bytes);
    v &= op.dstMask;
    std::uint64_t* d = regs + static_cast<std::size_t>(op.dst) * kWarpSize;
    if constexpr (Recorded) {
      LaneValues values;
      values.fill(v);
      rec->regs.addRow(w, op.dst, exec, d, ws.written[op.dst], values.data(), op.dstMask);
    }
    if (exec == ~0u) {
      std::fill_n(d, kWarpSize, v);
    } else {
      for (std::size_t l = 0; l < kWarpSize; ++l) d[l] = (exec >> l) & 1u ? v : d[l];
    }
    ws.written[op.dst] |= exec;
    return true;
  }
  // The source rows: registers where they are, immediates from their
  // constant rows, a special register computed for the warp.
  std::array<const std::uint64_t*, 4> src{};
  const std::uint64_t* consts = m_uniform.consts.empty() ? nullptr : m_uniform.consts.front().data();
  LaneMask written = ~0u;
  for (std::size_t i = 0; i < op.sources; ++i) {
    const std::size_t row = static_cast<std::size_t>(op.src[i].index) * kWarpSize;
    if ((op.regSources >> i) & 1u) {
      src[i] = regs + row;
      written &= ws.written[op.src[i].index];
    } else if (consts != nullptr) {
      src[i] = consts + row;  // (a special register's row is set below)
    }
  }
  // A source some lane has not written: the general path reports the read.
  if (m_options.reportUninitializedReads && (exec & ~written) != 0) return false;
  LaneValues special;
  if (op.specialSource >= 0) {
    const UniformSrc& s = op.src[static_cast<std::size_t>(op.specialSource)];
    specialLanes(w, s.sreg, s.comp, special);
    src[static_cast<std::size_t>(op.specialSource)] = special.data();
  }
  if (op.kind == UniformOp::Kind::Shfl) {
    // resolveCollective()'s usual case and execShfl()'s converged one: the
    // whole warp in strict mode, 0xffffffff in every lane's membermask, one
    // b and one c (nvcc puts them in registers, so they are rows).
    if (exec != ~0u || m_options.mode == ExecMode::Hardware) return false;
    if (!sameInEveryLane(src[1]) || !sameInEveryLane(src[2]) || !sameInEveryLane(src[3]) ||
        static_cast<std::uint32_t>(src[3][0]) != ~0u)
      return false;
    if (m_races) m_races->warpSync(w, exec);  // as runCollective() does
  }
  std::uint64_t* d = regs + static_cast<std::size_t>(op.dst) * kWarpSize;
  std::uint64_t* d2 = op.dst2 != kNoReg ? regs + static_cast<std::size_t>(op.dst2) * kWarpSize : nullptr;
  if (exec == ~0u && op.inPlace && !Recorded) {
    op.kernel(op, src.data(), d, d2);
  } else {
    // Every source is read before anything is written; lanes outside the
    // group keep their values.
    LaneValues out, out2;
    op.kernel(op, src.data(), out.data(), d2 ? out2.data() : nullptr);
    if constexpr (Recorded) rec->regs.addRow(w, op.dst, exec, d, ws.written[op.dst], out.data(), op.dstMask);
    if (exec == ~0u) {
      std::copy(out.begin(), out.end(), d);
      if (d2) std::copy(out2.begin(), out2.end(), d2);
    } else {
      for (LaneMask k = exec; k; k &= k - 1) {
        const auto l = static_cast<std::size_t>(std::countr_zero(k));
        d[l] = out[l];
        if (d2) d2[l] = out2[l];
      }
    }
  }
  ws.written[op.dst] |= exec;
  if (d2) ws.written[op.dst2] |= exec;
  return true;
}

}  // namespace ws::core
