// The Hopper corpus (tests/data/hopper/<case>/): small CUDA kernels on
// wgmma, TMA (cp.async.bulk.tensor and tensor maps) and warp
// specialisation, each with the PTX nvcc made of it, a scenario that
// launches it on the same inputs, and what an H200 computed (hw-h200.json).
// Every case runs to the end in strict (ISA) mode and in hardware mode and
// must end with the recorded buffers, word for word
// (tests/core/recorded_buffers.hpp, the rule the bundled lessons use too).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/scenario/scenario.hpp"
#include "core/scenario/scenario_io.hpp"
#include "tests/core/recorded_buffers.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::core {
namespace {
namespace fs = std::filesystem;

constexpr std::uint64_t kStepCap = 20'000'000;

// Case folders holding a recording; tests/data/hopper/faulting/ holds the
// kernels the H200 refused (hw-h200-error.txt), which have none.
std::vector<std::string> corpusCases() {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& dir : fs::directory_iterator(ws::test::dataPath("/hopper"), ec))
    if (dir.is_directory(ec) && fs::exists(dir.path() / "hw-h200.json", ec)) out.push_back(dir.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

TEST(HopperCorpus, HasTheCasesAndTheirFiles) {
  const std::vector<std::string> cases = corpusCases();
  EXPECT_GE(cases.size(), 34u);
  for (const std::string& c : cases) {
    const fs::path d = fs::path(ws::test::dataPath("/hopper")) / c;
    for (const char* f : {"kernel.cu", "kernel.ptx", "scenario.toml", "hw-h200.json"})
      EXPECT_TRUE(fs::exists(d / f)) << c << " has no " << f;
    std::ifstream in(d / "hw-h200.json");
    const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << c << "/hw-h200.json is not JSON";
    EXPECT_TRUE(j.is_object() && !j.empty()) << c;
    // The host program prints its inputs too: a scenario's input file holds the recorded words.
    for (const auto& f : fs::directory_iterator(d)) {
      const std::string stem = f.path().stem().string();
      if (f.path().extension() != ".json" || stem == "hw-h200" || !j.contains(stem)) continue;
      if (stem == "acc") continue;  // cp.reduce cases: the input is also the output
      std::ifstream fin(f.path());
      EXPECT_EQ(nlohmann::json::parse(fin), j[stem]) << c << ": " << f.path().filename() << " is not the recorded input";
    }
  }
}

using CaseAndMode = std::tuple<std::string, ExecMode>;
class HopperCase : public ::testing::TestWithParam<CaseAndMode> {};

TEST_P(HopperCase, EndsWithTheBuffersTheH200Wrote) {
  const auto& [name, mode] = GetParam();
  const fs::path dir = fs::path(ws::test::dataPath("/hopper")) / name;
  ScenarioLoad load = loadScenarioFile((dir / "scenario.toml").string());
  std::string errors;
  for (const LoadError& e : load.errors) errors += e.str() + "\n";
  ASSERT_TRUE(load.ok()) << errors;
  PreparedScenario prepared = *load.prepared;
  prepared.options.mode = mode;
  auto created = createEngine(prepared);
  ASSERT_TRUE(std::holds_alternative<Engine>(created)) << std::get<std::string>(created);
  Engine e = std::move(std::get<Engine>(created));
  const RunResult r = e.run(std::min(prepared.maxSteps, kStepCap));
  std::string diags;
  for (const Diagnostic& d : r.diags) diags += d.message + "\n";
  ASSERT_EQ(r.stop, StopReason::Finished) << diags;
  std::ifstream in(dir / "hw-h200.json");
  const nlohmann::json j = nlohmann::json::parse(in);
  const std::vector<std::string> mismatches = test::recordingMismatches(prepared, e, r, j);
  std::string first;
  for (std::size_t i = 0; i < mismatches.size() && i < 8; ++i) first += mismatches[i] + "\n";
  EXPECT_TRUE(mismatches.empty()) << mismatches.size() << " differences, the first:\n" << first;
}

std::string testName(const ::testing::TestParamInfo<CaseAndMode>& info) {
  std::string n = std::get<0>(info.param) + (std::get<1>(info.param) == ExecMode::Strict ? "_isa" : "_hardware");
  for (char& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
}

INSTANTIATE_TEST_SUITE_P(Recorded, HopperCase,
                         ::testing::Combine(::testing::ValuesIn(corpusCases()),
                                            ::testing::Values(ExecMode::Strict, ExecMode::Hardware)),
                         testName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(HopperCase);

// tests/data/hopper/faulting/: kernels the H200 stopped with "an illegal
// instruction was encountered" (hw-h200-error.txt). Strict mode stops at the
// rule's diagnostic; hardware mode also names the recorded fault (rule R).
std::vector<std::string> faultingCases() {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& dir : fs::directory_iterator(fs::path(ws::test::dataPath("/hopper")) / "faulting", ec))
    if (dir.is_directory(ec) && fs::exists(dir.path() / "scenario.toml", ec)) out.push_back(dir.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

class HopperFaultCase : public ::testing::TestWithParam<CaseAndMode> {};

TEST_P(HopperFaultCase, StopsWithTheRuleTheH200Faulted) {
  const auto& [name, mode] = GetParam();
  const fs::path dir = fs::path(ws::test::dataPath("/hopper")) / "faulting" / name;
  std::ifstream err(dir / "hw-h200-error.txt");
  const std::string recorded((std::istreambuf_iterator<char>(err)), std::istreambuf_iterator<char>());
  ASSERT_NE(recorded.find("an illegal instruction was encountered"), std::string::npos) << recorded;
  ScenarioLoad load = loadScenarioFile((dir / "scenario.toml").string());
  std::string errors;
  for (const LoadError& e : load.errors) errors += e.str() + "\n";
  ASSERT_TRUE(load.ok()) << errors;
  PreparedScenario prepared = *load.prepared;
  prepared.options.mode = mode;
  auto created = createEngine(prepared);
  ASSERT_TRUE(std::holds_alternative<Engine>(created)) << std::get<std::string>(created);
  Engine e = std::move(std::get<Engine>(created));
  const RunResult r = e.run(std::min(prepared.maxSteps, kStepCap));
  const DiagKind rule = name.find("store") != std::string::npos ? DiagKind::TensorStoreOutOfBounds
                                                                : DiagKind::TensorCoordinateUnaligned;
  EXPECT_EQ(r.stop, StopReason::Diagnostic);
  std::size_t ruled = 0, faults = 0;
  for (const Diagnostic& d : r.diags) {
    if (d.kind == rule) ++ruled;
    else if (d.kind == DiagKind::HardwareFault) {
      ++faults;
      EXPECT_NE(d.message.find("an illegal instruction was encountered"), std::string::npos) << d.message;
      EXPECT_NE(d.message.find("tests/data/hopper/faulting/"), std::string::npos) << d.message;
    } else ADD_FAILURE() << "unexpected diagnostic: " << d.message;
  }
  EXPECT_EQ(ruled, 1u);
  EXPECT_EQ(faults, mode == ExecMode::Hardware ? 1u : 0u);
}

INSTANTIATE_TEST_SUITE_P(Recorded, HopperFaultCase,
                         ::testing::Combine(::testing::ValuesIn(faultingCases()),
                                            ::testing::Values(ExecMode::Strict, ExecMode::Hardware)),
                         testName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(HopperFaultCase);

}  // namespace
}  // namespace ws::core
