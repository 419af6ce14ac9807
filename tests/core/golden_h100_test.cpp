// Replays every hardware-golden test recorded on an NVIDIA H100
// (tests/data/golden: kernels.cu, the PTX nvcc emitted for it, and the outputs
// the GPU produced): the engine must reproduce `out` word for word.
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/core/test_util.hpp"

namespace {

std::string slurp(const std::string& path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

struct GoldenCase {
  std::string name;
  nlohmann::json json;
};

std::vector<GoldenCase> loadCases(const std::string& file) {
  std::vector<GoldenCase> out;
  auto j = nlohmann::json::parse(slurp(file), nullptr, false);
  if (j.is_discarded()) return out;
  for (auto& t : j["tests"]) out.push_back({t["name"].get<std::string>(), t});
  return out;
}

class GoldenH100 : public ::testing::TestWithParam<GoldenCase> {};

TEST_P(GoldenH100, ReplaysWordForWord) {
  const auto& t = GetParam().json;
  const std::string ptx = slurp(WS_TEST_DATA "/golden/kernels.ptx");
  ws::core::LaunchConfig cfg;
  cfg.entry = t["name"].get<std::string>();
  cfg.grid = {t["grid"].get<std::uint32_t>(), 1, 1};
  cfg.block = {t["block"].get<std::uint32_t>(), 1, 1};
  const auto cluster = t["cluster"].get<std::uint32_t>();
  if (cluster > 0) cfg.cluster = {cluster, 1, 1};
  cfg.buffers.push_back({"in", ws::test::toBytes(t["in"].get<std::vector<std::uint32_t>>())});
  cfg.buffers.push_back({"out", ws::test::toBytes(t["out_init"].get<std::vector<std::uint32_t>>())});
  cfg.params = {ws::core::ParamValue::buf(0), ws::core::ParamValue::buf(1)};
  ws::core::EngineOptions opts;
  opts.mode = ws::core::ExecMode::Hardware;
  auto run = ws::test::runPtx(ptx, cfg, opts);
  ASSERT_EQ(run.error, "");
  EXPECT_EQ(run.result.stop, ws::core::StopReason::Finished);
  for (const auto& d : run.result.diags) ADD_FAILURE() << "diagnostic: " << d.message;
  const auto expected = t["out"].get<std::vector<std::uint32_t>>();
  const auto actual = run.words(1);
  ASSERT_EQ(actual.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i)
    EXPECT_EQ(actual[i], expected[i]) << "out[" << i << "]";
}

INSTANTIATE_TEST_SUITE_P(Kernels, GoldenH100, ::testing::ValuesIn(loadCases(WS_TEST_DATA "/golden/golden-h100.json")),
                         [](const auto& info) { return info.param.name; });

}  // namespace
