#include "tests/core/golden_replay.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "core/exec/diagnostics/diagnostic.hpp"
#include "tests/core/hw_recording.hpp"
#include "tests/core/test_util.hpp"

namespace ws::test {

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

std::vector<GoldenCase> loadGoldenFile(const std::string& jsonPath, const std::string& ptxPath,
                                       const std::string& prefix) {
  std::vector<GoldenCase> out;
  auto j = nlohmann::json::parse(slurp(jsonPath), nullptr, false);
  if (j.is_discarded() || !j.contains("tests")) return out;
  for (auto& t : j["tests"]) out.push_back({prefix + t["name"].get<std::string>(), ptxPath, t});
  return out;
}

core::LaunchConfig goldenLaunch(const GoldenCase& c) {
  const auto& t = c.json;
  core::LaunchConfig cfg;
  cfg.entry = t["name"].get<std::string>();
  cfg.grid = {t["grid"].get<std::uint32_t>(), 1, 1};
  cfg.block = {t["block"].get<std::uint32_t>(), 1, 1};
  const auto cluster = t["cluster"].get<std::uint32_t>();
  if (cluster > 0) cfg.cluster = {cluster, 1, 1};
  cfg.buffers.push_back({"in", toBytes(t["in"].get<std::vector<std::uint32_t>>())});
  cfg.buffers.push_back({"out", toBytes(t["out_init"].get<std::vector<std::uint32_t>>())});
  cfg.params = {core::ParamValue::buf(0), core::ParamValue::buf(1)};
  return cfg;
}

void replayGolden(const GoldenCase& c) {
  const auto& t = c.json;
  const core::LaunchConfig cfg = goldenLaunch(c);
  core::EngineOptions opts;
  opts.mufu = ws::test::mufuTables();
  opts.mode = core::ExecMode::Hardware;
  opts.reportUninitializedReads = false;
  auto run = runPtx(slurp(c.ptxPath), cfg, opts, 20'000'000);
  ASSERT_EQ(run.error, "");
  EXPECT_EQ(run.result.stop, core::StopReason::Finished);
  for (const auto& d : run.result.diags)
    if (core::diagInfo(d.kind).severity == core::Severity::Error) ADD_FAILURE() << "diagnostic: " << d.message;
  const auto expected = t["out"].get<std::vector<std::uint32_t>>();
  const auto actual = run.words(1);
  ASSERT_EQ(actual.size(), expected.size());
  int shown = 0;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (actual[i] != expected[i] && shown++ < 16)
      ADD_FAILURE() << "out[" << i << "] = " << actual[i] << ", the H100 gave " << expected[i];
  }
}

}  // namespace ws::test
