#include "core/trace/journal.hpp"

namespace ws::core {
namespace {

void putBytes(std::vector<std::uint8_t>& v, std::uint64_t off, unsigned n, std::uint64_t x) {
  for (unsigned i = 0; i < n; ++i) v[off + i] = static_cast<std::uint8_t>(x >> (8 * i));
}

std::vector<std::uint8_t>& regionBytes(MachineState& s, const MemChange& c) {
  switch (c.region) {
    case MemRegion::Global: return s.global[c.index].bytes;
    case MemRegion::Shared: return s.ctas[c.index].shared;
    case MemRegion::Local: return s.warps[c.index].local;
    case MemRegion::Const: return s.constSeg;
    case MemRegion::Param: return s.params;
  }
  return s.params;
}

template <bool Forward>
void apply(MachineState& s, const StepRecord& r) {
  // Data: forward in recorded order, backward in reverse order, so a cell
  // written twice in one step ends at the right value either way.
  auto regOne = [&](const RegChange& c) {
    WarpState& w = s.warps[c.warp];
    const std::size_t i = static_cast<std::size_t>(c.reg) * kWarpSize + c.lane;
    w.regs[i] = Forward ? c.after : c.before;
    if (Forward || c.wasWritten) w.written[c.reg] |= 1u << c.lane;
    else w.written[c.reg] &= ~(1u << c.lane);
  };
  auto memOne = [&](const MemChange& c) { putBytes(regionBytes(s, c), c.offset, c.size, Forward ? c.after : c.before); };
  if constexpr (Forward) {
    for (const auto& c : r.regs) regOne(c);
    for (const auto& c : r.mem) memOne(c);
  } else {
    for (auto it = r.regs.rbegin(); it != r.regs.rend(); ++it) regOne(*it);
    for (auto it = r.mem.rbegin(); it != r.mem.rend(); ++it) memOne(*it);
  }
  for (const auto& c : r.warpCtl) s.warps[c.index].ctl = Forward ? c.after : c.before;
  for (const auto& c : r.ctaCtl) s.ctas[c.index].ctl = Forward ? c.after : c.before;
  for (const auto& c : r.clusterCtl) s.clusters[c.index] = Forward ? c.after : c.before;
  for (const auto& c : r.groups) s.warps[c.index].groups = Forward ? c.after : c.before;
  if (r.inflight) s.inflight = Forward ? r.inflight->second : r.inflight->first;
  s.nextWarp = Forward ? r.nextWarpAfter : r.nextWarpBefore;
  s.nextAsyncId = Forward ? r.nextAsyncIdAfter : r.nextAsyncIdBefore;
  s.trapped = Forward ? r.trappedAfter : r.trappedBefore;
  if (!r.userEdit && r.advanced) s.step = Forward ? r.step + 1 : r.step;
}

}  // namespace

void applyForward(MachineState& s, const StepRecord& r, std::uint64_t) { apply<true>(s, r); }
void applyBackward(MachineState& s, const StepRecord& r, std::uint64_t) { apply<false>(s, r); }

}  // namespace ws::core
