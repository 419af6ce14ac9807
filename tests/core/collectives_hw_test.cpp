// Replays the H100 recordings of the warp-collective families
// (tests/data/hw/golden-<family>.json, format in tests/data/hw/README.md):
// load the family's .ptx unmodified, launch each test's entry with its
// grid/block/cluster on buffers in and out_init, and compare out word for
// word. Runs in hardware mode: the recordings include cases the ISA leaves
// undefined, and there the engine must do what the H100 did.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <variant>

#include "tests/core/collectives_util.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::test::coll {
namespace {

std::optional<std::string> readFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return std::nullopt;
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

std::vector<std::uint32_t> words(const nlohmann::json& j) {
  std::vector<std::uint32_t> v;
  for (const auto& x : j) v.push_back(x.get<std::uint32_t>());
  return v;
}

core::Dim3 dim(const nlohmann::json& j) {
  if (j.is_array()) {
    core::Dim3 d{1, 1, 1};
    for (std::size_t i = 0; i < 3 && i < j.size(); ++i) d[i] = j[i].get<std::uint32_t>();
    return d;
  }
  return {j.get<std::uint32_t>(), 1, 1};
}

class HwGolden : public ::testing::TestWithParam<const char*> {};

TEST_P(HwGolden, MatchesH100) {
  const std::string family = GetParam();
  const std::string dir = ws::test::dataPath("/hw/");
  const auto json = readFile(dir + "golden-" + family + ".json");
  if (!json) GTEST_SKIP() << "no recording " << dir << "golden-" << family << ".json";
  const auto doc = nlohmann::json::parse(*json);
  const std::string ptxName = doc.contains("ptx") ? doc["ptx"].get<std::string>() : family + ".ptx";
  const auto ptx = readFile(dir + ptxName);
  ASSERT_TRUE(ptx) << "missing " << dir << ptxName;

  auto parsed = core::parsePtx(*ptx, ptxName);
  ASSERT_TRUE(parsed.ok()) << (parsed.errors.empty() ? std::string("parse failed") : parsed.errors[0].str());
  const auto program = std::make_shared<const core::Program>(std::move(*parsed.program));

  ASSERT_FALSE(doc["tests"].empty());
  for (const auto& t : doc["tests"]) {
    const std::string name = t["name"].get<std::string>();
    SCOPED_TRACE(family + "/" + name);
    core::LaunchConfig cfg;
    cfg.entry = t.contains("entry") ? t["entry"].get<std::string>() : name;
    cfg.grid = dim(t["grid"]);
    cfg.block = dim(t["block"]);
    if (t.contains("cluster")) {
      const core::Dim3 c = dim(t["cluster"]);
      cfg.cluster = c[0] == 0 ? core::Dim3{0, 0, 0} : c;
    }
    cfg.buffers.push_back({"in", toBytes(words(t["in"]))});
    cfg.buffers.push_back({"out", toBytes(words(t["out_init"]))});
    cfg.params = {core::ParamValue::buf(0), core::ParamValue::buf(1)};
    auto made = core::Engine::create(program, cfg, hardwareMode());
    if (auto* err = std::get_if<std::string>(&made)) {
      ADD_FAILURE() << "launch failed: " << *err;
      continue;
    }
    core::Engine engine = std::move(std::get<core::Engine>(made));
    const core::RunResult res = engine.run(5'000'000);
    if (res.stop != core::StopReason::Finished) {
      std::string why;
      for (const auto& d : res.diags)
        if (core::diagInfo(d.kind).severity != core::Severity::Warning)
          why += std::string(core::diagInfo(d.kind).title) + ": " + d.message + "\n";
      ADD_FAILURE() << "run did not finish:\n" << why;
    }
    const auto want = words(t["out"]);
    const auto& got = engine.buffer(1);
    ASSERT_EQ(got.size(), want.size() * 4);
    int shown = 0;
    std::size_t bad = 0;
    for (std::size_t i = 0; i < want.size(); ++i) {
      std::uint32_t g = 0;
      std::memcpy(&g, got.data() + 4 * i, 4);
      if (g == want[i]) continue;
      ++bad;
      if (shown++ < 8)
        ADD_FAILURE() << "out[" << i << "] (row " << i / 32 << ", lane " << i % 32 << "): engine 0x" << std::hex << g
                      << ", H100 0x" << want[i];
    }
    EXPECT_EQ(bad, 0u) << "words differing from the H100";
  }
}

INSTANTIATE_TEST_SUITE_P(Collectives, HwGolden,
                         ::testing::Values("shfl", "vote", "match", "redux", "activemask", "diverge", "cgreduce"),
                         [](const auto& p) { return std::string(p.param); });

}  // namespace
}  // namespace ws::test::coll
