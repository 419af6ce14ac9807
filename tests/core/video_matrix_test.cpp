// The video-instruction matrix (tests/data/video, written by gen.py): every
// scalar and SIMD video instruction with a sample of each modifier axis, run
// on an H100 and replayed here in hardware mode. Form f of an entry writes
// thread t's d to out[f * T + t]; forms.json names the form of each word, so
// a failure reads "vadd2.s32.u32.s32.sat %d.h0, ... thread 5: ...".
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "tests/core/golden_replay.hpp"
#include "tests/core/hw_recording.hpp"
#include "tests/support/test_paths.hpp"

namespace {

const std::string kDir = ws::test::dataPath("/video");

class VideoMatrix : public ::testing::TestWithParam<ws::test::HwCase> {};

TEST_P(VideoMatrix, MatchesTheH100) {
  static const auto forms = nlohmann::json::parse(ws::test::slurp(std::string(kDir) + "/forms.json"));
  const ws::test::HwCase& c = GetParam();
  const auto& e = forms[c.name()];
  const std::size_t threads = e["threads"].get<std::size_t>();
  ws::test::expectReplays(c, [&](std::size_t word) {
    const std::size_t f = word / threads;
    return fmt::format("{} thread {}", f < e["forms"].size() ? e["forms"][f].get<std::string>() : "?", word % threads);
  });
}

INSTANTIATE_TEST_SUITE_P(H100, VideoMatrix, ::testing::ValuesIn(ws::test::loadHwCases(kDir)),
                         [](const auto& p) { return p.param.label; });
// Until the matrix is recorded the folder has no golden file: nothing to replay.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(VideoMatrix);

}  // namespace
