// Engine: steps through the whole-warp forms of instructions (core/exec/
// uniform_op.hpp), unrecorded. stepUniform() is a whole step of a
// converged warp and changes the machine exactly as execGroup() would;
// runUniform() stands in for dispatch() inside execGroup() for any group.
#include <algorithm>
#include <bit>

#include "core/exec/engine.hpp"

namespace ws::core {

bool Engine::stepUniform(std::uint32_t w, std::uint32_t pc) { return stepUniformInline(w, pc); }

// (Inlined into uniformStreak() below, where most of these steps run.)
[[gnu::always_inline]] inline bool Engine::stepUniformInline(std::uint32_t w, std::uint32_t pc) {
  const UniformOp& op = m_uniform.ops[pc];
  WarpState& ws = m_state.warps[w];
  LaneMask exec = ~0u;
  if (op.guard >= 0) {
    // A predicate register holds 0 or 1 in every lane: the AND and the OR
    // of the row tell a guard true or false for the whole warp from one
    // that splits it (a pass the compiler makes vector code of).
    const std::uint64_t* row = ws.regs.data() + static_cast<std::size_t>(op.guard) * kWarpSize;
    std::uint64_t all = 1, any = 0;
    for (std::size_t l = 0; l < kWarpSize; ++l) {
      all &= row[l];
      any |= row[l];
    }
    if ((all & 1u) != (any & 1u)) return false;  // the warp splits
    exec = ((any & 1u) != 0) != op.guardNegated ? ~0u : 0u;
  }
  std::uint32_t next = pc + 1;
  if (exec != 0 && op.kind == UniformOp::Kind::Bra) {
    next = op.target;
  } else if (exec != 0) {
    if (!runUniform(w, op, exec)) return false;
    if (op.kind == UniformOp::Kind::Shfl) ws.ctl.waitKind.fill(WaitKind::None);  // runCollective(): every participant
  }
  // What execGroup() does after a step of the whole warp that stays together.
  m_laneInstructions += exec != 0 ? kWarpSize : 0;
  WarpControl& c = ws.ctl;
  if (c.runFirst != 0 && c.runFirst != ~0u) c.runFirst = 0;
  c.pc.fill(next);
  m_uniformPc[w] = {next, m_pcGen};
  ++m_state.step;
  m_ctaControlChanged = false;
  settle(w);
  return true;
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
  std::uint64_t n = 0;
  while (n < budget) {
    // stepUniform() keeps the warp's PC, and nothing it does changes the
    // conditions above (no lane waits, exits, yields or starts polling).
    const std::uint32_t pc = m_uniformPc[w].pc;
    if (m_uniform.ops[pc].kind == UniformOp::Kind::None) break;
    const bool handOver = (m_state.step + 1) % kRunToBlockQuantum == 0;
    if (!stepUniformInline(w, pc)) break;
    ++n;
    if (handOver) {
      m_state.nextWarp = w + 1;
      break;
    }
  }
  return n;
}

bool Engine::runUniform(std::uint32_t w, const UniformOp& op, LaneMask exec) {
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
    for (std::size_t l = 0; l < kWarpSize; ++l) d[l] = (exec >> l) & 1u ? v : d[l];
    ws.written[op.dst] |= exec;
    return true;
  }
  // The source rows: registers where they are, immediates from their
  // constant rows, a special register computed for the warp.
  std::array<const std::uint64_t*, 4> src{};
  LaneValues special;
  const bool checkReads = m_options.reportUninitializedReads;
  for (std::size_t i = 0; i < op.sources; ++i) {
    const UniformSrc& s = op.src[i];
    switch (s.kind) {
      case UniformSrc::Kind::Reg:
        if (checkReads && (exec & ~ws.written[s.index]) != 0) return false;  // the general path reports the read
        src[i] = regs + static_cast<std::size_t>(s.index) * kWarpSize;
        break;
      case UniformSrc::Kind::Const: src[i] = m_uniform.consts[s.index].data(); break;
      case UniformSrc::Kind::Special:
        specialLanes(w, s.sreg, s.comp, special);
        src[i] = special.data();
        break;
    }
  }
  if (op.kind == UniformOp::Kind::Shfl) {
    // resolveCollective()'s usual case and execShfl()'s converged one: the
    // whole warp in strict mode, 0xffffffff in every lane's membermask, one
    // b and one c.
    // One pass gathers every lane's difference from the answer wanted
    // (nvcc puts b, c and the membermask in registers, so they are rows).
    if (exec != ~0u || m_options.mode == ExecMode::Hardware) return false;
    const std::uint64_t* b = src[1];
    const std::uint64_t* c = src[2];
    const std::uint64_t* m = src[3];
    const std::uint64_t b0 = b[0], c0 = c[0];
    std::uint64_t off = 0;
    for (std::size_t l = 0; l < kWarpSize; ++l) off |= (b[l] ^ b0) | (c[l] ^ c0) | ~m[l];
    if (static_cast<std::uint32_t>(off) != 0) return false;
  }
  std::uint64_t* d = regs + static_cast<std::size_t>(op.dst) * kWarpSize;
  std::uint64_t* d2 = op.dst2 != kNoReg ? regs + static_cast<std::size_t>(op.dst2) * kWarpSize : nullptr;
  if (exec == ~0u && op.inPlace) {
    op.kernel(op, src.data(), d, d2);
  } else {
    // Every source is read before anything is written; lanes outside the
    // group keep their values.
    LaneValues out, out2;
    op.kernel(op, src.data(), out.data(), d2 ? out2.data() : nullptr);
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
