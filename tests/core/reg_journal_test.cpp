// The row journal reads as the lane-by-lane sequence of changes it replaced.
#include "core/trace/reg_journal.hpp"

#include <array>
#include <vector>

#include <gtest/gtest.h>

namespace ws::core {
namespace {

std::vector<RegChange> changes(const RegJournal& j) { return {j.begin(), j.end()}; }

TEST(RegJournal, LaneByLaneChangesJoinARowInOrder) {
  RegJournal j;
  j.add(1, 5, 3, true, 10, 11);
  j.add(1, 5, 7, false, 0, 12);
  j.add(1, 5, 2, true, 13, 14);  // a lower lane starts a new row
  j.add(1, 6, 9, true, 15, 16);
  const std::vector<RegChange> want = {
      {1, 5, 3, true, 10, 11}, {1, 5, 7, false, 0, 12}, {1, 5, 2, true, 13, 14}, {1, 6, 9, true, 15, 16}};
  EXPECT_EQ(changes(j), want);
  EXPECT_EQ(j.size(), 4u);
  EXPECT_EQ(j.rows().size(), 3u);
}

TEST(RegJournal, WholeRowsKeepOnlyWhatChanges) {
  std::array<std::uint64_t, kWarpSize> row{}, v{};
  for (std::size_t l = 0; l < kWarpSize; ++l) {
    row[l] = l;
    v[l] = l % 3 == 0 ? l + 0x100000000ull : l + 1;  // lanes 0, 3, 6, ...: unchanged (the mask cuts the high half)
  }
  RegJournal j;
  j.addRow(0, 2, 0xfffffff0u, row.data(), 0xffff0000u, v.data(), 0xffffffffull);
  std::vector<RegChange> want;
  for (std::uint8_t l = 4; l < kWarpSize; ++l)
    if (l % 3 != 0 || l < 16) want.push_back({0, 2, l, l >= 16, row[l], v[l] & 0xffffffffull});
  EXPECT_EQ(changes(j), want);
}

TEST(RegJournal, APairReadsLaneByLaneFirstRowFirst) {
  std::array<std::uint64_t, kWarpSize> rowA{}, rowB{}, vA{}, vB{};
  for (std::size_t l = 0; l < kWarpSize; ++l) {
    vA[l] = l % 2 ? 100 + l : 0;  // even lanes of A keep their value
    vB[l] = l % 4 ? 1 : 0;        // every fourth lane of B does
  }
  RegJournal j;
  j.addRowPair(3, 1, rowA.data(), ~0u, vA.data(), ~0ull, 4, rowB.data(), ~0u, vB.data(), 1, 0x0000ffffu);
  j.add(3, 4, 20, true, 0, 1);  // after the pair, never inside it
  std::vector<RegChange> want;
  for (std::uint8_t l = 0; l < 16; ++l) {
    if (vA[l] != 0) want.push_back({3, 1, l, true, 0, vA[l]});
    if (vB[l] != 0) want.push_back({3, 4, l, true, 0, vB[l]});
  }
  want.push_back({3, 4, 20, true, 0, 1});
  EXPECT_EQ(changes(j), want);
  RegJournal k;
  for (const RegChange& c : want) k.push_back(c);
  EXPECT_EQ(j, k);  // equal as sequences, however they were built
}

}  // namespace
}  // namespace ws::core
