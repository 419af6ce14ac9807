#include "core/exec/memory/atomic_exec.hpp"

#include <fmt/format.h>

#include "core/exec/memory/memory_map.hpp"

namespace ws::core {

void DiagBatch::add(DiagKind kind, int lane, std::string message) {
  addMask(kind, LaneMask{1} << lane, std::move(message));
}

void DiagBatch::addMask(DiagKind kind, LaneMask lanes, std::string message) {
  for (auto& e : m_entries) {
    if (e.kind != kind) continue;
    e.lanes |= lanes;
    ++e.count;
    return;
  }
  m_entries.push_back({kind, lanes, std::move(message), 1});
}

void DiagBatch::flush() {
  for (auto& e : m_entries) {
    std::string msg = std::move(e.message);
    if (e.count > 1) msg += fmt::format(" (and {} more)", e.count - 1);
    m_ctx.diag(e.kind, e.lanes, std::move(msg));
  }
  m_entries.clear();
}

std::optional<SharedLoc> resolveShared(ExecCtx& ctx, int lane, ExecCtx::Address a, unsigned bytes,
                                       std::string_view what, DiagBatch& diags, DiagKind outsideCluster) {
  const ExecCtx::Address s = ctx.toSpecific(a);
  if (s.space != Space::Shared || s.addr > 0xffffffffull) {
    diags.add(DiagKind::OutOfBounds, lane,
              fmt::format("lane {}: {} address {:#x} is not in shared memory", lane, what, a.addr));
    return std::nullopt;
  }
  SharedLoc loc;
  if (!ctx.sharedTarget(static_cast<std::uint32_t>(s.addr), loc.cta, loc.offset)) {
    diags.add(outsideCluster, lane,
              fmt::format("lane {}: {} address {:#x} names CTA rank {}, outside this cluster of {} CTAs", lane,
                          what, s.addr, s.addr / memmap::kClusterSharedBase - 1,
                          ctx.state().clusters[ctx.cta().cluster].numCtas));
    return std::nullopt;
  }
  if (loc.offset % bytes != 0) {
    diags.add(DiagKind::Misaligned, lane,
              fmt::format("lane {}: {} address {:#x} is not {}-byte aligned", lane, what, s.addr, bytes));
    return std::nullopt;
  }
  const std::size_t size = ctx.state().ctas[loc.cta].shared.size();
  if (static_cast<std::size_t>(loc.offset) + bytes > size) {
    diags.add(DiagKind::OutOfBounds, lane,
              fmt::format("lane {}: {} at shared offset {:#x} (+{} bytes) is past the {} bytes of shared memory", lane,
                          what, loc.offset, bytes, size));
    return std::nullopt;
  }
  return loc;
}

Endpoint memoryEndpoint(const ExecCtx& ctx, ExecCtx::Address a) {
  const ExecCtx::Address s = ctx.toSpecific(a);
  if (s.space == Space::Shared && s.addr <= 0xffffffffull) {
    SharedLoc loc;
    if (ctx.sharedTarget(static_cast<std::uint32_t>(s.addr), loc.cta, loc.offset))
      return Endpoint::ofMemory(Space::Shared, loc.cta, loc.offset);
    return Endpoint::ofMemory(Space::Shared, ctx.warp().cta, s.addr);
  }
  return Endpoint::ofMemory(s.space, 0, s.addr);
}

int addressOperand(const Instr& ins, std::size_t from) {
  for (std::size_t i = from; i < ins.ops.size(); ++i)
    if (ins.ops[i].kind == OperandKind::Address) return static_cast<int>(i);
  return -1;
}

// The PTX ISA leaves the order of same-address atomics within one warp
// instruction unspecified; the H100 performs them in ascending lane order
// (tests/data/hw: atom_order_{global,shared}_w32, the same in all 3 runs).
std::vector<int> serialisationOrder(LaneMask lanes) {
  std::vector<int> order;
  for (int l = 0; l < kWarpSize; ++l)
    if ((lanes >> l) & 1u) order.push_back(l);
  return order;
}

}  // namespace ws::core
