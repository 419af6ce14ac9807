// Shared memory laid out per entry, checked against an H100 (tests/data/smem):
// the reserved region, the static variables each entry uses, the dynamic
// window after them, and the special registers that describe it.
#include <gtest/gtest.h>

#include "tests/core/hw_recording.hpp"
#include "tests/support/test_paths.hpp"

namespace {

class SharedLayoutH100 : public ::testing::TestWithParam<ws::test::HwCase> {};

TEST_P(SharedLayoutH100, MatchesTheH100) { ws::test::expectReplays(GetParam()); }

INSTANTIATE_TEST_SUITE_P(Recorded, SharedLayoutH100, ::testing::ValuesIn(ws::test::loadHwCases(ws::test::dataPath("/smem"))),
                         [](const auto& p) { return p.param.label; });

}  // namespace
