// The real-world corpus (tests/data/realworld and realworld2): CUB, cooperative groups,
// CUDA-samples-style kernels and Hopper async pipelines compiled with
// nvcc -O3 -arch=sm_90a, each test replayed against what an H100 wrote.
#include <gtest/gtest.h>

#include "tests/core/hw_recording.hpp"
#include "tests/support/test_paths.hpp"

namespace {

class RealWorld : public ::testing::TestWithParam<ws::test::HwCase> {};

TEST_P(RealWorld, MatchesTheH100) { ws::test::expectReplays(GetParam()); }

INSTANTIATE_TEST_SUITE_P(Corpus, RealWorld, ::testing::ValuesIn(ws::test::loadHwCases(ws::test::dataPath("/realworld"))),
                         [](const auto& p) { return p.param.label; });
// Batch 2: tensor-core GEMMs, atomics, warp and SIMD intrinsics, libdevice
// math, common code shapes (local arrays, calls, switch), more CUB and
// cooperative groups, Hopper pipelines written with libcu++.
INSTANTIATE_TEST_SUITE_P(Corpus2, RealWorld, ::testing::ValuesIn(ws::test::loadHwCases(ws::test::dataPath("/realworld2"))),
                         [](const auto& p) { return p.param.label; });
// Cooperative launches (tests/data/coop): cooperative_groups::this_grid()
// and grid.sync() through the grid workspace a cooperative launch gets.
INSTANTIATE_TEST_SUITE_P(Cooperative, RealWorld, ::testing::ValuesIn(ws::test::loadHwCases(ws::test::dataPath("/coop"))),
                         [](const auto& p) { return p.param.label; });
// Correct synchronization the race detector must not flag (tests/data/no-false-alarms,
// sync.cu: CUB's decoupled look-back, release/acquire and fenced message passing,
// an mbarrier ring, cuda::barrier, cooperative groups' async reductions), recorded on an H200.
INSTANTIATE_TEST_SUITE_P(NoFalseAlarms, RealWorld,
                         ::testing::ValuesIn(ws::test::loadHwCases(ws::test::dataPath("/no-false-alarms"))),
                         [](const auto& p) { return p.param.label; });

}  // namespace
