#include "core/trace/journal.hpp"

#include <bit>

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
  // written twice in one step ends at the right value either way. (A row's
  // lanes are distinct, and so are the two rows of a pair.)
  auto regRow = [&](const RegJournal::Row& row) {
    WarpState& w = s.warps[row.warp];
    std::uint64_t* cells = w.regs.data() + static_cast<std::size_t>(row.reg) * kWarpSize;
    const std::uint64_t* v = (Forward ? r.regs.after() : r.regs.before()) + row.first;
    for (LaneMask m = row.lanes; m; m &= m - 1) cells[std::countr_zero(m)] = *v++;
    if (Forward) w.written[row.reg] = (w.written[row.reg] | row.lanes) & ~row.undefined;
    else w.written[row.reg] = (w.written[row.reg] & ~row.lanes) | row.wasWritten;
  };
  auto memOne = [&](const MemChange& c) { putBytes(regionBytes(s, c), c.offset, c.size, Forward ? c.after : c.before); };
  const auto& rows = r.regs.rows();
  if constexpr (Forward) {
    for (const auto& row : rows) regRow(row);
    for (const auto& c : r.mem) memOne(c);
  } else {
    for (auto it = rows.rbegin(); it != rows.rend(); ++it) regRow(*it);
    for (auto it = r.mem.rbegin(); it != r.mem.rend(); ++it) memOne(*it);
  }
  for (const auto& c : r.warpCtl) s.warps[c.index].ctl = Forward ? c.after : c.before;
  for (const auto& c : r.warpPcs) s.warps[c.index].ctl.pc = Forward ? c.after : c.before;
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
