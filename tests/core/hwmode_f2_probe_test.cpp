// Rule F2 with several __syncwarp()s and collectives in one function
// (tests/data/hwmode_extra/f2_probe, README.md there): 24 kernels that end in
// a vote or redux with membermask 0x0000ffff run by all 32 lanes of warp 0,
// recorded on the H100 (recorded.json: the CUDA error, or the out words). In
// hardware mode each must fault where the H100 faulted, with its error text,
// and elsewhere finish with the H100's words.
#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/exec/diagnostics/diagnostic.hpp"
#include "tests/core/hwmode_matrix.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::test {
namespace {

const std::string kDir = ws::test::dataPath("/hwmode_extra/f2_probe");
constexpr std::size_t kOutWords = 512;  // what record.sh gave each launch

nlohmann::json readJson(const std::string& path) {
  std::ifstream f(path);
  return nlohmann::json::parse(f);
}

struct ProbeCase {
  HwCase hw;
  std::string error;                // the H100's CUDA error, or ""
  std::vector<std::uint32_t> out;   // its out words when it finished
};

std::vector<ProbeCase> probeCases() {
  const nlohmann::json recorded = readJson(kDir + "/recorded.json");
  const nlohmann::json in = readJson(kDir + "/in.json");
  std::vector<ProbeCase> cases;
  for (const auto& [name, r] : recorded.items()) {
    auto t = std::make_shared<nlohmann::json>(nlohmann::json{{"name", name},
                                                             {"grid", 1},
                                                             {"block", 64},
                                                             {"cluster", 0},
                                                             {"in", in},
                                                             {"out_init", std::vector<std::uint32_t>(kOutWords, 0)}});
    ProbeCase c;
    c.hw.label = name;
    c.hw.dir = kDir;
    c.hw.module = r["module"].get<std::string>();
    c.hw.testName = name;
    c.hw.test = t;
    c.error = r.value("error", std::string());
    if (r.contains("out")) c.out = r["out"].get<std::vector<std::uint32_t>>();
    cases.push_back(std::move(c));
  }
  return cases;
}

void PrintTo(const ProbeCase& c, std::ostream* os) { *os << c.hw.label; }

class HwmodeF2Probe : public ::testing::TestWithParam<ProbeCase> {};

TEST_P(HwmodeF2Probe, MatchesTheH100) {
  const ProbeCase& pc = GetParam();
  const HwRun r = runInHardwareMode(pc.hw);
  ASSERT_EQ(r.error, "");
  std::string diags;
  const core::Diagnostic* fault = nullptr;
  for (const auto& d : r.result.diags) {
    diags += "\n  " + d.message;
    if (d.kind == core::DiagKind::HardwareFault && !fault) fault = &d;
  }
  if (!pc.error.empty()) {
    EXPECT_EQ(r.result.stop, core::StopReason::Diagnostic) << diags;
    ASSERT_NE(fault, nullptr) << "expected the H100's \"" << pc.error << "\"" << diags;
    EXPECT_NE(fault->message.find(pc.error), std::string::npos) << fault->message;
    EXPECT_EQ(fault->lanes, 0xffff0000u) << "lanes 16-31 are outside the membermask";
    return;
  }
  EXPECT_EQ(r.result.stop, core::StopReason::Finished) << diags;
  EXPECT_EQ(fault, nullptr) << diags;
  ASSERT_EQ(r.out.size(), pc.out.size());
  for (std::size_t i = 0; i < r.out.size(); ++i)
    EXPECT_EQ(r.out[i], pc.out[i]) << "out[" << i << "]";
}

INSTANTIATE_TEST_SUITE_P(Recorded, HwmodeF2Probe, ::testing::ValuesIn(probeCases()),
                         [](const auto& p) { return p.param.hw.label; });

// Both modules' kernels are all recorded: 8 of f2_probe, 16 of f2_probe2,
// and both outcomes occur.
TEST(HwmodeF2ProbeData, EveryKernelIsRecorded) {
  const auto cases = probeCases();
  std::size_t faults = 0, first = 0;
  for (const ProbeCase& c : cases) {
    faults += !c.error.empty();
    first += c.hw.module == "f2_probe";
    if (c.error.empty()) {
      EXPECT_EQ(c.out.size(), kOutWords) << c.hw.label;
    }
  }
  EXPECT_EQ(cases.size(), 24u);
  EXPECT_EQ(first, 8u);
  EXPECT_EQ(faults, 9u);
}

}  // namespace
}  // namespace ws::test
