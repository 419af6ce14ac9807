// The ISA follow-up matrix (tests/data/isa-followup, written by gen.py): the
// rules the sm_90 matrix left open (fns with INT_MIN, mad.hi.sat's negative
// overflow, bfe with immediate positions past the width, sin/cos near the
// quarter turns, which NaN an f64 result carries, ex2.f16's rounding),
// recorded on an H100 and replayed word for word in hardware mode. Result row
// r of thread t is out[r * T + t] (README.md there lists the forms per entry).
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "tests/core/hw_recording.hpp"
#include "tests/support/test_paths.hpp"

namespace {

class IsaFollowup : public ::testing::TestWithParam<ws::test::HwCase> {};

TEST_P(IsaFollowup, MatchesTheH100) {
  const ws::test::HwCase& c = GetParam();
  const auto& block = c.t()["block"];
  const std::size_t threads = block.is_array() ? block[0].get<std::size_t>() : block.get<std::size_t>();
  ws::test::expectReplays(c, [&](std::size_t word) { return fmt::format("row {} thread {}", word / threads, word % threads); });
}

INSTANTIATE_TEST_SUITE_P(H100, IsaFollowup, ::testing::ValuesIn(ws::test::loadHwCases(ws::test::dataPath("/isa-followup"))),
                         [](const auto& p) { return p.param.label; });

}  // namespace
