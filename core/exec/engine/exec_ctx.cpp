#include "core/exec/engine/exec_ctx.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <string>

#include <fmt/format.h>

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

std::string undefinedAddressMessage(int lane, const std::string& reg) {
  return fmt::format("lane {} forms an address from {}, which holds no defined value (nothing wrote it, or it was "
                     "computed from a register nothing wrote)",
                     lane, reg);
}

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

Space ExecCtx::instrSpace() const { return spaceOf(m_ins.space); }

Space spaceOf(Mod m) {
  switch (m) {
    case Mod::Global: return Space::Global;
    case Mod::Shared: case Mod::SharedCta: case Mod::SharedCluster: return Space::Shared;
    case Mod::Local: return Space::Local;
    case Mod::Const: return Space::Const;
    case Mod::Param: case Mod::ParamEntry: return Space::Param;
    case Mod::ParamFunc: return Space::ParamFunc;
    default: return Space::Generic;
  }
}

std::uint64_t symbolBase(const Symbol& s) { return s.space == Space::Global ? memmap::kGlobalBase + s.offset : s.offset; }

std::uint64_t symbolValue(const Symbol& s, std::int64_t imm) {
  const std::uint64_t v = symbolBase(s) + static_cast<std::uint64_t>(imm);
  return s.space == Space::Shared ? v & 0xffffffffull : v;
}

ExecCtx::Address ExecCtx::address(int lane, const Operand& op, Space space) {
  Address a;
  a.space = space;
  std::uint64_t base = 0;
  if (op.hasBase) {
    if (uninitialized(lane, op.reg))
      diag(DiagKind::UninitializedRead, 1u << lane, undefinedAddressMessage(lane, program().regs[op.reg].name));
    base = m_regs[regIndex(lane, op.reg)] & m_regMask[op.reg];
  } else if (op.symbol >= 0) {
    const Symbol& s = program().symbols[static_cast<std::size_t>(op.symbol)];
    base = symbolBase(s);
    if (s.space == Space::ParamFunc) a.space = Space::ParamFunc;
    if (s.space == Space::Param && a.space == Space::Generic) a.space = Space::Param;
    // A variable named without a state space on the instruction refers to
    // its own space (generic addressing of a named variable).
    if (a.space == Space::Generic) a.space = s.space;
    // .func params are per-thread storage whatever the instruction says.
    if (s.space == Space::ParamFunc) a.space = Space::ParamFunc;
  }
  a.addr = base + static_cast<std::uint64_t>(op.imm);
  if (op.kind == OperandKind::Symbol && op.symbol >= 0) {
    // Used as a value: the symbol's address in its own space.
    a.space = program().symbols[static_cast<std::size_t>(op.symbol)].space;
  }
  if (a.space == Space::Shared) a.addr &= 0xffffffffull;
  return a;
}

ExecCtx::Address ExecCtx::toSpecific(Address a) const {
  if (a.space != Space::Generic) return a;
  using namespace memmap;
  if (inWindow(a.addr, kSharedWindow)) return {Space::Shared, a.addr - kSharedWindow};
  if (inWindow(a.addr, kLocalWindow)) return {Space::Local, a.addr - kLocalWindow};
  if (inWindow(a.addr, kConstWindow)) return {Space::Const, a.addr - kConstWindow};
  if (inWindow(a.addr, kParamWindow)) return {Space::Param, a.addr - kParamWindow};
  return {Space::Global, a.addr};
}

bool ExecCtx::sharedTarget(std::uint32_t sharedAddr, std::uint32_t& ctaOut, std::uint32_t& offset) const {
  const CtaState& self = cta();
  if (sharedAddr < memmap::kClusterSharedBase) {
    ctaOut = warp().cta;
    offset = sharedAddr;
    return true;
  }
  const std::uint32_t rank = sharedAddr / memmap::kClusterSharedBase - 1;
  const ClusterState& cl = state().clusters[self.cluster];
  if (rank >= cl.numCtas) return false;
  ctaOut = cl.firstCta + rank;
  offset = sharedAddr % memmap::kClusterSharedBase;
  return true;
}

