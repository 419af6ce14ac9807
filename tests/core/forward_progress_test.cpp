// Forward progress and hangs (issue 28, items 3 and 4), on the kernels of
// tests/data/progress as nvcc compiled them, against what an H200 did
// (recorded/recorded.jsonl): the locks that lanes of one warp take finish
// with the GPU's results in both modes and both warp schedules (rule Y of
// docs/hardware-mode.md), and the three hangs the H200 never finished stop
// with a `hang` diagnostic naming what each warp waits for, within
// kHangSteps steps rather than at the step budget.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/exec/diagnostics/diagnostic.hpp"
#include "tests/core/test_util.hpp"
#include "tests/support/test_paths.hpp"

namespace {

using namespace ws;
using core::ParamValue;

constexpr std::uint64_t kHangSteps = 20'000;  // the hangs below are found after 3,304 to 13,568 steps

std::string slurp(const std::string& path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

const std::string& ptx() {
  static const std::string text = slurp(ws::test::dataPath("/progress/kernels.ptx"));
  return text;
}

// The H200's output of each kernel that finished (every run gave the same
// values but for the lock order of intra_warp_lock, compared as a set).
std::map<std::string, std::vector<int>> recorded() {
  std::map<std::string, std::vector<int>> out;
  std::ifstream f(ws::test::dataPath("/progress/recorded/recorded.jsonl"));
  for (std::string line; std::getline(f, line);) {
    const auto j = nlohmann::json::parse(line);
    if (!j.value("finished", false)) continue;
    for (const char* key : {"out", "sums"})
      if (j.contains(key)) out[j["kernel"].get<std::string>()] = j[key].get<std::vector<int>>();
  }
  return out;
}

struct Mode {
  core::ExecMode mode;
  core::WarpScheduling scheduling;
};

class Progress : public ::testing::TestWithParam<Mode> {
 protected:
  core::EngineOptions options() const {
    core::EngineOptions o;
    o.mode = GetParam().mode;
    o.scheduling = GetParam().scheduling;
    return o;
  }
  test::Run run(const std::string& entry, std::uint32_t grid, std::uint32_t block,
                const std::vector<std::vector<std::uint32_t>>& buffers, std::vector<ParamValue> scalars = {},
                std::uint64_t maxSteps = 2'000'000) const {
    core::LaunchConfig cfg;
    cfg.entry = entry;
    cfg.grid = {grid, 1, 1};
    cfg.block = {block, 1, 1};
    for (std::uint32_t i = 0; i < buffers.size(); ++i) {
      cfg.buffers.push_back({"b" + std::to_string(i), test::toBytes(buffers[i])});
      cfg.params.push_back(ParamValue::buf(i));
    }
    for (const ParamValue& s : scalars) cfg.params.push_back(s);
    return test::runPtx(ptx(), cfg, options(), maxSteps);
  }
};

std::vector<int> ints(const std::vector<std::uint32_t>& w) { return {w.begin(), w.end()}; }

TEST_P(Progress, IntraWarpLockFinishesWithTheH200sCount) {
  const auto r = run("intra_warp_lock", 2, 64, {{0}, std::vector<std::uint32_t>(129, 0)});
  ASSERT_EQ(r.result.stop, core::StopReason::Finished) << r.error;
  const std::vector<int> gpu = recorded().at("intra_warp_lock"), got = ints(r.words(1));
  EXPECT_EQ(got[0], gpu[0]);  // 128 critical sections, none lost
  // Every thread had its own turn; the order is the scheduler's, on the GPU too.
  std::vector<int> turns(got.begin() + 1, got.end()), gpuTurns(gpu.begin() + 1, gpu.end());
  std::sort(turns.begin(), turns.end());
  std::sort(gpuTurns.begin(), gpuTurns.end());
  EXPECT_EQ(turns, gpuTurns);
  EXPECT_EQ(r.words(0), std::vector<std::uint32_t>{0});  // the lock is free again
  EXPECT_TRUE(r.result.diags.empty()) << r.result.diags.front().message;
}

TEST_P(Progress, TicketLockFinishesWithTheH200sOrder) {
  const auto r = run("ticket_lock", 2, 64, {{0}, {0}, std::vector<std::uint32_t>(129, 0)});
  ASSERT_EQ(r.result.stop, core::StopReason::Finished) << r.error;
  EXPECT_EQ(ints(r.words(2)), recorded().at("ticket_lock"));
  EXPECT_TRUE(r.result.diags.empty()) << r.result.diags.front().message;
}

TEST_P(Progress, BucketLocksFinishWithTheH200sSums) {
  const auto r = run("bucket_locks", 1, 64, {{0, 0, 0, 0}, {0, 0, 0, 0}}, {ParamValue::scalar(4)});
  ASSERT_EQ(r.result.stop, core::StopReason::Finished) << r.error;
  EXPECT_EQ(ints(r.words(1)), recorded().at("bucket_locks"));
  EXPECT_TRUE(r.result.diags.empty()) << r.result.diags.front().message;
}

// The hang's diagnostic, after checking that the run stopped at it early.
std::string hangMessage(const test::Run& r) {
  EXPECT_EQ(r.result.stop, core::StopReason::Deadlock) << r.error;
  EXPECT_LE(r.result.steps, kHangSteps);
  for (const core::Diagnostic& d : r.result.diags)
    if (d.kind == core::DiagKind::Hang) return d.message;
  ADD_FAILURE() << "no hang diagnostic";
  return {};
}

TEST_P(Progress, MismatchedTransactionBytesAreAHangNamingTheMissingBytes) {
  std::vector<std::uint32_t> src(256);
  for (std::uint32_t i = 0; i < 256; ++i) src[i] = i;
  const std::string m = hangMessage(run("mismatched_tx", 1, 32, {src, std::vector<std::uint32_t>(32, 0)}, {}, 50'000'000));
  EXPECT_NE(m.find("mbarrier at shared memory of CTA 0 at 0x800 (`_ZZ13mismatched_txE3bar`)"), std::string::npos) << m;
  EXPECT_NE(m.find("phase 0 (parity 0) has all 1 of its arrivals; 512 transaction bytes are still missing"),
            std::string::npos)
      << m;
  EXPECT_NE(m.find("lanes 0-31: polls in the loop"), std::string::npos) << m;
}

TEST_P(Progress, WrongParityRingIsAHangNamingBothMbarriersAndTheirPhase) {
  std::vector<std::uint32_t> in(128);
  for (std::uint32_t i = 0; i < 128; ++i) in[i] = i;
  const std::string m = hangMessage(
      run("wrong_parity", 1, 64, {in, std::vector<std::uint32_t>(32, 0)}, {ParamValue::scalar(4)}, 50'000'000));
  for (const char* want : {"CTA 0 warp 0 lanes 0-31", "`_ZZ12wrong_parityE5empty`", "CTA 0 warp 1 lanes 0-31",
                           "`_ZZ12wrong_parityE4full`", "waits for the phase of parity 0",
                           "current phase 0 (parity 0) still needs 32 of its 32 arrivals"})
    EXPECT_NE(m.find(want), std::string::npos) << want << "\n" << m;
}

TEST_P(Progress, UnsetFlagIsAHangNamingTheAddressAndItsValue) {
  const std::string m = hangMessage(run("unset_flag", 1, 32, {{0}, std::vector<std::uint32_t>(32, 0)}, {}, 50'000'000));
  EXPECT_NE(m.find("reads global 0x210000000 (launch buffer 0, byte 0), which holds 0 (0x0), and waits for that value "
                   "to change"),
            std::string::npos)
      << m;
}

INSTANTIATE_TEST_SUITE_P(Modes, Progress,
                         ::testing::Values(Mode{core::ExecMode::Strict, core::WarpScheduling::RoundRobin},
                                           Mode{core::ExecMode::Strict, core::WarpScheduling::RunToBlock},
                                           Mode{core::ExecMode::Hardware, core::WarpScheduling::RoundRobin},
                                           Mode{core::ExecMode::Hardware, core::WarpScheduling::RunToBlock}),
                         [](const ::testing::TestParamInfo<Mode>& p) {
                           return std::string(p.param.mode == core::ExecMode::Strict ? "Strict" : "Hardware") +
                                  (p.param.scheduling == core::WarpScheduling::RoundRobin ? "RoundRobin"
                                                                                           : "RunToBlock");
                         });

}  // namespace
