#include "core/exec/engine/exec_ctx.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <string>

#include <fmt/format.h>

#include "core/exec/diagnostics/hw_rules.hpp"
#include "core/exec/engine/engine.hpp"
#include "core/exec/alu/float_bits.hpp"
#include "core/exec/memory/memory_map.hpp"

namespace ws::core {
namespace {

// A float literal (held as f64 bits) as bits of a narrower format: NaNs
// keep their payload bit for bit (PTX writes exact bit patterns with 0f), other
// values round to nearest even.
std::uint64_t narrowLiteral(std::uint64_t f64bits, fp::Format to) {
  if (fp::isNaN(f64bits, fp::kF64)) {
    const std::uint64_t sign = (f64bits >> 63) ? to.signBit() : 0;
    return sign | to.expMask() | ((f64bits & fp::kF64.manMask()) >> (52 - to.manBits));
  }
  return fp::convert(f64bits, fp::kF64, to, RoundMode::NearestEven, false, false);
}

}  // namespace

const Program& ExecCtx::program() const { return m_engine.program(); }
const MachineState& ExecCtx::state() const { return m_engine.m_state; }
const WarpState& ExecCtx::warp() const { return m_engine.m_state.warps[m_warp]; }
const CtaState& ExecCtx::cta() const { return m_engine.m_state.ctas[warp().cta]; }
ExecMode ExecCtx::mode() const { return m_engine.m_options.mode; }
const EngineOptions& ExecCtx::options() const { return m_engine.m_options; }
std::uint64_t ExecCtx::step() const { return m_engine.m_state.step; }

namespace {

// The registers of the instruction's sources (not its destination: the
// first operand unless the shape begins with an address) that hold no
// defined value in `lane`, by name.
std::string undefinedSources(const ExecCtx& ctx, int lane) {
  const Instr& ins = ctx.ins();
  std::string names;
  auto add = [&](const Operand& o) {
    if ((o.kind == OperandKind::Reg || o.hasBase) && ctx.undefinedIn(o.reg, 1u << lane) != 0)
      names += (names.empty() ? "" : ", ") + ctx.program().regs[o.reg].name;
  };
  const bool hasDst = !ins.info().shape.empty() && ins.info().shape.front() != '[';
  for (std::size_t i = hasDst ? 1 : 0; i < ins.ops.size(); ++i) {
    add(ins.ops[i]);
    for (const Operand& e : ins.ops[i].elems) add(e);
  }
  return names;
}

}  // namespace

void ExecCtx::reportUndefinedUse(int lane, std::string_view what) {
  const std::string from = undefinedSources(*this, lane);
  diag(DiagKind::UninitializedRead, 1u << lane,
       fmt::format("lane {} {} an undefined value{}", lane, what,
                   from.empty() ? std::string(", computed from a register nothing wrote")
                                : fmt::format(" ({} holds no defined value: nothing wrote it, or it was computed from a "
                                              "register nothing wrote)",
                                              from)));
}

std::uint64_t ExecCtx::readOther(int lane, const Operand& op, DataType t) {
  const std::uint64_t mask = valueMask(t);
  switch (op.kind) {
    case OperandKind::Reg: {
      // Not reported here: only where the value matters (reportUndefinedUse).
      if (uninitialized(lane, op.reg)) m_undefIn |= 1u << lane;
      return m_regs[regIndex(lane, op.reg)] & mask;
    }
    case OperandKind::Imm: {
      const auto raw = static_cast<std::uint64_t>(op.imm);
      if (op.immIsFloat) {
        switch (t) {
          case DataType::F64: case DataType::B64: case DataType::U64: case DataType::S64: return raw;
          case DataType::F16: return narrowLiteral(raw, fp::kF16);
          case DataType::BF16: return narrowLiteral(raw, fp::kBF16);
          default: return narrowLiteral(raw, fp::kF32) & mask;
        }
      }
      // An integer literal for f32/f64 is converted by value; for the 16-bit
      // float types PTX has no literal syntax, so a hex integer is the bit
      // pattern (0x3C00 is 1.0).
      const bool neg = op.imm < 0;
      const std::uint64_t mag = neg ? 0 - raw : raw;
      switch (t) {
        case DataType::F32: return fp::fromInteger(mag, neg, fp::kF32, RoundMode::NearestEven);
        case DataType::F64: return fp::fromInteger(mag, neg, fp::kF64, RoundMode::NearestEven);
        default: return raw & mask;
      }
    }
    case OperandKind::Special:
      return m_engine.special(m_warp, lane, op.sreg, op.comp) & mask;
    case OperandKind::Symbol:
      if (!op.hasBase && op.symbol >= 0) return symbolValue(program().symbols[static_cast<std::size_t>(op.symbol)], op.imm) & mask;
      return address(lane, op).addr & mask;
    case OperandKind::Func:
      return (memmap::kFunctionWindow + op.target * memmap::kFunctionStride) & mask;
    default:
      diag(DiagKind::Unsupported, 1u << lane, "operand kind cannot be read as a value");
      return 0;
  }
}

const Operand& ExecCtx::siteOperand(int lane, const Operand& op) const {
  const Instr* own = (*m_siteOf)[static_cast<std::size_t>(lane)];
  if (own == nullptr || own == &m_ins || &op < m_ins.ops.data() || &op >= m_ins.ops.data() + m_ins.ops.size())
    return op;
  return own->ops[static_cast<std::size_t>(&op - m_ins.ops.data())];  // sameCollective: as many operands
}

LaneMask ExecCtx::otherSites() const {
  LaneMask m = 0;
  if (m_siteOf)
    for (std::size_t l = 0; l < kWarpSize; ++l) m |= static_cast<LaneMask>((*m_siteOf)[l] != nullptr) << l;
  return m;
}

void ExecCtx::gather(const Operand& op, DataType t, LaneValues& out, LaneMask readers) {
  const std::uint64_t mask = valueMask(t);
  if (m_siteOf) [[unlikely]] {  // lanes of several call sites: each reads its own site's operand
    out.fill(0);
    for (LaneMask m = readers; m; m &= m - 1) {
      const int l = std::countr_zero(m);
      out[static_cast<std::size_t>(l)] = read(l, laneOp(l, op), t);
    }
    return;
  }
  switch (op.kind) {
    case OperandKind::Reg: {
      if (m_checkReads) m_undefIn |= readers & ~m_written[op.reg];
      const std::uint64_t* row = m_regs + regIndex(0, op.reg);
      for (std::size_t l = 0; l < kWarpSize; ++l) out[l] = row[l] & mask;
      return;
    }
    case OperandKind::Imm: out.fill(readOther(0, op, t)); return;  // the same for every lane, never reported
    case OperandKind::Special:
      m_engine.specialLanes(m_warp, op.sreg, op.comp, out);
      for (auto& v : out) v &= mask;
      return;
    default:
      out.fill(0);
      for (LaneMask m = readers; m; m &= m - 1) {
        const int l = std::countr_zero(m);
        out[static_cast<std::size_t>(l)] = readOther(l, op, t);
      }
      return;
  }
}

void ExecCtx::gatherPred(const Operand& op, LaneValues& out) {
  gather(op, DataType::Pred, out);
  if (op.negate)
    for (auto& v : out) v ^= 1u;
}

void ExecCtx::scatterReg(std::uint32_t reg, const LaneValues& v, LaneMask lanes) {
  const std::uint64_t mask = m_regMask[reg];
  lanes &= m_lanes;
  std::uint64_t* row = m_regs + regIndex(0, reg);
  if (m_rec) m_rec->regs.addRow(m_warp, reg, lanes, row, m_written[reg], v.data(), mask, m_undefIn);
  if (lanes == ~0u) {
    for (std::size_t l = 0; l < kWarpSize; ++l) row[l] = v[l] & mask;
  } else {
    for (LaneMask m = lanes; m; m &= m - 1) {
      const auto l = static_cast<std::size_t>(std::countr_zero(m));
      row[l] = v[l] & mask;
    }
  }
  m_written[reg] = (m_written[reg] | lanes) & ~(m_undefIn & lanes);
}

void ExecCtx::scatter(const Operand& dst, const LaneValues& v, LaneMask lanes) {
  if (m_siteOf) [[unlikely]] {
    for (LaneMask m = m_lanes & lanes; m; m &= m - 1) {
      const int l = std::countr_zero(m);
      write(l, laneOp(l, dst), v[static_cast<std::size_t>(l)]);
    }
  } else if (dst.kind == OperandKind::Reg) {
    scatterReg(dst.reg, v, lanes);
  } else if (dst.kind != OperandKind::Sink) {
    for (LaneMask m = m_lanes & lanes; m; m &= m - 1) writeNonRegister(std::countr_zero(m));
  }
}

void ExecCtx::scatterWithPred(const Operand& dst, const LaneValues& v, const LaneValues& pred) {
  if (!dst.hasPred) {
    scatter(dst, v);
  } else if (dst.kind == OperandKind::Reg && !m_rec && dst.reg != dst.reg2 && !m_siteOf) {
    scatterReg(dst.reg, v, m_lanes);
    scatterReg(dst.reg2, pred, m_lanes);
  } else if (dst.kind == OperandKind::Reg && dst.reg != dst.reg2 && !m_siteOf) {
    // Recorded: the journal keeps the lane-by-lane order (d, then p, for
    // each lane); two different registers, so no entry sees another's write.
    const std::uint32_t d = dst.reg, p = dst.reg2;
    std::uint64_t* rowD = m_regs + regIndex(0, d);
    std::uint64_t* rowP = m_regs + regIndex(0, p);
    const std::uint64_t maskD = m_regMask[d], maskP = m_regMask[p];
    m_rec->regs.addRowPair(m_warp, d, rowD, m_written[d], v.data(), maskD, p, rowP, m_written[p], pred.data(), maskP,
                           m_lanes, m_undefIn);
    if (m_lanes == ~0u) {  // the whole warp: a straight pass over each row
      for (std::size_t i = 0; i < kWarpSize; ++i) rowD[i] = v[i] & maskD;
      for (std::size_t i = 0; i < kWarpSize; ++i) rowP[i] = pred[i] & maskP;
    } else {
      for (LaneMask m = m_lanes; m; m &= m - 1) {
        const auto i = static_cast<std::size_t>(std::countr_zero(m));
        rowD[i] = v[i] & maskD;
        rowP[i] = pred[i] & maskP;
      }
    }
    m_written[d] = (m_written[d] | m_lanes) & ~(m_undefIn & m_lanes);
    m_written[p] = (m_written[p] | m_lanes) & ~(m_undefIn & m_lanes);
  } else {  // several call sites: lane by lane, each with its own operand
    for (LaneMask m = m_lanes; m; m &= m - 1) {
      const int l = std::countr_zero(m);
      const Operand& own = laneOp(l, dst);
      write(l, own, v[static_cast<std::size_t>(l)]);
      writeReg(l, own.reg2, pred[static_cast<std::size_t>(l)]);
    }
  }
}

std::array<std::uint64_t, 2> ExecCtx::read128(int lane, const Operand& op) {
  const std::uint64_t lo = read(lane, op, DataType::B64);
  if (op.kind != OperandKind::Reg) return {lo, 0};
  const std::uint32_t hi = program().regs[op.reg].hi;
  if (hi == kNoReg) return {lo, 0};
  Operand h;
  h.kind = OperandKind::Reg;
  h.reg = hi;
  return {lo, read(lane, h, DataType::B64)};
}

void ExecCtx::write128(int lane, const Operand& dst, std::uint64_t lo, std::uint64_t hi) {
  write(lane, dst, lo);
  if (dst.kind != OperandKind::Reg) return;
  if (const std::uint32_t h = program().regs[dst.reg].hi; h != kNoReg) writeReg(lane, h, hi);
}

void ExecCtx::writeNonRegister(int lane) { diag(DiagKind::Unsupported, 1u << lane, "destination is not a register"); }

WarpControl& ExecCtx::ctl() {
  m_engine.touchWarp(m_warp);
  return m_engine.m_state.warps[m_warp].ctl;
}

CtaControl& ExecCtx::ctaCtl(std::uint32_t c) {
  m_engine.touchCta(c);
  return m_engine.m_state.ctas[c].ctl;
}

ClusterState& ExecCtx::cluster(std::uint32_t k) {
  m_engine.touchCluster(k);
  return m_engine.m_state.clusters[k];
}

std::vector<AsyncOp>& ExecCtx::inflight() {
  m_engine.touchInflight();
  return m_engine.m_state.inflight;
}

AsyncGroups& ExecCtx::groups() {
  m_engine.touchGroups(m_warp);
  return m_engine.m_state.warps[m_warp].groups;
}

std::uint64_t ExecCtx::takeAsyncId() { return m_engine.m_state.nextAsyncId++; }

std::array<std::uint32_t, kWarpSize>& ExecCtx::pcs() {
  m_engine.touchWarpPcs(m_warp);
  return m_engine.m_state.warps[m_warp].ctl.pc;
}

void ExecCtx::jump(int lane, std::uint32_t pc) {
  pcs()[static_cast<std::size_t>(lane)] = pc;
  m_jumped |= 1u << lane;
  m_jumpedTo = kNoPc;
}

void ExecCtx::jumpLanes(LaneMask lanes, std::uint32_t pc) {
  std::array<std::uint32_t, kWarpSize>& to = pcs();
  if (lanes == ~0u) {
    to.fill(pc);
  } else {
    for (LaneMask m = lanes; m; m &= m - 1) to[static_cast<std::size_t>(std::countr_zero(m))] = pc;
  }
  m_jumpedTo = m_jumped == 0 || m_jumpedTo == pc ? pc : kNoPc;
  m_jumped |= lanes;
}

void ExecCtx::block(LaneMask lanes, WaitKind why, std::uint32_t arg) {
  WarpControl& c = ctl();
  c.waiting |= lanes;
  for (int l = 0; l < kWarpSize; ++l) {
    if ((lanes >> l) & 1u) {
      c.waitKind[static_cast<std::size_t>(l)] = why;
      c.waitArg[static_cast<std::size_t>(l)] = arg;
    }
  }
}

void ExecCtx::exitLanes(LaneMask lanes) {
  WarpControl& c = ctl();
  lanes &= c.live();
  if (!lanes) return;
  if (c.waiting & ~lanes) reportLanesLeftAtBarrier(*this, lanes);
  c.exited |= lanes;
  c.waiting &= ~lanes;
  c.yielded &= ~lanes;
  c.polling &= ~lanes;
  m_jumped |= lanes;
  m_jumpedTo = kNoPc;
  CtaControl& cc = ctaCtl(warp().cta);
  cc.liveThreads -= static_cast<std::uint32_t>(std::popcount(lanes));
}

std::string ExecCtx::hangNote() const { return m_engine.hangNote(); }

void ExecCtx::print(int lane, std::string text) {
  PrintedText t;
  t.step = step();
  t.cta = warp().cta;
  t.warp = m_warp;
  t.lane = static_cast<std::uint8_t>(lane);
  t.pc = static_cast<std::uint32_t>(&m_ins - program().instrs.data());
  t.text = std::move(text);
  // Only a run keeps it for its result; stepping callers read the record.
  if (m_engine.m_keepPrinted) m_engine.m_printed.push_back(t);
  if (m_rec) m_rec->printed.push_back(std::move(t));
}

void ExecCtx::diag(DiagKind kind, LaneMask lanes, std::string message) {
  diag(kind, lanes, std::move(message), static_cast<std::uint32_t>(&m_ins - program().instrs.data()));
}

void ExecCtx::diag(DiagKind kind, LaneMask lanes, std::string message, std::uint32_t pc) {
  Diagnostic d;
  d.kind = kind;
  d.step = step();
  d.cta = warp().cta;
  d.warp = m_warp;
  d.lanes = lanes;
  d.pc = pc;
  d.message = std::move(message);
  m_engine.m_diags.push_back(d);
  if (m_rec) m_rec->diags.push_back(std::move(d));
  if (mode() == ExecMode::Strict && diagInfo(kind).severity != Severity::Warning) m_stop = true;
  if (diagInfo(kind).severity == Severity::Error && kind != DiagKind::Unsupported) m_stop = true;
  if (kind == DiagKind::Unsupported) m_stop = true;
  // Rule R: where an H200 stopped the kernel for this kind of undefined
  // behaviour, hardware mode stops here too and names the CUDA error.
  if (mode() == ExecMode::Hardware) {
    if (const auto f = hw::recordedFault(kind))
      diag(DiagKind::HardwareFault, lanes,
           fmt::format("an H200 stopped the kernel recorded for this misuse with \"{}\" ({}); hardware mode stops "
                       "here, at the first lane that breaks the rule (the recording does not say at which instruction "
                       "the GPU stopped)",
                       hw::cudaErrorText(f->error), f->recording),
           pc);
  }
}


}  // namespace ws::core
