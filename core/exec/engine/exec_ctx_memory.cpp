// The memory side of ExecCtx: addresses (state spaces, generic windows,
// shared::cluster), and the loads and stores every handler's access goes
// through, one lane at a time or a warp at a time, each told to the race
// detector when the run checks races.
#include "core/exec/engine/exec_ctx.hpp"

#include <bit>
#include <cstring>
#include <string>

#include <fmt/format.h>

#include "core/exec/engine/engine.hpp"
#include "core/exec/memory/memory_map.hpp"

namespace ws::core {
namespace {

std::string undefinedAddressMessage(int lane, const std::string& reg) {
  return fmt::format("lane {} forms an address from {}, which holds no defined value (nothing wrote it, or it was "
                     "computed from a register nothing wrote)",
                     lane, reg);
}

}  // namespace

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

}  // namespace ws::core
