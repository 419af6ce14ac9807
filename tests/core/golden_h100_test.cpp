// Replays every test of the shared hardware-golden set recorded on an NVIDIA
// H100 (tests/data/golden: kernels.cu, the PTX nvcc emitted for it, and the
// outputs the GPU produced): the engine, in hardware mode, must reproduce
// every `out` word for word. The project's own recordings per instruction
// family (tests/data/hw) are replayed by each family's tests.
#include <gtest/gtest.h>

#include "tests/core/golden_replay.hpp"
#include "tests/support/test_paths.hpp"

namespace {

std::vector<ws::test::GoldenCase> allCases() {
  return ws::test::loadGoldenFile(ws::test::dataPath("/golden/golden-h100.json"), ws::test::dataPath("/golden/kernels.ptx"), "");
}

class GoldenH100 : public ::testing::TestWithParam<ws::test::GoldenCase> {};

TEST_P(GoldenH100, ReplaysWordForWord) { ws::test::replayGolden(GetParam()); }

INSTANTIATE_TEST_SUITE_P(Recorded, GoldenH100, ::testing::ValuesIn(allCases()),
                         [](const auto& p) { return p.param.label; });

}  // namespace
