// A shuffle's compact flows read back as the Flows they stand for, in the
// order the flows were recorded.
#include "core/trace/flow_list.hpp"

#include <array>
#include <vector>

#include <gtest/gtest.h>

namespace ws::core {
namespace {

Flow plain(std::uint64_t value) {
  Flow f;
  f.kind = FlowKind::Store;
  f.from = Endpoint::ofLane(0, 1, 2);
  f.to = Endpoint::ofMemory(Space::Global, 0, 64);
  f.value = value;
  return f;
}

TEST(FlowList, AShuffleReadsAsItsFlowsBetweenTheOthers) {
  std::array<std::uint8_t, kWarpSize> src{};
  std::array<std::uint64_t, kWarpSize> value{};
  for (std::size_t l = 0; l < kWarpSize; ++l) {
    src[l] = static_cast<std::uint8_t>((l + 1) % kWarpSize);
    value[l] = 100 + l;
  }
  const LaneMask lanes = 0x8000000fu, inRange = 0x00000007u;
  FlowList list;
  list.push_back(plain(1));
  list.addShuffle(3, 5, 6, lanes, inRange, src.data(), value.data());
  list.push_back(plain(2));

  std::vector<Flow> want = {plain(1)};
  for (const int l : {0, 1, 2, 3, 31}) {
    Flow f;
    f.kind = (inRange >> l) & 1u ? FlowKind::Shuffle : FlowKind::ShuffleKeep;
    f.from = Endpoint::ofLane(3, src[static_cast<std::size_t>(l)], 5);
    f.to = Endpoint::ofLane(3, l, 6);
    f.value = value[static_cast<std::size_t>(l)];
    want.push_back(f);
  }
  want.push_back(plain(2));

  ASSERT_EQ(list.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) EXPECT_EQ(list[i], want[i]) << i;
  EXPECT_EQ(std::vector<Flow>(list.begin(), list.end()), want);

  FlowList same;
  for (const Flow& f : want) same.push_back(f);
  EXPECT_EQ(list, same);  // equal as sequences, however they were kept
  list.clear();
  EXPECT_TRUE(list.empty());
  EXPECT_EQ(list.begin(), list.end());
}

}  // namespace
}  // namespace ws::core
