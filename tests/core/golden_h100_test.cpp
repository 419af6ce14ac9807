// Replays every hardware-golden test recorded on an NVIDIA H100: the shared
// public set (tests/data/golden: kernels.cu, the PTX nvcc emitted for it, the
// outputs) and the project's own recordings per instruction family
// (tests/data/hw, see its README). The engine, in hardware mode, must
// reproduce every `out` word for word.
#include <filesystem>

#include <gtest/gtest.h>

#include "tests/core/golden_replay.hpp"

namespace {

std::vector<ws::test::GoldenCase> allCases() {
  auto cases = ws::test::loadGoldenFile(WS_TEST_DATA "/golden/golden-h100.json", WS_TEST_DATA "/golden/kernels.ptx", "");
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(WS_TEST_DATA "/hw"))
    if (e.path().filename().string().starts_with("golden-") && e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    const std::string family = f.stem().string().substr(7);
    const std::string ptx = (f.parent_path() / (family + ".ptx")).string();
    auto more = ws::test::loadGoldenFile(f.string(), ptx, "hw_");
    cases.insert(cases.end(), more.begin(), more.end());
  }
  return cases;
}

class GoldenH100 : public ::testing::TestWithParam<ws::test::GoldenCase> {};

TEST_P(GoldenH100, ReplaysWordForWord) { ws::test::replayGolden(GetParam()); }

INSTANTIATE_TEST_SUITE_P(Recorded, GoldenH100, ::testing::ValuesIn(allCases()),
                         [](const auto& p) { return p.param.label; });

}  // namespace
