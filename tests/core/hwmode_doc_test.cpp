// docs/hardware-mode.md states what an H100 does for each kind of collective
// misuse, with counts from the recorded matrix (tests/data/hwmode). Every row
// of its table is checked against the recordings here, and every
// (kind, instruction) of the matrix must have its row: the page cannot drift
// from the data.
#include <gtest/gtest.h>

#include <map>
#include <sstream>

#include "tests/core/golden_replay.hpp"
#include "tests/core/hwmode_matrix.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::test {
namespace {

struct Counts {
  int tests = 0, recorded = 0, fault = 0, hang = 0, varies = 0;
  bool operator==(const Counts&) const = default;
};

std::string trim(std::string s) {
  const auto b = s.find_first_not_of(" `"), e = s.find_last_not_of(" `");
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

TEST(HwmodeDoc, TableMatchesTheRecordings) {
  // What the data says.
  std::map<std::pair<std::string, std::string>, Counts> data;
  for (const MatrixCase& mc : matrixCases()) {
    const nlohmann::json& c = caseOf(mc.hw.name());
    Counts& n = data[{c["kind"].get<std::string>(), c["group"].get<std::string>()}];
    ++n.tests;
    if (mc.outcome == Outcome::Fault) ++n.fault;
    if (mc.outcome == Outcome::Hang) ++n.hang;
    if (mc.outcome == Outcome::Recorded) {
      ++n.recorded;
      n.varies += mc.hw.t().value("runs_differ", false) ? 1 : 0;
    }
  }
  // What the page says.
  const std::string doc = slurp(ws::test::sourcePath("/docs/hardware-mode.md"));
  const auto b = doc.find("<!-- hwmode-table begin -->"), e = doc.find("<!-- hwmode-table end -->");
  ASSERT_NE(b, std::string::npos);
  ASSERT_NE(e, std::string::npos);
  std::istringstream in(doc.substr(b, e - b));
  std::string line;
  std::map<std::pair<std::string, std::string>, Counts> page;
  while (std::getline(in, line)) {
    if (!line.starts_with("| `")) continue;
    std::vector<std::string> cells;
    std::istringstream ls(line.substr(1));
    std::string cell;
    while (std::getline(ls, cell, '|')) cells.push_back(trim(cell));
    ASSERT_GE(cells.size(), 8u) << line;
    Counts n{std::stoi(cells[2]), std::stoi(cells[3]), std::stoi(cells[4]), std::stoi(cells[5]), std::stoi(cells[6])};
    EXPECT_FALSE(cells[7].empty()) << "row without the H100's behaviour: " << line;
    page[{cells[0], cells[1]}] = n;
  }
  for (const auto& [key, n] : data) {
    auto it = page.find(key);
    if (it == page.end()) {
      ADD_FAILURE() << "docs/hardware-mode.md has no row for " << key.first << " / " << key.second;
      continue;
    }
    EXPECT_TRUE(it->second == n) << key.first << " / " << key.second << ": the page says " << it->second.tests << " "
                                 << it->second.recorded << " " << it->second.fault << " " << it->second.hang << " "
                                 << it->second.varies << ", the data " << n.tests << " " << n.recorded << " " << n.fault
                                 << " " << n.hang << " " << n.varies;
  }
  EXPECT_EQ(page.size(), data.size()) << "rows for kinds the matrix does not have";
}

}  // namespace
}  // namespace ws::test