namespace {
// Simulated memory is little-endian, like the GPU; on a little-endian host
// the usual sizes are one move each.
template <unsigned N>
std::uint64_t loadFixed(const std::uint8_t* p) {
  std::uint64_t v = 0;
  std::memcpy(&v, p, N);
  return v;
}
template <unsigned N>
void storeFixed(std::uint8_t* p, std::uint64_t v) {
  std::memcpy(p, &v, N);
}
std::uint64_t loadLe(const std::uint8_t* p, unsigned n) {
  if constexpr (std::endian::native == std::endian::little) {
    switch (n) {
      case 1: return p[0];
      case 2: return loadFixed<2>(p);
      case 4: return loadFixed<4>(p);
      case 8: return loadFixed<8>(p);
      default: break;
    }
  }
  std::uint64_t v = 0;
  for (unsigned i = 0; i < n; ++i) v |= static_cast<std::uint64_t>(p[i]) << (8 * i);
  return v;
}
void storeLe(std::uint8_t* p, unsigned n, std::uint64_t v) {
  if constexpr (std::endian::native == std::endian::little) {
    switch (n) {
      case 1: p[0] = static_cast<std::uint8_t>(v); return;
      case 2: storeFixed<2>(p, v); return;
      case 4: storeFixed<4>(p, v); return;
      case 8: storeFixed<8>(p, v); return;
      default: break;
    }
  }
  for (unsigned i = 0; i < n; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}
// Whether every lane of `lanes` accesses N bytes at addr[lane] inside the
// window, aligned (what Window::holds() and aligned() say lane by lane), so
// that the lanes of an access that stays in one buffer need no check each.
// Only for lanes that run from one lane to the end of the warp (the whole
// warp but its first lane, the usual case), checked in one pass: the
// largest offset and every address's low bits.
template <unsigned N>
bool allInWindow(std::uint64_t lo, std::uint64_t hi, const LaneValues& addr, LaneMask lanes) {
  if (lanes == 0 || hi - lo < N) return false;
  const int first = std::countr_zero(lanes);
  if (lanes != ~0u << first) return false;
  std::uint64_t maxOff = 0, bits = 0;
  for (std::size_t l = static_cast<std::size_t>(first); l < kWarpSize; ++l) {
    maxOff = std::max(maxOff, addr[l] - lo);  // below lo wraps past any window
    bits |= addr[l];
  }
  return maxOff <= hi - lo - N && (bits & (N - 1)) == 0;
}
bool aligned(std::uint64_t addr, unsigned bytes) {
  const bool powerOfTwo = (bytes & (bytes - 1)) == 0;
  return powerOfTwo ? (addr & (bytes - 1)) == 0 : addr % bytes == 0;
}
const char* spaceName(Space s) {
  switch (s) {
    case Space::Global: return "global";
    case Space::Shared: return "shared";
    case Space::Local: return "local";
    case Space::Const: return "const";
    case Space::Param: return "param";
    case Space::ParamFunc: return "param";
    case Space::Generic: return "generic";
  }
  return "";
}
}  // namespace

// Finds the bytes an access touches; reports and returns null when there are
// none (out of bounds) or the access is misaligned. Keeps the window found in
// ctx.m_window.
struct ExecCtxMemory {
  static std::uint8_t* locate(ExecCtx& ctx, Engine& eng, int lane, ExecCtx::Address a, unsigned bytes, bool forWrite,
                              MemRegion& region, std::uint32_t& index, std::uint64_t& offset) {
    a = ctx.toSpecific(a);
    ExecCtx::Window& w = ctx.m_window;
    if (bytes > 1 && !aligned(a.addr, bytes)) {
      ctx.diag(DiagKind::Misaligned, 1u << lane,
               fmt::format("lane {} accesses {} bytes at {} address {:#x}, which is not {}-byte aligned", lane, bytes,
                           spaceName(a.space), a.addr, bytes));
      return nullptr;
    }
    MachineState& st = eng.m_state;
    auto oob = [&](std::uint64_t size) {
      ctx.diag(DiagKind::OutOfBounds, 1u << lane,
               fmt::format("lane {} accesses {} bytes at {} address {:#x}, outside every allocation (size {})", lane,
                           bytes, spaceName(a.space), a.addr, size));
      return nullptr;
    };
    switch (a.space) {
      case Space::Global: {
        for (std::uint32_t i = 0; i < st.global.size(); ++i) {
          GlobalBuffer& b = st.global[i];
          if (a.addr >= b.base && a.addr - b.base + bytes <= b.bytes.size()) {
            if (forWrite && b.readOnly) return oob(b.bytes.size());
            region = MemRegion::Global;
            index = i;
            offset = a.addr - b.base;
            w = {Space::Global, b.base, b.base + b.bytes.size(), b.bytes.data(), region, i, !b.readOnly};
            return b.bytes.data() + offset;
          }
        }
        return oob(0);
      }
      case Space::Shared: {
        std::uint32_t c = 0, off = 0;
        if (!ctx.sharedTarget(static_cast<std::uint32_t>(a.addr), c, off)) return oob(0);
        auto& sh = st.ctas[c].shared;
        if (static_cast<std::uint64_t>(off) + bytes > sh.size()) return oob(sh.size());
        region = MemRegion::Shared;
        index = c;
        offset = off;
        w = {Space::Shared, a.addr - off, a.addr - off + sh.size(), sh.data(), region, c, true};
        return sh.data() + off;
      }
      case Space::Local:
      case Space::ParamFunc: {
        const std::uint64_t lb = eng.m_localBytes;
        if (a.addr + bytes > lb) return oob(lb);
        region = MemRegion::Local;
        index = ctx.warpIndex();
        offset = static_cast<std::uint64_t>(lane) * lb + a.addr;
        return st.warps[ctx.warpIndex()].local.data() + offset;
      }
      case Space::Const: {
        if (forWrite || a.addr + bytes > st.constSeg.size()) return oob(st.constSeg.size());
        region = MemRegion::Const;
        index = 0;
        offset = a.addr;
        w = {Space::Const, 0, st.constSeg.size(), st.constSeg.data(), region, 0, false};
        return st.constSeg.data() + a.addr;
      }
      case Space::Param: {
        if (forWrite || a.addr + bytes > st.params.size()) return oob(st.params.size());
        region = MemRegion::Param;
        index = 0;
        offset = a.addr;
        w = {Space::Param, 0, st.params.size(), st.params.data(), region, 0, false};
        return st.params.data() + a.addr;
      }
      case Space::Generic: break;
    }
    return oob(0);
  }
};

bool ExecCtx::load(int lane, Address a, unsigned bytes, std::uint64_t& out) {
  const Address s = toSpecific(a);
  if (m_window.holds(s, bytes) && aligned(s.addr, bytes)) {
    out = loadLe(m_window.base + (s.addr - m_window.lo), bytes);
    noteAccess(lane, m_window.region, m_window.index, s.addr - m_window.lo, bytes, false, false);
    return true;
  }
  MemRegion region{};
  std::uint32_t index = 0;
  std::uint64_t offset = 0;
  const std::uint8_t* p = ExecCtxMemory::locate(*this, m_engine, lane, a, bytes, false, region, index, offset);
  if (!p) return false;
  out = loadLe(p, bytes);
  noteAccess(lane, region, index, offset, bytes, false, false);
  return true;
}

std::optional<LaneMask> ExecCtx::loadLanes(const Operand& op, unsigned bytes, LaneValues& out) {
  if (m_checkReads && (m_lanes & ~m_written[op.reg]) != 0) return std::nullopt;
  // address() of each lane, with the space worked out once.
  const Space space = instrSpace();
  const std::uint64_t* row = m_regs + regIndex(0, op.reg);
  const std::uint64_t mask = m_regMask[op.reg];
  const auto imm = static_cast<std::uint64_t>(op.imm);
  const std::uint64_t addrMask = space == Space::Shared ? 0xffffffffull : ~0ull;
  LaneMask ok = 0;
  LaneValues addr;
  for (std::size_t l = 0; l < kWarpSize; ++l) addr[l] = ((row[l] & mask) + imm) & addrMask;
  // load() of each lane, with an access inside the window of the last one
  // read here, the size known at compile time. When the window the first
  // lane found holds every lane after it, those are read without a check
  // each (a specific space only: a generic address is resolved lane by lane).
  auto pass = [&]<unsigned N>() {
    const LaneMask afterFirst = m_lanes & (m_lanes - 1);
    for (LaneMask m = m_lanes; m; m &= m - 1) {
      if (m == afterFirst && space != Space::Generic && m_window.space == space &&
          allInWindow<N>(m_window.lo, m_window.hi, addr, m)) {
        ok |= m;
        for (; m; m &= m - 1) {
          const auto i = static_cast<std::size_t>(std::countr_zero(m));
          out[i] = loadLe(m_window.base + (addr[i] - m_window.lo), N);
          noteAccess(static_cast<int>(i), m_window.region, m_window.index, addr[i] - m_window.lo, N, false, false);
        }
        return;
      }
      const int l = std::countr_zero(m);
      const auto i = static_cast<std::size_t>(l);
      const Address a{space, addr[i]};
      const Address s = space == Space::Generic ? toSpecific(a) : a;
      if (m_window.holds(s, N) && (s.addr & (N - 1)) == 0) {
        out[i] = loadLe(m_window.base + (s.addr - m_window.lo), N);
        noteAccess(l, m_window.region, m_window.index, s.addr - m_window.lo, N, false, false);
        ok |= 1u << l;
      } else if (load(l, a, N, out[i])) {
        ok |= 1u << l;
      }
    }
  };
  switch (bytes) {
    case 1: pass.template operator()<1>(); break;
    case 2: pass.template operator()<2>(); break;
    case 4: pass.template operator()<4>(); break;
    case 8: pass.template operator()<8>(); break;
    default:
      for (LaneMask m = m_lanes; m; m &= m - 1) {
        const int l = std::countr_zero(m);
        const auto i = static_cast<std::size_t>(l);
        if (load(l, {space, ((row[i] & mask) + imm) & addrMask}, bytes, out[i])) ok |= 1u << l;
      }
      break;
  }
  return ok;
}

bool ExecCtx::store(int lane, Address a, unsigned bytes, std::uint64_t value) {
  MemRegion region{};
  std::uint32_t index = 0;
  std::uint64_t offset = 0;
  std::uint8_t* p = nullptr;
  const Address s = toSpecific(a);
  if (m_window.writable && m_window.holds(s, bytes) && aligned(s.addr, bytes)) {
    region = m_window.region;
    index = m_window.index;
    offset = s.addr - m_window.lo;
    p = m_window.base + offset;
  } else {
    p = ExecCtxMemory::locate(*this, m_engine, lane, a, bytes, true, region, index, offset);
  }
  if (!p) return false;
  // An undefined value reaching memory matters: it is reported where it
  // is stored (memory keeps no definedness of its own).
  if ((m_undefIn >> lane) & 1u) [[unlikely]] reportUndefinedUse(lane, "stores");
  if (bytes < 8) value &= (1ull << (8 * bytes)) - 1;
  const std::uint64_t before = loadLe(p, bytes);
  storeLe(p, bytes, value);
  noteAccess(lane, region, index, offset, bytes, true, before == value);
  if (m_rec && before != value)
    m_rec->mem.push_back({region, index, offset, static_cast<std::uint8_t>(bytes), before, value});
  return true;
}

bool ExecCtx::storeLanes(const Operand& addrOp, const Operand& value, DataType t, unsigned bytes) {
  if (value.kind != OperandKind::Reg && value.kind != OperandKind::Imm) return false;
  if (m_checkReads && ((m_lanes & ~m_written[addrOp.reg]) != 0 ||
                       (value.kind == OperandKind::Reg && (m_lanes & ~m_written[value.reg]) != 0)))
    return false;
  LaneValues v;
  gather(value, t, v);  // every reader has written it: nothing to report
  // address() of each lane, with the space worked out once; an access inside
  // the window of the last one is stored here, the rest through store().
  const Space space = instrSpace();
  const std::uint64_t* row = m_regs + regIndex(0, addrOp.reg);
  const std::uint64_t mask = m_regMask[addrOp.reg];
  const auto imm = static_cast<std::uint64_t>(addrOp.imm);
  const std::uint64_t addrMask = space == Space::Shared ? 0xffffffffull : ~0ull;
  const std::uint64_t valueMask = bytes < 8 ? (1ull << (8 * bytes)) - 1 : ~0ull;
  LaneValues addr;
  for (std::size_t l = 0; l < kWarpSize; ++l) addr[l] = ((row[l] & mask) + imm) & addrMask;
  // When the window the first lane found holds every lane after it, those
  // are stored in lane order without a check each.
  auto rest = [&]<unsigned N>(LaneMask m) {
    if (space == Space::Generic || m_window.space != space || !m_window.writable ||
        !allInWindow<N>(m_window.lo, m_window.hi, addr, m))
      return false;
    for (; m; m &= m - 1) {
      const auto i = static_cast<std::size_t>(std::countr_zero(m));
      const std::uint64_t offset = addr[i] - m_window.lo;
      std::uint8_t* p = m_window.base + offset;
      const std::uint64_t after = v[i] & valueMask;
      const std::uint64_t before = loadLe(p, N);
      storeLe(p, N, after);
      noteAccess(static_cast<int>(i), m_window.region, m_window.index, offset, N, true, before == after);
      if (m_rec && before != after)
        m_rec->mem.push_back({m_window.region, m_window.index, offset, static_cast<std::uint8_t>(N), before, after});
    }
    return true;
  };
  const LaneMask afterFirst = m_lanes & (m_lanes - 1);
  for (LaneMask m = m_lanes; m; m &= m - 1) {
    if (m == afterFirst && m != 0) {  // the first lane has found the window
      const bool done = bytes == 4   ? rest.template operator()<4>(m)
                        : bytes == 8 ? rest.template operator()<8>(m)
                        : bytes == 2 ? rest.template operator()<2>(m)
                        : bytes == 1 ? rest.template operator()<1>(m)
                                     : false;
      if (done) return true;
    }
    const int l = std::countr_zero(m);
    const auto i = static_cast<std::size_t>(l);
    const Address a{space, addr[i]};
    const Address s = toSpecific(a);
    if (m_window.writable && m_window.holds(s, bytes) && aligned(s.addr, bytes)) {
      const std::uint64_t offset = s.addr - m_window.lo;
      std::uint8_t* p = m_window.base + offset;
      const std::uint64_t after = v[i] & valueMask;
      const std::uint64_t before = loadLe(p, bytes);
      storeLe(p, bytes, after);
      noteAccess(l, m_window.region, m_window.index, offset, bytes, true, before == after);
      if (m_rec && before != after)
        m_rec->mem.push_back(
            {m_window.region, m_window.index, offset, static_cast<std::uint8_t>(bytes), before, after});
    } else {
      store(l, a, bytes, v[i]);
    }
  }
  return true;
}

bool ExecCtx::loadShared(std::uint32_t ctaIndex, std::uint32_t offset, unsigned bytes, std::uint64_t& out, bool data) {
  const auto& sh = m_engine.m_state.ctas[ctaIndex].shared;
  if (static_cast<std::uint64_t>(offset) + bytes > sh.size()) return false;
  out = loadLe(sh.data() + offset, bytes);
  if (data) noteAccess(0, MemRegion::Shared, ctaIndex, offset, bytes, false, false);
  return true;
}

bool ExecCtx::storeShared(std::uint32_t ctaIndex, std::uint32_t offset, unsigned bytes, std::uint64_t value, bool data) {
  auto& sh = m_engine.m_state.ctas[ctaIndex].shared;
  if (static_cast<std::uint64_t>(offset) + bytes > sh.size()) return false;
  if (bytes < 8) value &= (1ull << (8 * bytes)) - 1;
  const std::uint64_t before = loadLe(sh.data() + offset, bytes);
  storeLe(sh.data() + offset, bytes, value);
  if (data) noteAccess(0, MemRegion::Shared, ctaIndex, offset, bytes, true, before == value);
  if (m_rec && before != value)
    m_rec->mem.push_back({MemRegion::Shared, ctaIndex, offset, static_cast<std::uint8_t>(bytes), before, value});
  return true;
}

bool ExecCtx::inBounds(Address a, std::uint64_t bytes) const {
  const Address s = toSpecific(a);
  const MachineState& st = m_engine.m_state;
  auto within = [&](std::uint64_t addr, std::uint64_t size) { return addr <= size && size - addr >= bytes; };
  switch (s.space) {
    case Space::Global:
      for (const GlobalBuffer& b : st.global)
        if (s.addr >= b.base && within(s.addr - b.base, b.bytes.size())) return true;
      return false;
    case Space::Shared: {
      std::uint32_t c = 0, off = 0;
      if (s.addr > 0xffffffffull || !sharedTarget(static_cast<std::uint32_t>(s.addr), c, off)) return false;
      return within(off, st.ctas[c].shared.size());
    }
    case Space::Local: case Space::ParamFunc: return within(s.addr, m_engine.m_localBytes);
    case Space::Const: return within(s.addr, st.constSeg.size());
    case Space::Param: return within(s.addr, st.params.size());
    case Space::Generic: break;
  }
  return false;
}

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
}


}  // namespace ws::core
