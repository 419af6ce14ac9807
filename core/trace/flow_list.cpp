#include "core/trace/flow_list.hpp"

#include <algorithm>
#include <bit>

namespace ws::core {

void FlowList::addShuffle(std::uint32_t warp, std::int32_t fromReg, std::int32_t toReg, LaneMask lanes,
                          LaneMask inRange, const std::uint8_t* src, const std::uint64_t* value) {
  if (!lanes) return;
  const std::size_t first = m_values.size();
  m_shuffles.push_back({m_size, warp, fromReg, toReg, lanes, inRange, first});
  m_srcLanes.insert(m_srcLanes.end(), src, src + kWarpSize);
  m_values.insert(m_values.end(), value, value + kWarpSize);
  m_size += static_cast<std::size_t>(std::popcount(lanes));
}

Flow FlowList::operator[](std::size_t i) const {
  // Groups are few (mostly none or one a step): find the one holding i, or
  // count the groups' flows before i to find it among the others.
  std::size_t grouped = 0;  // flows of the groups before i
  for (const Shuffle& s : m_shuffles) {
    if (i < s.at) break;
    const auto n = static_cast<std::size_t>(std::popcount(s.lanes));
    if (i < s.at + n) {
      // The (i - s.at)-th lane of the group.
      LaneMask m = s.lanes;
      for (std::size_t k = i - s.at; k > 0; --k) m &= m - 1;
      const int lane = std::countr_zero(m);
      const auto l = static_cast<std::size_t>(lane);
      Flow f;
      f.kind = ((s.inRange >> lane) & 1u) ? FlowKind::Shuffle : FlowKind::ShuffleKeep;
      f.from = Endpoint::ofLane(s.warp, m_srcLanes[s.values + l], s.fromReg);
      f.to = Endpoint::ofLane(s.warp, lane, s.toReg);
      f.value = m_values[s.values + l];
      return f;
    }
    grouped += n;
  }
  return m_flows[i - grouped];
}

bool FlowList::operator==(const FlowList& o) const { return std::equal(begin(), end(), o.begin(), o.end()); }

}  // namespace ws::core
